"""What each blogger tool may be claimed to have done, and what the session holds: the
claim guard's record for the blogger (`draftguard.claims`). No ADK here.

Words of the claims lexicon (`draftguard/claims/lexicon.toml`): a reply may say the post was
saved, edited, cut, added to, renamed or reverted only after a tool that does that succeeded
this turn; that a quiz was made only after `make_artifact` made one; that the post passes or
is ready only after `check_delivery` said so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from draftguard.claims import SessionFacts, ToolClaims
from draftguard.claims._record import ToolRun, text_counts
from draftguard.markdown import BlockKind, MarkdownMap
from draftguard.text import split_sentences

__all__ = ["BLOGGER_TOOL_CLAIMS", "NEXT_STEP", "blogger_facts"]

NEXT_STEP = ("Tell me what to change in the post, ask for a quiz or flashcards, or ask me to "
             "check it against a brief.")


def _saved(result: Mapping[str, Any]) -> str | None:
    version = result.get("version")
    if version is None:
        return None
    name = "the first version" if version in (0, "0") else f"version {version}"
    return f"The post is saved as {name}."


def _made(result: Mapping[str, Any]) -> str | None:
    kind = str(result.get("artifact_type") or "").strip()
    return f"The {kind} is made." if kind else None


def _edited(args: Mapping[str, Any], result: Mapping[str, Any]) -> frozenset[str]:
    """What an edit plan did: every plan edits and saves; a delete removes, an insert adds."""
    did = {"edit", "save", "make"}
    for op in args.get("ops") or []:
        kind = op.get("type") if isinstance(op, Mapping) else None
        did |= {"delete": {"remove"}, "insert": {"add"}}.get(str(kind), set())
        if kind == "replace" and _dropped(str(op.get("anchor") or ""), str(op.get("text") or "")):
            did.add("remove")  # "the waiting-list detail has been cut"
    return frozenset(did)


def _dropped(anchor: str, text: str) -> bool:
    """A replacement that keeps fewer words than its anchor, none of them new: words cut."""
    old = [w.strip(".,;:!?") for w in anchor.lower().split()]
    new = [w.strip(".,;:!?") for w in text.lower().split()]
    return len(new) < len(old) and set(new) <= set(old)


def _fields_changed(args: Mapping[str, Any], result: Mapping[str, Any]) -> frozenset[str]:
    """What a frontmatter change did: fields set are edited or added, a title renames, and
    only fields removed count as a removal."""
    did = {"edit", "save"}
    fields = args.get("set_fields") or {}
    if fields:
        did.add("add")
    if isinstance(fields, Mapping) and "title" in fields:
        did.add("rename")
    if args.get("remove_fields"):
        did.add("remove")
    return frozenset(did)


@cache
def _words(*concepts: str) -> frozenset[str]:
    """The one-word phrases of the blogger lexicon for `concepts` ("part." for every part of
    the post): the nouns a claim may name as where a thing was put."""
    from blogger.reading_turn import blogger_lexicon

    lexicon = blogger_lexicon()
    found = {c for prefix in concepts for c in lexicon.concepts(prefix)}
    return frozenset(w for c in found for w in lexicon.words_for(c) if " " not in w)


@cache
def _post_places() -> frozenset[str]:
    """The post and its parts, positions in it and its versions ("to the end of the post")."""
    return _words("part.", "position.", "version.") - _source_places() - _words("part.brief")


@cache
def _source_places() -> frozenset[str]:
    """Where an imported source goes: the notes and sources."""
    return _words("part.notes")


#: Positions by index from the start (0: first) and from the end (-1: last).
_ORDINALS = {0: "position.first", 1: "position.second", 2: "position.third",
             3: "position.fourth", 4: "position.fifth", -1: "position.last",
             -2: "position.penultimate"}
_UNITS = ("sentence", "line")


def _at(index: int, count: int) -> frozenset[str]:
    """The position words for item `index` of `count` ("first", "second", "last", ...)."""
    concepts = {_ORDINALS.get(index), _ORDINALS.get(index - count)} - {None}
    return _words(*(c for c in concepts if c is not None))


@cache
def _part_names() -> frozenset[str]:
    """Words that name a part of the post: its title, headings, introduction and conclusion,
    positions ("first", "last", "end"), "paragraph N", and positions of a sentence or line
    ("second sentence"), which `_touched` reads inside its paragraph."""
    positions = _words(*_ORDINALS.values())
    units = {f"{p} {u}" for p in positions for u in _UNITS}
    numbered = {f"paragraph {n}" for n in range(1, 31)}
    return _words("part.title", "part.heading", "part.intro", "part.conclusion") | \
        positions | units | numbered | _unit_words() | _FRONT_MATTER


@cache
def _unit_words() -> frozenset[str]:
    """Words for a sentence or a paragraph of any place ("line", "passage"): any edit
    touched one, but one named by what it is about ("the harvest line") must be about the
    text the edit took out or put in (`_op_text`)."""
    return _words("part.sentence", "part.paragraph")


def _op_text(run: ToolRun) -> str:
    """What an edit plan took out or put in: its anchors and new texts."""
    ops = run.args.get("ops")
    return " ".join(str(op.get(k) or "") for op in ops if isinstance(op, Mapping)
                    for k in ("anchor", "text")) if isinstance(ops, list) else ""


def _block_words(index: int, prose: int, count: int, heading: bool, title: bool) -> set[str]:
    """The words for a block of the post: a heading, or paragraph `index` of `count`."""
    if heading:
        return set(_words("part.heading") | (_words("part.title") | _at(0, 1) if title
                                             else frozenset()))
    words = set(_at(index, count)) | {f"paragraph {index + 1}"}
    if index == 0:
        words |= _words("part.intro")
    if index == count - 1:
        words |= _words("part.conclusion")
    return words


def _touched(run: ToolRun, session: SessionFacts) -> frozenset[str] | None:
    """The parts of the post an edit plan touched: where each op's new text stands in the
    post now. A deletion left none: a plan of deletions only touched parts not known (None);
    beside other ops, the parts are theirs (a claimed removal is then not held to a part)."""
    post = session.document
    ops = run.args.get("ops")
    if not post or not isinstance(ops, list) or not ops:
        return None
    blocks = [b for b in MarkdownMap(post).body_blocks()
              if b.kind in (BlockKind.HEADING, BlockKind.PARAGRAPH)]
    prose = [b for b in blocks if b.kind is BlockKind.PARAGRAPH]
    first_heading = next((b for b in blocks if b.kind is BlockKind.HEADING), None)
    words: set[str] = set(_unit_words())
    located = 0
    for op in ops:
        text = str(op.get("text") or "").strip() if isinstance(op, Mapping) else ""
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if not lines:
            continue  # a deletion: where it was is not in the post now
        located += 1
        at = post.find(lines[0])
        block = next((b for b in blocks if b.start <= at <= b.end), None) if at >= 0 else None
        if block is None:
            return None
        if block.kind is BlockKind.HEADING:
            words |= _block_words(0, 0, 0, True, block is first_heading and block.level == 1)
            continue
        index = prose.index(block)
        words |= _block_words(index, index, len(prose), False, False)
        said = split_sentences(post[block.start:block.end])
        line_at = next((i for i, s in enumerate(said) if lines[0] in s or s in lines[0]), None)
        if line_at is not None:
            words |= {f"{p} {u}" for p in _at(line_at, len(said)) for u in _UNITS}
    return frozenset(words) if located else None


#: The fields of the front matter whose names name nothing in the prose ("I sorted out your
#: tags"): a part only a change of the front matter touches.
_FRONT_MATTER = frozenset({"tag", "tags", "category", "categories", "slug"})


def _fields_touched(run: ToolRun, session: SessionFacts) -> frozenset[str]:
    """The parts a frontmatter change touched: the title, when it set or removed it, and
    the front matter's other fields (the tool that changes them ran: "I also updated the
    tags" beside a new title is the corpus's true act)."""
    fields = {str(f) for f in run.args.get("set_fields") or {}} | {
        str(f) for f in run.args.get("remove_fields") or []}
    return (_words("part.title") if "title" in fields else frozenset()) | _FRONT_MATTER


