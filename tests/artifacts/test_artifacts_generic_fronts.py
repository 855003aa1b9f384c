"""A card's front names what the passage is about, never a common abstract word its
sentence needed (issue 24, round 14: "Order: Namely the closure ...", "Association"). Every
passage here was written for these tests. Left: a rarer abstract word ("Patience",
"Attendance", Zipf 4.2) still makes a front; nothing measured here tells it from "storm"."""

from __future__ import annotations

import pytest

from draftguard.artifacts._candidates import build_candidates
from draftguard.sources._chunking import chunk_text

LICHENS = """# Lichens on old walls

Lichens grow on bare stone where nothing else can live. Each lichen is a fungus living with
an alga. The fungus gives shelter and the alga makes sugar from light. Growth is very slow:
a patch may spread a millimetre a year. Lichens are sensitive to sulphur in the air."""

CANAL = """# The canal locks

A lock lifts a boat from one level of the canal to the next. The lock keeper opens the
paddles to let water in. Patience is part of every journey on the canal. The gates are made
of oak and last about twenty years."""

CHOIR = """# Our village choir

The choir meets in the church hall every Tuesday. Our conductor chooses the music for each
season. Practice makes the harmonies steady. The sopranos learn their parts from
recordings. Attendance has grown since the summer concert."""

KILN = """# Firing a pottery kiln

The kiln reaches 1,200 degrees during a glaze firing. Glaze is a thin layer of glass that
melts onto the pot. Success depends on slow cooling. Cracks appear when a pot cools too
fast. Potters leave the kiln shut overnight."""

PIGEONS = """# Racing pigeons

Racing pigeons find their way home over hundreds of miles. Experience teaches a young bird
the route. The loft is the pigeon's home and training ground. Fanciers time each bird with
an electronic ring."""


@pytest.mark.parametrize(("text", "generic"), [
    (LICHENS, "Growth"), (CHOIR, "Practice"), (KILN, "Success"), (PIGEONS, "Experience"),
])
def test_a_common_abstract_word_said_once_is_no_front(text: str, generic: str) -> None:
    fronts = [c.item["front"] for c in build_candidates("flashcards",
                                                        chunk_text(text, source="post"))]
    assert generic.casefold() not in {f.casefold() for f in fronts}, fronts


@pytest.mark.parametrize(("text", "kept"), [
    (LICHENS, "Lichens"), (CANAL, "lock keeper"), (KILN, "Glaze"), (PIGEONS, "loft"),
])
def test_what_the_passage_is_about_stays_a_front(text: str, kept: str) -> None:
    fronts = [c.item["front"] for c in build_candidates("flashcards",
                                                        chunk_text(text, source="post"))]
    assert kept.casefold() in {f.casefold() for f in fronts}, fronts
