"""Two classes from held-out set 8, through the app with a scripted model:

- B08, "publish it to my wordpress blog please": a request for something the app has no
  tool for (publish, share on social media, send, translate, look things up online) is
  answered "I can't ..." and what it can do, known by meaning (`blogger.beyond`), never
  "I could not read that ... Closest: check the post against a brief";
- B10, "Kindly change the date to 14th" on a post with two dates: a value named by its
  kind is never guessed and never left to the model; code asks which, offering the post's
  values of that kind in its own words, and the answer is applied (`blogger.kind_targets`).
"""

from __future__ import annotations

import pytest
from chat_turns import Chat

from blogger.beyond import beyond_reach, cannot_do, cannot_reply
from blogger.reading import read_message
from blogger.second_look import second_look

KERALA = ("# Ten Days in Kerala\n\n"
          "My cousin's wedding gave me the excuse I needed to finally see Kerala. We flew from "
          "Delhi and on 3rd March we reached Kochi, tired but very excited.\n\n"
          "We spent two days in Fort Kochi walking past the Chinese fishing nets.\n\n"
          "Then on 6th March we took the houseboat from Alleppey. It was the most peaceful day "
          "of the whole trip.\n")
PORTO = ("# Cheap Eats in Porto\n\n"
         "On Friday we found a bifana stall near the market where a sandwich cost €3 and a "
         "beer €2.\n\n"
         "The francesinha at Café Santiago was the big one: €14 for a sandwich drowned in "
         "sauce. We queued at 8pm.\n\n"
         "We left on 12 May 2019 with full stomachs, after 3 days and about 40 km of walking.\n")


async def saved(chat: Chat, post: str) -> None:
    assert (await chat.say(f"save my post:\n\n{post}")).startswith("Saved ")


# --- what the app cannot do ---------------------------------------------------------------

CANNOT = [
    ("this one is ready I think. publish it to my wordpress blog please, same as usual",
     "publish"),
    ("could u put this up on my medium account tonight", "publish"),
    ("schedule it to go live on monday morning", "publish"),
    ("ok its done, pls make it live on the blog", "publish"),
    ("share it on twitter for me", "social media"),
    ("post this on instagram and facebook", "post"),  # the reader's own verb
    ("put it on my linkedin", "social media"),
    ("can you look this up on the internet for me", "look up"),
    ("could you send it over to my editor", "send"),
]


