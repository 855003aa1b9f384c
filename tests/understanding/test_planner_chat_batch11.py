"""Several requests in one planner message, as the person sees them (issue 22, batch 11's
classes; new messages, never the held-out ones): each runs in order through the same tool
path, and one reply tells of all of them; a day counted from a holiday reaches the search."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from chat_turns import calls_of, converse, state_of, text_of
from google.adk.runners import InMemoryRunner

from draftguard.language import language_installed
from event_planning.state_keys import SHORTLIST_KEY

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")

#: A Saturday.
SATURDAY = date(2027, 11, 20)


async def _converse(*said: str) -> tuple[InMemoryRunner, str, list[list[Any]]]:
    return await converse(SATURDAY, *said)


async def test_a_swap_then_the_list_runs_each_tool_in_order_with_one_reply() -> None:
    runner, sid, turns = await _converse("thai in old city for 2",
                                         "put Lemongrass Lane on my list",
                                         "hm, switch it for Siam Orchid then show me my list")
    names = [name for name, _ in calls_of(turns[-1])]
    assert names == ["remove_from_shortlist", "add_to_shortlist", "plan_summary"]
    assert (await state_of(runner, sid))[SHORTLIST_KEY] == ["siam-orchid"]
    reply = text_of(turns[-1])
    assert "Siam Orchid" in reply and "{" not in reply


async def test_a_search_and_an_add_in_one_message_both_run() -> None:
    _, _, turns = await _converse("find thai in old city for 2 the friday after xmas, and "
                                  "add Siam Orchid to my list while you're at it")
    calls = calls_of(turns[-1])
    assert [name for name, _ in calls] == ["search_venues", "add_to_shortlist"]
    assert calls[0][1]["date"] == "2027-12-31"
