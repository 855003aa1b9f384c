"""`ArgumentGuardPlugin` on a small app of its own: rules drop, checks refuse, repeats stop,
code's own calls pass, what the model sent stays on record as sent, and nothing of it goes
through session state (scripted model)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chat_turns import new_session, turn
from google.adk.agents import LlmAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.apps import App
from google.adk.events import Event
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import InMemoryRunner
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext
from google.genai import types
from hypothesis import given, settings
from hypothesis import strategies as st
from scripted_llm import Call, ScriptedLlm

from draftguard.grounding import has_phrase
from draftguard_adk.agents import (
    ArgumentGuardPlugin,
    ArgumentRule,
    CallCheck,
    Refusal,
)
from draftguard_adk.agents._provenance import code_call_id

RAN: list[dict[str, Any]] = []


def order_pie(tool_context: ToolContext, flavour: str | None = None,
              size: str | None = None) -> dict[str, Any]:
    """Order a pie.

    Args:
      flavour: e.g. "apple".
      size: e.g. "large".
    """
    RAN.append({"flavour": flavour, "size": size})
    return {"status": "ok", "flavour": flavour, "size": size}


async def send_note(text: str, tool_context: ToolContext) -> dict[str, Any]:
    """Send a note.

    Args:
      text: the note.
    """
    RAN.append({"text": text})
    return {"status": "sent"}


def _said(value: Any, user_text: str) -> bool:
    return has_phrase(user_text, str(value))


async def _no_shouting(
    tool: BaseTool, args: Mapping[str, Any], tool_context: ToolContext
) -> Refusal | None:
    if str(args.get("text", "")).isupper():
        return Refusal("it is all capitals", {"status": "refused", "error": "all capitals"})
    return None


RULES = [ArgumentRule("order_pie", "flavour", _said, "you never named that flavour"),
         ArgumentRule("order_pie", "size", _said, "you never said a size", show_value=False)]
CHECKS: dict[str, list[CallCheck]] = {"send_note": [_no_shouting]}


def _runner(*turns: Any, show_notes: str = "in_reply", stop_repeats: bool = False,
            before_model: Any = None, max_calls: int | None = None,
            ) -> tuple[InMemoryRunner, ScriptedLlm]:
    RAN.clear()
    model = ScriptedLlm(list(turns))
    agent = LlmAgent(name="baker", model=model, instruction="Take pie orders.",
                     tools=[order_pie, send_note], before_model_callback=before_model)
    guard = ArgumentGuardPlugin(agent="baker", rules=RULES, checks=CHECKS,
                                show_notes=show_notes,  # type: ignore[arg-type]
                                stop_repeats=stop_repeats, max_calls=max_calls)
    return InMemoryRunner(app=App(name="bakery", root_agent=agent, plugins=[guard])), model


async def _say(runner: InMemoryRunner, text: str) -> list[Event]:
    return await turn(runner, await new_session(runner), text)


def _text(events: list[Event]) -> str:
    return "".join(p.text or "" for e in events if e.content and e.author != "user"
                   for p in e.content.parts or [])


def _responses(events: list[Event]) -> list[dict[str, Any]]:
    return [dict(p.function_response.response or {}) for e in events if e.content
            for p in e.content.parts or [] if p.function_response]


def _calls(events: list[Event]) -> list[dict[str, Any]]:
    return [dict(p.function_call.args or {}) for e in events if e.content
            for p in e.content.parts or [] if p.function_call]


async def test_an_argument_the_user_never_gave_is_dropped_and_shown_once() -> None:
    runner, model = _runner(Call("order_pie", {"flavour": "cherry", "size": "huge"}),
                            "Your pie is ordered.")
    events = await _say(runner, "an apple pie please, large")
    assert RAN == [{"flavour": None, "size": None}]
    [answer] = _responses(events)
    assert answer["ignored"] == {"flavour": "flavour='cherry' (you never named that flavour)",
                                 "size": "size (you never said a size)"}
    assert _text(events) == ("Your pie is ordered.\n\n(Ignored: flavour='cherry' (you never "
                             "named that flavour); size (you never said a size))")
    # What the model sent stays on record as it sent it.
    assert _calls(events) == [{"flavour": "cherry", "size": "huge"}]
    assert '"ignored"' in model.prompt_text(1)


async def test_supported_arguments_pass_untouched_and_nothing_is_said() -> None:
    runner, _ = _runner(Call("order_pie", {"flavour": "apple", "size": "large"}), "Done.")
    events = await _say(runner, "An apple pie, large, thanks")
    assert RAN == [{"flavour": "apple", "size": "large"}]
    assert "ignored" not in _responses(events)[0]
    assert _text(events) == "Done."


async def test_a_refused_call_never_runs_and_its_answer_reaches_the_model() -> None:
    runner, model = _runner(Call("send_note", {"text": "HELLO THERE"}), "I did not send it.")
    events = await _say(runner, "send a note saying hello there")
    assert RAN == []
    assert _responses(events) == [{"status": "refused", "error": "all capitals"}]
    assert _text(events).endswith("(Not saved: it is all capitals.)")
    assert '"refused"' in model.prompt_text(1)


async def test_notes_after_the_turn_come_as_their_own_message() -> None:
    runner, _ = _runner(Call("order_pie", {"flavour": "cherry"}), "Ordered.",
                        show_notes="after_turn")
    events = await _say(runner, "a pie please")
    assert _text(events) == "Ordered.Ignored: flavour='cherry' (you never named that flavour)"


async def test_the_same_call_twice_in_a_turn_ends_it() -> None:
    call = Call("order_pie", {"flavour": "apple"})
    runner, _ = _runner(call, call, show_notes="after_turn", stop_repeats=True)
    events = await _say(runner, "an apple pie")
    assert RAN == [{"flavour": "apple", "size": None}]
    assert "already called with these arguments" in _responses(events)[-1]["error"]


async def test_a_turn_runs_at_most_max_calls_of_the_models_calls_and_says_so() -> None:
    notes = [Call("send_note", {"text": f"note {i}"}) for i in range(6)]
    runner, _ = _runner(notes, "Sent them all.", show_notes="after_turn", max_calls=2)
    events = await _say(runner, "send six notes")
    assert RAN == [{"text": "note 0"}, {"text": "note 1"}]
    assert "Sent them all" not in _text(events)
    assert "Stopped after 2 requests" in _text(events)


async def test_a_call_code_made_from_the_users_words_is_not_second_guessed() -> None:
    args = {"flavour": "rhubarb"}
    made: list[str] = []

    def router(callback_context: CallbackContext, llm_request: LlmRequest) -> Any:
        # What a router does when it reads the call from the user's words itself: the call
        # goes out in the model's place, with code's mark as its id.
        if made:
            return None
        made.append(code_call_id(callback_context.invocation_id, "order_pie", args))
        call = types.FunctionCall(name="order_pie", args=args, id=made[0])
        return LlmResponse(content=types.Content(role="model",
                                                 parts=[types.Part(function_call=call)]))

    runner, _ = _runner("Ordered.", before_model=router)
    events = await _say(runner, "the usual")
    assert RAN == [{"flavour": "rhubarb", "size": None}]
    assert "ignored" not in _responses(events)[0]
    [listed] = (await runner.session_service.list_sessions(app_name="bakery",
                                                           user_id="u")).sessions
    session = await runner.session_service.get_session(app_name="bakery", user_id="u",
                                                       session_id=listed.id)
    assert session is not None and not session.state  # nothing went through state


async def test_a_model_call_with_a_made_up_code_id_is_checked_like_any_other() -> None:
    forged = Call("order_pie", {"flavour": "cherry"}, id="dg-000000000000-" + "0" * 32)
    runner, _ = _runner(forged, "Ordered.")
    await _say(runner, "a pie")
    assert RAN == [{"flavour": None, "size": None}]


async def test_notes_never_reach_another_agents_answer() -> None:
    runner, _ = _runner(Call("order_pie", {"flavour": "cherry"}), "Ordered.")
    runner.app.plugins[0].agent = "someone_else"  # type: ignore[attr-defined]
    events = await _say(runner, "a pie")
    assert _text(events) == "Ordered."


_words = st.sampled_from(["apple", "cherry", "plum", "large", "small", "pear"])


@settings(max_examples=25, deadline=None)
@given(said=st.lists(_words, max_size=4), flavour=_words, size=_words)
async def test_the_tool_runs_with_exactly_the_arguments_the_words_support(
    said: list[str], flavour: str, size: str
) -> None:
    runner, _ = _runner(Call("order_pie", {"flavour": flavour, "size": size}), "Ok.")
    await _say(runner, " ".join(said) or "hello")
    # The slow, obvious reference: a word the user typed is kept, any other is not.
    assert [{"flavour": flavour if flavour in said else None,
                    "size": size if size in said else None}] == RAN


async def test_the_same_call_in_the_next_turn_runs_again() -> None:
    call = Call("order_pie", {"flavour": "apple"})
    runner, _ = _runner(call, "Ordered.", call, "Ordered again.", stop_repeats=True)
    sid = await new_session(runner)
    for text in ("an apple pie", "another apple pie"):
        await turn(runner, sid, text)
    assert RAN == [{"flavour": "apple", "size": None}] * 2


async def test_parallel_calls_each_lose_only_their_own_unsupported_arguments() -> None:
    runner, _ = _runner([Call("order_pie", {"flavour": "cherry", "size": "large"}),
                         Call("order_pie", {"flavour": "apple", "size": "huge"})], "Both.")
    events = await _say(runner, "an apple pie and a large one")
    assert sorted(RAN, key=str) == sorted([{"flavour": None, "size": "large"},
                                           {"flavour": "apple", "size": None}], key=str)
    ignored = sorted(str(r.get("ignored")) for r in _responses(events))
    assert ignored == sorted([str({"flavour": "flavour='cherry' (you never named that "
                                              "flavour)"}),
                              str({"size": "size (you never said a size)"})])