@pytest.mark.parametrize("profile", ["small", "capable"])
@pytest.mark.parametrize(("message", "named"), CANNOT)
async def test_a_request_for_what_the_app_cannot_do_is_told_so_plainly(
    message: str, named: str, profile: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", profile)
    chat = Chat(app=True)
    await saved(chat, KERALA)
    reply = await chat.say(message)
    assert reply.startswith("I can't ") and named in reply.split(",")[0]
    assert "I can change the post" in reply and "Closest" not in reply
    assert chat.model.requests == [] and await chat.versions() == [0]


NEAR_BUT_CAN = ["make the intro punchier", "can u make it more fun to read, idk, it feels boring",
                "make it more SEO friendly", "add a line about sharing the starter with friends",
                "put the recipe in a list", "polish the wording in the bake section"]


@pytest.mark.parametrize("message", NEAR_BUT_CAN)
def test_what_the_app_nearly_does_is_not_called_beyond_it(message: str) -> None:
    assert beyond_reach(message) is None


async def test_an_unreadable_request_the_app_nearly_does_keeps_the_closest_reply(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, KERALA)
    reply = await chat.say("make the intro punchier")
    # new words for a part of the post: beyond the small model, said plainly (reader37)
    assert reply.startswith("I can't write new text for the post") and "Closest" not in reply


# --- a value named by its kind ------------------------------------------------------------

TWO_DATES = [
    "Kindly change the date to 14th, I made mistake while typing.",
    "change the date to 14th",
    "the date is wrong, it should be the 14th",
    "fix the day to 14th pls",
    "pls the date make 14th, my mistake",
]


@pytest.mark.parametrize("message", TWO_DATES)
async def test_a_date_named_by_its_kind_asks_which_of_the_posts_dates(
    message: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, KERALA)
    reply = await chat.say(message)
    assert reply.rstrip().endswith("?") and "“3rd March”" in reply and "“6th March”" in reply
    assert "Nothing was changed yet." in reply
    assert chat.model.requests == [] and await chat.versions() == [0]
    await chat.say("the second one")
    post = await chat.post() or ""
    assert "on 14th March we took the houseboat" in post and "on 3rd March we reached" in post


async def test_the_prices_of_a_post_are_offered_in_their_sentences(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, PORTO)
    reply = await chat.say("the price should be €15, sorry")
    assert "“€3”" in reply and "“€2”" in reply and "“€14”" in reply and "?" in reply
    await chat.say("3")
    assert "big one: €15 for a sandwich" in (await chat.post() or "")


ONE_OF_A_KIND = [
    ("update the year to 2020", "12 May 2019", "12 May 2020"),
    ("my bad, the date needs to be the 13th", "12 May 2019", "13th May 2019"),
    ("change the time to 7pm", "8pm", "7pm"),
    ("the distance is off, make it 35 km", "about 40 km", "35 km"),
    ("pls correct the distance to 38 km", "about 40 km", "38 km"),
]


@pytest.mark.parametrize(("message", "old", "new"), ONE_OF_A_KIND)
async def test_one_value_of_the_kind_is_offered_and_applied_on_yes(
    message: str, old: str, new: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, PORTO)
    reply = await chat.say(message)
    assert f"change “{old}” to “{new}”?" in reply
    assert chat.model.requests == [] and await chat.versions() == [0]
    await chat.say("yes")
    post = await chat.post() or ""
    assert new in post and old not in post


async def test_a_frontmatter_date_is_still_set_as_a_field(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, f"---\ntitle: Kerala\ndate: 2026-03-03\n---\n\n{KERALA}")
    await chat.say("change the date to 2026-03-14")
    assert "2026-03-14" in (await chat.post() or "").split("---")[1]


SAID_NOT_ASKED = ["my editor will email me her notes tomorrow",
                  "I translated my grandmother's recipe from Polish last year",
                  "thanks, my sister is going to print it out for her class",
                  "I'll put it on my blog myself later, thanks",
                  "the date was perfect, 3rd March was the best day"]


@pytest.mark.parametrize("message", SAID_NOT_ASKED)
def test_what_is_only_said_is_neither_refused_nor_asked_about(message: str) -> None:
    reading = read_message(message, post=KERALA).reading
    looked = second_look(message, reading, KERALA)
    assert looked == reading
    assert all(r.question is None or "can't" not in r.question for r in looked.requests)


NO_NEW_VALUE = ["the date is wrong", "oops I got the date wrong", "fix the date pls",
                "change the date", "hmm the date isn't right i think, my mistake"]


@pytest.mark.parametrize("message", NO_NEW_VALUE)
async def test_a_kind_said_to_be_wrong_with_no_new_value_asks_which_and_what(
    message: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    await saved(chat, KERALA)
    reply = await chat.say(message)
    assert reply.startswith("Nothing was changed yet. Which date should change, and to what?")
    assert "“3rd March”" in reply and "“6th March”" in reply
    assert chat.model.requests == [] and await chat.versions() == [0]
    await chat.say("change “6th March” to “14th March”")
    assert "on 14th March we took" in (await chat.post() or "")


def test_a_refusal_reads_the_same_whoever_found_what_the_app_cannot_do() -> None:
    # the reader's verb ("fax it to my editor") and a capability found by meaning ("print")
    by_verb, by_name = cannot_do("fax"), cannot_reply("print")
    assert by_verb.question is not None and by_name.question is not None
    assert by_verb.question.startswith("I can't fax anything from here, so nothing was done.")
    assert by_name.question.startswith("I can't print anything from here, so nothing was done.")
    assert by_verb.question.split(". ", 1)[1] == by_name.question.split(". ", 1)[1]
    assert by_verb.slots["cannot"] == "fax" and by_name.slots["cannot"] == "print"
