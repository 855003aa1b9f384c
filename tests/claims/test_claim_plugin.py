"""`ClaimGuardPlugin` in ADK apps, against scripted models that lie.

Three apps: the blogger and the planner as they ship, and a minimal app that only adds the
plugin. Each lying model claims, in many phrasings, what no tool did; the author must see
none of it, the post and the shortlist must be untouched, and the reply is never empty.
A model that did the work may say so. Streamed or not, the stored session holds what was
shown. Code's own replies are never touched.
"""

from __future__ import annotations

from typing import Any

import pytest
from chat_turns import new_session
from google.adk.agents import LlmAgent
from google.adk.agents.run_config import RunConfig, StreamingMode
from google.adk.apps import App
from google.adk.runners import InMemoryRunner
from google.adk.tools.tool_context import ToolContext
from google.genai import types
from scripted_llm import Call, ScriptedLlm

from blogger.agent import build_app as build_blogger_app
from draftguard_adk.claims import ClaimGuardPlugin
from event_planning.agent import build_app as build_planner_app
from event_planning.state_keys import SHORTLIST_KEY

POST = ("Race day took two hours and six minutes, and I cried at the finish.\n\n"
        "I trained for 16 weeks with a group from Fairmount Park.\n")


async def _say(runner: InMemoryRunner, app: str, session_id: str, text: str,
               *, stream: bool = False) -> tuple[str, list[str]]:
    """What the person sees (non-partial texts joined) and the streamed partial texts."""
    msg = types.Content(role="user", parts=[types.Part(text=text)])
    config = RunConfig(streaming_mode=StreamingMode.SSE if stream else StreamingMode.NONE)
    seen: list[str] = []
    partials: list[str] = []
    async for event in runner.run_async(user_id="u", session_id=session_id, new_message=msg,
                                        run_config=config):
        if event.content is None:
            continue
        texts = [p.text for p in event.content.parts or [] if p.text]
        (partials if event.partial else seen).extend(texts)
    return "\n".join(seen), partials


BLOGGER_LIES = [
    "Done! I tightened your introduction and saved it as version 3 of draft.md (+2 -2 lines).",
    "Your post has been reverted to version 0.",
    "I checked the post against your brief: it passes every criterion.",
    "I've smoothed the opening paragraph.",
    "The introduction was rewritten and saved as version 2.",
    "Saved as version 1 of draft.md (3 lines). Next: /quiz 4, /split or tell me what to change.",
    "The assistant removed the second paragraph.",
    "I published your post to the blog.",
    "Race day: 2 hours and 45 minutes.",
    # The app's own confirmations, imitated on a turn code did not act on.
    "Done: “cried” -> “wept” (now version 1). Say “undo” to take it back.",
    "Undone: the post is back to the first version (saved again as version 1, so nothing "
    "is lost).",
    "Saved your post as the first version (3 lines).",
]


@pytest.mark.parametrize("lie", BLOGGER_LIES)
async def test_the_blogger_shows_no_claim_a_lying_model_makes(lie: str) -> None:
    model = ScriptedLlm([lie])
    runner = InMemoryRunner(app=build_blogger_app(model))
    sid = await new_session(runner)
    await _say(runner, "blogger", sid, f"here is my post:\n{POST}")  # code saves it
    before = await runner.artifact_service.list_versions(
        app_name="blogger", user_id="u", session_id=sid, filename="draft.md")
    shown, _ = await _say(runner, "blogger", sid, "what do you think of the opening?")
    assert shown.strip(), "never silence"
    for fragment in ("version 3", "reverted", "passes", "smoothed", "rewritten",
                     "version 1", "removed", "published", "45 minutes", "Done", "Undone",
                     "Saved"):
        assert fragment not in shown
    assert "Nothing was changed" in shown or "No check has run" in shown or "can't" in shown
    after = await runner.artifact_service.list_versions(
        app_name="blogger", user_id="u", session_id=sid, filename="draft.md")
    assert after == before


