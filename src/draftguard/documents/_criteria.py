"""Success criteria that code can test, tested by code.

A small model cannot be trusted to count words, find a heading or notice that a quiz has
two questions, and a large one should not be asked: these are facts. `check_criterion`
reads a criterion as people write it ("has a heading", "at least 300 words", "mentions
hydration", "includes a quiz with 3 questions", "no placeholder text", "written in
markdown") and answers met / not met with the evidence, or None when the criterion is
not one code can decide ("has a friendly tone"); only those go to a model.

"Mentions X" is lexical, like the split's coverage check: X's topic words, stemmed, must
all appear in the delivery (a share of them, `mention_cutoff`, for a long X). Study
material is checked against the post the same way ("the quiz matches the post").
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel

from draftguard.documents._analysis import DocumentSummary
from draftguard.documents._formats import normalize_format, satisfies
from draftguard.errors import UnknownFormatError
from draftguard.markdown import BlockKind, MarkdownMap
from draftguard.split import stems

__all__ = [
    "DEFAULT_GROUNDED_SHARE",
    "DEFAULT_MENTION_CUTOFF",
    "CriterionCheck",
    "Delivery",
    "check_criteria",
    "check_criterion",
    "goal_topic_check",
]

#: Share (0-1) of a phrase's topic words the delivery must hold for "mentions X".
DEFAULT_MENTION_CUTOFF = 0.75
#: Share of a study item's topic words the post must hold for the item to rest on the post.
DEFAULT_GROUNDED_SHARE = 0.5

Decider = Literal["code", "model", "none"]

_STUDY = {"quiz": "questions", "flashcards": "flashcards", "mindmap": "nodes"}
_STUDY_WORDS = {
    "quiz": "quiz", "quizzes": "quiz", "test": "quiz", "questions": "quiz", "question": "quiz",
    "flashcards": "flashcards", "flashcard": "flashcards", "flash cards": "flashcards",
    "cards": "flashcards", "card": "flashcards",
    "mindmap": "mindmap", "mind map": "mindmap", "mind-map": "mindmap",
}
# Words that say what kind of thing was delivered, not what it is about.
_GENERIC = frozenset(stems(
    "post blog article draft write writing written deliver delivery document documents file "
    "files markdown json text quiz quizzes flashcards flashcard cards mindmap mind map study "
    "material materials question questions short long brief make create produce give help "
    "piece content page note notes version final complete readable good nice made ready "
    "publish finish finished polish polished update updated edit edited check checked "
    "author request user reader readers"
))
_PLACEHOLDER = re.compile(
    r"\b(?:TODO|TBD|FIXME|XXX)\b|lorem ipsum|\[(?:insert|placeholder|add|your)[^\]]*\]|"
    r"<(?:insert|placeholder)[^>]*>|\{\{[^}]*\}\}", re.I)
_LINK = re.compile(r"\[[^\]]+\]\([^)\s]+\)|https?://\S+")
_LIST_LINE = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+\S", re.M)
_SENTENCE_END = re.compile(r"[.!?…)\]\"'’”`*]\s*$")
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "fifteen": 15, "twenty": 20,
                 "a": 1, "an": 1, "single": 1}
_NUM = r"(\d[\d,]*|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")"
_AT_LEAST = r"(?:at\s+least|a\s+minimum\s+of|minimum(?:\s+of)?|min\.?|no\s+fewer\s+than|" \
            r"not\s+less\s+than|over|more\s+than)"
_AT_MOST = r"(?:at\s+most|no\s+more\s+than|not\s+more\s+than|under|fewer\s+than|less\s+than|" \
           r"a\s+maximum\s+of|maximum(?:\s+of)?|max\.?|up\s+to|below|within)"
_UNIT = r"(words?|characters?|chars?|paragraphs?|sections?|headings?|headers?|questions?|" \
        r"flashcards?|cards?|items?|nodes?|branches?)"
_HAS = r"(?:(?:it\s+|the\s+\w+\s+|post\s+)?(?:has|have|having|with|contains?|includes?|" \
       r"including|is|are|uses?|gives?)\s+)?"


def _number(text: str) -> int:
    text = text.lower().replace(",", "")
    return _NUMBER_WORDS[text] if text in _NUMBER_WORDS else int(text)


def _normal(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("’", "'").replace("“", '"')
    text = " ".join(text.replace("”", '"').split()).strip()
    return text.strip("\"'‘`").rstrip(".!").strip().strip("\"'‘`").strip()


class CriterionCheck(BaseModel):
    """One success criterion and who decided it: `met` None means nobody could."""

    criterion: str
    met: bool | None
    decided_by: Decider
    evidence: str = ""


@dataclass
class Delivery:
    """The delivered documents as code reads them: the post (markdown or text, the longest
    one) and any study material (quiz, flashcards, mindmap as JSON)."""

    summaries: Sequence[DocumentSummary]
    texts: dict[str, str] = field(default_factory=dict)
    """Full text per readable document (a preview cut short is not full text)."""
    study: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Study material by kind ("quiz", "flashcards", "mindmap"): the parsed JSON."""

    @classmethod
    def read(cls, summaries: Sequence[DocumentSummary]) -> Delivery:
        texts: dict[str, str] = {}
        study: dict[str, dict[str, Any]] = {}
        for s in summaries:
            if s.preview is None or len(s.preview.encode("utf-8")) < s.size.bytes - 3:
                continue  # binary, or only the start of a long document
            texts[s.name] = s.preview
            if s.format == "json":
                kind = _study_kind(s.name, s.preview)
                if kind is not None:
                    study[kind] = json.loads(s.preview)
        return cls(summaries, texts, study)

    @property
    def post_name(self) -> str | None:
        prose = [n for n, s in ((s.name, s) for s in self.summaries)
                 if n in self.texts and s.format in ("md", "txt", "html", "rst", "markdown")]
        return max(prose, key=lambda n: len(self.texts[n]), default=None)

    @property
    def post(self) -> str | None:
        name = self.post_name
        return self.texts[name] if name is not None else None

    def all_text(self) -> str:
        parts = [t for n, t in self.texts.items() if n == self.post_name]
        parts += [_study_text(kind, data) for kind, data in self.study.items()]
        parts += [t for n, t in self.texts.items()
                  if n != self.post_name and not any(n.startswith(k) for k in self.study)]
        return "\n\n".join(parts)


