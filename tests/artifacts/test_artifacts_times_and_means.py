"""Times of day and their options, stems left whole, and how-questions (issue 24, round 13),
by class: a time's wrong options are other times written as it is ("8:15 a.m.", never
"8:9 a.m."); a day's are days; a question never keeps a piece of the phrase its answer came
out of ("... sharp?", "close at?"); a "by" with a gerund or a bare noun gives "How ...?".
Every passage here was written for these tests."""

from __future__ import annotations

import re
from typing import Any

import pytest

from draftguard.artifacts._candidates import build_candidates
from draftguard.artifacts._numbers import clock_options
from draftguard.sources._chunking import chunk_text

POOL = """# Opening times

The swimming pool opens at 6:30 a.m. on weekdays. The sauna closes at 21:15 every evening.
Lessons for beginners start at 4pm on Mondays. The café serves lunch from 12.15pm until the
kitchen closes. Lifeguards change shifts at 2 P.M. each day."""

FERRY = """# The island ferry

The first ferry leaves the pier at 8:45 a.m. and reaches the island an hour later. On
Sundays the café on the quay opens at 10:30 am. The last boat back sails at 6 p.m. sharp,
whatever the weather. Tickets cost 14 pounds for adults and 7 pounds for children."""

CLUBS = """# Club notices

The football match kicked off at 3pm sharp on the upper pitch. The choir rehearses at
7.30pm in the church hall every Thursday. The library van visits the village at noon
precisely each Tuesday. The gardening club met in March 2019 for the first time."""

VILLAGE = """# How the village coped

The baker kept the bread warm by wrapping it in wool blankets. Most parcels reached the
farms by post. The schoolteacher raised money for a new roof by selling her paintings.
Sailors once found their way home by watching the stars. Our neighbour cleared the snow by
hand. The old chapel was restored by volunteers from the town."""

NOTICE = """# Notice of road closure

The Highways Order, namely the closure of Mill Lane between the bridge and the church,
takes effect on 3 June. The Millbrook Allotment Association, a registered charity, will
keep its gate on Mill Lane open. The culvert beneath the lane collapsed after the February
storms."""

_CLOCK = re.compile(r"^(\d{1,2})([:.](\d{2}))?\s?([ap]\.?m\.?)?", re.IGNORECASE)


def _questions(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("quiz", chunk_text(text, source="post"))]


def _shape(time: str) -> tuple[bool, str, str]:
    m = _CLOCK.match(time)
    assert m is not None, time
    assert m.group(3) is None or int(m.group(3)) < 60, time  # never "8:90 a.m."
    suffix = (m.group(4) or "").lower().replace("a", "x").replace("p", "x")
    return m.group(3) is not None, m.group(2)[:1] if m.group(2) else "", suffix


@pytest.mark.parametrize("text", [POOL, FERRY, CLUBS])
def test_a_time_of_day_is_offered_beside_times_written_as_it_is(text: str) -> None:
    timed = [q for q in _questions(text) if _CLOCK.match(q["correct_answer"])
             and re.search(r"\d[:.]\d\d|\d\s?[ap]\.?m", q["correct_answer"], re.IGNORECASE)]
    assert timed
    for q in timed:
        assert {_shape(o) for o in q["options"]} == {_shape(q["correct_answer"])}, q


@pytest.mark.parametrize(("answer", "wrong"), [
    ("8:45 a.m.", "8:9 a.m."), ("10:30 am", "10:14 am"), ("6 p.m.", "14 p.m."),
    ("7.30pm", "7.90pm"), ("18:30", "18:9"),
])
def test_a_time_never_gets_a_minute_or_hour_the_clock_lacks(answer: str, wrong: str) -> None:
    options = clock_options(answer, ["9", "14", "90"], 5)
    assert options is not None and len(options) == 5
    assert wrong not in options
    assert all(_shape(o) == _shape(answer) for o in options)


def test_a_day_is_offered_beside_days_or_not_asked() -> None:
    for q in _questions(CLUBS):
        if q["correct_answer"] in {"Thursday", "Tuesday"}:
            assert not any(any(ch.isdigit() for ch in o) for o in q["options"]), q


