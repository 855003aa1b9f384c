"""Words an address or a date writes short: the catalogue's "1711 Germantown Ave" is the
venue's "Germantown Avenue", "N 2nd St" is "North 2nd Street", and "Sat" is a Saturday the
record must hold. Both ways: the venue's own street stays, another's is still another's.
New sentences, not the corpus's.
"""

from __future__ import annotations

import pytest

from draftguard.claims import ClaimGuard, TurnRecord
from draftguard.claims._record import ToolRun
from event_planning.catalog import venue_by_id
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts
from event_planning.venue_grounding import SentenceAction, catalogue_names, judge_sentence

FOUND = ["pit-porch", "pit-porch-northern-liberties", "schuylkill-hall"]
RECORD = TurnRecord(claims=PLANNER_TOOL_CLAIMS,
                    session=planner_facts(results=FOUND, shortlist=[]))


def shown(sentence: str, record: TurnRecord = RECORD) -> bool:
    """Whether the planner shows `sentence`: the claim guard, then the venue grounding."""
    if not ClaimGuard().judge(sentence, record).supported:
        return False
    verdict = judge_sentence(sentence, FOUND, catalogue_names(), shown_lines=set(),
                             referent=[])
    return verdict.action is SentenceAction.KEPT


def test_the_catalogue_writes_these_streets_short() -> None:
    addresses = [v.address for i in FOUND if (v := venue_by_id(i)) is not None]
    assert any("Germantown Ave" in a for a in addresses)
    assert any(" N 2nd St" in a for a in addresses)


@pytest.mark.parametrize(("sentence", "true"), [
    ("You'll find Pit & Porch on Germantown Avenue.", True),
    ("Schuylkill Hall sits on North 2nd Street.", True),
    ("Pit & Porch is the one on North 2nd Street.", False),   # the other Pit & Porch's
    ("Schuylkill Hall is on Germantown Avenue.", False),      # Pit & Porch's street
])
def test_a_street_written_out_is_the_catalogues_short_one(sentence: str, true: bool) -> None:
    assert shown(sentence) is true


def test_a_weekday_written_short_is_a_date_of_the_record() -> None:
    plan = ToolRun("plan_summary", {}, {
        "status": "ok", "preferences": {"party_size": 12, "date": "2027-03-06"},
        "shortlist": [], "missing": [], "ready": True})
    record = TurnRecord(runs=(plan,), claims=PLANNER_TOOL_CLAIMS,
                        session=planner_facts(results=FOUND, shortlist=[]))
    guard = ClaimGuard()
    assert guard.judge("Your plan is for Sat, 12 people.", record).supported
    assert not guard.judge("Your plan is for Fri, 12 people.", record).supported