def _study_kind(name: str, text: str) -> str | None:
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    for kind, key in _STUDY.items():
        if name.lower().startswith(kind) or isinstance(data.get(key), list):
            return kind if isinstance(data.get(key), list) else None
    if isinstance(data.get("root"), dict):
        return "mindmap"
    return None


def _study_items(kind: str, data: dict[str, Any]) -> list[str]:
    """One text per item: a question with its options, a card's two sides, a node label."""
    if kind == "mindmap" and isinstance(data.get("root"), dict):
        out: list[str] = []
        stack = [data["root"]]
        while stack:
            node = stack.pop()
            out.append(str(node.get("label", "")))
            stack += [c for c in node.get("children") or [] if isinstance(c, dict)]
        return out
    items = data.get(_STUDY[kind]) or []
    texts = []
    if kind == "quiz":
        # A question and its answer: distractors are wrong on purpose and need not be in
        # the post.
        for item in items:
            if not isinstance(item, dict):
                texts.append(str(item))
                continue
            answer = item.get("correct_answer", item.get("answer", ""))
            options = item.get("options") or []
            if isinstance(answer, int) and 0 <= answer < len(options):
                answer = options[answer]
            texts.append(f"{item.get('question', '')} {answer}")
        return texts
    for item in items:
        if isinstance(item, dict):
            texts.append(" ".join(str(v) for v in item.values() if isinstance(v, str | list)
                                  for v in ([v] if isinstance(v, str) else v)))
        else:
            texts.append(str(item))
    return texts


