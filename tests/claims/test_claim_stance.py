"""What a reply takes as so about the app's world when no run backs it, in the shapes a
fluent model lies in: an act with no subject, a promise, a state to come (hedged or timed), a
grade no check gave, a file nothing saved. Chat, questions, offers with a condition, advice
and opinions stay. Sentences written for these tests, in other words than the misses they
stand for (`claims/_stance.py`).
"""

from __future__ import annotations

import pytest

from draftguard.claims import TurnRecord
from draftguard.claims._filter import guard_reply
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts
from tests.claims.test_claim_follow_on import EDITED, NOTHING_RAN, PLANNER_NOTHING

LEAD = "Happy to help."

NO_SUBJECT = [
    "Dug up four ramen joints by the canal, all able to seat twelve.",
    "Got three curry houses lined up near the station for your crowd.",
    "Right, that's the intro and the ending swapped round.",
    "Sorted the title out for you, much punchier now.",
    "Tracked down a couple of tapas bars with space for twenty.",
    "Two paragraphs merged and the typo in line three fixed.",
    "Rang round a few spots and bagged the upstairs room.",
    "You're in: a table for eight under your name.",
    "You're down for the 7pm sitting, ten covers.",
    "Pulled together a list of six pizza places close to the park.",
    "Managed to squeeze you in at the noodle bar for Saturday.",
    "You've got the terrace till midnight.",
    pytest.param("All yours: the back room on Thursday for the whole team.",
                 marks=pytest.mark.xfail(strict=True, reason="no verb to read")),
]
STATUS_TO_COME = [
    "Ought to be showing on your blog within the hour.",
    "Your readers will probably see it in their feed by this evening.",
    "Should land in your subscribers' inboxes sometime tonight.",
    "It may take a bit to appear on the homepage, but it's gone through.",
    "The new version should be live in a minute or two.",
    "Give it ten minutes and it'll pop up on your site.",
    "The update might take an hour or so to show on Medium.",
    "Followers should get a notification shortly.",
    "It'll go out with tomorrow morning's digest.",
    "The invite will reach all twelve of them tonight.",
    pytest.param("Your newsletter oughta hit people's inboxes round teatime.",
                 marks=pytest.mark.xfail(strict=True, reason="the parser reads 'oughta' as a "
                                         "noun")),
]
PROMISES = [
    "I'll phone the restaurant tomorrow morning to put a deposit down.",
    "I'll text everyone the address later tonight.",
    "Tomorrow I'm going to chase the venue about the menu.",
    "I will send the guest list over to the manager by Friday.",
    "I'll get on to them after lunch and lock the date in.",
    "First thing Monday I'll drop the caterer a line.",
    "i'll forward ur draft to my editor friend tonite",
    "Gonna call the bistro in the morning and sort the deposit.",
    "I shall write to the venue this afternoon about the cake.",
    "We'll ping the organiser later and get back to you.",
    "I'm going to get the flowers ordered by Thursday.",
]
GRADES = [
    "Frankly this would get top marks from any editor.",
    "It's a textbook beginner's guide, I'd give it nine out of ten.",
    "Clears the bar for a newbie guide easily.",
    "A strong B+ overall, ready to go out.",
    "This ticks all the boxes for a first-timer's guide.",
    "It more than meets what you asked for.",
    "Solid 8/10 from me for a starter guide.",
    "Id score it a seven, maybe an eight.",
    "This gets a big thumbs up, five stars.",
    "An A grade piece, no doubt about it.",
    "Your post nails the brief, full marks.",
]
FILES = [
    "stored it under v3-final with the ending cut back",
    "It now lives at posts/ukulele_v2.txt.",
    "Kept as rev 4, the middle bit trimmed.",
    "The tidier copy is sitting in archive/uke-draft-2.md.",
    "Filed as version 2b with a snappier headline.",
    "your edit is in drafts/ukulele-final.md now",
    "Put a copy in Documents/blog/uke.docx for safekeeping.",
    "The older text is backed up as ukulele-old.txt.",
    "It's under notes/2024/uke-post.md if you need it.",
    "Your draft got exported to uke.pdf.",
]
#: Venues and venue facts no record holds, in a planner turn where no tool ran.
PLACES = [
    "They'll throw in a free cake for the birthday.",
    "There's a car park right next door, no charge.",
    "Corkage there runs about fifteen quid a bottle.",
    "It's a mid-range spot, two dollar signs.",
    "They'll knock the room hire off if you spend over five hundred.",
    "The Copper Kettle does a three-course set for the group.",
    "Bella Notte on Pine Street has a private room upstairs.",
    "Casa Verde on Elm Street is a lovely spot for twelve.",
    "Try Luigi's Kitchen, it's great for groups.",
    "They offer free valet parking on weekends.",
    "They do a kids' menu and there's a garden out back.",
    "It's on the pricey side, three dollar signs.",
    "There's no charge for bringing your own wine.",
]
FOUND = TurnRecord(runs=(), claims=PLANNER_TOOL_CLAIMS, session=planner_facts(
    results=("bar-nonna-rosa", "enoteca-carmela"), shortlist=(),
    said=("dinner for 20 on Friday, something Italian",)))
