"""The quality gate: deterministic rules a learner would apply, beside structure and
grounding, on every model.

Structure says the artifact has the right shape, grounding that every item rests on the
source; neither notices a card whose front is "Oh", a quiz that asks twice for "Mara", or a
distractor that is a sentence beside answers that are years. These rules do, each violation
listed in the rules' wording with the item it is about, so the repair (a new pick on a small
model, a rewrite on a capable one) fixes exactly those items:

- no junk term (a quiz answer, a card's front): not an interjection, pronoun, function
  word, bare adjective or verb, or a fragment that opens a sentence;
- no two questions with the same answer or the same stem (the same content words);
- distractors of the answer's kind (a person for a person, a time for a time, a quantity
  for a quantity, ...);
- the answer is not in its own question, and the question says something without it (a
  content word: not "What has nothing to do?");
- no card's back repeats its front;
- no mindmap label that is a lone stop word or a verb.

Words are judged by the parts of speech they have where the source uses them ("found" in
"she found a pellet" is a verb; "Found" as a heading would be read on its own).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from draftguard.artifacts._numbers import counts
from draftguard.artifacts._spec import normalize_key
from draftguard.artifacts._terms import bare_number, chunk_heading, junk_reason, kind_of
from draftguard.sources._chunks import SourceChunk
from draftguard.split._coverage import stems

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["quality_issues", "stem_key"]

_FRAMING = frozenset({"which", "word", "words", "complete", "completes", "sentence", "term",
                      "what", "who", "where", "when", "how", "many", "much", "do", "does",
                      "did", "be", "_____"})
_KIND_NAMES = {"person": "a person", "place": "a place", "time": "a time",
               "number": "a number", "name": "a name", "thing": "a thing"}


def stem_key(question: str) -> str:
    """A question's content words (Snowball stems, sorted): two questions with the same key
    ask the same thing, however their words are ordered."""
    words = set(stems(question.replace("_____", " "))) - set(stems(" ".join(_FRAMING)))
    return " ".join(sorted(words))


class _Context:
    """The source's chunks parsed once, to read a phrase where the source uses it."""

    def __init__(self, chunks: Sequence[SourceChunk]) -> None:
        from draftguard.language import parse

        self.docs: list[Doc] = [parse(" ".join(chunk_heading(c)[1].split())) for c in chunks]

    def found(self, text: str) -> bool:
        needle = " ".join(text.split()).casefold()
        return any(needle in doc.text.casefold() for doc in self.docs)

    def tokens(self, text: str) -> list[Token]:
        """`text`'s tokens at a place the source uses it as a term if there is one, else at
        its first place, else parsed on its own."""
        from draftguard.language import parse

        needle = " ".join(text.split()).casefold()
        first: list[Token] | None = None
        for doc in self.docs:
            hay = doc.text.casefold()
            for m in re.finditer(r"(?<!\w)" + re.escape(needle) + r"(?!\w)", hay):
                span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
                if span is None:
                    continue
                tokens = list(span)
                if junk_reason(tokens) is None:
                    return tokens
                first = first or tokens
        return first if first is not None else list(parse(text))


def _contains(haystack: str, needle: str) -> bool:
    key = normalize_key(needle)
    return bool(key) and re.search(r"(?<!\w)" + re.escape(key) + r"(?!\w)",
                                   normalize_key(haystack)) is not None


def _says_something(question: str) -> bool:
    """Whether a question keeps a content word once its answer is out: "What has nothing to
    do?" is all function words (the parser's stop words) and asks about nothing."""
    from draftguard.language import parse

    return any(t.is_alpha and not t.is_stop and t.lower_ not in _FRAMING
               for t in parse(question))


def _items(artifact: Any, key: str) -> list[Mapping[str, Any]]:
    items = artifact.get(key) if isinstance(artifact, Mapping) else None
    return [i for i in items if isinstance(i, Mapping)] if isinstance(items, list) else []


