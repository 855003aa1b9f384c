"""A person or a thing renamed throughout ("call her Mei instead of Aiko", "her name's
Anjali actually, use that instead of Priya", "we shouldn't use his real name, make him
Tom"): every mention of the one name of the post the message points at becomes the new
name; a name the message only points at by "him" or "her" is asked about, never guessed.

A name of the post is a capitalised word of it that is never written in lower case and
stands at least once inside a sentence; the new name is the one capitalised word (or run
of them) of the message inside its sentence that the post does not hold. The message
must ask for a naming: a verb of renaming, changing, making or using, "name", or "instead".
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from draftguard.edits._plan import ReplaceOp
from draftguard.understanding._asking import ask
from draftguard.understanding._placing import op_slots, place_phrase

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._types import Interpretation

__all__ = ["renamed_throughout"]

#: The concepts of the words that ask for a naming.
_NAMING = ("action.rename", "action.replace", "action.create", "action.ingest",
           "relation.old", "relation.instead")
#: Pronouns that point at a person without naming them.
_PEOPLE = ("him", "her", "he", "she", "his")
#: Parts of the post a naming may not name (then a field or a heading is meant).
_PARTS = ("part.heading", "part.tags", "part.meta", "part.paragraph", "part.sentence",
          "part.intro", "part.conclusion")


@lru_cache(maxsize=16)
def _names(text: str) -> frozenset[str]:
    """The names of `text`: capitalised words inside a sentence, never in lower case."""
    capital: set[str] = set()
    lower: set[str] = set()
    for line in text.splitlines():
        opening = True
        for raw in line.split():
            word = raw.strip("\"'“”‘’()[],;:!?.*_#")
            word = word[:-2] if word[-2:] in ("'s", "’s") else word
            if word.isalpha() and word[0].isupper() and not word.isupper():
                if not opening:
                    capital.add(word)
            elif word.isalpha():
                lower.add(word.casefold())
            opening = raw[-1:] in ".!?:" or raw.startswith(("#", "-", "*"))
    return frozenset(w for w in capital if w.casefold() not in lower)


def renamed_throughout(turn: Turn) -> list[Interpretation] | None:
    """Every mention of the post's one name the message points at, renamed to the name it
    gives; a question when it points only by a pronoun; else None."""
    view = turn.view
    if view is None or any(turn.quote(t) for t in turn.doc):
        return None
    names = _names(view.text)
    doc = turn.doc
    old = {t.text for t in doc if _bare(t) in names} | {_bare(t) for t in doc
                                                        if _bare(t) in names}
    old = {n for n in old if n in names}
    new = _new_name(turn, names)
    asks = any(turn.is_(t, c) for t in doc for c in _NAMING) or any(
        t.lemma_ == "name" for t in doc)
    if new is None or not asks or len(old) > 1 or _elsewhere(turn):
        return None
    if not old:
        old = _named_by(turn, names)  # "call the dog Biscuit": the post's "our dog Pepper"
    if not old:
        if not any(t.lower_ in _PEOPLE for t in doc):
            return None
        return [ask(f"Whose name should be {new}? Say the name as it stands in the post.")]
    name = old.pop()

    def make(anchor: str) -> list[dict[str, Any]]:
        return [op_slots(ReplaceOp(anchor=anchor, text=anchor.replace(name, new)))]
    return [place_phrase(view, name, make, everywhere=True)]


def _elsewhere(turn: Turn) -> bool:
    """Whether the message is another frame's: it names a part of the post or the title
    ("rename the title to Tom's Game Night"), gives a value after a colon, lists names
    ("call them Beth and Ruth") or denies ("it was Ben, not Tom": one place corrected)."""
    return "\n" in turn.doc.text or any(t.text == ":" or _denies(t) or any(
        turn.is_(t, p) for p in _PARTS) or (turn.is_(t, "part.title") and t.lemma_ != "name")
        for t in turn.doc) or _listed(turn)


def _denies(token: Token) -> bool:
    """Whether `token` denies what follows ("not Tom"), not a verb ("not to use")."""
    after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    return token.lower_ in ("no", "not") and not (after is not None and (
        after.tag_ == "TO" or after.pos_ in ("VERB", "AUX")))


def _named_by(turn: Turn, names: frozenset[str]) -> set[str]:
    """The one name of the post a common noun of the message stands beside in the post
    ("the dog": "our dog Pepper", "Pepper, our dog", "Pepper the dog"), else none."""
    view = turn.view
    assert view is not None
    found: set[str] = set()
    for noun in (t for t in turn.doc if t.pos_ == "NOUN" and turn.concept(t) is None):
        for name in names:
            if any("\n" not in h.text for a, b in (
                    (noun.text, name), (f"{name},", f"our {noun.text}"),
                    (f"{name},", f"my {noun.text}"), (f"{name} the", noun.text))
                   for h in view.occurrences(f"{a} {b}")):
                found.add(name)
    return found if len(found) == 1 else set()


def _listed(turn: Turn) -> bool:
    """Whether names are said as a list ("call them Beth and Ruth"): a capitalised word
    joined to another by "and" or "or"."""
    return any(t.pos_ == "CCONJ" and 0 < t.i < len(t.doc) - 1 and t.doc[t.i - 1].text[:1]
               .isupper() and t.doc[t.i + 1].text[:1].isupper() for t in turn.doc)


def _bare(token: Token) -> str:
    """A word without a possessive "'s" the parser left on it."""
    return token.text[:-2] if token.text[-2:] in ("'s", "’s") else token.text


def _new_name(turn: Turn, names: frozenset[str]) -> str | None:
    """The one capitalised word, or run of them, inside a sentence of the message that is
    no name of the post and no word of the lexicon, else None."""
    runs: list[list[Token]] = []
    for token in turn.doc:
        capital = token.is_alpha and token.text[0].isupper() and token.pos_ in (
            "PROPN", "NOUN") and (token.text in names or (
                not token.is_sent_start and turn.concept(token) is None))
        if capital and runs and runs[-1][-1].i == token.i - 1:
            runs[-1].append(token)  # "Margit Kovacs": the old name, with the new after it
        elif capital:
            runs.append([token])
    fresh = [r for r in runs if any(t.text not in names for t in r)]
    if len(fresh) != 1:
        return None
    run = fresh[0]
    before = turn.doc[run[0].i - 1] if run[0].i > 0 else None
    if run[0].text in names and before is not None and turn.is_(before, "action.") and \
            before.tag_ not in ("VBN", "VBD"):
        run = [t for t in run if t.text not in names]  # "call Anna Beth": Anna, called Beth
    return " ".join(t.text for t in run)
