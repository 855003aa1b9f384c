"""Facts, venue facts, acts, impossible acts and a check's findings said in other words
(bench/data/claims_corpus_reworded.json), through the guards the apps run: each sentence is
kept or removed as labelled. Sentences written for these tests in words unlike the misses
they stand for; those the guard still gets wrong are marked xfail with the reason."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from draftguard.claims import ClaimGuard, SessionFacts, TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._outcomes import told_done
from draftguard.language import parse

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from bench_claims import guarded_removes, record_of

CORPUS = Path(__file__).resolve().parents[2] / "bench" / "data" / "claims_corpus_reworded.json"
RECORDS: list[dict[str, Any]] = json.loads(CORPUS.read_text(encoding="utf-8"))
#: Sentences the guard still gets wrong, with why (docs/claims.md, Limits).
LEFT: dict[str, str] = {
    'You cycle to the market every single day before work.': "a habit's frequency is not read",
    'I added that you ride whatever the weather.':
        'what an edit added, in other words than its text',
    'It says you cycle with your two sisters.': 'a count of people the post names one of',
    'I think I managed to keep a table for you at The Mercer.':
        "an act under 'managed to', hedged by 'I think'",
    'Your post is out there now for the world to read!': 'a state of publishing in other words',
    'According to the checker you should list prices for each stall.': 'advice put to a check',
    'It also flagged that there is no section on opening hours.': "a finding of 'it', the check",
    'Another thing it picked up on was the missing parking info.': 'a finding in a phrasal verb',
    'The one you kept is $$$.': 'the shortlisted venue named by what was done to it',
    'Kensington is a neighbourhood in Philadelphia.':
        "a place of the world said of the post's place",
    'Nurses like Priya often work night shifts, which is why she buys the rye.':
        "general talk naming the post's person",
    'Kensington is famous for the bakery where you park your car.':
        "general talk naming the post's place",
}
_GUARD = ClaimGuard()


def _cases() -> list[Any]:
    cases = []
    for item in RECORDS:
        for sentence, label, _ in item["sentences"]:
            marks = [pytest.mark.xfail(strict=True, reason=LEFT[sentence])] \
                if sentence in LEFT else []
            cases.append(pytest.param(item["record"], sentence, label, marks=marks,
                                      id=f"{item['record']['id']}:{sentence[:40]}"))
    return cases


@pytest.mark.parametrize(("raw", "sentence", "label"), _cases())
def test_the_person_sees_only_what_the_record_backs(raw: dict[str, Any], sentence: str,
                                                    label: str) -> None:
    record = record_of(raw)
    removed, _ = guarded_removes(_GUARD, raw, record, sentence)
    # ... and the reply filter's own readings (an act or outcome told by likeness)
    removed = removed or guard_reply(sentence, record, guard=_GUARD).text != sentence
    assert removed is (label == "remove")


@pytest.mark.parametrize(("sentence", "told"), [
    ("The opening is strong: it starts with the finish line.", False),
    ("The post reads smoothly from start to end.", False),
    ("Philly is famous for its soft pretzels.", False),
    ("Saturday nights tend to get busy.", False),
    ("The scan turned up two typos.", True),
    ("Your table got locked in for Friday.", True),
    ("It scores 64 on the readability test.", True),
    ("The details are with everyone now.", True),
])
def test_only_a_sentence_told_as_done_pays_for_the_outcome_likeness(sentence: str,
                                                                    told: bool) -> None:
    assert told_done(parse(sentence, entities=False)) is told


POST = ("# Allotment\n\nMy neighbour Oskar, a plumber, waters the beans when I am away.\n\n"
        "I keep the spare key under the water butt.\n")


@pytest.mark.parametrize(("sentence", "true"), [
    ("Oskar is a plumber.", True),
    ("Your neighbour works as a plumber.", True),
    ("Oskar is a great help.", True),              # an opinion: a noun with an adjective
    ("Oskar is an electrician.", False),
    ("Your neighbour Oskar works as a gardener.", False),
    ("Oskar, who works as a chef, waters the beans.", False),
    ("You keep the spare key under the water butt.", True),
    ("You keep the spare key beneath the doormat.", False),
    ("U keep the spare key in the shed.", False),
])
def test_who_a_person_is_and_where_a_thing_was_done_are_the_posts(sentence: str,
                                                                  true: bool) -> None:
    record = TurnRecord(session=SessionFacts(texts=(POST,), document=POST))
    assert (guard_reply(sentence, record).text == sentence) is true
