"""Every turn ends in plain words within a bounded number of model calls (held-out set 8,
B04: "now can you write me a brand new post about rye bread from scratch?" sent the embedded
model writing twice, refused twice, and the turn never ended).

- A whole new post, or a rewrite from scratch, is more than a small model can write: code
  says so at once, plainly, and nothing is saved.
- A write refused in a turn (by the argument guard or by the tool) is never run again in
  that turn, whoever retries it; on a small model the refusal ends the turn, in words.
"""

from __future__ import annotations

import pytest
from chat_turns import Chat
from scripted_llm import Call

POST = ("# Keeping a Sourdough Starter Alive\n\n"
        "A sourdough starter is just flour and water that wild yeast has moved into.\n\n"
        "I feed mine once a day: 50 grams of starter, 50 of flour and 50 of water.\n\n"
        "A healthy starter doubles within six to eight hours of a feed.\n\n"
        "Rye flour wakes up a sluggish starter faster than white flour.\n")

NEW_POSTS = [
    "brilliant. now can you write me a brand new post about rye bread from scratch? "
    "I don't have time",
    "could u draft a fresh article on growing chillies indoors",
    "I need a whole blog post about my trip to Oslo, can you do it for me",
    "write up a post for me on fixing a puncture pls",
    "Pls to create one new blog entry about monsoon cooking",
    "rewrite the whole post from scratch",
    "start over and write it again from the beginning",
]


async def saved(chat: Chat) -> None:
    reply = await chat.say(f"save my post:\n\n{POST}")
    assert reply.startswith("Saved ")


@pytest.mark.parametrize("message", NEW_POSTS)
async def test_on_a_small_model_a_whole_new_post_is_said_to_be_beyond_it(
    message: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat)
    reply = await chat.say(message)
    assert "can't write" in reply and "paste" in reply
    assert chat.model.requests == []  # no model call at all
    assert await chat.post() == POST and await chat.versions() == [0]


async def test_on_a_capable_model_a_new_post_is_still_the_models_to_write() -> None:
    chat = Chat()
    await saved(chat)
    new = ("# Rye bread\n\nRye bread is dense and sour.\n\nIt keeps for a week in a tin, "
           "and it is best sliced thin with butter and a little salt on top.\n")
    chat.model.add(Call("content_write", {"markdown": new, "replace_post": True}), "Written.")
    await chat.say("now write me a brand new post about rye bread")
    assert await chat.post() == new


GARBAGE = Call("content_write", {"markdown": "---\ntitle: Keeping a Sourdough Starter Alive\n"
                                 "-Rye bread is made with rye flour."})


async def test_on_a_small_model_a_refused_write_ends_the_turn_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A small model still gets tools where code cannot read an /edit; one refusal ends it.
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat)
    chat.model.add(GARBAGE)  # one model call and no more: the script would run out
    reply = await chat.say("/edit make the intro warmer and friendlier somehow")
    assert len(chat.model.requests) == 1 and chat.model.remaining == 0
    assert reply.startswith("Not saved: ") and "edit_ops" not in reply
    assert "{" not in reply
    assert await chat.post() == POST and await chat.versions() == [0]


async def test_a_refused_write_is_never_run_again_in_the_same_turn() -> None:
    chat = Chat(app=True)
    await saved(chat)
    other = Call("content_write", {"markdown": "# Rye\n\nRye bread is dense.\n"})
    chat.model.add(GARBAGE, other)  # a retry, even with other words, is not run
    reply = await chat.say("could you make the whole thing flow a bit better")
    assert chat.model.remaining == 0 and len(chat.model.requests) == 2
    assert "Not saved" in reply and "{" not in reply
    assert await chat.post() == POST and await chat.versions() == [0]
