"""The blogger in chat: a draft with an outline goes to the split loop by code (no routing
call to the model), and the next turn is the coordinator's again."""

from __future__ import annotations

from chat_turns import new_session, state_of, turn
from google.adk.runners import InMemoryRunner
from scripted_llm import ScriptedLlm

from blogger.agent import build_app
from draftguard_adk.split import state_keys as keys


async def test_a_split_request_goes_to_the_loop_and_the_next_turn_comes_back() -> None:
    model = ScriptedLlm(
        [
            {"ok_ids": [2]},  # the split planner's answer
            "Anything else?",  # the next user turn is the coordinator's again
        ]
    )
    runner = InMemoryRunner(app=build_app(model, plugins=[]))
    sid = await new_session(runner)

    async def say(text: str) -> list[str]:
        return [event.author for event in await turn(runner, sid, text)]

    first = await say("Split this please.\nOUTLINE:\nCats\nDRAFT:\nDogs bark.\n\nCats purr.")
    assert "content_split_checker" in first
    state = await state_of(runner, sid)
    assert state[keys.DRAFT_OK] == "Cats purr."
    assert state[keys.SPLIT_VERDICT]["valid"] is True

    second = await say("Thanks!")
    assert second == ["blogger"]
    assert model.remaining == 0