@pytest.mark.parametrize("text", [POOL, FERRY, CLUBS, NOTICE])
def test_a_question_keeps_no_piece_of_its_answer_s_phrase(text: str) -> None:
    for q in _questions(text):
        stem = q["question"]
        # "When did the match kick off at sharp?", "When does the sauna close at?"
        assert not re.search(r"\b(at|on|in|sharp|precisely)\?$", stem), stem
        assert " at sharp" not in stem
        # an apposition inside a turned-around subject: "What will the Association, a
        # registered charity keep ...?"
        assert not re.search(r"^(What|When|Where) \w+ [^?]*, [^?]*\?$", stem) or \
            stem.startswith("Which words"), stem


def test_the_questions_on_a_time_ask_when() -> None:
    asked = {q["question"]: q["correct_answer"] for q in _questions(CLUBS + "\n")}
    assert asked.get("When did the football match kick off?") == "3pm"


@pytest.mark.parametrize(("question", "answer"), [
    ("How did the baker keep the bread warm?", "by wrapping it in wool blankets"),
    ("How did most parcels reach the farms?", "by post"),
    ("How did the schoolteacher raise money for a new roof?", "by selling her paintings"),
    ("How did sailors find their way home?", "by watching the stars"),
    ("How did our neighbour clear the snow?", "by hand"),
])
def test_a_means_is_asked_how(question: str, answer: str) -> None:
    asked = {q["question"]: q for q in _questions(VILLAGE)}
    assert asked[question]["correct_answer"] == answer
    # its wrong options are other means of the text, put the same way
    assert all(o.startswith("by ") for o in asked[question]["options"])


def test_who_did_it_is_no_means() -> None:
    # "restored by volunteers" names who restored it: no "How was the old chapel restored?"
    assert not any(q["question"].startswith("How was") for q in _questions(VILLAGE))


FARM = """# A year on the farm

In spring the ewes give birth in the lambing shed. At dawn the farmer walks the boundary
fence. The swallows leave the barn in autumn. At dusk the bats hunt moths over the pond. In
winter the cattle stay inside the byre. The engineers cleared the track with chainsaws.
The ferry reached the island just in time."""


def test_a_time_a_common_noun_names_is_asked_when_not_where() -> None:
    questions = _questions(FARM)
    # "at dawn" says when: never "Where does the farmer walk the boundary fence?"
    assert not any(q["question"].startswith("Where") and q["correct_answer"].lower() in {
        "at dawn", "at dusk", "in spring", "in winter", "in autumn"} for q in questions)
    when = {q["question"]: q for q in questions if q["question"].startswith("When")}
    assert not any(q["correct_answer"] in {"time", "in time"} for q in when.values())
    assert when["When does the farmer walk the boundary fence?"]["correct_answer"] == "dawn"
    for q in when.values():  # a season or a time of day beside its like, never a tool
        assert not set(q["options"]) & {"chainsaws", "track", "barn", "byre"}, q


WINTER = """# The long winter

The blizzard raged for three days without a break. The snowplough worked for 18 hours a
day. The old bakery stayed open for six weeks. Nobody could reach the farm for a month."""


@pytest.mark.parametrize(("question", "answer"), [
    ("How long did the snowplough work?", "18 hours"),
    ("How long did the old bakery stay open?", "six weeks"),
])
def test_a_span_of_time_with_its_value_is_asked_how_long(question: str, answer: str) -> None:
    asked = {q["question"]: q for q in _questions(WINTER)}
    assert asked[question]["correct_answer"] == answer
    unit = answer.split()[-1]
    assert all(o.endswith(" " + unit) and o != answer for o in asked[question]["options"]
               if o != answer)


TRICKS = """# Small tricks

Maya opened the old padlock by bending a hairpin into a hook. Tariq mended the broken gate
with wire from the shed. Farmers kept the frost off their vines by lighting small fires.
Engineers tested the bridge by driving loaded lorries across it."""


@pytest.mark.parametrize("name", ["Maya", "Tariq"])
def test_a_name_that_opens_its_sentence_keeps_its_capital(name: str) -> None:
    questions = [q["question"] for q in _questions(TRICKS)]
    assert any(name in q for q in questions)
    assert not any(f" {name.lower()} " in q for q in questions)
