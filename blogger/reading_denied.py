"""What a thing is denied to be, then said to be: "it isn't St Anne's at all, it's St
Agnes's", "the cake wasn't from mill lane, it was the place on Station Road", "the winters
weren't in philadelphia, they were in Boston". The old words are those denied (grown to the
post's phrase when the parser cut it short), the new ones those affirmed, cut to the part of
the old words' kind (a name for a name)."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._frames import Clause
    from draftguard.understanding._locate import PostView

__all__ = ["denied_pair"]

#: A subject that stands for the one named before ("the cake wasn't from X, it was Y").
_BACK_SUBJECTS = ("it", "that", "this", "they", "those", "he", "she")


def denied_pair(turn: Turn, clause: Clause) -> tuple[list[Token], list[Token]] | None:
    """(the old words, the new ones) of a denial then an affirmation of one subject (or a
    pronoun for it), else None."""
    view = turn.view
    said = [t for t in clause.tokens if t.lemma_ == "be" and _attribute(t) is not None]
    for no, yes in pairwise(said):
        if view is None or not any(c.dep_ == "neg" for c in no.children) or any(
                c.dep_ == "neg" for c in yes.children) or (
                _subject(no) != _subject(yes) and _subject(yes) not in _BACK_SUBJECTS):
            continue
        old, new = _attribute(no), _attribute(yes)
        if old and new and _subject(no):
            old = _as_in_post(turn, old, view)
            return old, _named_part(old, new)
    return None


def _as_in_post(turn: Turn, old: list[Token], view: PostView) -> list[Token]:
    """`old` with the words said right after it while the post holds them after it too
    ("a dutch oven", where the parser cut the phrase after "dutch")."""
    doc = turn.doc
    while old[-1].i + 1 < len(doc) and doc[old[-1].i + 1].is_alpha and view.occurrences(
            turn.words([*old, doc[old[-1].i + 1]])):
        old = [*old, doc[old[-1].i + 1]]
    return old


def _attribute(verb: Token) -> list[Token] | None:
    """What `verb` ("is") says its subject is: the attribute's words, without adverbs
    after them ("St Anne's at all"), or where it is from or in ("wasn't from Mill Lane":
    the place's words), else None."""
    attr = next((c for c in verb.children if c.dep_ == "attr"), None)
    if attr is None:
        prep = next((c for c in verb.children if c.dep_ == "prep"), None)
        attr = next((c for c in prep.children if c.dep_ == "pobj"), None) if prep else None
    if attr is None:
        return None
    return [t for t in attr.subtree if t.pos_ != "ADV" and not t.is_punct]


def _named_part(old: list[Token], new: list[Token]) -> list[Token]:
    """The part of `new` of the old words' kind: the name in "the place on Station Road"
    for the name "mill lane" (a name of as many words, or the old words a name too)."""
    names = [t for t in new if t.pos_ == "PROPN"]
    if not names or len(names) == len(new):
        return new
    start = new.index(names[0])
    said = [t for t in old if t.pos_ != "DET"]
    if new[start:start + len(names)] != names or not (
            len(said) == len(names) or any(t.pos_ == "PROPN" for t in old)):
        return new
    return names


def _subject(verb: Token) -> str:
    """The subject of `verb`, as said ("it")."""
    return next((c.lower_ for c in verb.children if c.dep_ == "nsubj"), "")