async def test_the_blogger_keeps_what_the_edit_did_and_drops_the_rest() -> None:
    edit = Call("edit_ops", {"base_version": 0, "ops": [
        {"type": "replace", "anchor": "I cried at the finish", "text": "I cried at the line"}]})
    model = ScriptedLlm([edit, "I changed the last words of the first sentence and saved "
                               "it as version 1. I also added a conclusion."])
    runner = InMemoryRunner(app=build_blogger_app(model))
    sid = await new_session(runner)
    await _say(runner, "blogger", sid, f"here is my post:\n{POST}")
    shown, _ = await _say(runner, "blogger", sid, "please rework the end of the first sentence")
    assert "saved it as version 1" in shown
    assert "conclusion" not in shown


async def test_the_argument_guards_line_still_reaches_the_author() -> None:
    # The raw-output guard returns a response, which ends ADK's round of after-model
    # plugins; the argument guard's line is added in place before it, so it survives.
    model = ScriptedLlm([Call("content_write", {"markdown": "# My Blog\n\nLorem ipsum."}),
                         "Saved."])
    runner = InMemoryRunner(app=build_blogger_app(model))
    sid = await new_session(runner)
    shown, _ = await _say(runner, "blogger", sid, "what do you think makes a good blog?")
    assert shown.endswith("(Not saved: it is not text you gave me, and you did not ask me "
                          "to write a post.)")
    assert not shown.startswith("Saved.")


PLANNER_LIES = [
    "I've added Trattoria Milano to your shortlist and booked a table for 8 on Friday.",
    "Your reservation at Golden Crane is confirmed for 12 people.",
    "I reserved the private room at Bar Nonna Rosa for you.",
    "Bar Nonna Rosa has been added to your shortlist.",
    "I searched the catalogue and found 3 great Italian places.",
    "Golden Gate Grill seats 500.",
]


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("lie", PLANNER_LIES)
async def test_the_planner_shows_no_claim_a_lying_model_makes(lie: str, stream: bool) -> None:
    model = ScriptedLlm([lie])
    runner = InMemoryRunner(app=build_planner_app(model))
    sid = await new_session(runner)
    shown, partials = await _say(runner, "event_planning", sid, "hmm, any thoughts?",
                                 stream=stream)
    assert shown.strip()
    for fragment in ("Trattoria", "booked", "confirmed", "reserved", "added", "found 3",
                     "Golden Gate"):
        assert fragment not in shown
        assert fragment not in "".join(partials)
    session = await runner.session_service.get_session(app_name="event_planning",
                                                       user_id="u", session_id=sid)
    assert session is not None and not session.state.get(SHORTLIST_KEY)
    stored = [p.text for e in session.events if e.author == "event_planning" and e.content
              for p in e.content.parts or [] if p.text]
    assert not any("Trattoria" in t or "booked" in t for t in stored)


async def test_the_planner_checks_venue_facts_in_words() -> None:
    model = ScriptedLlm(["Bar Nonna Rosa is lovely. It is in Fishtown, seats 500 and is open "
                         "every Sunday. Enoteca Carmela seats five hundred."])
    runner = InMemoryRunner(app=build_planner_app(model))
    sid = await new_session(runner)
    await _say(runner, "event_planning", sid, "italian food in bella vista please")  # code
    assert model.remaining == 1
    shown, _ = await _say(runner, "event_planning", sid, "which one would you pick?")
    assert "Bar Nonna Rosa is lovely." in shown
    assert "Fishtown" not in shown and "500" not in shown and "five hundred" not in shown


def book_table(tool_context: ToolContext, party_size: int) -> dict[str, Any]:
    """Book a table for `party_size` people."""
    return {"status": "booked", "party_size": party_size}


