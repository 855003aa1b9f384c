"""Benchmark: would a learner keep the quizzes, flashcards and mindmaps code builds?

Run: `.venv/bin/python bench/bench_artifact_quality.py [--split dev|heldout|public|genres]
[--show] [--passages FILE] [--want N]` (FILE: a passages file of the same shape kept outside
the repo, such as an external held-out set; `--split` picks its split; `--split genres` reads
`bench/data/artifact_genres.json`, five dev passages in genres the yardstick lacks: a how-to,
a news report, a letter, a product leaflet, a gallery guide; `--want N` asks `/quiz N` and
`/flashcards N` instead of 5, to measure the yield of a larger request)

The yardstick is passages with the questions a teacher asked about them
(`bench/data/artifact_yardstick.json`: 16 dev passages, 8 held back and scored once; no
public question set over passages installs offline, see docs/artifacts.md). `--split
public` adds the only public human-written questions over passages found installable:
the SQuAD, DROP and QuAC samples inside PyPI's `allennlp==0.9.0` wheel (7 passages), read
from the wheel at run time (`pip download --no-deps` into a cache; nothing is committed).

For each passage the post is `# title` plus the passage; `/quiz 5`, `/flashcards 5` and
`/mindmap` run through the artifact machine on the small-model path, with a stand-in model
that leaves every pick to code's own ranking (so the figures measure what code builds, not
what a model picks). The baseline is the builder this replaced (`_candidates.py` at commit
d942017, read with `git show`), with the same ranking, in the same run.

Figures:
- quiz answers asked about: share of quiz answers that match a teacher's answer (token F1
  >= 0.5 over content lemmas, or one holds the other's content words);
- fronts asked about: share of flashcard fronts whose head word is a content word of some
  teacher question or answer, the front read where the passage uses it ("mould" alone
  parses as a verb) and a person's name by any part of it (teachers write "Nadia" where the
  card says "Nadia Rahman"); beside it, the head word of the front parsed alone (the old
  figure);
- junk: share of all terms (quiz answers, card fronts, mindmap labels below the root) that
  are no term a teacher would use: an interjection, pronoun, function word, bare adjective,
  adverb or verb (read from the parse of the passage where the term occurs), or a fragment
  opening with a conjunction or adverb;
- counts: requests that got the N asked for, or said how many were found and why.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import types
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from draftguard.artifacts._candidates import Candidate
from draftguard.artifacts._machine import ArtifactMachine, Finished, ModelQuestion
from draftguard.artifacts._outcome import ArtifactOutcome
from draftguard.artifacts._picking import listed, settle_picks
from draftguard.artifacts._source_chunks import artifact_chunks
from draftguard.language import parse

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench" / "data" / "artifact_yardstick.json"
GENRES = ROOT / "bench" / "data" / "artifact_genres.json"
BASELINE_COMMIT = "d942017"
WANT = 5
PUBLIC_WHEEL = "allennlp==0.9.0"
CACHE = Path.home() / ".cache" / "draftguard-bench"

_CONTENT = frozenset({"NOUN", "PROPN", "NUM"})
_JUNK_POS = frozenset({"INTJ", "PRON", "DET", "ADP", "CCONJ", "SCONJ", "AUX", "PART",
                       "VERB", "ADJ", "ADV", "PUNCT", "SYM", "X"})
_OPENERS = frozenset({"CCONJ", "SCONJ", "INTJ", "ADV", "PRON"})


@dataclass
class Passage:
    id: str
    title: str
    text: str
    questions: list[tuple[str, str]]

    @property
    def post(self) -> str:
        return f"# {self.title}\n\n{self.text}"


@dataclass
class Made:
    answers: list[str] = field(default_factory=list)
    fronts: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    counts_ok: int = 0
    counts_asked: int = 0
    cards: int = 0
    items: dict[str, Any] = field(default_factory=dict)


# -- the yardstick ---------------------------------------------------------------------------

def _requests(want: int) -> dict[str, str]:
    return {"quiz": f"/quiz {want}", "flashcards": f"/flashcards {want}", "mindmap": "/mindmap"}


def load_split(split: str, path: Path = DATA) -> list[Passage]:
    if split == "public":
        return load_public()
    if split == "genres":
        split, path = "dev", GENRES
    data = json.loads(path.read_text(encoding="utf-8"))
    return [Passage(p["id"], p["title"], p["text"], [(q["q"], q["a"]) for q in p["questions"]])
            for p in data["passages"] if p["split"] == split]


def load_public() -> list[Passage]:
    """SQuAD, DROP and QuAC samples from the allennlp 0.9.0 wheel (test fixtures)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    wheels = list(CACHE.glob("allennlp-0.9.0-*.whl"))
    if not wheels:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d",
                        str(CACHE), PUBLIC_WHEEL], check=True)
        wheels = list(CACHE.glob("allennlp-0.9.0-*.whl"))
    out: list[Passage] = []
    with zipfile.ZipFile(wheels[0]) as wheel:
        for name in ("squad", "quac_sample"):
            data = json.loads(wheel.read(f"allennlp/tests/fixtures/data/{name}.json"))
            for article in data["data"]:
                for n, para in enumerate(article["paragraphs"]):
                    qs = [(qa["question"], a["text"]) for qa in para["qas"]
                          for a in qa["answers"][:1] if a["text"] != "CANNOTANSWER"]
                    title = article.get("title", name).replace("_", " ")
                    out.append(Passage(f"{name}-{len(out)}-{n}", title,
                                       para["context"].replace(" CANNOTANSWER", ""), qs))
        drop = json.loads(wheel.read("allennlp/tests/fixtures/data/drop.json"))
        for key, item in drop.items():
            qs = [(qa["question"], _drop_answer(qa["answer"])) for qa in item["qa_pairs"]]
            out.append(Passage(key, "Report", item["passage"], [q for q in qs if q[1]]))
    return out


