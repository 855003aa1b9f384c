"""A section heading of the post named in a message: "the Tyres heading", "the section 'The
bake'", "the Gear section", or one named before "it" ("the heading 'X' sounds gloomy ... call
it 'Y'"), its line renamed or taken out; and "the heading" said with no name, which is the
post's title."""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.edits._plan import DeleteOp, ReplaceOp
from draftguard.understanding._placing import edit_request, op_slots

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._frames import Clause
    from draftguard.understanding._types import Interpretation

__all__ = ["heading_before", "heading_removed", "heading_renamed", "the_title_heading"]

#: The fewest letters a heading's name is said in (a lone letter is like every title).
_MIN_NAME = 3


def heading_renamed(turn: Turn, clause: Clause, old: list[Token], text: str
                    ) -> Interpretation | None:
    """`old` names a section heading ("the Tyres heading", "the section 'The bake'",
    "the Gear section"): its line changed to `text`."""
    view = turn.view
    words = turn.trim(old, clause, determiners=True)
    marked = [w for w in words if turn.is_(w, "part.heading") or
              (turn.is_(w, "part.paragraph") and w.lower_ == "section")]
    if view is None or not marked:
        return None
    rest = [w for w in words if w not in marked and w.dep_ != "case"]
    name = turn.lone_quote(rest, clause) or turn.clean(rest, clause)
    # a name of a letter or two ("the heading's no right": "s") is like every heading
    heading = view.heading(name) if name and len(name.strip(" '\"")) >= _MIN_NAME \
        else None
    if heading is None:
        return None
    return edit_request([op_slots(ReplaceOp(anchor=heading.text, text=text))],
                        headings=True)


def heading_before(turn: Turn, clause: Clause, it: Token, text: str) -> Interpretation | None:
    """The heading of the post named as one before `it` in the message ("the heading
    'X'", "the Gear heading", "the section 'X'"), the last such, renamed `text`."""
    view, doc = turn.view, turn.doc
    if view is None:
        return None
    for tok in reversed(doc[:it.i]):
        if turn.is_(tok, "part.heading") or (
                turn.is_(tok, "part.paragraph") and tok.lower_ == "section"):
            # "the Gear heading", "the heading Gear" (the parser may make it the noun)
            # (the noun it hangs on only when next to it: "Aye, the heading's no
            # right" hangs it on "Aye", which names no heading)
            phrases = [tok.subtree, *([tok.head.subtree] if tok.head.i != tok.i and
                                      abs(tok.head.i - tok.i) <= 2 and
                                      tok.head.pos_ in ("NOUN", "PROPN") else [])]
            for phrase in phrases:
                named = heading_renamed(turn, clause, [w for w in phrase if w.i < it.i], text)
                if named is not None:
                    return named
        quoted = turn.quote(tok)
        near = doc[max(0, tok.i - 2):tok.i + 2]
        if quoted and any(turn.is_(w, "part.heading") for w in near):
            heading = view.heading(quoted)
            if heading is not None:
                return edit_request([op_slots(ReplaceOp(anchor=heading.text, text=text))],
                                    headings=True)
    return None


def the_title_heading(turn: Turn, tokens: list[Token], at: int) -> bool:
    """"the heading" said of the post, with no name ("can the heading be X?"): its
    title; "the Gear heading" is a section's."""
    word = tokens[at]
    if not turn.is_(word, "part.heading") or at + 1 >= len(tokens):
        return False
    named = [t for t in tokens[:at] if not t.is_punct and not turn.is_(t, "discourse.")
             and t.lower_ not in ("the", "main", "top", "post", "'s", "its")]
    return not named and (turn.is_(tokens[at + 1], "relation.be") or any(
        turn.is_(t, "relation.be") for t in tokens[at + 1:at + 3]))


def heading_removed(turn: Turn, clause: Clause, name_words: list[Token]
                    ) -> Interpretation | None:
    """"remove the heading 'X'": the line of the heading `name_words` name taken out, else
    None."""
    view = turn.view
    if view is None:
        return None
    name = turn.lone_quote(name_words, clause) or turn.clean(name_words, clause)
    heading = view.heading(name) if name else None
    if heading is None:
        return None
    start = view.text.rfind("\n", 0, heading.start) + 1
    end = view.text.find("\n", heading.end)
    line = view.text[start:end if end >= 0 else len(view.text)]
    return edit_request([op_slots(DeleteOp(anchor=line))], headings=True)
