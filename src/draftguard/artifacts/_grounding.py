"""Deterministic semantic checks: items copied from the prompt's format example, and item
text the source chunks do not support (every quiz question and answer, every flashcard,
every mindmap label), on every model.

The generate prompt shows one example item so the model sees the shape. Small models copy
it (measured: SmolLM2 answered an ATP source with the example's "Mitochondria" card, and
its own judge passed it). Text taken verbatim from the example that the source does not
contain cannot be grounded in the source, so it is reported as a hallucination without
asking a model: the repair step sees it like any judge issue, and no call is spent.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any

from rapidfuzz import fuzz

from draftguard.artifacts._registry import get_spec
from draftguard.artifacts._semantic import ISSUE_TEXT, SemanticIssueKind
from draftguard.artifacts._spec import ArtifactSpec, normalize_key
from draftguard.sources._chunks import SourceChunk
from draftguard.split._coverage import stems

__all__ = [
    "ANSWER_SCORE_CUTOFF",
    "GROUNDED_FIELDS",
    "PHRASE_SCORE_CUTOFF",
    "STEM_SHARE_CUTOFF",
    "copied_example_issues",
    "supporting_chunk",
    "ungrounded_answer_issues",
    "ungrounded_issues",
    "ungrounded_items",
]

#: How closely (rapidfuzz partial_ratio, 0-100) a quiz answer must appear in its source.
ANSWER_SCORE_CUTOFF = 85.0


def _texts(item: Any, fields: tuple[str, ...]) -> Iterator[str]:
    if not isinstance(item, Mapping):
        return
    for name in fields:
        value = item.get(name)
        if isinstance(value, str) and value.strip():
            yield value


def _items(spec: ArtifactSpec, artifact: Any) -> list[Any]:
    if not isinstance(artifact, Mapping):
        return []
    items = artifact.get(spec.items_key)
    return items if isinstance(items, list) else []


def copied_example_issues(artifact_type: str, artifact: Any, source: str) -> list[str]:
    """One issue per item that repeats the format example's text (absent from `source`) in
    two of its content fields, or in its only one.

    `artifact` is the canonical form (a nested mindmap is converted first). Comparison is
    after normalisation (case, spacing), like every duplicate check.
    """
    spec = get_spec(artifact_type)
    if not spec.example or not spec.items_key or not spec.content_fields:
        return []
    if isinstance(artifact, Mapping) and spec.items_key not in artifact:
        artifact = spec.validate(artifact).artifact
    example = spec.validate(spec.read_draft(dict(spec.example))).artifact
    in_source = normalize_key(source)
    foreign = {
        key for item in _items(spec, example) for text in _texts(item, spec.content_fields)
        if (key := normalize_key(text)) and key not in in_source
    }
    if not foreign:
        return []
    issues: list[str] = []
    for number, item in enumerate(_items(spec, artifact), 1):
        texts = list(_texts(item, spec.content_fields))
        copied = [t for t in texts if normalize_key(t) in foreign]
        # One short phrase in common can be chance ("100 °C"); two fields, or the whole of a
        # one-field item (a mindmap label), is the example itself.
        if copied and len(copied) >= min(2, len(texts)):
            issues.append(
                f"{spec.item_name(artifact, number)}: "
                f"{ISSUE_TEXT[SemanticIssueKind.HALLUCINATED]} (copied from the format "
                f"example, not the source: '{copied[0].strip()}')"
            )
    return issues


def ungrounded_answer_issues(
    artifact_type: str, artifact: Any, source: str, *, score_cutoff: float = ANSWER_SCORE_CUTOFF
) -> list[str]:
    """One issue per quiz question whose correct answer does not appear in `source`.

    A question made from a post is answerable from it only if its answer is in it; the best
    alignment of the answer inside the source (rapidfuzz `partial_ratio`, after
    normalisation) must score at least `score_cutoff`. Other artifact types have no field
    that must be quoted, so they get no issues here.
    """
    if artifact_type != "quiz" or not isinstance(artifact, Mapping):
        return []
    spec = get_spec(artifact_type)
    haystack = normalize_key(source)
    issues: list[str] = []
    for number, item in enumerate(_items(spec, artifact), 1):
        answer = item.get("correct_answer") if isinstance(item, Mapping) else None
        if not isinstance(answer, str) or not (needle := normalize_key(answer)):
            continue  # the structural rules report a missing answer
        if fuzz.partial_ratio(needle, haystack, score_cutoff=score_cutoff) == 0:
            issues.append(
                f"{spec.item_name(artifact, number)}: "
                f"{ISSUE_TEXT[SemanticIssueKind.NOT_ANSWERABLE]} (the answer "
                f"'{answer.strip()}' is not in the source)"
            )
    return issues


# -- every item against the source chunks ---------------------------------------------------

#: Share (0-1) of an item text's topic stems that one source chunk must hold.
STEM_SHARE_CUTOFF = 0.75
#: How closely (rapidfuzz partial_ratio, 0-100) a text with no topic stems (a number, "250 °C")
#: or any text quoted as is must appear in one chunk.
PHRASE_SCORE_CUTOFF = 85.0

# Words that frame a question or a label rather than state a fact ("Which term completes ...",
# "Main ideas"): a source need not hold them.
_FRAMING_WORDS = (
    "what which who whom whose when where why how following true false correct best according "
    "post text source article passage term word phrase complete completes sentence blank fill "
    "statement describe describes mean means meaning main called name named define defined "
    "definition purpose role example key idea ideas overview introduction summary topic topics "
    "basics concept concepts say says said"
)


@cache
def _framing() -> frozenset[str]:
    return frozenset(stems(_FRAMING_WORDS))


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
# "How many", "how much" and "how long" frame a count or a span question: the text gives
# the count or the span ("for four days"), not "many" or "long".
_HOW_MANY = re.compile(r"\bhow\s+(?:many|much|long)\b", re.IGNORECASE)


class _Chunk:
    __slots__ = ("chunk", "key", "lemmas", "numbers", "stems")

    def __init__(self, chunk: SourceChunk) -> None:
        self.chunk = chunk
        self.key = normalize_key(chunk.text)
        # A word counts as held by its stem or by its dictionary form's stem ("went" holds
        # "go"), when the language layer is installed.
        self.lemmas = _lemma_stems(chunk.text[:_LEMMA_CHARS])
        self.stems = frozenset(stems(chunk.text)) | self.lemmas
        self.numbers = frozenset(_NUMBER.findall(chunk.text))


def _prepared(chunks: Sequence[SourceChunk]) -> list[_Chunk]:
    return [_Chunk(c) for c in chunks]


#: Stems this long that agree on this many first letters are one word family: Snowball keeps
#: "conversion" and "convert" apart, a reader does not.
_FAMILY_PREFIX = 5


def _novel(text: str, prepared: Sequence[_Chunk]) -> list[str]:
    """The words of `text` whose stem (or word family, or dictionary form) no chunk holds,
    and numbers no chunk holds. A word whose dictionary form a source word shares ("go" for
    "went", as a question says "did the lights go out") is not new."""
    text = _HOW_MANY.sub("how", text)
    known: frozenset[str] = frozenset().union(*(c.stems for c in prepared))
    families = {k[:_FAMILY_PREFIX] for k in known if len(k) >= _FAMILY_PREFIX}
    numbers: frozenset[str] = frozenset().union(*(c.numbers for c in prepared))
    forms = _forms(text)
    out = [n for n in _NUMBER.findall(text) if n not in numbers]
    for word in _WORDS.findall(text):
        new = [s for s in set(stems(word)) - _framing() - known
               if (len(s) < _FAMILY_PREFIX or s[:_FAMILY_PREFIX] not in families)
               and not forms.get(s, frozenset()) & known]
        if new and word not in out:
            out.append(word)
    return out


def _forms(text: str) -> dict[str, frozenset[str]]:
    """Each topic stem of `text` with the stems of its words' dictionary forms ("went" →
    {"went", "go"}), read in context; empty when the language layer is not installed (the
    pure check works without it, on stems alone)."""
    forms: dict[str, frozenset[str]] = {}
    for word, lemma in _lemma_pairs(text):
        own = stems(word)
        if len(own) == 1:
            forms[own[0]] = forms.get(own[0], frozenset({own[0]})) | frozenset(stems(lemma))
    return forms


@lru_cache(maxsize=512)
def _lemma_stems(text: str) -> frozenset[str]:
    """The stems of the dictionary forms of `text`'s words (empty without the language
    layer)."""
    return frozenset(stems(" ".join(lemma for _, lemma in _lemma_pairs(text))))


@lru_cache(maxsize=2048)
def _lemma_pairs(text: str) -> tuple[tuple[str, str], ...]:
    """(word, dictionary form) for each word of `text`, when the language layer is
    installed; none otherwise."""
    from draftguard.language import LanguageUnavailableError, language_installed, parse

    if not text.strip() or not language_installed():
        return ()
    try:
        return tuple((t.text, t.lemma_) for t in parse(text, entities=False)
                     if not t.is_punct and not t.is_space)
    except LanguageUnavailableError:
        return ()


#: Chunks are read for lemmas up to this length (a chunk is a paragraph, cut well below).
_LEMMA_CHARS = 20_000


_WORDS = re.compile(r"[^\W\d_][\w'’\-]*")


def _support(
    text: str, prepared: Sequence[_Chunk], *, share_cutoff: float, score_cutoff: float
) -> SourceChunk | None:
    needle = normalize_key(text)
    if not needle or _novel(text, prepared):
        return None
    text = _HOW_MANY.sub("how", text)
    forms = _forms(text)
    # Each topic word is held by its stem or by its dictionary form's stem.
    wanted = [forms.get(s, frozenset({s})) for s in set(stems(text)) - _framing()]
    numbers = set(_NUMBER.findall(text))
    for i, c in enumerate(prepared):
        # A paragraph may name its topic only in the one before ("This occurs in
        # chloroplasts" after a paragraph on photosynthesis): the pair counts together.
        before = prepared[i - 1] if i and prepared[i - 1].chunk.source == c.chunk.source else c
        held = c.stems | before.stems
        if (wanted and numbers <= c.numbers | before.numbers
                and sum(1 for w in wanted if w & held) >= share_cutoff * len(wanted)):
            return c.chunk
    for c in prepared:
        if numbers <= c.numbers and fuzz.partial_ratio(needle, c.key, score_cutoff=score_cutoff):
            return c.chunk
    return None


def supporting_chunk(
    text: str,
    chunks: Sequence[SourceChunk],
    *,
    share_cutoff: float = STEM_SHARE_CUTOFF,
    score_cutoff: float = PHRASE_SCORE_CUTOFF,
) -> SourceChunk | None:
    """The first chunk that supports `text`, or None.

    Nothing in `text` may be new to the source: every topic word's stem and every number
    must occur in some chunk (words that frame a question, like "which" or "complete", are
    exempt). Then one chunk (with the chunk before it in the same source, which may name
    its topic) must hold at least `share_cutoff` of the text's topic stems and all its
    numbers, or hold the text nearly verbatim (rapidfuzz `partial_ratio` at least
    `score_cutoff`; the only test for a text without topic stems, such as "250 °C").
    """
    return _support(text, _prepared(chunks), share_cutoff=share_cutoff,
                    score_cutoff=score_cutoff)


#: The fields each type's items must take from the source, and how each reads in an issue.
GROUNDED_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "quiz": (("question", "question"), ("correct_answer", "answer")),
    "flashcards": (("front", "front"), ("back", "back")),
    "mindmap": (("label", "label"),),
}


def ungrounded_items(
    artifact_type: str,
    artifact: Any,
    chunks: Sequence[SourceChunk],
    *,
    share_cutoff: float = STEM_SHARE_CUTOFF,
    score_cutoff: float = PHRASE_SCORE_CUTOFF,
) -> list[tuple[int, str]]:
    """(1-based item number, issue line) for every item with a field no chunk supports.

    `artifact` is canonical or in draft shape (a nested mindmap is flattened first). Every
    quiz question and answer, every flashcard front and back and every mindmap label must be
    supported (`supporting_chunk`); anything else is a hallucination the repair must fix.
    """
    fields = GROUNDED_FIELDS.get(artifact_type)
    if not fields or not isinstance(artifact, Mapping):
        return []
    spec = get_spec(artifact_type)
    if spec.items_key not in artifact:
        report = spec.validate(spec.read_draft(artifact))
        if report.artifact is None:
            return []  # the structural rules report what is wrong with its shape
        artifact = report.artifact
    prepared = _prepared(chunks)
    found: list[tuple[int, str]] = []
    for number, item in enumerate(_items(spec, artifact), 1):
        if not isinstance(item, Mapping):
            continue
        for name, noun in fields:
            value = item.get(name)
            if not isinstance(value, str) or not value.strip():
                continue  # the structural rules report a missing field
            if _support(value, prepared, share_cutoff=share_cutoff,
                        score_cutoff=score_cutoff) is not None:
                continue
            novel = _novel(value, prepared)
            why = (f"; new words: {', '.join(repr(w) for w in novel[:4])}"
                   if novel else "")
            if name == "correct_answer":
                text = (f"{ISSUE_TEXT[SemanticIssueKind.NOT_ANSWERABLE]} (the answer "
                        f"'{value.strip()}' is not in the source{why})")
            else:
                text = (f"{ISSUE_TEXT[SemanticIssueKind.HALLUCINATED]} (the {noun} "
                        f"'{_short(value)}' is not in the source{why})")
            found.append((number, f"{spec.item_name(artifact, number)}: {text}"))
    return found


def ungrounded_issues(
    artifact_type: str,
    artifact: Any,
    chunks: Sequence[SourceChunk],
    *,
    share_cutoff: float = STEM_SHARE_CUTOFF,
    score_cutoff: float = PHRASE_SCORE_CUTOFF,
) -> list[str]:
    """The issue lines of `ungrounded_items`."""
    return [line for _, line in ungrounded_items(
        artifact_type, artifact, chunks, share_cutoff=share_cutoff, score_cutoff=score_cutoff)]


def _short(text: str, limit: int = 80) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
