"""Questions about the post as it stands and about what the app just did are answered by code
from the store and the last turn's tool results (`blogger/state_answers.py`), never by a
model's imitation of a confirmation, and never read as a request."""

from __future__ import annotations

import pytest
from chat_turns import Chat

from blogger.state_answers import PastTurn, asked_about, tags_answer, title_answer, what_happened
from draftguard.claims._record import ToolRun

POST = ("here is my post:\n---\ntitle: Mornings at the salle\ntags: [fencing, sport]\n---\n"
        "# Mornings at the salle\n\nThe salle teaches foil and épée to adults on Tuesdays.\n\n"
        "I bought my own mask in May after three months of borrowed kit.\n")


@pytest.mark.parametrize(("message", "topic"), [
    ("is it saved now", "done"),
    ("did my change get stored", "done"),
    ("have u kept the new version", "done"),
    ("was anything saved just now", "done"),
    ("so did it actually save or not?", "done"),
    ("Did u do the change i asked??", "done"),
    ("has anything been changed", "done"),
    ("what happened with my last edit", "done"),
    ("which labels has the post got", "tags"),
    ("tags currently?", "tags"),
    ("what categories does my article have at the moment", "tags"),
    ("whats the post title now", "title"),
    ("what is it called now", "title"),
    ("which headline does it have now", "title"),
])
def test_questions_about_the_post_or_the_last_turn_are_read(message: str, topic: str) -> None:
    asked = asked_about(message)
    assert asked is not None and asked[0] == topic


@pytest.mark.parametrize("message", [
    "what tags should I use", "can you add a tag", "make the title shorter",
    "what do you think about my tags", "is the intro good", "did you like the post",
    "did my sister like it", "what about a tag for gardening?", "is the title too long?",
    "which tag fits best?", "did I get the title right?", "why did you change the title?",
    "what does the post say about the tags on my bike?", "change the tags to sport, travel",
    "is 'Salle days' a better title?", "thanks, that's all for now!", "tag it cats please",
    "what did you think of the opening?",
    # a question with a request beside it goes on to the reader, which does both
    "did you save that? also make a quiz", "what are the tags, and add cycling",
    "is it saved. great, now cut the last line",
])
def test_requests_opinions_and_other_questions_are_not(message: str) -> None:
    assert asked_about(message) is None


def test_what_happened_says_the_version_a_save_made() -> None:
    runs = (ToolRun("edit_ops", {}, {"status": "applied", "version": 3,
                                     "diff": "--- a\n+++ b\n-It rained.\n+It poured.\n"}),)
    said = what_happened([PastTurn("change rained to poured", runs)], latest=3, kind="edit_ops")
    assert said.startswith("Yes: after your last message I changed")
    assert "saved it as version 3" in said and "Nothing was changed" not in said


def test_what_happened_says_nothing_was_saved_and_why() -> None:
    runs = (ToolRun("edit_ops", {}, {"status": "rejected", "reason": "not_found"}),)
    said = what_happened([PastTurn("cut the zebra", runs)], latest=2, kind="edit_metadata")
    assert said == ("No, nothing was saved after your last message: I could not find those "
                    "words in the post. The latest version is version 2: a change to the "
                    "post's details.")
    quiz = (ToolRun("make_artifact", {}, {"ok": True, "artifact_type": "flashcards"}),)
    said = what_happened([PastTurn("cards pls", quiz)], latest=0, kind="content_write",
                         yes_no=False)
    assert said == ("I changed nothing in the post after your last message (I only made "
                    "flashcards). The latest version is the first version: the post as it "
                    "was saved.")


def test_a_refused_save_says_why_in_the_authors_words() -> None:
    runs = (ToolRun("content_write", {}, {"status": "refused", "error": (
        "not saved: it would drop 9 of the post's 12 lines (an edit may change 3); change "
        "the post with edit_ops, or ask for a new post or a full rewrite")}),)
    said = what_happened([PastTurn("here it is again", runs)], latest=1, kind="edit_ops")
    assert said.startswith("No, nothing was saved after your last message: it would drop 9 "
                           "of the post's 12 lines (an edit may change 3).")
    assert "edit_ops" not in said


def test_the_tags_and_the_title_as_they_stand() -> None:
    assert tags_answer({"tags": ["fencing", "sport"]}) == \
        "The post's tags are “fencing” and “sport”."
    assert tags_answer({"tags": "fencing"}) == "The post's tag is “fencing”."
    assert tags_answer({}).startswith("The post has no tags yet.")
    assert title_answer(None).startswith("The post has no title yet.")


async def test_in_chat_the_answers_follow_what_the_turns_did() -> None:
    say = Chat(*["Saved as version 3 of draft.md (3 lines)."] * 4).say
    await say(POST)
    assert (await say("did you save that?")).startswith(
        "Yes: after your last message I saved the post as the first version.")
    assert await say("what r the tags rn") == "The post's tags are “fencing” and “sport”."
    assert await say("whats the title at the moment?") == \
        "The post's title is “Mornings at the salle”."
    # the questions before saved nothing: nothing is claimed for them, and the save is told
    assert await say("did it save?") == (
        "I changed nothing in the post after your last message. Before it, when you wrote "
        "“here is my post: --- title: Mornings at…”, I saved the post as the first version. "
        "The latest version is the first version: the post as it was saved.")
    assert await say("change 'foil' to 'sabre'") != ""
    assert await say("cheers") != ""
    # "that" may be the change before a courtesy: what it did is said, with no "No"
    said = await say("did you save that?")
    assert said.startswith("I changed nothing in the post after your last message.")
    assert "Before it, when you wrote “change 'foil' to 'sabre'”, I changed" in said
    assert "saved it as version 1. The latest version is version 1: an edit" in said
    await say("change 'zebra' to 'horse'")
    said = await say("so was it saved?")
    assert said.startswith("I changed nothing in the post after your last message. My answer "
                           "to it was: I could not find “zebra” in the post.")
