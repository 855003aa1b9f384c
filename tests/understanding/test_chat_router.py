"""The command router answers commands by code through ADK's own callback: tools run as if
the model had called them, and the model is never asked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chat_turns import new_session, turn
from google.adk.agents import LlmAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.runners import InMemoryRunner
from scripted_llm import ScriptedLlm

from draftguard.commands import Command, CommandSpec
from draftguard_adk.chat import Call, CommandRouter, Reply, Transfer

SPECS = [
    CommandSpec(name="quiz", usage="/quiz [N]", summary="Make a quiz", max_args=1),
    CommandSpec(name="shout", usage="/shout TEXT", summary="Shout", free_text=True),
    CommandSpec(name="sub", usage="/sub", summary="Hand over"),
    CommandSpec(name="help", usage="/help", summary="This list"),
]
calls: list[dict[str, Any]] = []


def make_quiz(count: int = 3) -> dict[str, Any]:
    """Make a quiz."""
    calls.append({"count": count})
    return {"ok": True, "questions": count}


async def quiz(cmd: Command, ctx: CallbackContext) -> Call:
    return Call("make_quiz", {"count": int(cmd.args[0]) if cmd.args else 3})


async def shout(cmd: Command, ctx: CallbackContext) -> Reply | None:
    return Reply(cmd.text.upper()) if cmd.text != "pass" else None


async def sub(cmd: Command, ctx: CallbackContext) -> Transfer:
    return Transfer("helper", state={"handed_over": True})


def format_quiz(tool: str, result: Mapping[str, Any], ctx: CallbackContext) -> str:
    return f"Quiz ready: {result['questions']} questions."


def _plain_quiz(message: str) -> Command | None:
    """The app's reading of plain words (the router knows commands only): here, one phrase."""
    return Command(name="quiz", args=["4"]) if message == "please make a quiz with 4 questions" \
        else None


def _runner(model: ScriptedLlm) -> InMemoryRunner:
    router = CommandRouter(SPECS, {"quiz": quiz, "shout": shout, "sub": sub},
                           formatters={"make_quiz": format_quiz}, intents=_plain_quiz,
                           intro="Commands:")
    helper = LlmAgent(name="helper", model=model, instruction="help")
    agent = LlmAgent(name="root", model=model, instruction="Be helpful.", tools=[make_quiz],
                     before_model_callback=router, sub_agents=[helper])
    return InMemoryRunner(agent=agent, app_name="t")


async def _say(runner: InMemoryRunner, text: str, session_id: str | None = None
               ) -> tuple[list[Any], str]:
    session_id = session_id if session_id is not None else await new_session(runner)
    return await turn(runner, session_id, text), session_id


def _texts(events: list[Any]) -> list[str]:
    return [p.text for e in events if e.content for p in e.content.parts or [] if p.text]


async def test_a_command_calls_the_tool_and_answers_by_code_without_the_model() -> None:
    calls.clear()
    model = ScriptedLlm([])
    events, _ = await _say(_runner(model), "/quiz 5")
    assert calls == [{"count": 5}]
    assert _texts(events) == ["Quiz ready: 5 questions."]
    assert model.requests == []


async def test_a_clear_intent_is_the_same_command() -> None:
    calls.clear()
    model = ScriptedLlm([])
    events, _ = await _say(_runner(model), "please make a quiz with 4 questions")
    assert calls == [{"count": 4}] and _texts(events) == ["Quiz ready: 4 questions."]


async def test_help_lists_the_commands_and_a_bad_command_says_why() -> None:
    model = ScriptedLlm([])
    runner = _runner(model)
    events, sid = await _say(runner, "/help")
    assert _texts(events)[0].startswith("Commands:\n/quiz [N]")
    events, _ = await _say(runner, "/quiz 1 2", sid)
    assert _texts(events) == ["/quiz: unexpected '2' (/quiz [N]). Type /help for the commands."]
    events, _ = await _say(runner, "/nope", sid)
    assert _texts(events)[0].startswith("Unknown command /nope.")
    assert model.requests == []


async def test_everything_else_goes_to_the_model() -> None:
    model = ScriptedLlm(["Hello there."])
    events, _ = await _say(_runner(model), "hi")
    assert _texts(events) == ["Hello there."] and len(model.requests) == 1


async def test_a_handler_may_leave_the_message_to_the_model() -> None:
    model = ScriptedLlm(["The model answers."])
    events, _ = await _say(_runner(model), "/shout pass")
    assert _texts(events) == ["The model answers."]


async def test_a_transfer_hands_the_turn_to_the_sub_agent_with_its_state() -> None:
    model = ScriptedLlm(["Helper here."])
    runner = _runner(model)
    events, sid = await _say(runner, "/sub")
    assert _texts(events) == ["Helper here."]
    assert [e.author for e in events if e.content][-1] == "helper"
    session = await runner.session_service.get_session(app_name="t", user_id="u",
                                                       session_id=sid)
    assert session is not None and session.state["handed_over"] is True


async def test_after_a_routed_call_the_next_model_turn_is_not_hijacked() -> None:
    # The model's own tool call is answered by the model, not by the formatter.
    from scripted_llm import Call as ModelCall

    calls.clear()
    model = ScriptedLlm([ModelCall("make_quiz", {"count": 2}), "Made you two."])
    events, _ = await _say(_runner(model), "something quizzy")
    assert calls == [{"count": 2}] and _texts(events) == ["Made you two."]


async def test_an_app_reader_runs_several_calls_and_replies_in_order_by_code() -> None:
    from draftguard_adk.chat import Steps

    calls.clear()

    async def understand(message: str, ctx: CallbackContext) -> Steps | None:
        if message != "two quizzes and a word":
            return None
        return Steps((Call("make_quiz", {"count": 1}), Reply("In between."),
                      Call("make_quiz", {"count": 2})))

    router = CommandRouter(SPECS, {"quiz": quiz, "shout": shout, "sub": sub},
                           formatters={"make_quiz": format_quiz}, understand=understand)
    model = ScriptedLlm(["The model."])
    agent = LlmAgent(name="root", model=model, instruction="Be helpful.", tools=[make_quiz],
                     before_model_callback=router)
    runner = InMemoryRunner(agent=agent, app_name="t")
    events, sid = await _say(runner, "two quizzes and a word")
    assert calls == [{"count": 1}, {"count": 2}]
    assert _texts(events) == ["Quiz ready: 1 questions.\nIn between.",
                              "Quiz ready: 2 questions."]
    assert model.requests == []
    # The next plain message the reader leaves alone goes to the model; commands still parse.
    events, _ = await _say(runner, "hello", sid)
    assert _texts(events) == ["The model."]
    events, _ = await _say(runner, "/quiz 3", sid)
    assert _texts(events) == ["Quiz ready: 3 questions."]
