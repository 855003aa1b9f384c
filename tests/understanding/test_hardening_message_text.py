"""Issue 25 #5, #6 and #13: text that cannot be read safely is answered where it enters.

Through ADK's runner, both apps, a scripted model with no turns for the refused messages
(nothing may reach it): a lone surrogate is a clear reply, never an exception; a message of
only invisible characters is not read; bidi controls are not stored or echoed; and a post
that is empty once invisible characters are removed is not saved, whoever sends it.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from chat_turns import new_session, text_of, turn
from google.adk.runners import InMemoryRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from scripted_llm import Call, ScriptedLlm

from blogger.agent import build_app as build_blogger
from draftguard.textio._message_text import message_problem, visible_text
from event_planning.agent import build_app as build_planner

POST = "# Dogs\n\nDogs bark at four cats.\n\nThey run.\n\nThey sleep.\n"


class _Chat:
    def __init__(self, app: str = "blogger", turns: list[Any] | None = None) -> None:
        self.app = app
        self.model = ScriptedLlm(turns or [])
        build = build_blogger if app == "blogger" else build_planner
        self.runner = InMemoryRunner(app=build(self.model, plugins=[]))
        self.session_id = ""

    async def say(self, text: str) -> str:
        if not self.session_id:
            self.session_id = await new_session(self.runner)
        return text_of(await turn(self.runner, self.session_id, text))

    async def post(self) -> str:
        assert self.runner.artifact_service is not None
        part = await self.runner.artifact_service.load_artifact(
            app_name=self.app, user_id="u", session_id=self.session_id, filename="draft.md")
        assert part is not None and part.inline_data is not None
        return (part.inline_data.data or b"").decode()


@pytest.mark.parametrize("app", ["blogger", "event_planning"])
@pytest.mark.parametrize("message", [
    "replace 'four' with 'five\ud800'",
    "keep these notes as a source:\nnotes \udfff here",
    "\ud83d",
    "\u200b",
    "\u200b\u200c\ufeff \u00ad\n\u2060",
    "set the title to 'Evil \u202egnp.exe'",
    "replace 'four' with 'fi\u202eve'",
    "italian food in \u2066Fishtown\u2069",
])
async def test_unreadable_messages_get_a_clear_reply_and_nothing_else(app: str,
                                                                      message: str) -> None:
    chat = _Chat(app)
    reply = await chat.say(message)
    assert reply.startswith("That message holds ")
    assert not any("\ud800" <= c <= "\udfff" or c in "\u202e\u2066\u2069" for c in reply)
    assert chat.model.requests == []


async def test_a_surrogate_after_a_post_leaves_the_post_as_it_was() -> None:
    chat = _Chat()
    await chat.say("here is my post:\n" + POST)
    reply = await chat.say("replace 'four' with 'five\ud800'")
    assert "broken character (U+D800" in reply
    assert await chat.post() == POST


@pytest.mark.parametrize("message", ["here is my post:\n\u200b", "here is my post: \u200b\u200b",
                                     "here's my post:\n\u200b\n\u2060\n"])
async def test_an_invisible_post_does_not_replace_the_post(message: str) -> None:
    chat = _Chat()
    await chat.say("here is my post:\n" + POST)
    reply = await chat.say(message)
    assert "only invisible characters" in reply and "nothing was saved" in reply
    assert await chat.post() == POST
    assert chat.model.requests == []


async def test_a_model_cannot_save_an_invisible_post_either() -> None:
    chat = _Chat(turns=[Call("content_write", {"markdown": "\u200b\n\u00ad\n",
                                               "replace_post": True}), "Saved."])
    await chat.say("here is my post:\n" + POST)
    await chat.say("write me a brand new post about cats")
    assert await chat.post() == POST


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec=None, categories=("Cs", "Cf", "Zs", "Ll", "Cc"))))
def test_message_problem_against_the_rules_spelled_out(text: str) -> None:
    problem = message_problem(text)
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        assert problem is not None and "broken character" in problem
    elif text.strip() and all(c.isspace() or unicodedata.category(c) == "Cf" for c in text):
        assert problem is not None and "invisible" in problem
    elif any(0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069 for c in text):
        assert problem is not None and "text-direction" in problem
    else:
        assert problem is None
    assert bool(visible_text(text)) == any(
        not c.isspace() and unicodedata.category(c) != "Cf" for c in text)


# --- issue 25 #4 (on main before this pass): the caps on one message ------------------------

async def test_a_message_over_the_size_cap_is_refused_before_any_reading() -> None:
    chat = _Chat()
    reply = await chat.say("delete " + "x " * 150_000)
    assert reply.startswith("That message is 300,007 characters long; I read messages of up "
                            "to 200,000.")
    assert chat.model.requests == []


async def test_more_requests_than_the_cap_in_one_message_do_nothing() -> None:
    """Too long for the reader to read as requests: code says so, or, when the model answers
    it, its 500 parallel calls run 8 and the turn ends saying the rest was not done."""
    chat = _Chat()
    await chat.say("here is my post:\n" + POST)
    chat.model.add([Call("list_versions", {}) for _ in range(500)], "Here they are.")
    reply = await chat.say("what versions are there?\n" * 500)
    events = await chat.runner.session_service.get_session(
        app_name="blogger", user_id="u", session_id=chat.session_id)
    assert events is not None
    answers = [p.function_response.response for e in events.events
               for p in (e.content.parts if e.content else []) or []
               if p.function_response and p.function_response.name == "list_versions"]
    ran = [a for a in answers if a and a.get("status") not in ("refused", "error")]
    assert len(ran) <= 8
    assert "Here they are" not in reply
    assert "nothing was done" in reply or "Stopped after 8 requests" in reply


# --- issue 25 #13: bidi controls that arrive another way are never shown raw ---------------

async def test_bidi_controls_in_a_model_reply_are_not_shown() -> None:
    model = ScriptedLlm(["Your title is Evil \u202egnp.exe \u2066ok\u2069."])
    runner = InMemoryRunner(app=build_blogger(model))  # the app's own plugins
    events = await turn(runner, await new_session(runner), "what do you think of it?")
    assert text_of(events) == "Your title is Evil gnp.exe ok."


def test_code_replies_show_bidi_controls_as_escapes() -> None:
    """What `draftguard_adk.chat` passes every reply of code's through."""
    from draftguard.textio._display import escape_controls

    assert escape_controls("a\u202eb\u2066c\u2069\u200fd") == "a\\u202eb\\u2066c\\u2069\u200fd"
