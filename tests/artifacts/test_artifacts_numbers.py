"""Quantities and dates in quizzes: the answer's own phrase with other values, the text's
values first, never the answer itself or a piece of it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from draftguard.artifacts._candidates import build_candidates
from draftguard.artifacts._numbers import number_value, numbers_in, with_values
from draftguard.artifacts._questions import CLOZE_PREFIX
from draftguard.sources._chunking import chunk_text

FIRE = """# The Great Fire of London

The fire began on 2 September 1666 in a bakery on Pudding Lane. It burned for four days and
destroyed about 13,200 houses. Only six deaths were recorded. The new St Paul's Cathedral was
finished in 1711.
"""


def test_a_count_keeps_its_words_and_style() -> None:
    assert with_values("about 13,200 houses", [], 3) == [
        "about 6,600 houses", "about 26,400 houses", "about 16,500 houses"]
    assert with_values("ninety-two steps", [11.0, 4.0], 2) == ["eleven steps", "forty-six steps"]
    assert with_values("Eleven", [], 1) == ["Twenty-two"]


def test_the_texts_own_values_come_first_a_year_only_for_a_year() -> None:
    assert with_values("in 1796", [1980.0, 12.0, 1800.0], 3) == ["in 1800", "in 1980", "in 1786"]
    assert with_values("four days", [1666.0, 6.0], 1) == ["six days"]


def test_no_option_is_a_piece_of_the_answer() -> None:
    assert "6 °C" not in with_values("60 °C", [6.0, 30.0], 3)


def test_no_numeral_no_options() -> None:
    assert with_values("the next morning", [3.0], 3) == []
    assert number_value("the next morning") is None


def _slow_values(text: str) -> list[float]:
    """The obvious reference: digits with optional commas, word by word."""
    out: list[float] = []
    for word in text.replace(".", " ").split():
        digits = word.replace(",", "")
        if digits.isdigit() and float(digits) not in out:
            out.append(float(digits))
    return out


@given(st.lists(st.integers(min_value=1, max_value=999_999), min_size=1, max_size=6))
def test_numbers_in_reads_every_written_count(values: list[int]) -> None:
    text = " and ".join(f"{v:,} sheep" for v in values) + "."
    assert numbers_in([text]) == _slow_values(text)


@given(st.integers(min_value=2, max_value=5000), st.lists(st.integers(1, 5000), max_size=5))
def test_options_are_other_values_of_the_same_phrase(value: int, text: list[int]) -> None:
    answer = f"about {value:,} houses"
    options = with_values(answer, [float(v) for v in text], 3)
    assert len(options) == len(set(options)) == 3
    for option in options:
        assert option.startswith("about ") and option.endswith(" houses")
        assert option != answer and number_value(option) != value


def test_a_quiz_asks_for_the_counts_and_dates_the_text_gives() -> None:
    quiz = build_candidates("quiz", chunk_text(FIRE, source="post"))
    clozes = {c.item["correct_answer"]: c.item for c in quiz
              if c.item["question"].startswith(CLOZE_PREFIX)}
    assert "about 13,200 houses" in clozes
    houses = clozes["about 13,200 houses"]["options"]
    assert all(o.startswith("about ") and o.endswith(" houses") for o in houses)
    best = min(quiz, key=lambda c: c.rank)
    assert number_value(best.item["correct_answer"]) is not None


def test_a_quiz_on_a_text_full_of_figures_still_asks_about_its_ideas() -> None:
    from pathlib import Path

    from draftguard.artifacts._picking import listed, settle_picks
    from draftguard.artifacts._questions import MAX_COUNTED

    post = Path(__file__).parent.parent / "data" / "artifacts" / "posts" / "05_compost.md"
    quiz = build_candidates("quiz", chunk_text(post.read_text(encoding="utf-8"),
                                               source="post"))
    counted = [c for c in quiz if number_value(c.item["correct_answer"]) is not None]
    assert len(counted) > MAX_COUNTED  # the text has more figures than a quiz should ask
    picked, _ = settle_picks(None, listed(quiz, 4), 4)
    figures = [c for c in picked if number_value(c.item["correct_answer"]) is not None]
    assert len(picked) == 4 and len(figures) <= MAX_COUNTED


def test_counts_written_in_words_keep_their_scale() -> None:
    assert number_value("more than a hundred stairways") == 100
    assert number_value("around two million flowers") == 2_000_000
    assert with_values("more than a hundred stairways", [], 3) == [
        "more than two hundred stairways", "more than three hundred stairways",
        "more than five hundred stairways"]
    assert with_values("a dozen loaves", [], 2) == ["two dozen loaves", "three dozen loaves"]
    # a scaled count with no neighbour among the plain words still gets three options
    assert with_values("fifty thousand bees", [], 3) == [
        "twenty-five thousand bees", "sixty-two thousand bees", "thirty-eight thousand bees"]
    assert with_values("about 2.45 billion", [], 2) == ["about 1.23 billion",
                                                        "about 4.90 billion"]
    # never "around 2 flowers", nor a value that loses the "million"
    assert all(o.startswith("around ") and o.endswith(" million flowers")
               for o in with_values("around two million flowers", [5.0, 30.0], 3))


HONEY = """# How bees make honey

A worker bee lives for about six weeks in summer. In that time she makes only a little honey.
A single jar needs the nectar of around two million flowers. The bakers used a dozen jars of
honey for the fair. The old hive held more than a hundred frames of comb.
"""


def test_a_quiz_asks_for_counts_written_in_words_whole() -> None:
    quiz = build_candidates("quiz", chunk_text(HONEY, source="post"))
    answers = {c.item["correct_answer"]: c.item["options"] for c in quiz}
    assert "around two million flowers" in answers
    assert "a dozen jars" in answers
    assert "more than a hundred frames" in answers
    assert sorted(answers["a dozen jars"]) == sorted(
        ["a dozen jars", "two dozen jars", "three dozen jars", "five dozen jars"])
    # no answer cuts the number off its scale word or its article
    assert not any(a in {"two", "million", "dozen jars", "hundred frames", "two million"}
                   for a in answers)
    # a count inside another noun's phrase is not asked as if the verb counted it
    assert not any("need the nectar?" in c.item["question"] for c in quiz)
    assert "How many frames of comb did the old hive hold?" in {
        c.item["question"] for c in quiz}