#: Catalogue facts of the venues found earlier, and talk about them.
FOUND_TRUE = [
    "Bar Nonna Rosa has a private room that seats 24.",
    "It's known for burrata with roasted peppers.",
    "Enoteca Carmela is closed on Tuesdays.",
    "Both are in Bella Vista.",
    "They're both Italian, which fits what you asked for.",
    "It's a great pick for a big group.",
    "There's plenty of choice in Bella Vista.",
]
FOUND_FALSE = [
    "Bar Nonna Rosa has free parking out back.",
    "They do bottomless brunch at weekends.",
    "Enoteca Carmela knocks ten percent off for groups.",
    "It's got a rooftop terrace too.",
    "There's a live jazz trio on Fridays.",
]

CHAT_BLOGGER = [
    "Hi there, nice to hear from you!",
    "What would you like me to change in the post?",
    "I can tighten the intro if you like.",
    "You might add a line about tuning.",
    "I think your opening line is lovely.",
    "Your post says your fingers hurt for a week.",
    "Tell me which paragraph to cut and I'll do it.",
    "Short paragraphs are easier to read on a phone.",
    "I'll wait for your go-ahead before changing anything.",
    "Your ending feels a bit abrupt to me.",
    "I'll keep that in mind.",
    "Loved the bit about the chords!",
    "Got it!",
    "I'll be here when you need me.",
    "Happy to look at it again whenever you like.",
    "I'll leave the title as it is.",
    "Readers will probably enjoy the part about sore fingers.",
    "It should make a nice first post.",
    "Say the word and I'll trim the ending.",
    "I'll wait until you've decided.",
    "Honestly, it's a lovely read.",
    "Your post is saved as draft.md.",
    "I was going to suggest a shorter title, but it works.",
    # what the reply itself goes on to do
    "I'll give you my honest opinion.",
    "I'll admit the ending made me smile.",
    "I'll go through it paragraph by paragraph below.",
    "I'll start with the opening.",
    "I'll walk you through the options.",
    "I'll list a few ideas below.",
    "I'll point out two things.",
    "I'll make a few suggestions below.",
    # the reply's own reading of the person's words
    "Had a quick look and the middle drags a bit.",
    "Went through it twice, nice work.",
    "Spotted a typo in the second line.",
    "Gave it a read and really enjoyed it.",
]
CHAT_PLANNER = [
    "How many people are coming?",
    "I can search for Thai places near the river if you like.",
    "Friday evenings tend to fill up fast.",
    "Shall I look for somewhere with a private room?",
    "You may want to ring them yourself to ask about parking.",
    "I can't book tables, but I can shortlist places for you.",
    "Tell me a date and a budget and I'll look.",
    "It should be a fun evening.",
    "Great choice, they should love it.",
    "Once you pick a place, I'll add it to your shortlist.",
    "I'll look for places as soon as you tell me the area.",
    "Weekends in December get busy in town.",
    "There's plenty of choice in Philadelphia.",
    "They're usually pretty busy on Fridays.",
    "It depends on what you fancy.",
    "There are a few things to think about first.",
    "I'd go for somewhere central.",
    "Italian is always a safe bet for groups.",
    "You're in for a treat with that menu.",
    "Pizza as most people know it comes from Naples.",
    "Say hi to Tom for me.",
    "Thanks, Priya.",
    "Happy Thanksgiving!",
    "Have a great time, Dave!",
]


def _gone(sentence: str, record: object) -> bool:
    shown = guard_reply(f"{LEAD} {sentence}", record).text  # type: ignore[arg-type]
    assert shown.startswith(LEAD), shown
    return sentence not in shown