def _drop_answer(answer: dict[str, Any]) -> str:
    if answer.get("number"):
        return str(answer["number"])
    if answer.get("spans"):
        return " ".join(answer["spans"])
    date = answer.get("date") or {}
    return " ".join(str(v) for v in (date.get("day"), date.get("month"), date.get("year")) if v)


# -- the builders ----------------------------------------------------------------------------

def baseline_module() -> types.ModuleType | None:
    """The builder this replaced, as it was at `BASELINE_COMMIT` (None outside a git clone)."""
    try:
        source = subprocess.run(
            ["git", "show", f"{BASELINE_COMMIT}:src/draftguard/artifacts/_candidates.py"],
            cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    module = types.ModuleType("baseline_candidates")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, "baseline_candidates.py", "exec"), module.__dict__)
    return module


def run_baseline(module: types.ModuleType, passage: Passage, want: int = WANT) -> Made:
    made = Made()
    for kind, request in _requests(want).items():
        chunks = artifact_chunks(passage.post, request)
        # the old builder's candidates in today's shape (they spread over nothing)
        candidates = [Candidate(c.id, c.item, c.chunk_id, c.summary, c.rank, c.keys)
                      for c in module.build_candidates(kind, chunks)]
        n = want if kind != "mindmap" else 6
        picked, _ = settle_picks(None, listed(candidates, n), n)
        artifact = module.assemble(kind, picked, chunks) if picked else {}
        _collect(made, kind, artifact)
        if kind != "mindmap":
            made.counts_asked += 1
            made.counts_ok += len(picked) == n  # it never said when it fell short
            made.cards += len(picked) if kind == "flashcards" else 0
    return made


def run_machine(passage: Passage, want: int = WANT) -> Made:
    made = Made()
    for kind, request in _requests(want).items():
        chunks = artifact_chunks(passage.post, request)
        machine = ArtifactMachine(artifact_type=kind, chunks=chunks, request=request,
                                  writes_structured=False, judge=False)
        outcome = _drive(machine)
        _collect(made, kind, outcome.artifact or {})
        if kind != "mindmap":
            made.counts_asked += 1
            delivered = _item_count(kind, outcome.artifact or {})
            honest = bool(getattr(outcome, "shortfall", None))
            made.counts_ok += delivered == want or (outcome.ok and honest)
            made.cards += delivered if kind == "flashcards" else 0
        made.items[kind] = outcome.artifact or {"error": outcome.error}
    return made


def _drive(machine: ArtifactMachine) -> ArtifactOutcome:
    steps = machine.run()
    step = next(steps)
    while not isinstance(step, Finished):
        step = steps.send('{"picks": []}') if isinstance(step, ModelQuestion) else next(steps)
    return step.outcome


def _item_count(kind: str, artifact: dict[str, Any]) -> int:
    key = {"quiz": "questions", "flashcards": "flashcards"}.get(kind, "nodes")
    return len(artifact.get(key) or [])


def _collect(made: Made, kind: str, artifact: dict[str, Any]) -> None:
    if kind == "quiz":
        made.answers += [str(q["correct_answer"]) for q in artifact.get("questions", [])]
    elif kind == "flashcards":
        made.fronts += [str(c["front"]) for c in artifact.get("flashcards", [])]
    elif "root" in artifact:
        stack = list(artifact["root"].get("children", []))
        while stack:
            node = stack.pop()
            made.labels.append(str(node["label"]))
            stack += node.get("children", [])
    elif "nodes" in artifact:
        kids = {k for n in artifact["nodes"] for k in n["children"]}
        made.labels += [n["label"] for n in artifact["nodes"] if n["id"] in kids]


# -- the judges ------------------------------------------------------------------------------

def _lemmas(text: str) -> list[str]:
    return [t.lemma_.lower() for t in parse(text)
            if not t.is_stop and not t.is_punct and (t.pos_ in _CONTENT or t.pos_ in
                                                     {"VERB", "ADJ"})]


def answer_matches(answer: str, humans: Iterable[str]) -> bool:
    mine = set(_lemmas(answer))
    if not mine:
        return False
    for human in humans:
        theirs = set(_lemmas(human))
        if not theirs:
            continue
        common = len(mine & theirs)
        f1 = 2 * common / (len(mine) + len(theirs))
        if f1 >= 0.5 or theirs <= mine or mine <= theirs:
            return True
    return False


