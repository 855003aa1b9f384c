"""Replies code writes from tool results read as sentences for the author, never as raw
values (a missing field is not printed as "None")."""

from __future__ import annotations

from typing import Any, cast

from google.adk.agents.callback_context import CallbackContext

from blogger.replies import format_check

NO_CONTEXT = cast(CallbackContext, None)


def test_a_judge_that_failed_is_said_in_words_never_as_none_or_its_raw_answer() -> None:
    raw = ('validation could not be completed: the answer must be {"answer": "yes"} or '
           '{"answer": "no"}, got \'maybe\'')
    result: dict[str, Any] = {"passed": False, "status": "error", "document_count": 1,
                              "gap_analysis": raw, "error": raw}
    reply = format_check("check_delivery", result, NO_CONTEXT)
    assert reply.startswith("I could not finish the check, so nothing was judged.")
    assert "{" not in reply and "must be" not in reply and "maybe" not in reply
    bare = format_check("check_delivery", {"passed": False, "status": "error"}, NO_CONTEXT)
    assert "None" not in bare and bare.startswith("I could not finish the check")


def test_bad_arguments_ask_for_the_brief_in_plain_words() -> None:
    reply = format_check("check_delivery", {
        "status": "error", "error": "bad arguments: Field required"}, NO_CONTEXT)
    assert "Field required" not in reply and "I could not read the brief" in reply
