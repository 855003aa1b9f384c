"""Answer sentences about venues are checked against the session's search results: dropped,
replaced by the catalogue's line, or kept; streaming-safe and failing open."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from chat_turns import new_session, turn
from google.adk.runners import InMemoryRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st
from metric_points import metric_points
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from scripted_llm import Call, Chunks, ScriptedLlm

from draftguard_adk.dedupe import DuplicateFilterPlugin
from event_planning.agent import build_app
from event_planning.catalog import Cuisine, Neighborhood, PriceLevel, Venue, load_catalog, search
from event_planning.response_grounding import grounding_links
from event_planning.state_keys import RESULTS_KEY
from event_planning.venue_grounding import (
    SentenceAction,
    SentenceVerdict,
    VenueGroundingFilter,
    VenueNames,
    judge_sentence,
)

NAMES = VenueNames(load_catalog())
RESULTS = search(cuisine=Cuisine.ITALIAN, neighborhood=Neighborhood.SOUTH_PHILLY,
                 price_level=PriceLevel.UPSCALE)
IDS = [v.id for v in RESULTS]
FIRST = RESULTS[0]
OUTSIDER = next(v for v in load_catalog() if v.id not in IDS and v.cuisine is Cuisine.ITALIAN)
OTHER_HOOD = next(n for n in Neighborhood if n is not Neighborhood.SOUTH_PHILLY
                  and not Neighborhood.SOUTH_PHILLY.covers(n.value))
OPEN_DAY = next(d for d in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                            "sunday") if d not in FIRST.closed_on)


def _judge(sentence: str, results: list[str] = IDS) -> SentenceVerdict:
    return judge_sentence(sentence, results, NAMES, shown_lines=set())


def _filtered(text: str, chunks: list[int] | None = None, results: list[str] = IDS) -> str:
    f = VenueGroundingFilter(results, names=NAMES)
    if chunks is None:
        return f.feed(text) + f.flush()
    out, i = [], 0
    for n in chunks:
        out.append(f.feed(text[i:i + n]))
        i += n
    out.append(f.feed(text[i:]))
    return "".join(out) + f.flush()


@pytest.mark.parametrize("sentence", [
    f"{FIRST.name} is a Spanish restaurant in Queenville.",
    f"{FIRST.name} is a lovely spot in {OTHER_HOOD.label}.",
    f"{FIRST.name} is {'$' * (FIRST.price_level % 4 + 1)}.",
    f"{FIRST.name} seats {FIRST.seats + 7} guests.",
    f"{FIRST.name} can host up to {FIRST.seats + 100} people.",
    f"{FIRST.name} is closed on {OPEN_DAY.title()}s.",
    f"{FIRST.name} serves great {next(c for c in Cuisine if c is not FIRST.cuisine).value} food.",
])
def test_a_contradicted_fact_is_replaced_by_the_catalogue_line(sentence: str) -> None:
    verdict = _judge(sentence)
    assert verdict.action is SentenceAction.REPLACED, verdict
    assert verdict.text == FIRST.line()


def _said(flag: bool) -> str:
    return "" if flag else " not"


@pytest.mark.parametrize(("feature", "has"), [
    ("BYOB", FIRST.byob),
    ("wheelchair accessible", FIRST.wheelchair_accessible),
])
def test_a_feature_the_catalogue_records_is_held_to_it(feature: str, has: bool) -> None:
    true = f"{FIRST.name} is{_said(has)} {feature}."
    false = f"{FIRST.name} is{_said(not has)} {feature}."
    assert _judge(true).action is SentenceAction.KEPT
    assert _judge(false).action is SentenceAction.REPLACED


def test_a_patio_and_a_private_room_are_the_catalogues() -> None:
    patio = f"{FIRST.name} has a lovely patio for summer evenings."
    room = f"{FIRST.name} has a private room upstairs."
    assert (_judge(patio).action is SentenceAction.KEPT) is FIRST.outdoor_seating
    assert (_judge(room).action is SentenceAction.KEPT) is (FIRST.private_room_seats > 0)


def test_a_condition_names_no_fact() -> None:
    sentence = f"You might prefer {FIRST.name} if a splurge is off the table and you want BYOB."
    assert _judge(sentence).action is SentenceAction.KEPT


def test_a_venue_outside_the_results_is_dropped() -> None:
    assert _judge(f"You could also try {OUTSIDER.name}.").action is SentenceAction.DROPPED
    assert _judge(f"{FIRST.name} is lovely.", results=[]).action is SentenceAction.DROPPED


def test_an_invented_bold_or_subject_name_is_dropped() -> None:
    assert _judge("1. **Casa Ferro Nueva** - tapas for groups.").action is SentenceAction.DROPPED
    assert _judge("Golden Gate Grill offers a private room.").action is SentenceAction.DROPPED


@pytest.mark.parametrize("sentence", [
    "Here are some upscale Italian places in South Philly for your group of 8.",
    f"**{FIRST.name}** is in {FIRST.neighborhood.label} and costs {'$' * FIRST.price_level}.",
    f"{FIRST.name} seats {FIRST.seats} and has a private room for {FIRST.private_room_seats}.",
    f"{FIRST.name} is in South Philly.",  # the district covers its neighbourhood
    "Want me to shortlist one of them?",
    "**Note:** prices are per person.",
])
def test_true_or_venue_free_sentences_are_kept(sentence: str) -> None:
    assert _judge(sentence) == SentenceVerdict(SentenceAction.KEPT, sentence)


def test_longest_name_wins_among_overlapping_ones() -> None:
    catalogue = {v.name: v for v in load_catalog()}
    long, short = catalogue["Bánh Mì Saigon House"], catalogue["Saigon House"]
    [(venue, _, _)] = NAMES.named("We loved Banh Mi Saigon House last time.")
    assert venue is long
    [(venue, _, _)] = NAMES.named("We loved Saigon House last time.")
    assert venue is short


def test_a_list_item_keeps_its_marker_and_each_line_is_given_once() -> None:
    text = (f"1. {FIRST.name} is in {OTHER_HOOD.label}.\n"
            f"2. {FIRST.name} is a Korean place.\n"
            f"3. You could also try {OUTSIDER.name}.\n"
            "Shall I shortlist it?")
    assert _filtered(text) == f"1. {FIRST.line()}\nShall I shortlist it?"


def test_only_the_unfinished_sentence_is_held_back() -> None:
    f = VenueGroundingFilter(IDS, names=NAMES)
    shown = f.feed(f"{FIRST.name} is in {FIRST.neighborhood.label}. It is also")
    assert shown.startswith(f"{FIRST.name} is in {FIRST.neighborhood.label}.")
    assert "It is also" not in shown
    assert shown + f.feed(" lovely.") + f.flush() == (
        f"{FIRST.name} is in {FIRST.neighborhood.label}. It is also lovely.")


ANSWER = (f"Here are your options.\n\n1. **{FIRST.name}** is in {OTHER_HOOD.label}.\n"
          f"2. **{RESULTS[1].name}** ({RESULTS[1].neighborhood.label}, "
          f"{'$' * RESULTS[1].price_level}).\n3. **Casa Ferro Nueva**, tapas.\n"
          f"Try {OUTSIDER.name} too. Want me to shortlist one?")


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(1, 25), max_size=40))
def test_any_chunking_gives_the_same_answer(chunks: list[int]) -> None:
    assert _filtered(ANSWER, chunks) == _filtered(ANSWER)


def _true_sentence(venue: Venue, pick: list[int]) -> str:
    facts = [
        f"is in {venue.neighborhood.label}",
        f"serves {venue.cuisine.label} food",
        f"costs {'$' * venue.price_level}",
        f"seats {venue.seats}",
        f"has a private room that seats {venue.private_room_seats}",
        ("is closed on " + " and ".join(d.title() for d in venue.closed_on)
         if venue.closed_on else "is open every day"),
        f"can host up to {venue.seats} guests",
    ]
    chosen = [facts[i % len(facts)] for i in pick] or facts[:1]
    return f"**{venue.name}** " + ", and it ".join(chosen) + "."


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, len(load_catalog()) - 1), min_size=1, max_size=5),
       st.lists(st.lists(st.integers(0, 6), max_size=4), min_size=1, max_size=5))
# Saigon House's "Known for bánh mì on house-baked rolls ..." was read as naming Bánh Mì Huế
# Garden by its first words, replaced by that venue's line, which then came twice.
@example(picks=[35, 39], facts=[[]])
def test_sentences_with_only_result_venues_and_their_facts_are_never_changed(
    picks: list[int], facts: list[list[int]]
) -> None:
    catalogue = load_catalog()
    venues = [catalogue[i] for i in picks]
    text = "\n".join(f"- {_true_sentence(v, f)}" for v, f in zip(venues, facts, strict=False))
    text += "\n" + " ".join(v.line() for v in venues)
    assert _filtered(text, results=[v.id for v in venues]) == text


class _Boom:
    def __init__(self) -> None:
        self.errors: list[BaseException] = []

    def on_sentence(self, verdict: SentenceVerdict, sentence: str) -> None:
        raise RuntimeError("observer down")

    def on_error(self, error: BaseException) -> None:
        self.errors.append(error)


def test_an_internal_error_lets_the_text_through() -> None:
    boom = _Boom()
    f = VenueGroundingFilter(IDS, names=NAMES, observer=boom)
    chunks = [ANSWER[:30], ANSWER[30:90], ANSWER[90:]]
    assert "".join(f.feed(c) for c in chunks) + f.flush() == ANSWER
    assert [str(e) for e in boom.errors] == ["observer down"]


# The app: search by the model, then a streamed answer through both filters.

async def _run_app(answer_chunks: list[str], provider: MeterProvider) -> tuple[str, str, str,
                                                                             dict[str, Any]]:
    model = ScriptedLlm([
        Call("search_venues", {"cuisine": "italian", "price_level": "$$$",
                               "neighborhood": "south_philly"}),
        Chunks(answer_chunks),
    ])
    plugin = DuplicateFilterPlugin(also=lambda ctx: grounding_links(ctx, provider=provider))
    runner = InMemoryRunner(app=build_app(model, plugins=[plugin]))
    sid = await new_session(runner)
    partial, final = [], ""
    # Two cuisines and no party size or day: not clear enough for the code search.
    message = "Italian or Thai, upscale, in South Philly, what do you suggest?"
    for event in await turn(runner, sid, message, stream=True):
        text = "".join(p.text or "" for p in (event.content.parts if event.content else []))
        if event.partial:
            partial.append(text)
        elif text:
            final = text
    stored = await runner.session_service.get_session(app_name="event_planning", user_id="u",
                                                      session_id=sid)
    assert stored is not None and model.remaining == 0
    stored_text = "".join(p.text or "" for e in stored.events
                          if e.content and e.author == "event_planning"
                          for p in e.content.parts or [] if p.text)
    return "".join(partial), final, stored_text, dict(stored.state)


async def test_the_app_streams_grounded_answers_and_counts_them() -> None:
    reader = InMemoryMetricReader()
    provider = MeterProvider(metric_readers=[reader])
    chunks = [ANSWER[i:i + 13] for i in range(0, len(ANSWER), 13)]
    partial, final, stored, state = await _run_app(chunks, provider)
    assert state[RESULTS_KEY] == IDS
    expected = _filtered(ANSWER)
    assert FIRST.line() in expected and OUTSIDER.name not in expected
    assert "Casa Ferro" not in expected and RESULTS[1].name in expected
    # The partials showed all but the unfinished last sentence; the final carries it all.
    assert final == expected and stored == expected
    assert expected.startswith(partial) and FIRST.line() in partial
    counts = {p.attributes["action"]: p.value for p in metric_points(reader)
              ["venue_grounding_sentences"]}
    assert counts == {"kept": 3, "replaced": 1, "dropped": 2}


async def test_the_app_fails_open(monkeypatch: pytest.MonkeyPatch,
                                  caplog: pytest.LogCaptureFixture) -> None:
    def broken(self: VenueGroundingFilter, piece: Any) -> str:
        raise RuntimeError("forced grounding failure")

    monkeypatch.setattr(VenueGroundingFilter, "_judge", broken)
    reader = InMemoryMetricReader()
    provider = MeterProvider(metric_readers=[reader])
    chunks = [ANSWER[i:i + 17] for i in range(0, len(ANSWER), 17)]
    with caplog.at_level(logging.ERROR):
        partial, final, _, _ = await _run_app(chunks, provider)
    assert final == ANSWER and ANSWER.startswith(partial) and OUTSIDER.name in partial
    assert sum(p.value for p in metric_points(reader)["venue_grounding_errors"]) == 1
    assert any("forced grounding failure" in r.getMessage() for r in caplog.records)


# Issue 25, class 10: invented venue facts after a real search, in words as in digits.
def test_a_pronoun_speaks_of_the_venue_named_last() -> None:
    hood = OTHER_HOOD.label
    text = (f"{FIRST.name} is a fine pick. It is in {hood}, seats 500 and is open every "
            f"{'Sunday' if 'sunday' in FIRST.closed_on else 'Monday'}. It seats {FIRST.seats}.")
    out = _filtered(text)
    assert out.startswith(f"{FIRST.name} is a fine pick.")
    assert hood not in out and "500" not in out
    assert out.endswith(f"It seats {FIRST.seats}.")


@pytest.mark.parametrize("sentence", [
    f"{FIRST.name} seats five hundred.",
    f"{FIRST.name} seats {'four' if FIRST.seats != 4 else 'three'} hundred and twenty.",
])
def test_a_count_in_words_is_read_as_digits(sentence: str) -> None:
    assert _judge(sentence).action is SentenceAction.REPLACED


def test_a_count_in_words_that_is_true_stands() -> None:
    from draftguard.text import number_names  # noqa: F401  (small counts only)

    words = {40: "forty", 48: "forty-eight", 60: "sixty", 72: "seventy-two", 90: "ninety",
             120: "one hundred and twenty", 150: "one hundred and fifty", 36: "thirty-six",
             28: "twenty-eight"}
    if FIRST.seats in words:
        assert _judge(f"{FIRST.name} seats {words[FIRST.seats]}.").action is \
            SentenceAction.KEPT


@pytest.mark.parametrize("sentence", [
    "Golden Gate Grill seats 500.",
    "Golden Gate Grill holds 40 people on Fridays.",
    "Silver Birch Grill next door can fit 300 of you too.",   # a modal and a bare verb
    "Harbour Lantern can host 80 guests.",
])
def test_an_invented_name_as_the_subject_of_any_verb_is_dropped(sentence: str) -> None:
    assert _judge(sentence).action is SentenceAction.DROPPED


def test_a_price_in_words_two_steps_off_is_replaced() -> None:
    far = "cheap" if FIRST.price_level >= 3 else "a splurge"
    assert _judge(f"{FIRST.name} is {far}.").action is SentenceAction.REPLACED


@pytest.mark.parametrize(("words", "feature"), [
    ("step-free access", "wheelchair_accessible"),
    ("open-air tables", "outdoor_seating"),
])
def test_a_hyphenated_feature_word_is_held_to_the_catalogue(words: str, feature: str) -> None:
    venue = next(v for v in load_catalog() if not getattr(v, feature))
    assert _judge(f"{venue.name} has {words}.", [venue.id]).action is SentenceAction.REPLACED
    kept = next(v for v in load_catalog() if getattr(v, feature))
    assert _judge(f"{kept.name} has {words}.", [kept.id]).action is SentenceAction.KEPT


def test_shut_on_a_day_it_opens_is_replaced_and_the_days_it_closes_stand() -> None:
    assert _judge(f"{FIRST.name} is shut on {OPEN_DAY.title()}s.").action \
        is SentenceAction.REPLACED
    closes = next(v for v in load_catalog() if v.closed_on)
    day = closes.closed_on[0].title()
    assert _judge(f"{closes.name} is shut on {day}s.", [closes.id]).action \
        is SentenceAction.KEPT


def test_costs_more_or_less_than_another_venue_is_held_to_their_levels() -> None:
    cheap, dear = (next(v for v in load_catalog() if v.price_level == n) for n in (1, 4))
    ids = [cheap.id, dear.id]
    for sentence, holds in ((f"{dear.name} costs more than {cheap.name}.", True),
                            (f"{cheap.name} costs more than {dear.name}.", False),
                            (f"{cheap.name} costs less than {dear.name}.", True),
                            (f"{dear.name} costs less than {cheap.name}.", False)):
        kept = _judge(sentence, ids).action is SentenceAction.KEPT
        assert kept is holds, sentence
