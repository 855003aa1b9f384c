"""The blogger in plain words, end to end through the app with a scripted model: each of the
issue's classes of request (a pasted post whatever its lead-in, quoted and described edits,
scopes, undo, a title change, a quiz with a count, the delivery check) is done by code and
checked by what the app stored; a request code cannot read gets a short reply on a small
model; no rewrite drops the post; no raw text reaches the author."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from chat_turns import Chat
from scripted_llm import Call

from blogger.tool_claims import NEXT_STEP

POST = (Path(__file__).parent.parent / "data" / "understanding" / "posts" /
        "winter-cycling.md").read_text(encoding="utf-8")
QUIZ = json.loads((Path(__file__).parent.parent / "data" / "artifacts" /
                   "photosynthesis_quiz_repaired.json").read_text(encoding="utf-8"))


async def pasted(chat: Chat) -> None:
    text = await chat.say(f"This is the post I wrote this morning, hang on to it for me:\n\n{POST}")
    assert text.startswith("Saved ") and "as the first version" in text
    assert await chat.post() == POST


async def test_the_issues_requests_in_plain_words_are_done_by_code_without_a_model() -> None:
    chat = Chat()
    await pasted(chat)

    text = await chat.say("Please change ‘four Philadelphia winters’ to "
                          "‘five Philadelphia winters’.")
    assert text.startswith("Done: ") and "(now version 1)" in text
    assert "five Philadelphia winters" in (await chat.post() or "")

    await chat.say("In the tyres paragraph, replace 'hum' with 'buzz'.")
    assert "Studded tyres buzz on the ice." in (await chat.post() or "")

    await chat.say("Cut the bit about the flask, nobody cares.")
    after_cut = await chat.post() or ""
    assert "flask" not in after_cut and "Lights matter more than anything" in after_cut

    text = await chat.say("Hmm, revert that please.")
    assert text.startswith("Undone:")
    assert "I carry a flask of tea in a bottle cage." in (await chat.post() or "")

    await chat.say("Rename the post to Cycling through winter")
    renamed = await chat.post() or ""
    assert renamed.startswith("# Cycling through winter\n")
    # The body is all there: only the title line changed.
    assert renamed.splitlines()[1:] == (await chat.post() or "").splitlines()[1:]
    assert len(renamed.splitlines()) == len(POST.splitlines())
    assert chat.model.requests == []


async def test_a_quiz_with_a_count_in_words_asks_for_that_many_questions() -> None:
    chat = Chat()
    await pasted(chat)
    chat.model.add(QUIZ, {"issues": []})
    text = await chat.say("Can you turn this into a five-question quiz?")
    # The scripted quiz is about photosynthesis, so the grounding check refuses it; what
    # matters here is the count read from words, and a reply in words.
    assert text.startswith(("Here is your quiz", "I could not make a quiz")) and "{" not in text
    assert ("make_artifact", {"artifact_type": "quiz",
                              "request": "5 questions on the main ideas of the post"}
            ) in chat.calls


async def test_the_delivery_check_takes_the_brief_from_the_message() -> None:
    chat = Chat()
    await pasted(chat)
    chat.model.add({"overallSuccess": True, "qualityScore": 0.9, "dataTypeMatch": True,
                    "formatMatch": True, "successCriteriaMet": [True],
                    "gapAnalysis": "", "improvementSuggestions": [], "validationDetails": []})
    text = await chat.say("Does this post meet the brief: a markdown post with tips for "
                          "riding in winter?")
    assert text.startswith("The check ")
    goal = next(a for n, a in chat.calls if n == "check_delivery")["primary_goal"]
    assert goal == "a markdown post with tips for riding in winter"


async def test_several_requests_in_one_message_are_done_in_order() -> None:
    chat = Chat()
    await pasted(chat)
    text = await chat.say("replace 'hum' with 'buzz', then list the versions")
    assert text.splitlines()[0].startswith("Done: ")
    assert "- version 1: edited" in text
    assert "buzz" in (await chat.post() or "") and chat.model.requests == []


async def test_an_ambiguous_description_asks_and_the_answer_is_applied(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat()
    await pasted(chat)
    text = await chat.say("delete the sentence about the tea")
    assert "1." in text and "2." in text and await chat.post() == POST
    await chat.say("the second one")
    assert "tastes better" not in (await chat.post() or "")
    assert "flask of tea" in (await chat.post() or "")


@pytest.mark.parametrize(("choice", "applied"), [(2, True), (0, False)])
async def test_a_capable_model_may_pick_among_codes_candidates_but_nothing_else(
    choice: int, applied: bool,
) -> None:
    chat = Chat()
    await pasted(chat)
    chat.model.add({"choice": choice})
    text = await chat.say("delete the sentence about the tea")
    post = await chat.post() or ""
    assert ("tastes better" not in post) is applied and "flask of tea" in post
    assert ("Which sentence" in text) is not applied
    assert "The readings:" in chat.model.prompt_text(-1)


async def test_on_a_small_model_an_unreadable_request_gets_the_closest_capabilities(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat()
    await pasted(chat)
    # ("make the intro punchier" asks new words of a part: said to be beyond a small model)
    text = await chat.say("make it more SEO friendly")
    assert text.startswith("I could not read that as something I can do.")
    assert 'replace "X" with "Y"' in text and chat.model.requests == []
    assert await chat.post() == POST


PARAGRAPH = ("Riding in the snow taught me patience. The road is slower, the light is lower, "
             "and every junction needs a second look, but the quiet streets after a storm are "
             "the best rides of the whole year.")


async def test_a_rewrite_nobody_asked_for_is_refused_and_the_post_kept() -> None:
    # The model saves the author's paragraph over the whole post: the author's own words, so
    # grounding lets it through, but it would drop the post, and nobody asked for that.
    chat = Chat()
    await pasted(chat)
    chat.model.add(Call("content_write", {"markdown": PARAGRAPH}), "Saved it.")
    await chat.say(f"What do you think of this paragraph?\n\n{PARAGRAPH}")
    assert await chat.post() == POST
    assert "would drop" in chat.model.prompt_text(-1)


async def test_a_full_rewrite_asked_for_in_so_many_words_is_saved() -> None:
    chat = Chat()
    await pasted(chat)
    new = f"# Winter cycling\n\n{PARAGRAPH}\n"
    chat.model.add(Call("content_write", {"markdown": new, "replace_post": True}),
                   "Rewritten.")
    await chat.say("rewrite the whole post from scratch")
    assert await chat.post() == new


async def test_a_rewrite_claimed_as_asked_when_it_was_not_is_refused() -> None:
    # The model says the author asked for the rewrite; this turn's words do not: the guard
    # drops the claim, and the tool refuses to drop the post.
    chat = Chat()
    await pasted(chat)
    new = f"# Winter cycling\n\n{PARAGRAPH}\n"
    chat.model.add(Call("content_write", {"markdown": new, "replace_post": True}), "Done.")
    text = await chat.say(f"What do you think of this paragraph?\n\n{PARAGRAPH}")
    assert await chat.post() == POST
    assert "you did not ask for a new post or a rewrite" in text


async def test_no_raw_tool_text_reaches_the_author_through_the_app() -> None:
    chat = Chat(app=True)
    await pasted(chat)
    chat.model.add('Saved. Result of tool content_write: {"status": "refused", '
                   '"error": "not saved"}')
    text = await chat.say("what do you think of it?")
    # No raw text, and no "Saved." either: nothing was saved this turn (the claim guard).
    assert text == f"Nothing was changed.\n\n{NEXT_STEP}"


async def test_a_reply_quoting_terminal_controls_from_the_post_shows_them_as_escapes() -> None:
    chat = Chat(app=True)
    await chat.say("save my post: Ring the bell \x1b]0;PWNED\x07 twice. Then walk home slowly.")
    reply = await chat.say('/edit replace "twice" with "once"')
    assert reply.startswith("Done: ") and "(now version 1)" in reply
    assert "\x1b" not in reply and "\x07" not in reply
    assert "\\x1b]0;PWNED\\x07" in reply  # shown, not hidden: the author sees what is there
    assert "\x1b]0;PWNED\x07 once" in (await chat.post() or "")  # the post itself is untouched


async def test_on_a_small_model_what_is_no_request_gets_words_and_no_tools(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seen in adk run: a small model handed chit-chat with the tools at hand called
    # content_write and claimed a save; now it can only answer in words.
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    # (A thanks is answered by code without the model: tests/understanding/test_courtesies.py.)
    chat = Chat("Winter riding is fun.")
    await pasted(chat)
    reply = await chat.say("I rode to work in the snow again today")
    assert reply == "Winter riding is fun."
    request = chat.model.requests[-1]
    assert not request.config.tools and not request.tools_dict
    assert await chat.post() == POST


async def test_on_a_capable_model_open_conversation_keeps_its_tools() -> None:
    chat = Chat("Happy to help.")
    await pasted(chat)
    assert await chat.say("thanks, you're a star") == "Happy to help."
    assert chat.model.requests[-1].config.tools


# --- write tools run only on what the author asked for (a capable model acting unasked) -----

UNASKED = [
    Call("edit_ops", {"ops": [{"type": "delete", "anchor": "The cold is the easy part."}],
                      "base_version": 0, "scope": "multi-paragraph"}),
    Call("revert_to_version", {"version": 0}),
    Call("edit_metadata", {"base_version": 0, "set_fields": {"title": "PWNED"}}),
    Call("source_ingest", {"text": "Some notes nobody gave."}),
]


@pytest.mark.parametrize("call", UNASKED, ids=lambda c: c.name)
async def test_a_write_the_author_never_asked_for_is_refused_and_the_post_kept(
    call: Call,
) -> None:
    chat = Chat()
    await pasted(chat)
    chat.model.add(call, "I improved it for you.")
    text = await chat.say("what do you think of my post?")
    assert await chat.post() == POST
    assert await chat.versions() == [0]
    assert text.endswith("(Not changed: you did not ask for that change.)")
    assert "did not ask for this change" in chat.model.prompt_text(-1)


async def test_a_change_the_author_asked_for_in_words_code_could_not_read_runs() -> None:
    chat = Chat()
    await pasted(chat)
    chat.model.add(Call("edit_ops", {"ops": [{"type": "replace", "anchor": "easy part",
                                              "text": "simple part"}], "base_version": 0}),
                   "Changed it.")
    await chat.say("hmm, make the cold bit sound less smug")
    assert "The cold is the simple part." in (await chat.post() or "")


async def test_a_request_the_app_has_no_tool_for_is_refused_by_code_whatever_the_model() -> None:
    chat = Chat()
    await pasted(chat)
    text = await chat.say("could you fax it to my editor please")
    assert text.startswith("I can't fax anything from here, so nothing was done.")
    assert chat.model.requests == [] and await chat.post() == POST
