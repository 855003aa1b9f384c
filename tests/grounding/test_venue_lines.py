"""A venue's catalogue line in the grounding filter's answer: what it keeps comes out once and
in order, a note never repeats a line, and words that merely share a venue's short name do
not stand for it."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.dedupe import PieceKind, UnitScanner
from event_planning.catalog import Neighborhood, Venue, load_catalog
from event_planning.venue_grounding import VenueGroundingFilter, VenueNames

CATALOGUE = load_catalog()
NAMES = VenueNames(CATALOGUE)
BY_NAME = {v.name: v for v in CATALOGUE}
CEDAR = BY_NAME["Cedar Table"]


def _filtered(text: str, results: list[str], chunks: list[int] | None = None) -> str:
    f = VenueGroundingFilter(results, names=NAMES)
    if chunks is None:
        return f.feed(text) + f.flush()
    out, i = [], 0
    for n in chunks:
        out.append(f.feed(text[i:i + n]))
        i += n
    return "".join(out) + f.feed(text[i:]) + f.flush()


# Issue: "Known for bánh mì on house-baked rolls ..." of Saigon House was read as naming
# Bánh Mì Huế Garden (its first two words), held to that venue's dishes and replaced by its line.
@pytest.mark.parametrize(("other", "sentence"), [
    ("Bánh Mì Huế Garden", "Unlike a bánh mì counter, it seats 150 guests."),
    ("Kitchen at Foundry", "There is an open kitchen at the back, and it seats 150."),
    ("The Red Oak", "The red wine comes by the glass, and it can host up to 150 guests."),
    ("Tavern on Mercer", "It feels like a tavern on a quiet corner and seats 150."),
    ("The Lantern Room", "ask for the lantern corner, it is in fishtown"),
    ("The Oyster House on 2nd", "its more like the oyster house crowd, seats 150 peple."),
])
def test_words_that_share_a_venues_short_name_do_not_stand_for_it(other: str,
                                                                   sentence: str) -> None:
    text = f"{CEDAR.name} is in {CEDAR.neighborhood.label}. {sentence}"
    assert _filtered(text, [CEDAR.id, BY_NAME[other].id]) == text


def test_a_short_name_written_as_the_name_writes_it_still_counts() -> None:
    pier = BY_NAME["Pier 9 Raw Bar"]
    text = f"{CEDAR.name} is in {CEDAR.neighborhood.label}. Pier 9 seats {pier.seats + 11}."
    out = _filtered(text, [CEDAR.id, pier.id])
    assert out == f"{CEDAR.name} is in {CEDAR.neighborhood.label}. {pier.line()}"


def _elsewhere(venue: Venue) -> str:
    return next(n.label for n in Neighborhood if n is not venue.neighborhood
                and not n.covers(venue.neighborhood.value)
                and not venue.neighborhood.covers(n.value))


def test_a_line_the_answer_gave_is_not_given_again() -> None:
    text = f"{CEDAR.line()}\n{CEDAR.name} is in {_elsewhere(CEDAR)}. Shall I book it?"
    assert _filtered(text, [CEDAR.id]) == f"{CEDAR.line()}\nShall I book it?"


def test_a_line_a_note_gave_is_not_written_again() -> None:
    text = f"- {CEDAR.name} is in {_elsewhere(CEDAR)}.\n- {CEDAR.line()}\nShall I book it?"
    assert _filtered(text, [CEDAR.id]) == f"- {CEDAR.line()}\nShall I book it?"


def _units(text: str) -> list[str]:
    """The text's sentences, headings and rows, list markers and outer space off."""
    scanner = UnitScanner()
    pieces = scanner.feed(text) + scanner.finish()
    return [p.text.strip().removeprefix("- ") for p in pieces
            if p.kind is not PieceKind.SEPARATOR]


def _explained(out: list[str], given: list[str], notes: dict[str, list[str]]) -> bool:
    """The slow, obvious reading: `out` is some of `given`, each at most once and in order,
    with whole notes (a result venue's catalogue line, each at most once) put in between."""
    @cache
    def fits(i: int, j: int, used: frozenset[str]) -> bool:
        if i == len(out):
            return True
        if any(out[i] == given[k] and fits(i + 1, k + 1, used) for k in range(j, len(given))):
            return True
        return any(venue_id not in used and out[i:i + len(line)] == line
                   and fits(i + len(line), j, used | {venue_id})
                   for venue_id, line in notes.items())
    return fits(0, 0, frozenset())


def _sentence(venue: Venue, kind: int, outsider: Venue) -> str:
    return [
        f"**{venue.name}** is in {venue.neighborhood.label}.",
        f"{venue.name} seats {venue.seats}, and it costs {'$' * venue.price_level}.",
        f"{venue.name} is in {_elsewhere(venue)}.",
        f"{venue.name} seats {venue.seats + 13}.",
        venue.line(),
        f"It seats {venue.seats + 500}.",
        f"You could also try {outsider.name}.",
        "Want me to shortlist one of them?",
    ][kind]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, len(CATALOGUE) - 1), min_size=1, max_size=3, unique=True),
       st.lists(st.tuples(st.integers(0, 2), st.integers(0, 7), st.booleans()),
                min_size=1, max_size=8),
       st.lists(st.integers(1, 40), max_size=30))
def test_the_answer_is_the_inputs_sentences_in_order_and_its_own_notes_never_twice(
    picks: list[int], items: list[tuple[int, int, bool]], chunks: list[int]
) -> None:
    venues = [CATALOGUE[i] for i in picks]
    outsider = next(v for v in CATALOGUE if v not in venues)
    text = ""
    for which, kind, new_item in items:
        sentence = _sentence(venues[which % len(venues)], kind, outsider)
        text += ("\n- " if new_item else " ") + sentence if text else sentence
    results = [v.id for v in venues]
    out = _filtered(text, results)
    assert _filtered(text, results, chunks) == out
    given_units, out_units = _units(text), _units(out)
    notes = {v.id: _units(v.line()) for v in venues}
    assert _explained(out_units, given_units, notes), (text, out)
    for v in venues:  # a venue's line: once, or as often as the answer itself wrote it
        head = notes[v.id][0]
        assert Counter(out_units)[head] <= max(1, Counter(given_units)[head]), (text, out)
