"""The turn's record: what tools did this turn and what the session holds. No framework here.

A reply sentence is held against it. `ToolRun` is one call that ran this turn (its tool, its
arguments, its result, and whether it succeeded); `SessionFacts` is what the session holds
(post versions, the texts facts may come from, named collections such as a shortlist);
`ToolClaims` is what a tool may be claimed to have done (the concepts of the claims lexicon,
`draftguard/claims/lexicon.toml`) and which of its result fields back a claim.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

__all__ = [
    "DEFAULT_MIN_QUOTED_WORDS",
    "FAILED_STATUSES",
    "SessionFacts",
    "ToolClaims",
    "ToolRun",
    "TurnRecord",
    "default_claims",
    "holds_id",
    "key_words",
    "list_lengths",
    "succeeded",
    "text_counts",
]

#: A result whose `status` is one of these did not do what was asked.
FAILED_STATUSES = frozenset({"error", "refused", "rejected", "failed", "skipped", "invalid"})


def succeeded(result: Mapping[str, Any] | None) -> bool:
    """The default reading of a tool's result: it did what was asked unless it says it did not
    (`status` of a failure, `ok: false`, or an `error`)."""
    if result is None:
        return False
    status = result.get("status")
    if isinstance(status, str) and status.lower() in FAILED_STATUSES:
        return False
    return result.get("ok") is not False and not result.get("error")


#: A sentence that is this many of the post's words in a row is the post read back.
DEFAULT_MIN_QUOTED_WORDS = 6
_WORDS = re.compile(r"[^\W\d_]+|\d+")


@lru_cache(maxsize=8)
def _word_line(document: str) -> str:
    """The document's words, lower case, one space apart and around (for `says_back`)."""
    return f" {' '.join(w.lower() for w in _WORDS.findall(document))} "


@dataclass(frozen=True)
class ToolClaims:
    """What `tool` may be claimed to have done.

    `actions` are claims-lexicon concepts ("save", "edit", "add", "search", "check", ...: the
    part after `action.` or `impossible.`); `changes` says whether a success changes what the
    session holds (a bare "Done." needs such a run); `objects` are the kinds of thing it
    makes ("quiz"), a claim about another kind is not backed by it; `verdict_field` names the
    result field whose truth value is the check's verdict ("passed"); `version_fields`,
    `line_fields` and `count_fields` back version numbers, line counts and item counts.
    `summary` writes the short true sentence for a result (None: nothing to say)."""

    tool: str
    actions: frozenset[str]
    changes: bool = True
    objects: frozenset[str] = frozenset()
    object_field: str | None = None
    verdict_field: str | None = None
    version_fields: tuple[str, ...] = ("version", "reverted_to")
    line_fields: tuple[str, ...] = ("lines_added", "lines_removed", "lines_after")
    count_fields: tuple[str, ...] = ("count",)
    summary: Callable[[Mapping[str, Any]], str | None] | None = None
    success: Callable[[Mapping[str, Any]], bool] = succeeded
    #: The actions one run did, from its arguments and result, when they are fewer than
    #: `actions` (an edit that only replaced words did not remove or add anything).
    actions_of: Callable[[Mapping[str, Any], Mapping[str, Any]], frozenset[str]] | None = None
    #: The nouns for where it puts things or takes them from ("post", "paragraph", "end";
    #: "shortlist"), or a function that gives them (read once, when first needed). None: the
    #: words of the tool's name and the kinds of thing it makes.
    places: frozenset[str] | Callable[[], frozenset[str]] | None = None
    #: The words for the parts of the document a run touched ("intro", "first", "paragraph
    #: 2"), from the run and what the session holds; None from it: not known (any part).
    #: A claimed action that names one of `part_names` must name a part its run touched.
    parts_of: Callable[[ToolRun, SessionFacts], frozenset[str] | None] | None = None
    #: The words that name a part of the document (`parts_of`'s words; read once).
    part_names: frozenset[str] | Callable[[], frozenset[str]] = frozenset()
    #: The text a run took out or put in (an edit's anchors and new text): a part the claim
    #: names by what it is about ("the harvest line") must be about words of it.
    text_of: Callable[[ToolRun], str] | None = None
    #: The result field listing what is still missing ("missing"): a sentence saying a
    #: thing is still needed, after a run of this tool, must name one of them.
    missing_field: str | None = None
    #: The other words a person names a field of its arguments or result by ("party_size":
    #: people, guests, a head count). A thing said still needed in them is that field; a
    #: number said of them, with no verb or noun of its own ("It's for 28 people", "a group
    #: of 28"; not "seats 120 people", "room for 30 people"), is that field's value.
    field_words: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def part_names_of(self) -> frozenset[str]:
        """The words that name a part of the document (`part_names`)."""
        names = self.part_names
        return names if isinstance(names, frozenset) else names()

    def places_of(self) -> frozenset[str]:
        """Where a run of this tool may be said to have put a thing (`places`)."""
        if self.places is None:
            return frozenset(self.tool.lower().split("_")) | self.objects
        return self.places if isinstance(self.places, frozenset) else self.places()

    def did(self, run: ToolRun) -> frozenset[str]:
        """The actions `run` did."""
        if self.actions_of is None:
            return self.actions
        return self.actions_of(run.args, run.result) & self.actions

    @classmethod
    def of(cls, tool: str, *actions: str, **settings: Any) -> ToolClaims:
        return cls(tool, frozenset(actions), **settings)


