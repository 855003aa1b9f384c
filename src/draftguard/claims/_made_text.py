"""What the things made this turn are said not to hold, held to their text; and, with
`_attempts`, the go that made them right (`made_miss`).

"Fingerspelling doesn't come up on any card" after a run whose cards ask how many hands BSL
fingerspelling uses: a negated sentence that names a kind of thing a run of this turn made
("card" of flashcards, "quiz") denies that the rest of its nouns are in what was made. When
every one of them is in the made thing's text, the denial is false; "No card asks about
parking at the college" stands while parking is on none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from draftguard.claims._attempts import wrong_go
from draftguard.claims._folded import text_stems
from draftguard.claims._record import strings_in
from draftguard.claims._verb_forms import stems

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from draftguard.claims._reading import Reading
    from draftguard.claims._view import RecordView
    from draftguard.language import Lexicon

__all__ = ["denied_but_made", "made_miss", "miscounted_items"]

_NONE = frozenset({"no", "none", "neither", "nothing"})


def _negated(doc: Doc) -> bool:
    """A negation or a negative word in the sentence ("doesn't", "no card", "none of")."""
    return any(t.dep_ == "neg" or t.lower_ in _NONE for t in doc)


def denied_but_made(doc: Doc, reading: Reading, view: RecordView,
                    lexicon: Lexicon) -> str | None:
    """The noun a negated sentence says the things made this turn do not hold, when each of
    its nouns is in their text; None otherwise."""
    if reading.question or reading.hedged or not _negated(doc):
        return None
    made: dict[str, str] = {}  # kind -> text of what was made
    for run, declared in view.succeeded():
        for kind in view.made_by(run, declared):
            made[kind] = " ".join(strings_in(run.result))
    if not made:
        return None

    def kind_of(word: str) -> str | None:
        return next((k for k in made if k.removesuffix("s").endswith(word.removesuffix("s"))
                     and len(word) > 2), None)

    kinds = {k for t in doc if t.pos_ == "NOUN" and (k := kind_of(t.lemma_.lower()))}
    if len(kinds) != 1:
        return None
    text = text_stems(made[kinds.pop()])
    nouns = [t for t in doc if t.pos_ in ("NOUN", "PROPN") and t.is_alpha and not t.is_stop
             and kind_of(t.lemma_.lower()) is None and lexicon.concept(t.lemma_.lower()) is None]
    if nouns and all((stems(t.lower_) | stems(t.lemma_.lower())) & text for t in nouns):
        return nouns[0].text
    return None


def _item_lists(view: RecordView) -> dict[str, int]:
    """The lists of items the things made this turn hold ("questions", "flashcards"), by
    their key, to how many items each has."""
    found: dict[str, int] = {}
    for run, _ in view.succeeded():
        made = run.result.get("artifact")
        if isinstance(made, Mapping):
            found.update({str(k).lower(): len(v) for k, v in made.items() if isinstance(v, list)})
    return found


#: Words that make a count the whole ("all 6", "the 6 questions", "just two", "each of
#: the 6"), and verbs that say what the thing holds ("it has five questions").
_WHOLE = frozenset({"all", "each", "every", "the", "only", "just", "total"})
_HOLDS = frozenset({"have", "hold", "contain", "include", "come", "end", "make"})


def _whole(doc: Doc, noun: str) -> bool:
    """The sentence gives a count as all the items there are ("All six questions made it
    in", "The quiz has four questions", "It came out with just two"), not some of them
    ("One card asks who built the station", "two of the questions are about ...")."""
    for token in doc:
        if token.lemma_.lower() != noun:
            continue
        near = [*token.children, *(c for k in token.children for c in k.children)]
        if token.head.lower_ == "of" or any(k.dep_ in ("relcl", "acl") for k in token.children):
            return False  # "two of the questions", "cards that ask about ..."
        if any(k.lower_ in _WHOLE for k in near) or (
                token.dep_ in ("dobj", "pobj", "attr") and
                (token.head.lemma_ in _HOLDS or token.head.head.lemma_ in _HOLDS)):
            return True
    return False


def miscounted_items(doc: Doc, reading: Reading, view: RecordView) -> str | None:
    """A count the sentence gives of a made thing's items ("All eight cards made it through",
    "The quiz ended up with 6 questions") that is not how many it holds; a count of some of
    them ("One card asks ...", "two of the questions are about ...") may be no more than
    it holds. None when
    every such count is true."""
    if reading.question or reading.hedged or _negated(doc):
        return None  # "not one question covers it" counts none
    lists = _item_lists(view)
    if not lists:
        return None
    for quantity in reading.quantities:
        noun = quantity.noun or ""
        if quantity.label or quantity.out_of is not None or len(noun) < 3:
            continue
        held = next((n for k, n in lists.items() if k.removesuffix("s").endswith(
            noun.removesuffix("s"))), None)
        if held is None:
            continue
        if quantity.value > held or (quantity.value != held and _whole(doc, noun)):
            return f"what was made this turn holds {held} {noun}s, not {quantity.value:g}"
    return None


def made_miss(doc: Doc, reading: Reading, view: RecordView, lexicon: Lexicon) -> str | None:
    """Why what the sentence says of the things made this turn is false: the go that made
    them right (`_attempts`), or what they are said not to hold; None when neither."""
    go = None if reading.hedged else wrong_go(doc, view, lexicon)
    if go is not None:
        return f"no run this turn backs {go}"
    held = denied_but_made(doc, reading, view, lexicon)
    if held is not None:
        return f"what was made this turn has {held!r}"
    return miscounted_items(doc, reading, view)