_ARTIFACTS = frozenset({"quiz", "flashcard", "flashcards", "mindmap", "card", "map"})

#: How a person says the repairs a made thing needed ("patched twice", "no fixes", "one
#: round of corrections"): a count of them is the run's `repair_attempts`.
_REPAIR_WORDS = {"repair_attempts": frozenset({"repair", "fix", "patch", "mend", "correct",
                                               "correction"})}

BLOGGER_TOOL_CLAIMS: dict[str, ToolClaims] = {c.tool: c for c in (
    ToolClaims.of("content_write", "save", "make", "edit", "add", summary=_saved,
                  places=_post_places),
    ToolClaims.of("edit_ops", "edit", "save", "remove", "add", "make", summary=_saved,
                  actions_of=_edited, places=_post_places, parts_of=_touched,
                  part_names=_part_names, text_of=_op_text),
    ToolClaims.of("edit_metadata", "edit", "save", "rename", "add", "remove", summary=_saved,
                  actions_of=_fields_changed, places=_post_places,
                  parts_of=_fields_touched, part_names=_part_names),
    ToolClaims.of("revert_to_version", "revert", "save", summary=_saved, places=_post_places),
    ToolClaims.of("read_content", changes=False),
    ToolClaims.of("read_section", changes=False),
    ToolClaims.of("list_versions", changes=False),
    ToolClaims.of("make_artifact", "make", objects=_ARTIFACTS, object_field="artifact_type",
                  verdict_field="ok", summary=_made, field_words=_REPAIR_WORDS),
    ToolClaims.of("check_delivery", "check", changes=False, verdict_field="passed",
                  count_fields=("document_count",)),
    ToolClaims.of("source_ingest", "import", "add", "save", places=_source_places),
    ToolClaims.of("read_source", changes=False),
)}


def blogger_facts(
    *, post: str | None, versions: Iterable[int], sources: Iterable[str] = (),
    said: Iterable[str] = (), name: str = "draft.md",
) -> SessionFacts:
    """What a blogger session holds: the post (file `name`), its latest text and versions,
    its sources, and what the author said."""
    texts = tuple(t for t in (post, *sources, *said) if t)
    return SessionFacts(versions=tuple(versions), texts=texts, names=(name,),
                        counts=text_counts(post) if post else {}, document=post)