_READ_ONLY = frozenset({"search", "check"})


def default_claims(tool: str, concept_of: Callable[[str], str | None]) -> ToolClaims:
    """A plain function tool's claims, from the words of its name (`add_to_shortlist`: add,
    shortlist); it changes the session unless every word is a search or a check. A name
    with no action of the lexicon ("get_forecast") looks something up or checks it."""
    actions = {c for word in tool.lower().split("_") if (c := concept_of(word)) is not None}
    return ToolClaims(tool, frozenset(actions or _READ_ONLY),
                      changes=bool(actions - _READ_ONLY))


@dataclass(frozen=True)
class ToolRun:
    """One call that ran this turn."""

    tool: str
    args: Mapping[str, Any] = field(default_factory=dict)
    result: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SessionFacts:
    """What the session holds: `versions` of the post, `texts` facts may be taken from (the
    post, sources, catalogue lines of venues found, the person's own messages), `names` that
    may be named (venues found, sources), named `collections` ("shortlist": its names) and
    `counts` of the post's parts (`text_counts`), and the `document` the tools edit."""

    versions: tuple[int, ...] = ()
    texts: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    collections: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: Counts of the post's parts by noun ("line": (9,), "paragraph": (4,)).
    counts: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    #: The document the tools edit, as it stands now (the post), for `ToolClaims.parts_of`.
    document: str | None = None
    #: The app's own terms (lowercase) to their meaning ("byob": "bring your own, corkage"):
    #: what a sentence says a term is must be like it (`_terms`).
    terms: Mapping[str, str] = field(default_factory=dict)
    #: A place of the world (a city, a country) the record does not hold is general talk,
    #: not a fact of the session (`_places`): the planner, whose record is one city's venues.
    world_places: bool = False

    def says_back(self, text: str, *, min_words: int) -> bool:
        """Whether `text` is a run of at least `min_words` words of the document, word for
        word (case and punctuation aside): a model that reads the post back tells no act of
        its own (its "we" is the author's), and every fact in it is the post's."""
        words = [w.lower() for w in _WORDS.findall(text)]
        if self.document is None or len(words) < min_words:
            return False
        return f" {' '.join(words)} " in _word_line(self.document)


@dataclass(frozen=True)
class TurnRecord:
    """The runs of this turn, what the session holds, and what each tool may be claimed."""

    runs: tuple[ToolRun, ...] = ()
    session: SessionFacts = field(default_factory=SessionFacts)
    claims: Mapping[str, ToolClaims] = field(default_factory=dict)

    def declared(self, tool: str, concept_of: Callable[[str], str | None]) -> ToolClaims:
        found = self.claims.get(tool)
        return found if found is not None else default_claims(tool, concept_of)


def numbers_in(value: Any, key: str = "") -> Iterator[tuple[str, float]]:
    """Every number in a tool's arguments or result, with the key it was under; a list
    also counts as its length."""
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        yield key, float(value)
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from numbers_in(v, str(k))
    elif isinstance(value, list | tuple):
        yield key, float(len(value))
        for v in value:
            yield from numbers_in(v, key)


def key_words(value: Any) -> set[str]:
    """The words of every key in a tool's result ("party_size": party, size)."""
    out: set[str] = set()
    if isinstance(value, Mapping):
        for k, v in value.items():
            out.update(str(k).lower().split("_"))
            out |= key_words(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out |= key_words(v)
    return out


def strings_in(value: Any) -> Iterable[str]:
    """Every string in a tool's arguments or result (keys left out)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from strings_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings_in(v)


def text_counts(text: str) -> dict[str, tuple[int, ...]]:
    """How many lines (all, and non-blank), paragraphs and words `text` has."""
    lines = text.splitlines()
    filled = [line for line in lines if line.strip()]
    paragraphs = [p for p in text.split("\n\n") if p.strip()]
    prose = [p for p in paragraphs if not p.lstrip().startswith("#")]
    return {"line": (len(lines), len(filled)), "paragraph": (len(paragraphs), len(prose)),
            "word": (len(text.split()),)}


def list_lengths(runs: Iterable[ToolRun], noun: str) -> set[float]:
    """The lengths of the lists the runs' results hold under a key naming `noun`."""
    out: set[float] = set()

    def walk(value: object, key: str) -> None:
        if isinstance(value, Mapping):
            for k, v in value.items():
                walk(v, str(k))
        elif isinstance(value, list | tuple):
            if any(w in (noun, noun + "s") for w in key.lower().split("_")):
                out.add(float(len(value)))
            for v in value:
                walk(v, key)

    for run in runs:
        walk(run.result, "")
    return out


def holds_id(record: TurnRecord, ident: str) -> bool:
    """An identifier ("t-8812") is one a run's arguments or result, or a text of the
    record, holds word for word (case aside)."""
    want = ident.casefold()
    session = record.session
    texts = [*session.texts, *session.names,
             *(m for items in session.collections.values() for m in items)]
    texts += [t for run in record.runs for t in (*strings_in(run.result), *strings_in(run.args))]
    return any(want in (w.strip(".,;:!?()[]{}'\"") for w in t.casefold().split()) for t in texts)