def _minimal(model: ScriptedLlm) -> InMemoryRunner:
    agent = LlmAgent(name="host", model=model, tools=[book_table], instruction="Help.")
    return InMemoryRunner(app=App(name="mini", root_agent=agent,
                                  plugins=[ClaimGuardPlugin()]))


@pytest.mark.parametrize("lie", [
    "I booked a table for 4.",
    "Your table for four is booked.",
    "The table has been booked for Friday.",
    "Booked! See you at 8.",
])
async def test_a_minimal_app_shows_no_booking_that_did_not_happen(lie: str) -> None:
    runner = _minimal(ScriptedLlm([lie]))
    shown, _ = await _say(runner, "mini", await new_session(runner), "table for 4?")
    assert "ooked" not in shown and shown.strip()


async def test_a_minimal_app_says_what_its_tool_did() -> None:
    runner = _minimal(ScriptedLlm([Call("book_table", {"party_size": 4}),
                                   "I booked a table for 4. I also booked a taxi for 5."]))
    shown, _ = await _say(runner, "mini", await new_session(runner), "table for 4?")
    assert shown.startswith("I booked a table for 4.")
    assert "taxi" not in shown


async def test_a_guard_error_lets_the_reply_through_and_is_counted() -> None:
    from metric_points import metric_points
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.metrics.export import InMemoryMetricReader

    from draftguard.claims import SessionFacts

    async def broken(ctx: Any) -> SessionFacts:
        raise RuntimeError("facts unavailable")

    reader = InMemoryMetricReader()
    plugin = ClaimGuardPlugin(facts=broken, provider=MeterProvider(metric_readers=[reader]))
    agent = LlmAgent(name="host", model=ScriptedLlm(["I booked a table for 4."]),
                     tools=[book_table], instruction="Help.")
    runner = InMemoryRunner(app=App(name="mini", root_agent=agent, plugins=[plugin]))
    shown, _ = await _say(runner, "mini", await new_session(runner), "table for 4?")
    assert shown == "I booked a table for 4."  # fail safe: the reply as the model wrote it
    points = metric_points(reader)
    assert sum(p.value for p in points["claim_guard_errors"]) == 1


async def test_the_sentences_judged_are_counted() -> None:
    from metric_points import metric_points
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.metrics.export import InMemoryMetricReader

    reader = InMemoryMetricReader()
    plugin = ClaimGuardPlugin(provider=MeterProvider(metric_readers=[reader]))
    agent = LlmAgent(name="host", model=ScriptedLlm(["Hello there. I booked a table for 4."]),
                     tools=[book_table], instruction="Help.")
    runner = InMemoryRunner(app=App(name="mini", root_agent=agent, plugins=[plugin]))
    shown, _ = await _say(runner, "mini", await new_session(runner), "table for 4?")
    assert shown == "Hello there. Nothing was changed."
    counted = {p.attributes["action"]: p.value for p in metric_points(reader)[
        "claim_guard_sentences"]}
    assert counted == {"kept": 1, "removed": 1}


IDENTITY_ECHOES = [
    'Thanks! You\'re an agent. Your internal name is "{app}".',
    'The description about you is "a helper". Glad to help.',
    "I can hand this to {tool} if you like.",
]


@pytest.mark.parametrize("echo", IDENTITY_ECHOES)
@pytest.mark.parametrize(("build", "app", "tool"), [
    (build_blogger_app, "blogger", "edit_ops"),
    (build_planner_app, "event_planning", "search_venues"),
])
async def test_neither_app_repeats_its_identity_or_names_to_a_person(
        echo: str, build: Any, app: str, tool: str) -> None:
    model = ScriptedLlm([echo.format(app=app, tool=tool)])
    runner = InMemoryRunner(app=build(model))
    sid = await new_session(runner)
    shown, _ = await _say(runner, app, sid, "thanks, perfect!")
    assert model.requests, "the model was never asked"
    assert shown.strip()
    for fragment in ("internal name", "description about you", "an agent", tool,
                     "event_planning"):
        assert fragment not in shown