def front_asked(front: str, asked: set[str], *, any_name_part: bool = True,
                post: str = "") -> bool:
    """Whether a front's head word is a word of some teacher question or answer. A person's
    name counts by any part of it: a card on "Nadia Rahman" is about the "Nadia" a teacher
    asks about (teachers write first names; the head of a name is its surname). A front is
    read where `post` uses it ("mould" alone parses as a verb; in "The mould was ..." it is
    the noun the teacher asked about). With `any_name_part=False`, the head word of the
    front parsed alone (the figure before round 8)."""
    tokens = _in_context(front, post) if any_name_part and post else list(parse(front))
    heads = [t for t in tokens if t.pos_ in _CONTENT and not t.is_stop]
    if not heads:
        return False
    if heads[-1].lemma_.lower() in asked:
        return True
    names = [t for t in heads if t.pos_ == "PROPN"]
    return any_name_part and len(names) == len(heads) and any(
        t.lemma_.lower() in asked for t in names)


def _in_context(term: str, post: str) -> list[Any]:
    """The term's tokens where the post first uses it, or the term parsed alone."""
    at = post.lower().find(term.lower())
    if at < 0:
        return list(parse(term))
    return [t for t in parse(post) if at <= t.idx < at + len(term)] or list(parse(term))


def is_junk(term: str, passage: Passage) -> bool:
    """A term no teacher would use: judged by the parts of speech it has in the passage."""
    doc = parse(passage.post)
    at = passage.post.lower().find(term.lower())
    tokens = ([t for t in doc if at <= t.idx < at + len(term)] if at >= 0 else list(parse(term)))
    tokens = [t for t in tokens if not t.is_punct]
    if not tokens:
        return True
    if tokens[0].pos_ in _OPENERS and len(tokens) > 1 and not tokens[0].head.like_num:
        return True  # "So intent" is a fragment; "about 13,200 houses" is a quantity
    if len(tokens) == 1:
        return tokens[0].pos_ in _JUNK_POS or tokens[0].is_stop
    return not any(t.pos_ in _CONTENT for t in tokens)


@dataclass
class Score:
    answers: list[bool] = field(default_factory=list)
    fronts: list[bool] = field(default_factory=list)
    fronts_by_head: list[bool] = field(default_factory=list)
    junk: list[bool] = field(default_factory=list)
    labels: list[bool] = field(default_factory=list)
    counts_ok: int = 0
    counts_asked: int = 0
    cards: int = 0
    cards_asked: int = 0

    def add(self, made: Made, passage: Passage, want: int = WANT) -> None:
        humans = [a for _, a in passage.questions]
        asked = {w for q, a in passage.questions for w in _lemmas(f"{q} {a}")}
        self.answers += [answer_matches(a, humans) for a in made.answers]
        self.fronts += [front_asked(f, asked, post=passage.post) for f in made.fronts]
        self.fronts_by_head += [front_asked(f, asked, any_name_part=False) for f in made.fronts]
        self.labels += [front_asked(label, asked) for label in made.labels]
        self.junk += [is_junk(t, passage) for t in (*made.answers, *made.fronts, *made.labels)]
        self.counts_ok += made.counts_ok
        self.counts_asked += made.counts_asked
        self.cards += made.cards
        self.cards_asked += want

    def line(self, name: str) -> str:
        def share(xs: Sequence[bool]) -> str:
            return f"{sum(xs) / len(xs):5.0%} ({sum(xs)}/{len(xs)})" if xs else "  n/a"

        return (f"{name:9} quiz answers asked about {share(self.answers)} | fronts asked about "
                f"{share(self.fronts)} (head word only {share(self.fronts_by_head)}) | junk "
                f"{share(self.junk)} | map labels asked about "
                f"{share(self.labels)} | counts honoured {self.counts_ok}/{self.counts_asked} | "
                f"cards delivered {self.cards}/{self.cards_asked}")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="dev",
                        choices=("dev", "heldout", "public", "genres"))
    parser.add_argument("--show", action="store_true", help="print what the new builder made")
    parser.add_argument("--passages", type=Path, default=DATA,
                        help="a passages file of the same shape kept outside the repo "
                             "(a held-out set); --split picks its split")
    parser.add_argument("--want", type=int, default=WANT,
                        help="items asked of /quiz and /flashcards (default 5)")
    args = parser.parse_args(argv)
    passages = load_split(args.split, args.passages)
    old = baseline_module()
    new_score, old_score = Score(), Score()
    for passage in passages:
        made = run_machine(passage, args.want)
        new_score.add(made, passage, args.want)
        if old is not None:
            old_score.add(run_baseline(old, passage, args.want), passage, args.want)
        if args.show:
            print(f"== {passage.id}")
            print(json.dumps(made.items, indent=1, ensure_ascii=False))
    print(f"{args.split}: {len(passages)} passages, "
          f"{sum(len(p.questions) for p in passages)} teacher questions")
    if old is not None:
        print(old_score.line("baseline"))
    print(new_score.line("new"))
    print("goals (held-out external set): quiz answers >= 60%, fronts >= 80%, junk <= 5%, "
          "every count delivered or honestly refused")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
