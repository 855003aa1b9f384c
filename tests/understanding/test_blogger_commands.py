"""The blogger in chat: commands and clear intents are answered by code, every content tool
works on one post (the versioned `draft.md` artifact), and content_write saves only what
the author gave or asked for. The model is scripted; a test fails on any unplanned call."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from chat_turns import Chat
from hypothesis import given, settings
from hypothesis import strategies as st
from scripted_llm import Call

from blogger.chat import blogger_intents
from blogger.content_grounding import text_supplied
from blogger.replies import NEXT_STEPS, diff_summary
from draftguard.textio._message_text import visible_text
from draftguard_adk.artifacts import STATE_RESULT
from draftguard_adk.split import state_keys as keys

DATA = Path(__file__).parent.parent / "data" / "artifacts"
POST = (
    "# Plants\n\n"
    "Photosynthesis is the process by which plants convert light energy into chemical energy "
    "stored in glucose molecules.\n\n"
    "This occurs in chloroplasts, which contain chlorophyll pigment.\n"
)
NO_ISSUES: dict[str, Any] = {"issues": []}


def load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


async def write_post(chat: Chat, post: str = POST) -> None:
    """The author pastes a post after "save my post:"; code saves it, no model is asked."""
    before = len(chat.model.requests)
    text = await chat.say(f"Please save my post:\n\n{post}")
    assert text.startswith("Saved “Plants” as ") and len(
        chat.model.requests) == before


# --- /help and bad commands: a clear reply and no model call --------------------------------

async def test_help_lists_every_command_without_the_model() -> None:
    chat = Chat()
    text = await chat.say("/help")
    # Words first (what a person would type), then the commands for those who like them.
    assert text.startswith("I help you with one blog post.")
    commands = [line.split()[0] for line in text.splitlines() if line.startswith("/")]
    assert commands == ["/split", "/quiz", "/flashcards", "/mindmap", "/edit", "/undo",
                        "/versions", "/check", "/sources", "/help"]
    assert chat.model.requests == []


@pytest.mark.parametrize(
    ("message", "reply"),
    [
        ("/quiz many", "/quiz takes a number from 1 to 30, not 'many'."),
        ("/flashcards 0", "/flashcards takes a number from 1 to 30, not '0'."),
        ("/quiz 99", "/quiz takes a number from 1 to 30, not '99'."),
        ("/quiz 1 2", "/quiz: unexpected '2' (/quiz [N]). Type /help for the commands."),
        ("/mindmap big", "/mindmap: unexpected 'big' (/mindmap)."),
        ("/split colour=red", "/split takes draft=, outline=, not colour="),
        ("/nope", "Unknown command /nope. Commands: /split, /quiz"),
        ("/edit", "/edit needs text"),
        ("/split draft=post.md", "/split needs an outline"),
        ('/split outline="A; B"', "There is no post yet"),
        ("/quiz 3", "There is no post yet"),
        ('/edit replace "a" with "b"', "There is no post yet"),
        ("/undo", "There is no post yet"),
        ("/check", "There is no post yet"),
        # Plain requests are the same commands, answered by code too.
        ("please generate three flashcards", "There is no post yet"),
        ("Can you create a mind map of it?", "There is no post yet"),
        ("make a 4-question quiz", "There is no post yet"),
        ("undo", "There is no post yet"),
    ],
)
async def test_a_bad_or_premature_command_gets_a_clear_reply_and_no_model_call(
    message: str, reply: str
) -> None:
    chat = Chat()
    assert (await chat.say(message)).startswith(reply)
    assert chat.model.requests == []


async def test_anything_else_goes_to_the_model() -> None:
    chat = Chat("Hello! Paste a post or type /help.")
    assert await chat.say("hi there") == "Hello! Paste a post or type /help."
    assert len(chat.model.requests) == 1


# --- one post store: content_write -> /quiz -> /edit -> /undo -> /versions --------------------

async def test_one_post_from_content_write_through_quiz_edit_undo_and_versions() -> None:
    chat = Chat(Call("content_write", {"markdown": POST}), "Saved your post.")
    # A pasted post is now saved by code whatever its lead-in; a post the author asks the
    # model to write still goes through the model's content_write.
    assert "Saved your post." in await chat.say("Write me a short post about photosynthesis")
    calls_after_write = len(chat.model.requests)

    # /quiz finds the post written in chat (make_artifact reads the same store).
    chat.model.add(load("photosynthesis_quiz_repaired.json"), NO_ISSUES)
    text = await chat.say("/quiz 2")
    assert text.startswith("Here is your quiz (2 questions, checked):")
    assert "Where does photosynthesis occur?" in text and "Answer: Chloroplasts" in text
    # the answer stands on its own line in Markdown, not run into the last option's
    assert "\n\n   Answer: Chloroplasts" in text
    assert "chlorophyll pigment" in chat.model.prompt_text(calls_after_write)
    assert (await chat.state())[STATE_RESULT]["ok"] is True

    text = await chat.say('/edit replace "chlorophyll pigment" with "green chlorophyll"')
    assert text == ('Done: "…chloroplasts, which contain chlorophyll pigment." -> '
                    '"…chloroplasts, which contain green chlorophyll." (now version 1). '
                    'Say “undo” to take it back.')
    assert "green chlorophyll" in (await chat.artifact("draft.md")  or "")

    assert (await chat.say("/undo")) == (
        "Undone: the post is back to the first version (saved again as version 2, so "
        "nothing is lost).")
    assert await chat.artifact("draft.md") == POST
    assert (await chat.say("/undo")) == "Nothing to undo: this is the first version."

    text = await chat.say("/versions")
    assert text.splitlines() == [
        "The post's versions, oldest first:",
        "- version 0: saved, 5 lines added, 0 removed",
        "- version 1: edited, 1 lines added, 1 removed",
        "- version 2: back to the first version, 1 lines added, 1 removed (the current one)",
        'Say "go back to version N" to bring one back.',
    ]
    # Only the content_write turn and the quiz loop's two calls used a model.
    assert len(chat.model.requests) == calls_after_write + 2


async def test_undo_after_an_edit_made_after_an_undo_goes_back_one_step() -> None:
    chat = Chat()
    await write_post(chat)
    await chat.say('/edit replace "glucose molecules" with "sugar molecules"')
    await chat.say("/undo")
    await chat.say('/edit delete "which contain chlorophyll pigment"')
    assert (await chat.say("/undo")) == (
        "Undone: the post is back to version 2 (saved again as version 4, so nothing is "
        "lost).")
    assert await chat.artifact("draft.md") == POST


@pytest.mark.parametrize("said", ["undo all that, I want it the original way",
                                  "revert to version 0", "go back to the very first version pls"])
async def test_going_back_to_the_version_the_post_already_is_saves_nothing(said: str) -> None:
    chat = Chat()
    await write_post(chat)
    text = await chat.say(said)
    assert "nothing was saved" in text and "Undone" not in text
    listed = await chat.say("/versions")
    assert "version 1" not in listed and "version 0" in listed, listed
    assert await chat.artifact("draft.md") == POST


async def test_flashcards_and_mindmap_commands_use_the_post() -> None:
    chat = Chat()
    await write_post(chat)
    chat.model.add(load("mindmap_nested.json"), NO_ISSUES)
    text = await chat.say("/mindmap")
    assert text.splitlines()[0] == "Here is your mind map (4 nodes, checked):"
    assert text.splitlines()[1:] == ["- Photosynthesis", "  - Chloroplasts",
                                     "    - Chlorophyll", "  - Glucose"]
    chat.model.add({"flashcards": [
        {"front": "Photosynthesis", "back": "Plants convert light energy into chemical energy."},
        {"front": "Chloroplasts", "back": "Where photosynthesis occurs; they contain chlorophyll."},
    ]}, NO_ISSUES)
    text = await chat.say("/flashcards 2")
    assert text.startswith("Here are your flashcards (2 cards")
    assert "- Chloroplasts: Where photosynthesis occurs" in text
    request = chat.model.prompt_text(-2)
    assert "2" in request and "chlorophyll pigment" in request


async def test_a_failed_artifact_says_why() -> None:
    chat = Chat()
    await write_post(chat)
    chat.model.add('{"questions": [', "not json", "```json\n{oops\n```")
    text = await chat.say("/quiz 1")
    assert text.startswith("I could not make a quiz that passes its checks (3 tries)")
    assert not any(w in text for w in ("JSON", "Violations", "Validation", "{", "["))


async def test_an_edit_with_an_ambiguous_anchor_asks_and_changes_nothing() -> None:
    chat = Chat()
    await write_post(chat)
    text = await chat.say('/edit replace "energy" with "power"')
    # Code now asks before the patcher does: the question lists where the words stand.
    assert "“energy” is in the post 2 times. Which one: 1." in text
    assert "?" in text
    assert await chat.versions() == [0]


async def test_an_edit_that_does_not_parse_goes_to_the_model_which_edits_in_one_turn() -> None:
    chat = Chat()
    await write_post(chat)
    before = len(chat.model.requests)
    chat.model.add(
        Call("read_content", {}),
        Call("edit_ops", {"base_version": 0, "ops": [
            {"type": "replace", "anchor": "# Plants", "text": "# Green plants"}],
            "allow_heading_changes": True}),
        "I renamed the title.",
    )
    text = await chat.say("/edit make the title about green plants")
    assert text == "I renamed the title."
    assert len(chat.model.requests) == before + 3
    assert "/edit make the title" in chat.model.prompt_text(before)
    assert (await chat.artifact("draft.md") or "").startswith("# Green plants")


async def test_check_judges_the_post_and_reports_the_verdict() -> None:
    chat = Chat()
    await write_post(chat)
    chat.model.add({"overallSuccess": False, "qualityScore": 0.3, "dataTypeMatch": True,
                    "formatMatch": True, "successCriteriaMet": [False],
                    "gapAnalysis": "the post is too short",
                    "improvementSuggestions": ["NEXT STEP: add a conclusion"],
                    "validationDetails": []})
    text = await chat.say("/check a post about photosynthesis")
    assert text.splitlines()[0] == (
        "The check did not pass: the post does not meet the brief yet.")
    assert "the post is too short" in text and "- NEXT STEP: add a conclusion" in text
    assert "a post about photosynthesis" in chat.model.prompt_text(-1)


def test_the_verdict_on_several_files_agrees_with_its_subject() -> None:
    from blogger.replies import format_check

    passed = format_check("check_delivery", {"passed": True, "document_count": 2}, None)  # type: ignore[arg-type]
    failed = format_check("check_delivery", {"passed": False, "document_count": 3}, None)  # type: ignore[arg-type]
    assert passed == "The check passed: the post and what was made for it (2 files) meet the brief."
    assert failed.startswith("The check did not pass: the post and what was made for it "
                             "(3 files) do not meet the brief yet.")


# --- clear intents ---------------------------------------------------------------------------

async def test_plain_requests_for_a_quiz_and_undo_are_routed_by_code() -> None:
    chat = Chat()
    await write_post(chat)
    chat.model.add(load("photosynthesis_quiz_repaired.json"), NO_ISSUES)
    assert (await chat.say("Make a quiz with 2 questions please")).startswith(
        "Here is your quiz (2 questions")
    await chat.say('/edit delete "which contain chlorophyll pigment"')
    assert (await chat.say("undo")).startswith("Undone: the post is back to the first version")


async def test_a_message_with_outline_and_draft_sections_is_split_and_becomes_the_post(
) -> None:
    chat = Chat({"ok_ids": [2]})
    text = await chat.say("Split this please.\nOUTLINE:\nCats\nDRAFT:\nDogs bark.\n\nCats purr.")
    assert "Split verified" in text and "Saved draft_ok.md and draft_not_ok.md." in text
    state = await chat.state()
    assert state[keys.SPLIT_VERDICT]["valid"] is True
    assert (state[keys.DRAFT_OK], state[keys.DRAFT_NOT_OK]) == ("Cats purr.", "Dogs bark.")
    assert await chat.artifact("draft_ok.md") == "Cats purr."
    assert await chat.artifact("draft_not_ok.md") == "Dogs bark."
    assert await chat.artifact("draft.md") == "Dogs bark.\n\nCats purr."
    assert len(chat.model.requests) == 1  # the split planner only: no routing call

    # An artifact of the session can be split again by name; it becomes the post.
    chat.model.add({"ok_ids": [1]})
    await chat.say('/split draft=draft_not_ok.md outline="Dogs"')
    assert (await chat.state())[keys.RAW_DRAFT] == "Dogs bark."
    assert await chat.artifact("draft.md") == "Dogs bark."


async def test_split_command_with_the_sections_below_it() -> None:
    chat = Chat({"ok_ids": [1]})
    await chat.say("/split\nOUTLINE: Dogs\nDRAFT:\nDogs don't purr.\n\nCats purr.")
    state = await chat.state()
    assert state[keys.OUTLINE] == "Dogs" and state[keys.DRAFT_OK] == "Dogs don't purr."


async def test_split_takes_a_file_and_an_outline_on_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "post.md").write_text("Dogs bark.\n\nCats purr.\n", encoding="utf-8")
    chat = Chat({"ok_ids": [1]})
    await chat.say('/split draft=post.md outline="Dogs; Barking"')
    state = await chat.state()
    assert state[keys.OUTLINE] == "Dogs\nBarking"
    assert state[keys.DRAFT_OK] == "Dogs bark."
    assert "Dogs" in chat.model.prompt_text(0) and "Barking" in chat.model.prompt_text(0)


async def test_split_reads_the_outline_from_a_file_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "post.md").write_text("Dogs bark.\n\nCats purr.\n", encoding="utf-8")
    (tmp_path / "outline.md").write_text("1. Cats\n", encoding="utf-8")
    chat = Chat({"ok_ids": [2]})
    await chat.say("/split draft=post.md outline=outline.md")
    state = await chat.state()
    assert state[keys.OUTLINE] == "1. Cats\n" and state[keys.DRAFT_OK] == "Cats purr."


async def test_split_of_the_current_post_with_an_outline_argument() -> None:
    chat = Chat()
    await write_post(chat)
    chat.model.add({"ok_ids": [2, 3]})
    await chat.say('/split outline="Photosynthesis; Chloroplasts"')
    state = await chat.state()
    assert state[keys.RAW_DRAFT] == POST and state[keys.SPLIT_VERDICT]["valid"] is True
    assert await chat.versions() == [0]  # splitting the post does not save it again


async def test_a_split_the_model_hands_over_splits_the_current_post_not_a_stale_draft(
) -> None:
    chat = Chat({"ok_ids": [1]})
    await chat.say("OUTLINE:\nCats\nDRAFT:\nCats purr.\n\nDogs bark.")
    await write_post(chat)
    # Code reads the request and hands the current post over with the earlier outline. The
    # old outline ("Cats") fits no paragraph of the new post; the model repeats its split,
    # and a split already tried is never checked again: the loop ends saying why.
    chat.model.add(*[{"ok_ids": [2]}] * 4)
    await chat.say("sort my post by that outline again")
    state = await chat.state()
    assert state[keys.RAW_DRAFT] == POST
    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is False and "tried already" in verdict["reason"]


async def test_split_refuses_files_outside_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "secret.md").write_text("secret", encoding="utf-8")
    inside = tmp_path / "app"
    inside.mkdir()
    monkeypatch.chdir(inside)
    chat = Chat()
    for path in ("../secret.md", str(tmp_path / "secret.md")):
        text = await chat.say(f'/split draft={path} outline="A"')
        assert text.startswith(path) and "only files inside" in text
    assert "missing.md: " in await chat.say('/split draft=missing.md outline="A"')
    assert chat.model.requests == []


# --- content_write: a pasted post by code, the model's calls grounded -------------------------

async def test_a_pasted_post_is_saved_by_code_and_its_own_words_are_not_requests() -> None:
    chat = Chat()
    post = "# Study tips\n\nMake a quiz with 5 questions for yourself every week.\n"
    assert await chat.say(f"Save this post:\n{post}") == (
        f"Saved “Study tips” as the first version (3 lines). {NEXT_STEPS}")
    assert await chat.artifact("draft.md") == post
    assert await chat.say(f"here is my draft:\n{post}") == (
        "Not saved: it is the same text as version 0.")
    assert chat.model.requests == []


async def test_a_one_line_post_after_the_colon_is_saved_too() -> None:
    chat = Chat()
    post = "Bread needs time. Flour, water and salt do the rest."
    text = await chat.say(f"save my post: {post}")
    assert text.startswith("Saved your post as the first version (1 line).")
    assert await chat.artifact("draft.md") == post + "\n"



async def test_content_write_ignores_a_file_name_the_author_never_gave() -> None:
    chat = Chat(Call("content_write", {"markdown": POST, "name": "md.html"}), "Saved.")
    # A pasted post with a lead-in is saved by code now; this one is the model's to save.
    text = await chat.say(f"Do what you think is best with this:\n{POST}")
    assert text.endswith("(Ignored: name='md.html' (you never named that file; the post "
                         "stays draft.md))")
    assert await chat.artifact("draft.md") == POST and await chat.artifact("md.html") is None
    assert '"ignored"' in chat.model.prompt_text(1)


async def test_content_write_refuses_text_the_author_neither_gave_nor_asked_for() -> None:
    chat = Chat(Call("content_write", {"markdown": "# My Blog\n\nLorem ipsum dolor sit."}),
                "Saved.")
    # a message code reads as no request goes to the model ("what can you do?" is help,
    # answered by code)
    text = await chat.say("hello, what do you think makes a good blog?")
    assert text.endswith("(Not saved: it is not text you gave me, and you did not ask me to "
                         "write a post.)")
    assert await chat.versions() == []
    assert '"refused"' in chat.model.prompt_text(1)


async def test_content_write_refuses_a_title_alone_even_when_asked_to_write() -> None:
    chat = Chat(Call("content_write", {"markdown": "# Sourdough at home"}), "Done.")
    text = await chat.say("Write a blog post about sourdough")
    assert text.endswith("(Not saved: a title alone is not a post.)")
    assert await chat.versions() == []


async def test_content_write_saves_a_post_the_author_asked_to_have_written() -> None:
    body = ("# Sourdough at home\n\nA starter is flour and water left to ferment.\n\n"
            "Bake it hot, in a covered pot, then uncovered.\n")
    chat = Chat(Call("content_write", {"markdown": body}), "Here is your post.")
    assert await chat.say("Write a blog post about sourdough") == "Here is your post."
    assert await chat.artifact("draft.md") == body


async def test_content_write_refuses_the_same_text_as_a_new_version() -> None:
    chat = Chat()
    await write_post(chat)
    # Code saves a pasted post now, and the store still refuses a copy of the current one.
    text = await chat.say(f"Save it:\n{POST}")
    assert text == "Not saved: it is the same text as version 0."
    assert await chat.versions() == [0]


async def test_make_artifact_ignores_a_source_the_author_never_gave() -> None:
    chat = Chat()
    await write_post(chat)
    chat.model.add(
        Call("make_artifact", {"artifact_type": "quiz", "request": "2 questions",
                               "source": "Bananas are yellow and grow in bunches."}),
        load("photosynthesis_quiz_repaired.json"), NO_ISSUES, "Here is a quiz.")
    # "quiz me on it" is code's now; a vaguer wish is still the model's to act on.
    text = await chat.say("hmm, something for my students to practise with would be nice")
    assert text.endswith("(Ignored: source (it is not text you gave me; I used the post))")
    assert "chlorophyll pigment" in chat.model.prompt_text(1)
    assert "Bananas" not in chat.model.prompt_text(1)


def test_diff_summary_shows_the_changed_words_with_a_little_context() -> None:
    diff = "--- a\n+++ b\n@@ -1 +1 @@\n-a b c d e f g h\n+a b c d E f g h\n"
    assert diff_summary(diff) == '"…b c d e f g h" -> "…b c d E f g h"'
    assert diff_summary("--- a\n+++ b\n-gone\n") == 'removed "gone"'
    assert diff_summary("+" + " ".join(["word"] * 30)) == f'added "{" ".join(["word"] * 12)}…"'
    assert diff_summary("-a  b\n+a b\n") == "whitespace only"


# --- properties --------------------------------------------------------------------------------

_text = st.text(alphabet=st.characters(blacklist_categories=["Cs", "Cc"]), min_size=1,
                max_size=200).filter(str.strip)


@given(before=st.text(max_size=50), post=_text, after=st.text(max_size=50))
def test_text_the_author_typed_is_always_supplied(before: str, post: str, after: str) -> None:
    assert text_supplied(post, f"{before}\n{post}\n{after}")


@settings(deadline=None)  # the first example loads the parser
@given(body=_text.filter(visible_text))
def test_a_pasted_post_is_taken_verbatim_whatever_it_says(body: str) -> None:
    command = blogger_intents(f"Please save my post:\n{body}")
    assert command is not None and command.name == "save"
    assert command.text == body.strip() + "\n"


@settings(deadline=None)
@given(body=st.text(st.sampled_from("\u200b\u200c\u200d\u2060\ufeff\u00ad \n"), min_size=1)
       .filter(str.strip))
def test_a_post_of_invisible_characters_is_no_post(body: str) -> None:
    """Issue 25 #6: empty once invisible characters are removed, so not a post."""
    command = blogger_intents(f"Please save my post:\n{body}")
    assert command is None or command.name != "save"


async def test_two_changes_read_from_one_message_both_land() -> None:
    """"rename it to X and add the tags Y and Z": two changes read against the same version;
    the second goes against the version the first made, never refused as stale."""
    chat = Chat()
    await chat.say("here is my post:\n\n---\ntitle: Pottery Nights\ntags: [craft]\n---\n\n"
                   "I signed up for a wheel class at the community centre in March.\n\n"
                   "The first bowl collapsed, the second one leaned, the third one held.\n")
    shown = await chat.say("rename it to 'Mud and Patience' and add the tags clay and hobbies")
    post = await chat.post() or ""
    assert "title: Mud and Patience" in post
    assert all(tag in post for tag in ("craft", "clay", "hobbies")), post
    assert "in the meantime" not in shown and "Nothing was changed" not in shown
    assert [n for n, _ in chat.calls].count("edit_metadata") == 2
