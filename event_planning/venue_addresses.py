"""Whether a sentence gives a venue an address that is another venue's. No ADK here.

The catalogue records each venue's address ("353 Race St, Philadelphia, PA"). A sentence that
names a venue and states the street, or the street and number, of another venue of the
session ("Jade Pearl River House is on Race St" when Race St is Golden Sichuan Lantern's)
states a fact the catalogue does not give it. A street is read as the catalogue writes it:
"North 2nd Street" is "N 2nd St" (the claims lexicon's `short` table).
"""

from __future__ import annotations

from collections.abc import Sequence

from draftguard.claims._lexicon_words import short_forms
from event_planning.catalog import Venue
from event_planning.venue_names import plain

__all__ = ["borrowed_address", "unshared_address"]


def _street(venue: Venue) -> tuple[str, str]:
    """The venue's street with its number ("353 race st") and without it ("race st")."""
    street = plain(venue.address.split(",")[0])
    number, _, name = street.partition(" ")
    return street, name if number.isdigit() else street


def _says(sentence: str, words: str) -> bool:
    return f" {words} " in f" {sentence} "


def _as_written(sentence: str) -> str:
    """The plain `sentence` with each word the catalogue writes short written so ("north
    2nd street": "n 2nd st")."""
    short = {whole: form for form, whole in short_forms().items()}
    return " ".join(short.get(w, w) for w in sentence.split())


def borrowed_address(sentence: str, venues: Sequence[Venue],
                     others: Sequence[Venue]) -> str | None:
    """The first street of another venue of `others` that the plain `sentence` states and
    none of `venues` (those it names) is on; None when there is none."""
    own = [_street(v) for v in venues]
    sentence = _as_written(sentence)
    for other in others:
        if other in venues:
            continue
        full, name = _street(other)
        if _says(sentence, full) and all(full != mine for mine, _ in own):
            return full
        if _says(sentence, name) and all(name != mine for _, mine in own):
            return name
    return None


def unshared_address(sentence: str, venues: Sequence[Venue]) -> str | None:
    """The first street of one of `venues` that the plain `sentence` states of each of them
    ("Both are on Christian Street") and another of them is not on; None when there is
    none."""
    sentence = _as_written(sentence)
    streets = [_street(v) for v in venues]
    for full, name in streets:
        for said, part in ((full, 0), (name, 1)):
            if _says(sentence, said) and any(other[part] != said for other in streets):
                return said
    return None
