"""The blogger in chat: a draft with an outline goes to the split loop by code (no routing
call to the model), and the next turn is the coordinator's again."""

from __future__ import annotations

from google.adk.runners import InMemoryRunner
from google.genai import types
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
    session = await runner.session_service.create_session(app_name="blogger", user_id="u")

    async def say(text: str) -> list[str]:
        authors = []
        async for event in runner.run_async(
            user_id="u",
            session_id=session.id,
            new_message=types.Content(role="user", parts=[types.Part(text=text)]),
        ):
            authors.append(event.author)
        return authors

    first = await say("Split this please.\nOUTLINE:\nCats\nDRAFT:\nDogs bark.\n\nCats purr.")
    assert "content_split_checker" in first
    got = await runner.session_service.get_session(
        app_name="blogger", user_id="u", session_id=session.id
    )
    assert got is not None
    assert got.state[keys.DRAFT_OK] == "Cats purr."
    assert got.state[keys.SPLIT_VERDICT]["valid"] is True

    second = await say("Thanks!")
    assert second == ["blogger"]
    assert model.remaining == 0
