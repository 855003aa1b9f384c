"""A markdown list in the post named as a place ("at the end of the list of tools", "the
bottom of that list", "as the last item of the bullets"): the list block meant, and new
words put there as an item of their own, written with the list's own marker ("- ", "2. ").

A list is named by the lexicon's `part.items` words, or by "list" said as a noun (the
lexicon's "list" is the verb of showing: "list the versions"). With one list in the post (or
in the section named), that list is meant; with several, the one whose section or words the
other words name, else the reader asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from blogger.reading_turn import Turn
from draftguard.edits._plan import InsertOp
from draftguard.markdown import list_marker
from draftguard.split._coverage import stems
from draftguard.understanding._locate import PostView, Span

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["item_insert", "list_blocks", "named_list", "names_a_list"]

#: Words around a list's name that name no list ("that same list", "the very end of it").
_NO_NAME = ("same", "very", "whole", "little", "short", "bullet", "item", "items", "one",
            "of", "in", "on", "at", "to", "new", "another", "more", "extra")


def list_blocks(view: PostView, within: Span | None = None) -> list[Span]:
    """The paragraphs of `view` (inside `within`) whose every line is a list item."""
    return [p for p in view.units("paragraph", within)
            if all(list_marker(line) for line in p.text.splitlines() if line.strip())]


def names_a_list(turn: Turn, tokens: list[Token]) -> bool:
    """Whether `tokens` name a list of the post: a word of `part.items`, or "list" said as a
    noun ("the tools list", "the list of tools")."""
    return any(turn.is_(t, "part.items") or (t.lemma_.lower() == "list" and t.pos_ in (
        "NOUN", "PROPN")) for t in tokens)


def named_list(turn: Turn, tokens: list[Token], within: Span | None = None
               ) -> Span | None:
    """The one list block `tokens` name (inside `within`), else None (no list, or several
    with nothing to tell them apart)."""
    view = turn.view
    if view is None:
        return None
    blocks = list_blocks(view, within)
    if len(blocks) <= 1:
        return blocks[0] if blocks else None
    said = [t for t in tokens if not t.is_punct and t.pos_ not in ("DET", "ADP", "PRON")
            and turn.concept(t) is None and t.lower_ not in _NO_NAME and
            not (t.lemma_.lower() == "list" and t.pos_ in ("NOUN", "PROPN"))]
    if not said:
        return None
    name = " ".join(t.text for t in said)
    heading = view.heading(name)
    if heading is not None:
        region = view.region(heading.text)
        inside = list_blocks(view, region) if region is not None else []
        if len(inside) == 1:
            return inside[0]
    wanted = set(stems(name))
    holding = [b for b in blocks if wanted and wanted <= view.topic_stems(b)]
    return holding[0] if len(holding) == 1 else None


def item_insert(view: PostView, block: Span, text: str, *, first: bool) -> InsertOp:
    """New words put in `block` (a list) as its first or last item, in its own marker."""
    lines = [line for line in block.text.splitlines() if line.strip()]
    edge = lines[0] if first else lines[-1]
    indent, marker = list_marker(edge) or ("", "-")
    if marker[:-1].isdigit():
        number = int(marker[:-1])
        marker = f"{max(1, number - 1) if first else number + 1}{marker[-1]}"
    words = text.strip()
    typed = list_marker(words)  # "- a heat gun": the author's own marker, not twice
    if typed is not None:
        words = words[len(typed[0]) + len(typed[1]):].strip()
    at = view.text.find(edge, block.start, block.end)
    anchor = view.unique_anchor(view.span(at, at + len(edge))).text if at >= 0 else edge
    return InsertOp(anchor=anchor, text=f"{indent}{marker} {words}",
                    position="before" if first else "after")