def _quiz(artifact: Any, context: _Context) -> Iterable[tuple[int, str]]:
    answers: dict[str, int] = {}
    asked: dict[str, tuple[int, str]] = {}
    for n, q in enumerate(_items(artifact, "questions"), 1):
        question, answer = str(q.get("question") or ""), str(q.get("correct_answer") or "")
        if not question.strip() or not answer.strip():
            continue  # the structural rules report a missing field
        where = f"Question {n}"
        tokens = context.tokens(answer)
        why = junk_reason(tokens)
        if why is not None and why not in {"a bare adjective", "a bare verb"}:
            yield n, f"{where}: Junk answer '{answer}' ({why}, not a term)"
        key = normalize_key(answer)
        if key in answers:
            yield n, (f"Duplicate answer found: '{answer}' (questions {answers[key]} and {n})")
        answers.setdefault(key, n)
        stem = stem_key(question)
        if stem and stem in asked:
            first, text = asked[stem]
            yield n, f"{where}: Same stem as question {first} ('{_short(text)}')"
        asked.setdefault(stem, (n, question))
        if _contains(question, answer):
            yield n, f"{where}: The answer '{answer}' is in its question"
        elif not _says_something(question):
            yield n, (f"{where}: The question says nothing without its answer "
                      f"('{_short(question)}')")
        kind = kind_of(tokens)
        said_as_clause = any(t.pos_ in {"VERB", "AUX"} and t.dep_ not in {"amod", "compound"}
                             for t in tokens)
        for option in q.get("options") or []:
            if not isinstance(option, str) or normalize_key(option) == key:
                continue
            other = kind_of(context.tokens(option))
            # A phrase the source does not hold is read on its own, where only a number or
            # a time can be told apart from a name with confidence.
            sure = context.found(option) or {kind, other} & {"number", "time"}
            if other != kind and sure:
                yield n, (f"{where}: Option '{option}' is not the same kind as the answer "
                          f"'{answer}' ({_KIND_NAMES[other]}, not {_KIND_NAMES[kind]})")
                break
            if counts(option) != counts(answer) and not said_as_clause:
                # "about one millimetre" beside "smallest sprocket"; a clause's count is
                # its detail ("catch hundreds of insects" beside "boils at ...")
                said = ("a quantity", "no quantity") if counts(option) else (
                    "no quantity", "a quantity")
                yield n, (f"{where}: Option '{option}' is not the same kind as the answer "
                          f"'{answer}' ({said[0]}, not {said[1]})")
                break


def _flashcards(artifact: Any, context: _Context) -> Iterable[tuple[int, str]]:
    for n, card in enumerate(_items(artifact, "flashcards"), 1):
        front, back = str(card.get("front") or ""), str(card.get("back") or "")
        if not front.strip():
            continue
        why = junk_reason(context.tokens(front)) or bare_number(front)
        if why is not None:
            yield n, f"Flashcard {n}: Junk term '{front}' ({why}, not a term)"
        if back.strip() and _contains(back, front):
            yield n, f"Flashcard {n}: Back repeats its front '{front}'"


def _mindmap(artifact: Any, context: _Context) -> Iterable[tuple[int, str]]:
    nodes = _items(artifact, "nodes")
    children = {k for node in nodes for k in node.get("children") or []}
    for n, node in enumerate(nodes, 1):
        label = str(node.get("label") or "")
        if node.get("id") not in children or len(label.split()) != 1:
            continue  # the root is the title; a phrase is no lone word
        why = junk_reason(context.tokens(label))
        if why is not None:
            yield n, f"Node '{label}': Label is a lone stop word or verb ('{label}' is {why})"


_RULES = {"quiz": _quiz, "flashcards": _flashcards, "mindmap": _mindmap}


def quality_issues(
    artifact_type: str, artifact: Any, chunks: Sequence[SourceChunk]
) -> list[tuple[int, str]]:
    """(1-based item number, issue line) for every quality rule an artifact breaks.

    `artifact` is canonical or in draft shape (a nested mindmap is flattened first); the
    mindmap's item numbers are node numbers, as the structural rules count them.
    """
    rule = _RULES.get(artifact_type)
    if rule is None or not isinstance(artifact, Mapping):
        return []
    if artifact_type == "mindmap" and "nodes" not in artifact:
        from draftguard.artifacts._registry import get_spec

        artifact = get_spec("mindmap").validate(artifact).artifact
        if artifact is None:
            return []
    found: list[tuple[int, str]] = []
    for n, line in rule(artifact, _Context(chunks)):
        if line not in (x for _, x in found):
            found.append((n, line))
    return found


def _short(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
