"""The labelled corpus (bench/data/claims_corpus.json) through the guards the apps run, and
the streaming filter under any chunking.

The corpus figures are bounds at today's level (docs/claims.md): at most 17 false claims shown
(of 650; the goal of 0 is not met since the fourth batch joined, and the fifth, sixth and
seventh added their own) and at most 7 true sentences removed (of 752; under 2%). The code
before the seventh batch's fixes (d8d809d) shows 41 and removes 12: both bounds fail on it.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.claims import ClaimFilter, ClaimGuard

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from bench_claims import CORPUS, guarded_removes, record_of

RECORDS = json.loads(CORPUS.read_text(encoding="utf-8"))


def test_the_corpus_holds_every_kind_of_sentence() -> None:
    classes = Counter(cls for r in RECORDS for _, _, cls in r["sentences"])
    assert sum(classes.values()) >= 300
    for cls in ("true_action", "false_action", "true_result", "false_result", "true_verdict",
                "false_verdict", "true_fact", "false_fact", "impossible", "hedge", "plan",
                "question", "negation"):
        assert classes[cls] >= 2, cls
    assert {r["record"]["app"] for r in RECORDS} == {"blogger", "planner", "minimal"}


def test_the_guards_meet_todays_figures_on_the_corpus() -> None:
    guard = ClaimGuard()
    false_shown = true_removed = true_total = 0
    for item in RECORDS:
        record = record_of(item["record"])
        for sentence, label, _ in item["sentences"]:
            removed, _ = guarded_removes(guard, item["record"], record, sentence)
            if label == "remove":
                false_shown += not removed
            else:
                true_total += 1
                true_removed += removed
    # Today: 17 false claims shown of 650 (docs/claims.md lists their classes; none of the
    # 28 sentences claims 14 added); 7 true sentences removed of 752.
    assert false_shown <= 17
    assert true_removed <= 7
    assert true_removed <= 0.02 * true_total


REPLY = ("Done! I tightened your introduction and saved it as version 3. Your opening is "
         "strong.\n\n- I also added a conclusion.\n- Want me to check it against a brief?\n")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=len(REPLY)), max_size=8))
def test_any_chunking_shows_the_same_text(cuts: list[int]) -> None:
    record = record_of(RECORDS[0]["record"])  # nothing ran this turn
    whole = ClaimFilter(record)
    expected = whole.feed(REPLY) + whole.flush()
    points = sorted(set(cuts))
    pieces = [REPLY[a:b] for a, b in zip([0, *points], [*points, len(REPLY)], strict=True)]
    chunked = ClaimFilter(record)
    assert "".join(chunked.feed(p) for p in pieces) + chunked.flush() == expected
    assert "version 3" not in expected and "conclusion" not in expected
    assert "Your opening is strong." in expected and "Want me to check it" in expected


def test_the_word_level_pre_screen_never_clears_a_sentence_the_parse_would_remove() -> None:
    # The reference parses every sentence; the guard skips the parse for sentences its
    # pre-screen clears. They must judge every corpus sentence alike.
    guard = ClaimGuard()
    reference = ClaimGuard()
    reference._may_claim = lambda text, record: True  # type: ignore[method-assign]
    cleared = 0
    for item in RECORDS:
        record = record_of(item["record"])
        for sentence, _, _ in item["sentences"]:
            cleared += not guard.parses_for(sentence, record)
            assert guard.judge(sentence, record) == reference.judge(sentence, record), sentence
    assert cleared >= 40  # questions, chat, names the record holds word for word