def _study_text(kind: str, data: dict[str, Any]) -> str:
    return "\n".join(_study_items(kind, data))


# --- the checks --------------------------------------------------------------------------------

Check = Callable[[re.Match[str], Delivery], tuple[bool | None, str]]


def _post_map(d: Delivery) -> MarkdownMap | None:
    return MarkdownMap(d.post) if d.post is not None else None


def _singular(unit: str) -> str:
    unit = unit.lower()
    return unit[:-2] if unit.endswith("ches") else unit.removesuffix("s")


# Items counted in study material, by the kind of material they belong to (None: any kind).
_STUDY_UNITS: dict[str, str | None] = {"question": "quiz", "flashcard": "flashcards",
                                       "card": "flashcards", "node": "mindmap",
                                       "branch": "mindmap", "item": None}


def _count(unit: str, d: Delivery) -> int | None:
    unit = _singular(unit)
    if unit in _STUDY_UNITS:
        kind = _STUDY_UNITS[unit]
        if kind is None:
            kinds = list(d.study)
            if len(kinds) != 1:
                return None
            kind = kinds[0]
        if kind not in d.study:
            return 0 if unit != "item" else None
        return len(_study_items(kind, d.study[kind]))
    doc = _post_map(d)
    if doc is None or d.post is None:
        return None
    body = d.post[doc.body_start:]
    if unit == "word":
        return len(re.findall(r"[^\W_]+(?:['’-][^\W_]+)*", body))
    if unit in ("character", "char"):
        return len(body.strip())
    if unit == "paragraph":
        return sum(1 for b in doc.blocks if b.kind is BlockKind.PARAGRAPH)
    headings = [b for b in doc.blocks if b.kind is BlockKind.HEADING]
    if unit == "section" and headings and headings[0].level == 1:
        headings = headings[1:]  # the title is not a section
    return len(headings)


