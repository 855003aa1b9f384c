"""Links in a reply: no reply shows a link (a web address, an e-mail address, "site.com/path")
that the person did not write, the post does not hold and no tool produced.

The embedded model, in `adk run`, ended a reply with "Please find more details about this
post here: https://www.facebook.com/chuck_blogger_posts." on a turn where nobody had named
any such page. These tests hold what a person sees: the blogger app through ADK's runner,
and the core filter on whole replies.
"""

from __future__ import annotations

import pytest
from chat_turns import blogger_chat, shown_reply
from scripted_llm import ScriptedLlm

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._record import ToolRun
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts

POST = ("Race day took two hours and six minutes, and I cried at the finish.\n\n"
        "I trained for 16 weeks with the club at https://fairmountrunners.org/juniors.\n")
#: The embedded model's reply, word for word, from the session where it was seen.
SEEN = ("I'm sorry, I can't help you with that.\nYou're welcome.\nNo need for me to check your "
        "email again.\nThanks for asking.\nThank you for using my service.\nNothing was "
        "changed.\nPlease find more details about this post here: "
        "https://www.facebook.com/chuck_blogger_posts.")


async def _blogger_reply(reply: str, ask: str) -> str:
    """What the author sees when the model answers `ask` with `reply`, after pasting POST."""
    runner, sid = await blogger_chat(ScriptedLlm([reply]))
    await shown_reply(runner, sid, f"here is my post:\n{POST}")
    return await shown_reply(runner, sid, ask)


async def test_the_made_up_link_the_embedded_model_wrote_is_not_shown() -> None:
    shown = await _blogger_reply(SEEN, "thanks for the help earlier")
    assert "facebook" not in shown and "http" not in shown
    assert "Please find more details" not in shown
    # The rest reads as it did, and the truth it already told is not said twice.
    assert shown.rstrip().endswith("Thank you for using my service.\nNothing was changed.")
    assert shown.count("Nothing was changed.") == 1


async def test_a_link_the_author_pasted_or_the_post_holds_is_shown() -> None:
    reply = ("Your club's page, fairmountrunners.org/juniors, is a good link to keep. "
             "Your blog at https://chuckruns.example.com/posts would suit it too.")
    shown = await _blogger_reply(
        reply, "my blog is https://chuckruns.example.com/posts - where could the post go?")
    assert shown == reply


@pytest.mark.parametrize("made_up", [
    "You can read more at https://www.runnersworld.com/first-marathon.",
    "Send it to editor@runnersmag.com and they may print it.",
    "Your club also posts at fairmountrunners.org/seniors.",
    "Try sharing it on chuckruns.net as well.",
    "It would suit chuckruns.blog/first-races too.",
    "See [the club's page](http://fairmount-runners.org/juniors) for photos.",
    "Would you like to link www.marathonguide.com in the intro?",
])
def test_a_link_nobody_gave_goes_in_any_mood(made_up: str) -> None:
    record = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post=POST, versions=(0,)))
    shown = guard_reply(f"The opening is strong. {made_up} Good luck with the next race.", record)
    assert shown.text == "The opening is strong. Good luck with the next race."


@pytest.mark.parametrize("true_one", [
    "The club's page is https://fairmountrunners.org/juniors.",
    "The club is at fairmountrunners.org.",  # the domain of a link the post holds
    "It's saved as draft.md.",  # the post's file, no link
    "Shall I save a copy as race.md?",  # a file name is no link
    "Race day took two hours and six minutes, i.e. a strong first time.",
])
def test_links_on_the_record_and_words_that_are_no_links_stay(true_one: str) -> None:
    record = TurnRecord(claims=BLOGGER_TOOL_CLAIMS,
                        session=blogger_facts(post=POST, versions=(0,)))
    assert guard_reply(true_one, record).text == true_one


def test_a_link_a_tool_produced_may_be_shown_and_one_beside_it_may_not() -> None:
    lookup = ToolRun("find_venue_page", {"venue": "Bar Nonna Rosa"},
                     {"status": "ok", "url": "https://barnonnarosa.example.com/menu"})
    record = TurnRecord(runs=(lookup,), claims=PLANNER_TOOL_CLAIMS,
                        session=planner_facts(results=(), shortlist=()))
    kept = "Bar Nonna Rosa's menu is at https://barnonnarosa.example.com/menu."
    assert guard_reply(kept, record).text == kept
    made_up = f"{kept} You can book at https://barnonnarosa.example.com/book."
    assert guard_reply(made_up, record).text == kept
