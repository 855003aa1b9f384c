"""The core claim guard: sentences held against a turn's record, in many phrasings.

Each family states one claim as a lying model does (tense, person, voice, paraphrase, an
off-by-one number, a true claim beside a false one) and checks the guard against the record
both ways: with no run behind it the claim goes, with the run that did it the claim stays.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, SessionFacts, ToolClaims, TurnRecord
from draftguard.claims._filter import guard_reply
from draftguard.claims._guard import ClaimKind
from draftguard.claims._numbers import numbers_of_text, with_digits
from draftguard.claims._record import ToolRun
from event_planning.tool_claims import PLANNER_TOOL_CLAIMS, planner_facts

POST = ("# My first marathon\n\nRace day took two hours and six minutes.\n\n"
        "I trained for 16 weeks with Dana Reyes.\n")
EDIT = ToolRun("edit_ops", {"base_version": 1, "ops": [{"type": "replace", "anchor": "a",
                                                         "text": "b"}]},
               {"status": "applied", "version": 2, "lines_added": 1, "lines_removed": 1,
                "lines_after": 5})
REFUSED = ToolRun("content_write", {"markdown": "x"}, {"status": "refused", "error": "no"})


@pytest.fixture(scope="module")
def guard() -> ClaimGuard:
    return ClaimGuard()


def blog(*runs: ToolRun, versions: tuple[int, ...] = (0, 1)) -> TurnRecord:
    return TurnRecord(runs=runs, claims=BLOGGER_TOOL_CLAIMS,
                      session=blogger_facts(post=POST, versions=versions))


SAVE_CLAIMS = [
    "I saved your changes.",
    "I've saved it as a new version.",
    "Your post has been saved.",
    "The changes were saved as version 2.",
    "Saved as version 2.",
    "Done! I tightened your introduction.",
    "The assistant updated your opening line.",
    "I have tightened the intro and saved it.",
    "I'm saving the new opening now.",
]


@pytest.mark.parametrize("sentence", SAVE_CLAIMS)
def test_an_edit_claim_needs_an_edit_that_ran(guard: ClaimGuard, sentence: str) -> None:
    assert not guard.judge(sentence, blog()).supported
    assert not guard.judge(sentence, blog(REFUSED)).supported  # a refused save did nothing
    assert guard.judge(sentence, blog(EDIT, versions=(0, 1, 2))).supported


@pytest.mark.parametrize(("sentence", "true"), [
    ("Saved as version 2 (+1 -1 lines).", True),
    ("Saved as version 3.", False),          # one off
    ("Saved as version 1.", False),          # an older version that exists
    ("The edit changed 1 line.", True),
    ("The edit changed 2 lines.", False),
    ("The post now has 5 lines.", True),
    ("The post now has 6 lines.", False),
])
def test_numbers_of_a_result_are_the_runs(guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, blog(EDIT, versions=(0, 1, 2))).supported is true


@pytest.mark.parametrize("sentence", [
    "I removed the paragraph about your coach.",   # the edit only replaced words
    "I edited the opening and removed the last paragraph.",  # true beside false
    "I also reverted the title.",
    "I made a quiz from the post too.",
    "I also took the weaker sentences out of your intro.",   # a verb and its particle apart
    "I took the last two lines off the post.",              # the particle as a preposition
])
def test_an_action_the_run_did_not_do_goes(guard: ClaimGuard, sentence: str) -> None:
    assert not guard.judge(sentence, blog(EDIT, versions=(0, 1, 2))).supported


@pytest.mark.parametrize("sentence", [
    "You could cut the second sentence.",
    "Would you like me to tighten it?",
    "I can shorten the opening when you say so.",
    "I will save it as a new version when you say so.",
    "If you like, I'll rewrite the first paragraph.",
    "Shall I save a shorter version?",
    "Nothing was changed.",
    "I haven't saved anything yet.",
    "Save it whenever you are ready.",
    "You added a strong ending.",
    "I like how the first line puts the reader at the finish.",
])
def test_hedges_plans_questions_and_negations_claim_nothing(guard: ClaimGuard,
                                                            sentence: str) -> None:
    assert guard.judge(sentence, blog()).supported


@pytest.mark.parametrize(("sentence", "kind"), [
    ("I booked a table for 8 at Bar Nonna Rosa.", ClaimKind.IMPOSSIBLE),
    ("Your reservation at Golden Crane is confirmed for 12 people.", ClaimKind.IMPOSSIBLE),
    ("I published the post to your blog.", ClaimKind.IMPOSSIBLE),
    ("I emailed the draft to your editor.", ClaimKind.IMPOSSIBLE),
    ("The table has been reserved.", ClaimKind.IMPOSSIBLE),
])
def test_what_no_tool_can_do_is_never_done(guard: ClaimGuard, sentence: str,
                                           kind: ClaimKind) -> None:
    judged = guard.judge(sentence, blog(EDIT))
    assert not judged.supported and judged.kind is kind


def test_an_app_that_declares_booking_may_say_it_booked(guard: ClaimGuard) -> None:
    booked = ToolRun("book_table", {"party_size": 4}, {"status": "booked"})
    record = TurnRecord(runs=(booked,), claims={
        "book_table": ToolClaims.of("book_table", "book")})
    assert guard.judge("I booked a table for 4.", record).supported
    assert not guard.judge("I booked a table for 5.", record).supported


CHECK_FAILED = ToolRun("check_delivery", {"primary_goal": "a guide"},
                       {"passed": False, "status": "failed", "document_count": 1})
CHECK_PASSED = ToolRun("check_delivery", {"primary_goal": "a guide"},
                       {"passed": True, "status": "passed", "document_count": 1})


@pytest.mark.parametrize(("sentence", "passing"), [
    ("The post passes every criterion.", True),
    ("It meets the brief.", True),
    ("Your post is ready to publish.", True),
    ("The post failed the check.", False),
    ("It does not pass yet.", False),
])
def test_a_verdict_is_the_checks(guard: ClaimGuard, sentence: str, passing: bool) -> None:
    assert not guard.judge(sentence, blog()).supported  # no check ran
    right, wrong = (CHECK_PASSED, CHECK_FAILED) if passing else (CHECK_FAILED, CHECK_PASSED)
    assert guard.judge(sentence, blog(right)).supported
    assert not guard.judge(sentence, blog(wrong)).supported


@pytest.mark.parametrize(("sentence", "true"), [
    ("Race day took two hours and six minutes.", True),
    ("Race day: 2 hours and 45 minutes.", False),
    ("You trained for 16 weeks.", True),
    ("You trained for sixteen weeks.", True),
    ("You trained for 17 weeks.", False),
    ("You trained with Dana Reyes.", True),
    ("You trained with Maria Lopez.", False),
    ("The post is on version 1.", True),
    ("The post is on version 4.", False),
])
def test_facts_about_the_post_are_the_posts(guard: ClaimGuard, sentence: str,
                                            true: bool) -> None:
    assert guard.judge(sentence, blog()).supported is true


SEARCH = ToolRun("search_venues", {"cuisine": "italian"},
                 {"status": "ok", "count": 4, "venues": [{"id": "bar-nonna-rosa"}] * 4})
ADDED = ToolRun("add_to_shortlist", {"venue_id": "bar-nonna-rosa"},
                {"status": "ok", "added": "Bar Nonna Rosa", "shortlist": ["bar-nonna-rosa"]})
FOUND = ["bar-nonna-rosa", "enoteca-carmela", "osteria-bianchi", "osteria-dinardo"]


def plan(*runs: ToolRun, shortlist: tuple[str, ...] = ()) -> TurnRecord:
    return TurnRecord(runs=runs, claims=PLANNER_TOOL_CLAIMS,
                      session=planner_facts(results=FOUND if runs else [],
                                            shortlist=shortlist))


@pytest.mark.parametrize(("sentence", "true"), [
    ("I found 4 Italian places.", True),
    ("I found four Italian places.", True),
    ("I found 5 Italian places.", False),
    ("I found three Italian places.", False),
])
def test_a_search_count_is_the_searchs(guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert not guard.judge(sentence, plan()).supported
    assert guard.judge(sentence, plan(SEARCH)).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("I added Bar Nonna Rosa to your shortlist.", True),
    ("Bar Nonna Rosa has been shortlisted.", True),
    ("I added Enoteca Carmela to your shortlist.", False),
    ("Your shortlist now has 1 venue.", True),
    ("Your shortlist now has 2 venues.", False),
])
def test_a_shortlist_claim_is_the_shortlists(guard: ClaimGuard, sentence: str,
                                             true: bool) -> None:
    record = plan(SEARCH, ADDED, shortlist=("bar-nonna-rosa",))
    assert guard.judge(sentence, record).supported is true


REVERTED = ToolRun("revert_to_version", {"version": 0},
                   {"status": "reverted", "version": 2, "reverted_to": 0})
INSERTED = ToolRun("edit_ops", {"base_version": 1, "ops": [{"type": "insert", "anchor": "a",
                                                            "text": "b"}]},
                   {"status": "applied", "version": 2, "lines_added": 1, "lines_after": 6})
INGESTED = ToolRun("source_ingest", {"name": "notes.md"}, {"status": "saved", "name": "notes.md"})


@pytest.mark.parametrize(("sentence", "run", "true"), [
    ("I also saved a backup to your desktop.", REVERTED, False),
    ("A copy was saved in your Documents folder.", REVERTED, False),
    ("I restored the post to version 0.", REVERTED, True),
    ("I added a line to the end of the post.", INSERTED, True),
    ("I added the line to your second paragraph.", INSERTED, True),
    ("I added the closing line to your calendar.", INSERTED, False),
    ("I also added the notes to your post.", INGESTED, False),
    ("I added your interview notes to the sources.", INGESTED, True),
])
def test_where_a_thing_was_put_is_the_runs(guard: ClaimGuard, sentence: str, run: ToolRun,
                                           true: bool) -> None:
    assert guard.judge(sentence, blog(run, versions=(0, 1, 2))).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("I added Bar Nonna Rosa to your list.", True),
    ("I added Bar Nonna Rosa to your calendar.", False),
    ("Bar Nonna Rosa was filed under Favourites.", False),
])
def test_a_venue_goes_only_where_the_shortlist_tool_puts_it(guard: ClaimGuard, sentence: str,
                                                            true: bool) -> None:
    record = plan(SEARCH, ADDED, shortlist=("bar-nonna-rosa",))
    assert guard.judge(sentence, record).supported is true


def test_a_plain_function_tool_is_read_from_its_name(guard: ClaimGuard) -> None:
    run = ToolRun("add_to_shortlist", {"venue_id": "x"}, {"status": "ok"})
    record = TurnRecord(runs=(run,), session=SessionFacts())  # nothing declared
    assert guard.judge("I added it to your shortlist.", record).supported
    assert not guard.judge("I added it to your calendar.", record).supported
    assert not guard.judge("I removed it from your shortlist.", record).supported


def test_a_whole_lie_becomes_the_truth_and_the_next_step() -> None:
    out = guard_reply("Done! I tightened your introduction and saved it as version 3 of "
                      "draft.md (+2 -2 lines).", blog(), next_step="Tell me what to change.")
    assert out.text == "Nothing was changed. Tell me what to change."


def test_a_true_sentence_beside_a_false_one_stays() -> None:
    out = guard_reply("Your opening is strong. I saved it as version 2.", blog())
    assert out.text == "Your opening is strong. Nothing was changed."
    out = guard_reply("I edited the opening. Saved as version 7.", blog(EDIT, versions=(0, 1, 2)))
    assert out.text == "I edited the opening. The post is saved as version 2."


def test_a_review_no_check_made_says_no_check_ran() -> None:
    out = guard_reply("I reviewed your opening against the brief. It reads clearly.", blog())
    assert out.text == "No check has run on it yet. It reads clearly."


def test_an_impossible_claim_says_what_cannot_be_done() -> None:
    out = guard_reply("Great choice! I booked a table for 8 on Friday.", plan(SEARCH))
    assert out.text == "Great choice! I can't book or reserve anything myself."


def test_a_guard_that_fails_lets_the_reply_through() -> None:
    class Broken(ClaimGuard):
        def judge(self, sentence: str, record: TurnRecord) -> object:  # type: ignore[override]
            raise RuntimeError("boom")

    errors: list[BaseException] = []

    class Seen:
        def on_sentence(self, judgement: object, sentence: str) -> None: ...
        def on_error(self, error: BaseException) -> None:
            errors.append(error)

    from draftguard.claims import ClaimFilter

    flt = ClaimFilter(blog(), guard=Broken(), observer=Seen())
    text = "I saved it as version 9. It is great."
    assert flt.feed(text) + flt.flush() == text
    assert len(errors) == 1


@pytest.mark.parametrize(("text", "numbers"), [
    ("two hours and six minutes", {2, 6}),
    ("seats five hundred", {5, 100, 500}),
    ("16 weeks, +2 -2 lines", {16, 2}),
])
def test_numbers_in_words_and_digits(text: str, numbers: set[int]) -> None:
    assert numbers_of_text(text) == numbers


def test_number_words_become_digits() -> None:
    assert with_digits("it seats five hundred and twenty") == "it seats 520"
    assert with_digits("two hours and six minutes") == "2 hours and 6 minutes"


# Property: a lying model's claim of a save, in any of these phrasings, is removed when no
# run saved; kept with the run that did; removed again when its version is one off.
SUBJECTS = ["I", "We", "The assistant"]
VERBS = ["saved", "have saved", "just saved", "has now saved"]
PASSIVES = ["Your post was saved", "The post has been saved", "Your changes were saved",
            "Saved"]
ENDINGS = ["as version {n}.", "as version {n} of draft.md.", "as version {n} (+1 -1 lines)."]


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_phrasing_of_a_save_is_held_to_the_run(data: st.DataObject) -> None:
    guard = ClaimGuard()
    active = data.draw(st.booleans())
    if active:
        subject = data.draw(st.sampled_from(SUBJECTS))
        verb = data.draw(st.sampled_from(VERBS))
        if subject != "The assistant" and verb.startswith("has"):
            verb = "'ve saved" if subject == "I" else "have now saved"
        head = f"{subject} {verb} your post".replace(" 've", "'ve")
    else:
        head = data.draw(st.sampled_from(PASSIVES))
    ending = data.draw(st.sampled_from(ENDINGS))
    sentence = f"{head} {ending.format(n=2)}"
    off = f"{head} {ending.format(n=data.draw(st.sampled_from([1, 3])))}"
    assert not guard.judge(sentence, blog()).supported, sentence
    assert guard.judge(sentence, blog(EDIT, versions=(0, 1, 2))).supported, sentence
    assert not guard.judge(off, blog(EDIT, versions=(0, 1, 2))).supported, off


BOOKED = ToolRun("book_table", {"party_size": 4, "day": "saturday", "time": "20:15"},
                 {"status": "booked", "party_size": 4, "day": "saturday", "time": "20:15"})


def booking(*runs: ToolRun, said: str = "a table for 4 on saturday, quarter past eight") -> \
        TurnRecord:
    return TurnRecord(runs=runs, session=SessionFacts(texts=(said,)))


@pytest.mark.parametrize(("sentence", "true"), [
    ("Your table is booked for 20:15.", True),
    ("Your table is booked for 8:15 pm.", True),
    ("Your table is booked for 8:45 pm.", False),
    ("The reservation is for Saturday.", True),
    ("The reservation is for Sunday.", False),
])
def test_a_day_or_time_is_the_runs(guard: ClaimGuard, sentence: str, true: bool) -> None:
    assert guard.judge(sentence, booking(BOOKED)).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("The post says you trained with Dana Reyes.", True),
    ("Your post mentions the race in Boston.", False),
    ("The post says your coach was called Maria.", False),
])
def test_what_the_post_says_is_in_the_post(guard: ClaimGuard, sentence: str,
                                           true: bool) -> None:
    assert guard.judge(sentence, blog(EDIT, versions=(0, 1, 2))).supported is true


@pytest.mark.parametrize(("sentence", "true"), [
    ("I added Enoteca Carmela as well.", False),          # the run added Bar Nonna Rosa
    ("Enoteca Carmela is not on your shortlist.", True),  # a negation claims nothing
    ("You can call Bar Nonna Rosa on (215) 555-0118.", True),
    ("You can call Bar Nonna Rosa on (215) 555-0119.", False),  # "can" states a fact
])
def test_a_venue_claim_names_what_the_run_did(guard: ClaimGuard, sentence: str,
                                              true: bool) -> None:
    record = plan(SEARCH, ADDED, shortlist=("bar-nonna-rosa",))
    assert guard.judge(sentence, record).supported is true


def test_two_venues_added_at_once_are_each_on_the_shortlist(guard: ClaimGuard) -> None:
    both = ToolRun("add_to_shortlist", {"venue_id": "enoteca-carmela"},
                   {"status": "ok", "added": "Enoteca Carmela"})
    record = plan(SEARCH, ADDED, both, shortlist=("bar-nonna-rosa", "enoteca-carmela"))
    assert guard.judge("I added Bar Nonna Rosa and Enoteca Carmela to your shortlist.",
                       record).supported
    assert not guard.judge("I added Bar Nonna Rosa and Osteria Bianchi to your shortlist.",
                           record).supported


def test_a_verb_the_parser_lemmatises_wrongly_is_still_read(guard: ClaimGuard) -> None:
    judgement = guard.judge("I texted your guests the address.", plan(SEARCH))
    assert not judgement.supported and judgement.kind is ClaimKind.IMPOSSIBLE


def test_a_naming_is_no_call(guard: ClaimGuard) -> None:
    assert guard.judge("I added your notes as a source called research.",
                       blog(INGESTED)).supported


GUIDE = blogger_facts(post="# A guide\n\nTake the tram stops in order.\n", versions=(0,))


@pytest.mark.parametrize(("sentence", "passing"), [
    ("Your guide won hands down.", True),             # a pass in other words
    ("It breezed through.", True),
    ("It was a resounding success.", True),
    ("It fell flat.", False),                         # a fail in other words
    ("It didn't breeze through.", False),             # a negated pass is a fail
])
def test_a_verdict_in_other_words_is_held_against_the_check(
        guard: ClaimGuard, sentence: str, passing: bool) -> None:
    for run, ran_pass in ((CHECK_PASSED, True), (CHECK_FAILED, False)):
        record = TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS,
                            session=GUIDE)
        assert guard.judge(sentence, record).supported is (passing == ran_pass), (sentence, run)


@pytest.mark.parametrize("sentence", [
    "The gravel goes down first.",           # not said of the work
    "It covers the tram stops in order.",    # of the work, but no verdict
    "People are coming from all over.",
])
def test_what_is_no_verdict_is_left_alone_after_a_check(guard: ClaimGuard, sentence: str) -> None:
    for run in (CHECK_PASSED, CHECK_FAILED):
        record = TurnRecord(runs=(run,), claims=BLOGGER_TOOL_CLAIMS,
                            session=GUIDE)
        assert guard.judge(sentence, record).supported, (sentence, run)