def _bounded(kind: str) -> Check:
    def check(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
        unit = m.group("unit")
        found = _count(unit, d)
        if found is None:
            return None, ""
        noun = _singular(unit) + ("es" if _singular(unit).endswith("ch") else "s")
        if kind == "range":
            lo, hi = _number(m.group("lo")), _number(m.group("hi"))
            return lo <= found <= hi, f"{found} {noun} (wanted {lo} to {hi})"
        n = _number(m.group("n"))
        words = m.group("op").lower().split()
        strict = words[0] in ("over", "more", "fewer", "less", "below", "under")
        if kind == "min":
            ok = found > n if strict else found >= n
        elif kind == "max":
            ok = found < n if strict else found <= n
        else:  # exactly N, as in "a quiz with 3 questions" or "5 flashcards"
            ok = found == n if _singular(unit) in (
                "question", "flashcard", "card") else found >= n
        return ok, f"{found} {noun} ({' '.join(words) if kind != 'exact' else 'wanted'} {n})"
    return check


def _has_heading(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
    doc = _post_map(d)
    if doc is None:
        return None, ""
    titles = [b.title for b in doc.blocks if b.kind is BlockKind.HEADING]
    front_title = bool(re.search(r"(?m)^title\s*:", d.post or "")) and doc.body_start > 0
    ok = bool(titles) or front_title
    return ok, (f"headings: {', '.join(titles[:3])}" if titles else
                "a frontmatter title" if front_title else "no heading")


def _named_part(word: str, openers: str) -> Check:
    def check(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
        doc = _post_map(d)
        if doc is None or d.post is None:
            return None, ""
        titles = [b.title for b in doc.blocks if b.kind is BlockKind.HEADING]
        named = [t for t in titles if re.search(word, t, re.I)]
        if named:
            return True, f"a heading names it ({named[0]})"
        paragraphs = [d.post[b.start:b.end].strip() for b in doc.blocks
                      if b.kind is BlockKind.PARAGRAPH]
        if paragraphs and re.match(openers, paragraphs[-1 if "conclu" in word else 0], re.I):
            return True, "a paragraph opens as one"
        return None, ""  # a conclusion can be an unnamed last paragraph: not code's call
    return check


def _block_present(kind: str) -> Check:
    def check(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
        post = d.post
        if post is None:
            return None, ""
        if kind == "list":
            ok = bool(_LIST_LINE.search(post))
        elif kind == "code":
            ok = any(b.kind is BlockKind.CODE for b in MarkdownMap(post).blocks) or "`" in post
        else:
            ok = bool(_LINK.search(post))
        return ok, f"{'a' if ok else 'no'} {kind} in {d.post_name}"
    return check


def _no_placeholders(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
    if not d.texts:
        return None, ""
    for name, text in d.texts.items():
        hit = _PLACEHOLDER.search(text)
        if hit:
            return False, f"{name} holds placeholder text ({hit.group(0)!r})"
    return True, "no placeholder text"


def _complete(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
    """A complete post: prose, no placeholder, and it does not stop mid-sentence."""
    post = d.post
    if post is None:
        return None, ""
    placeholder, why = _no_placeholders(m, d)
    if placeholder is False:
        return False, why
    doc = MarkdownMap(post)
    paragraphs = [post[b.start:b.end].strip() for b in doc.blocks
                  if b.kind is BlockKind.PARAGRAPH]
    words = _count("words", d) or 0
    if not paragraphs or words < 40:
        return False, f"only {words} words of prose"
    last = paragraphs[-1]
    if not _SENTENCE_END.search(last) and not _LIST_LINE.match(last.splitlines()[-1]):
        return False, f"the post stops mid-sentence ('...{last[-40:]}')"
    return True, f"{len(paragraphs)} paragraphs, {words} words, ends with a full sentence"


def _not_empty(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
    if not d.summaries:
        return False, "nothing delivered"
    empty = [s.name for s in d.summaries if s.size.bytes == 0 or
             (s.name in d.texts and not d.texts[s.name].strip())]
    return not empty, (f"empty: {', '.join(empty)}" if empty else "no document is empty")


def _format(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
    name = m.group("fmt").lower().replace("plain text", "txt")
    try:
        wanted = normalize_format(name)
    except UnknownFormatError:
        return None, ""
    formats = [s.format for s in d.summaries]
    ok = any(satisfies(f, wanted) for f in formats)
    if m.group("every"):
        ok = bool(formats) and all(satisfies(f, wanted) for f in formats)
    return ok, f"delivered formats: {', '.join(formats) or 'none'}"


def _study_present(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
    kind = _STUDY_WORDS[m.group("kind").lower()]
    if kind not in d.study:
        return False, f"no {kind} was delivered"
    n_text = m.group("n")
    items = _study_items(kind, d.study[kind])
    if n_text:
        n = _number(n_text)
        op = (m.group("op") or "").lower()
        ok = len(items) >= n if op else len(items) == n
        return ok, f"the {kind} has {len(items)} items ({op or 'wanted'} {n})"
    return bool(items), f"the {kind} has {len(items)} items"


def _share_present(phrase: str, text: str) -> tuple[float, list[str]]:
    wanted = list(dict.fromkeys(stems(phrase)))
    have = set(stems(text))
    missing = [s for s in wanted if s not in have]
    return (1.0 - len(missing) / len(wanted) if wanted else 1.0), missing


def _mentions(explains: bool) -> Check:
    def check(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
        phrase = m.group("what")
        if not stems(phrase) or not d.texts:
            return None, ""
        share, missing = _share_present(phrase, d.all_text())
        if share < DEFAULT_MENTION_CUTOFF:
            return False, f"'{phrase}' is not in the delivery (missing: {', '.join(missing)})"
        if explains:
            # Explained, for code: a paragraph of at least `_EXPLAINED_WORDS` words that holds
            # the phrase. Anything less may still explain it; that is the model's call.
            if _explained_in_a_paragraph(phrase, d):
                return True, f"a paragraph of its own discusses '{phrase}'"
            return None, f"'{phrase}' is mentioned"
        return True, f"'{phrase}' appears in the delivery"
    return check


_EXPLAINED_WORDS = 20


def _explained_in_a_paragraph(phrase: str, d: Delivery) -> bool:
    wanted = set(stems(phrase))
    for text in d.texts.values():
        for block in MarkdownMap(text).blocks:
            if block.kind is not BlockKind.PARAGRAPH:
                continue
            body = text[block.start:block.end]
            if len(body.split()) >= _EXPLAINED_WORDS and wanted <= set(stems(body)):
                return True
    return False


def _study_matches_post(m: re.Match[str], d: Delivery) -> tuple[bool | None, str]:
    kind = _STUDY_WORDS.get((m.group("kind") or "").lower(), "")
    kinds = [kind] if kind else list(d.study)
    if not kinds or any(k not in d.study for k in kinds) or d.post is None:
        return (False, f"no {kind} was delivered") if kind and kind not in d.study else (None, "")
    post = set(stems(d.post))
    for k in kinds:
        items = _study_items(k, d.study[k])
        off = []
        for text in items:
            wanted = set(stems(text))
            if wanted and len(wanted & post) / len(wanted) < DEFAULT_GROUNDED_SHARE:
                off.append(text)
        if not items or len(off) * 4 > len(items):  # at most a quarter may stray
            example = f" (e.g. '{off[0][:60]}')" if off else ""
            return False, f"{len(off)} of {len(items)} {k} items are not about the post{example}"
    return True, "every item rests on the post's words"


_RULES: list[tuple[re.Pattern[str], Check]] = [
    (re.compile(rf"^{_HAS}(?:(?:the\s+)?(?:post|text|article|draft)\s+(?:is|has)\s+)?"
                rf"(?:between\s+)?(?P<lo>{_NUM[1:-1]})\s*(?:-|–|to|and)\s*(?P<hi>{_NUM[1:-1]})"
                rf"\s+(?P<unit>{_UNIT[1:-1]})(?:\s+long)?$", re.I), _bounded("range")),
    (re.compile(rf"^{_HAS}(?:the\s+\w+\s+(?:is|has)\s+)?(?P<op>{_AT_LEAST})\s+(?P<n>{_NUM[1:-1]})"
                rf"\s+(?P<unit>{_UNIT[1:-1]})(?:\s+long)?$", re.I), _bounded("min")),
    (re.compile(rf"^{_HAS}(?P<n>{_NUM[1:-1]})\+\s+(?P<unit>{_UNIT[1:-1]})$", re.I),
     lambda m, d: _bounded("min")(_plus(m), d)),
    (re.compile(rf"^{_HAS}(?:the\s+\w+\s+(?:is|has)\s+)?(?P<op>{_AT_MOST})\s+(?P<n>{_NUM[1:-1]})"
                rf"\s+(?P<unit>{_UNIT[1:-1]})(?:\s+long)?$", re.I), _bounded("max")),
    (re.compile(rf"^{_HAS}(?:exactly\s+)?(?P<n>{_NUM[1:-1]})\s+(?P<unit>words?|paragraphs?|"
                r"sections?|headings?|headers?|questions?)$", re.I),
     lambda m, d: _bounded("exact")(_exact(m), d)),
    (re.compile(r"^(?:is\s+|it\s+is\s+|the\s+\w+\s+is\s+)?(?:not\s+empty|non-?empty)$", re.I),
     _not_empty),
    (re.compile(rf"^{_HAS}(?:a|an|one|at\s+least\s+one)?\s*(?:markdown\s+|main\s+|clear\s+)?"
                r"(?:heading|title|headline|header|h1)s?$", re.I), _has_heading),
    (re.compile(rf"^{_HAS}(?:a|an)?\s*(?:short\s+|brief\s+|clear\s+)?"
                r"(?:conclusion|concluding\s+(?:paragraph|section)|summary|wrap-?up|takeaways?)"
                r"(?:\s+(?:paragraph|section))?$", re.I),
     _named_part(r"conclu|summary|wrap|takeaway|final thoughts|in short",
                 r"(in conclusion|to (sum|wrap) (it )?up|in short|in summary|all in all|"
                 r"overall|finally|the takeaway)\b")),
    (re.compile(rf"^{_HAS}(?:a|an)?\s*(?:short\s+|brief\s+|clear\s+)?(?:introduction|intro)"
                r"(?:\s+(?:paragraph|section))?$", re.I),
     _named_part(r"intro", r"(in this post|this post|today|let's|here's|here is)\b")),
    (re.compile(rf"^{_HAS}(?:a|an|some)?\s*(?:bullet(?:ed)?\s+(?:points?|list)|(?:numbered\s+)?"
                r"lists?|steps?\s+as\s+a\s+list)$", re.I), _block_present("list")),
    (re.compile(rf"^{_HAS}(?:a|an|some)?\s*(?:code\s+(?:example|block|sample|snippet)s?|"
                r"example\s+code)$", re.I), _block_present("code")),
    (re.compile(rf"^{_HAS}(?:a|an|some|at\s+least\s+one)?\s*(?:links?|urls?|"
                r"references?\s+with\s+links|sources?\s+linked)$", re.I), _block_present("link")),
    (re.compile(r"^(?:(?:it\s+|the\s+\w+\s+)?(?:has|contains)\s+)?no\s+(?:placeholders?|"
                r"placeholder\s+text|todos?|tbds?|lorem\s+ipsum|unfinished\s+parts?)"
                r"(?:\s+(?:left|text))?$", re.I), _no_placeholders),
    (re.compile(r"^(?:the\s+(?:post|draft|article)\s+is\s+)?(?:a\s+)?complete"
                r"(?:,?\s+(?:and\s+)?readable)?(?:\s+blog)?(?:\s+(?:post|draft|article))?$",
                re.I), _complete),
    (re.compile(r"^(?:(?:it\s+|the\s+\w+\s+)?(?:is\s+)?(?:written|delivered|saved|given)?\s*"
                r"(?:in|as)\s+|(?:is\s+)?(?:an?\s+)?|valid\s+)?(?P<every>(?:all|every)\s+"
                r"(?:documents?|files?)\s+(?:are|is|in)\s+)?(?:valid\s+)?"
                r"(?P<fmt>markdown|md|json|html|pdf|csv|yaml|plain\s+text|txt)"
                r"(?:\s+(?:post|file|document|format|blog\s+post|article))?$", re.I), _format),
    (re.compile(rf"^{_HAS}(?:a|an|the)?\s*(?:(?P<op>{_AT_LEAST})\s+)?(?P<n>{_NUM[1:-1]})?\s*"
                r"(?:-?question\s+)?(?P<kind>quiz|flashcards?|flash\s+cards|mind[- ]?map)"
                rf"(?:\s+(?:with|of|having)\s+(?:(?P<op2>{_AT_LEAST})\s+)?(?P<n2>{_NUM[1:-1]})\s+"
                rf"(?:questions?|cards?|flashcards?|nodes?|items?))?(?:\s+(?:is\s+)?"
                r"(?:included|attached|delivered))?$", re.I),
     lambda m, d: _study_present(_quiz_match(m), d)),
    (re.compile(r"^(?:the\s+)?(?P<kind>quiz|flashcards?|mind[- ]?map|study\s+material)\s+"
                r"(?:match(?:es)?|fits?|(?:is|are)\s+(?:about|based\s+on|grounded\s+in|"
                r"faithful\s+to|consistent\s+with)|covers?|comes?\s+from|rests?\s+on)\s+"
                r"(?:the\s+)?(?:post|draft|article)$", re.I),
     lambda m, d: _study_matches_post(_kind_or_none(m), d)),
    (re.compile(r"^(?:(?:it|the\s+\w+)\s+)?(?:explains?|describes?|defines?|shows?\s+how)\s+"
                r"(?P<what>.+)$", re.I), _mentions(explains=True)),
    (re.compile(r"^(?:(?:it|the\s+\w+)\s+)?(?:mentions?|covers?|discuss(?:es)?|talks?\s+about|"
                r"includes?|refers?\s+to|names?|is\s+about|addresses|touches\s+on|"
                r"has\s+a\s+section\s+(?:on|about))\s+(?P<what>.+)$", re.I),
     _mentions(explains=False)),
]


class _Groups:
    """A match whose groups may be renamed or defaulted (shared checks read fixed names)."""

    def __init__(self, groups: dict[str, str | None]) -> None:
        self._groups = groups

    def group(self, name: str) -> str | None:
        return self._groups.get(name)


def _plus(m: re.Match[str]) -> Any:
    return _Groups({"op": "at least", "n": m.group("n"), "unit": m.group("unit")})


def _exact(m: re.Match[str]) -> Any:
    return _Groups({"op": "exactly", "n": m.group("n"), "unit": m.group("unit")})


def _quiz_match(m: re.Match[str]) -> Any:
    n, op = m.group("n2") or m.group("n"), m.group("op2") or m.group("op")
    if n and n.lower() in ("a", "an") and not m.group("n2"):
        n = None  # "a quiz" names no count
    return _Groups({"kind": re.sub(r"\s+", " ", m.group("kind")), "n": n, "op": op})


def _kind_or_none(m: re.Match[str]) -> Any:
    kind = re.sub(r"\s+", " ", m.group("kind")).lower()
    return _Groups({"kind": None if kind == "study material" else kind})


def check_criterion(criterion: str, delivery: Delivery) -> CriterionCheck:
    """Code's answer to one criterion: met or not with the evidence, or `met=None`."""
    text = _normal(criterion)
    for pattern, check in _RULES:
        match = pattern.match(text)
        if match is None:
            continue
        met, evidence = check(match, delivery)
        if met is not None:
            return CriterionCheck(criterion=criterion, met=met, decided_by="code",
                                  evidence=evidence)
        return CriterionCheck(criterion=criterion, met=None, decided_by="none",
                              evidence=evidence)
    return CriterionCheck(criterion=criterion, met=None, decided_by="none")


def check_criteria(criteria: Sequence[str], delivery: Delivery) -> list[CriterionCheck]:
    """`check_criterion` for each criterion, in order."""
    return [check_criterion(c, delivery) for c in criteria]


def _stem_present(stem: str, have: set[str]) -> bool:
    """`stem` or a word sharing its first letters ("hike"/"hiker"), from four letters."""
    if stem in have:
        return True
    return len(stem) >= 4 and any(h.startswith(stem) or (len(h) >= 4 and stem.startswith(h))
                                  for h in have)


def goal_topic_check(goal: str, delivery: Delivery) -> CriterionCheck | None:
    """Whether the delivery is about what the goal names at all: at least one of the goal's
    topic words (without words for the kind of document, "post", "quiz"...) must appear in
    it. It only catches a delivery about something else entirely. None when the goal names
    no topic ("deliver the post and any study material")."""
    topic = [s for s in dict.fromkeys(stems(goal)) if s not in _GENERIC]
    if not topic or not delivery.texts:
        return None
    have = set(stems(delivery.all_text()))
    missing = [s for s in topic if not _stem_present(s, have)]
    met = len(missing) < len(topic)
    evidence = (f"the delivery is about the goal's topic ({len(topic) - len(missing)} of "
                f"{len(topic)} topic words)" if met else
                f"the delivery does not match the request's topic (missing: "
                f"{', '.join(missing[:5])})")
    return CriterionCheck(criterion=f"about: {goal}", met=met, decided_by="code",
                          evidence=evidence)

