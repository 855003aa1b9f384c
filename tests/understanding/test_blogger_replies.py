"""Replies code writes from tool results read as sentences for the author, never as raw
values (a missing field is not printed as "None")."""

from __future__ import annotations

from typing import Any, cast

from google.adk.agents.callback_context import CallbackContext

from blogger.replies import format_check

NO_CONTEXT = cast(CallbackContext, None)


def test_a_judge_that_failed_is_said_in_words_never_as_none() -> None:
    result: dict[str, Any] = {"passed": False, "status": "error", "document_count": 1,
                              "gap_analysis": "the judge model gave no usable verdict"}
    reply = format_check("check_delivery", result, NO_CONTEXT)
    assert reply == "Could not check the post: the judge model gave no usable verdict."
    bare = format_check("check_delivery", {"passed": False, "status": "error"}, NO_CONTEXT)
    assert "None" not in bare and bare.startswith("Could not check the post")


def test_bad_arguments_are_named() -> None:
    reply = format_check("check_delivery", {"status": "error", "error": "bad arguments: x"},
                         NO_CONTEXT)
    assert reply == "Could not check the post: bad arguments: x."
