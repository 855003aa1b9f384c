"""What the things made this turn are said not to hold, held to their text; and, with
`_attempts`, the go that made them right (`made_miss`).

"Fingerspelling doesn't come up on any card" after a run whose cards ask how many hands BSL
fingerspelling uses: a negated sentence that names a kind of thing a run of this turn made
("card" of flashcards, "quiz") denies that the rest of its nouns are in what was made. When
every one of them is in the made thing's text, the denial is false; "No card asks about
parking at the college" stands while parking is on none of them.
"""

from __future__ import annotations

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

__all__ = ["denied_but_made", "made_miss"]

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


def made_miss(doc: Doc, reading: Reading, view: RecordView, lexicon: Lexicon) -> str | None:
    """Why what the sentence says of the things made this turn is false: the go that made
    them right (`_attempts`), or what they are said not to hold; None when neither."""
    go = None if reading.hedged else wrong_go(doc, view, lexicon)
    if go is not None:
        return f"no run this turn backs {go}"
    held = denied_but_made(doc, reading, view, lexicon)
    return None if held is None else f"what was made this turn has {held!r}"