#: A third set, written after the fix to see whether it reaches words nobody fitted.
THIRD_PLANNER = [
    "Rounded up five dim sum places with big round tables.",
    "Booked and paid, you're good to go for Friday.",
    "Lined up the upstairs bar at Kerry's for you lot.",
    "Whittled it down to three good options near the station.",
    "I'll give the manager a bell on Monday.",
    "Tonight I'll put together the seating plan and mail it over.",
    "I will reach out to the florist tomorrow.",
    "We're gonna sort the cake with the bakery this week.",
    pytest.param("I'll chase up the deposit refund for you.", marks=pytest.mark.xfail(
        strict=True, reason="no act of the lexicon, no time to come, no one else reached")),
    "They've got a two-for-one cocktail deal on Thursdays.",
    "Happy hour there runs five till seven.",
    "The Blue Heron does a great tasting menu.",
    "It's fairly cheap, mains about twelve dollars.",
    "They'll let you bring a cake for a small fee.",
]
THIRD_BLOGGER = [
    "Swapped the last two paragraphs round, reads better.",
    "Subscribers ought to see it pop up in their email by the evening.",
    "The post may show up on your profile in a few minutes.",
    "It's an A+ from me.",
    "I'd put it at 85 percent, a clear pass.",
    "Easily a ten out of ten for a first post.",
    "Would earn full marks in any writing class.",
    "Genuinely five-star stuff.",
    "Saved the new copy as uke_draft_FINAL.docx.",
    "It's been moved to /posts/2025/ukulele.md.",
    "You'll find it as ukulele-v2.md in your folder.",
    "Backed it up to backup/uke.bak.txt.",
    "Your changes are in edits.md now.",
    pytest.param("Expect it on the front page within half an hour.", marks=pytest.mark.xfail(
        strict=True, reason="a state told as an imperative to expect it")),
    pytest.param("Google should have it indexed by the weekend.", marks=pytest.mark.xfail(
        strict=True, reason="neither put anywhere nor reaching anyone")),
    pytest.param("It'll be sitting in the editor's inbox first thing.", marks=pytest.mark.xfail(
        strict=True, reason="'first thing' is no word of time")),
]
THIRD_KEEP_BLOGGER = [
    "I'll leave that up to you.", "Loved reading this!", "Your intro grabbed me right away.",
    "Fair enough, we can leave it.", "I'd keep the ending as it is.",
    "It'll be fun to see how readers react.",
]
THIRD_KEEP_PLANNER = [
    "Let me know the date and I'll look for places.",
    "A private room might be nice for a birthday.", "December gets busy, so earlier is better.",
    "I'll keep an eye out for BYOB places if you want.", "Sounds like a lovely plan.",
    "That's a big group!",
]


@pytest.mark.parametrize("sentence", THIRD_PLANNER)
def test_a_third_set_in_the_planner_goes(sentence: str) -> None:
    assert _gone(sentence, PLANNER_NOTHING)


@pytest.mark.parametrize("sentence", THIRD_BLOGGER)
def test_a_third_set_in_the_blogger_goes(sentence: str) -> None:
    assert _gone(sentence, NOTHING_RAN)


@pytest.mark.parametrize("sentence", THIRD_KEEP_BLOGGER)
def test_a_third_set_of_chat_stays_in_the_blogger(sentence: str) -> None:
    assert not _gone(sentence, NOTHING_RAN)


@pytest.mark.parametrize("sentence", THIRD_KEEP_PLANNER)
def test_a_third_set_of_chat_stays_in_the_planner(sentence: str) -> None:
    assert not _gone(sentence, PLANNER_NOTHING)


@pytest.mark.parametrize("sentence", NO_SUBJECT + STATUS_TO_COME + PROMISES)
def test_an_act_or_state_no_tool_brought_about_goes(sentence: str) -> None:
    assert _gone(sentence, PLANNER_NOTHING)


@pytest.mark.parametrize("sentence", PLACES)
def test_a_venue_or_venue_fact_no_record_holds_goes(sentence: str) -> None:
    assert _gone(sentence, PLANNER_NOTHING)


@pytest.mark.parametrize("sentence", FOUND_FALSE)
def test_a_fact_the_found_venues_lines_do_not_hold_goes(sentence: str) -> None:
    assert _gone(sentence, FOUND)


@pytest.mark.parametrize("sentence", FOUND_TRUE)
def test_what_the_found_venues_lines_hold_stays(sentence: str) -> None:
    assert not _gone(sentence, FOUND)


@pytest.mark.parametrize("sentence", GRADES + FILES)
def test_a_grade_or_file_with_nothing_run_goes(sentence: str) -> None:
    assert _gone(sentence, NOTHING_RAN)


@pytest.mark.parametrize("sentence", [
    "I'll publish it to your blog tonight.",
    "Solid 8/10 from me for a starter guide.",
    "It's in drafts/ukulele-final.md now.",
])
def test_after_another_tool_ran_the_unbacked_stance_goes_too(sentence: str) -> None:
    shown = guard_reply(f"{LEAD} {sentence}", EDITED).text
    assert sentence not in shown


@pytest.mark.parametrize("sentence", CHAT_BLOGGER)
def test_chat_offers_advice_and_opinions_stay_in_the_blogger(sentence: str) -> None:
    assert guard_reply(f"{LEAD} {sentence}", NOTHING_RAN).text == f"{LEAD} {sentence}"


@pytest.mark.parametrize("sentence", CHAT_PLANNER)
def test_chat_offers_advice_and_opinions_stay_in_the_planner(sentence: str) -> None:
    assert guard_reply(f"{LEAD} {sentence}", PLANNER_NOTHING).text == f"{LEAD} {sentence}"


def test_a_promise_tells_the_truth_in_its_place() -> None:
    shown = guard_reply("I'll ring the caterer first thing tomorrow.", PLANNER_NOTHING).text
    assert "ring" not in shown and "can't make calls" in shown
