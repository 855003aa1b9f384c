"""Reader 40's classes, on messages of our own (the held-out ones were not seen): insert
positions (a post's very start, a list's end, under a heading, the post's close), a part
described in other words than its own, a part complained of with no verb of acting, loose
words for the first version, a word of the post that English does not know, and an artifact
asked for with its purpose."""

from __future__ import annotations

from pathlib import Path

import pytest
from blogger_readings import acted_on as _acting
from blogger_readings import reading_of as _read

from draftguard.edits import apply_plan, parse_edit_plan
from draftguard.understanding import Intent

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
BOAT = (POSTS / "rowing-boat.md").read_text(encoding="utf-8")
POTTERY = (POSTS / "pottery-class.md").read_text(encoding="utf-8")
KYOTO = (POSTS / "kyoto-rain.md").read_text(encoding="utf-8")
FIRST = ("Last spring my uncle handed me the key to a shed in Galway and a boat nobody had "
         "touched in thirty years.")
LAST = "Still, she floated, and she only leaked a little."


def _insert(anchor: str, text: str, position: str = "after") -> tuple[Intent, dict[str, object]]:
    return (Intent.EDIT, {"ops": [{"type": "insert", "anchor": anchor, "position": position,
                                   "text": text}]})


def _applied(message: str) -> str:
    [(intent, slots)] = _acting(_read(BOAT, message))
    assert intent is Intent.EDIT
    result = apply_plan(BOAT, parse_edit_plan({"ops": slots["ops"]}))
    assert result.status == "applied", result
    return str(result.text)


# -- 2. where new words go -------------------------------------------------------------------
@pytest.mark.parametrize(("message", "item"), [
    ("at the end of the tools list add 'a heat gun'", "- a heat gun"),
    ("add 'a heat gun' at the end of the list of tools", "- a heat gun"),
    ("one more item at the bottom of that list: 'a dust mask'", "- a dust mask"),
    ("add 'a tub of filler' as the last item of the tools list", "- a tub of filler"),
])
def test_words_put_at_the_end_of_a_list_are_its_last_item(message: str, item: str) -> None:
    assert f"- two good brushes\n{item}\n" in _applied(message)


def test_words_put_at_the_start_of_a_list_are_its_first_item() -> None:
    assert "\n- a tub of filler\n- an orbital sander\n" in _applied(
        "add '- a tub of filler' as the first item of the list")


@pytest.mark.parametrize("message", [
    "at the very start, before everything: 'A note before we begin.'",
    "stick 'A note before we begin.' at the very beginning",
])
def test_words_at_the_very_start_go_before_the_first_sentence(message: str) -> None:
    assert _acting(_read(BOAT, message)) == [
        _insert(FIRST, "A note before we begin.", "before")]


@pytest.mark.parametrize(("message", "heading", "text"), [
    ("just under the heading Costs: 'All prices include VAT.'", "## Costs",
     "All prices include VAT."),
    ("under the Costs heading: 'All prices include VAT.'", "## Costs",
     "All prices include VAT."),
    ("directly beneath the heading 'Painting': 'This took all of May.'", "## Painting",
     "This took all of May."),
    ("just under the heading Costs add 'All prices include VAT.'", "## Costs",
     "All prices include VAT."),
])
def test_words_just_under_a_heading_go_under_it(message: str, heading: str, text: str) -> None:
    [(intent, slots)] = _acting(_read(BOAT, message))
    assert intent is Intent.EDIT and slots["ops"] == [
        {"type": "insert", "anchor": heading, "position": "after", "text": text}]


@pytest.mark.parametrize("message", [
    "finish the post with 'See you on the water.'",
    "plz put 'See you on the water.' at end of post",
])
def test_a_closing_line_goes_after_the_last_sentence(message: str) -> None:
    assert _acting(_read(BOAT, message)) == [_insert(LAST, "See you on the water.")]


# -- 3. a part described in other words ----------------------------------------------------
@pytest.mark.parametrize(("post", "message", "start"), [
    (POTTERY, "delete the paragraph about the colours coming out unpredictably",
     "Glazes are a lottery."),
    (KYOTO, "delete the paragraph about the food", "On the fourth day"),
    (BOAT, "remove the line about the lumber price", "The timber came"),
    (BOAT, "cut the part where I complain about parking fees", "Parking near"),
    (POTTERY, "get rid of the sentence where I brag about my mum's opinion", "My mother"),
])
def test_a_part_clearly_best_by_meaning_is_acted_on(post: str, message: str,
                                                    start: str) -> None:
    [(intent, slots)] = _acting(_read(post, message))
    ops = slots["ops"]
    assert intent is Intent.EDIT and isinstance(ops, list)
    assert ops[0]["type"] == "delete" and ops[0]["anchor"].startswith(start)


@pytest.mark.parametrize("message", [
    "take out the bit about what my family nicknamed the boat",
    "drop the paragraph where the wood gets wet for days",
    "delete the sentence about money",
    "get rid of the sentence about how dry the wood was",
])
def test_words_and_meaning_pointing_at_two_parts_are_asked_about(message: str) -> None:
    [request] = _read(BOAT, message).requests
    assert request.question is not None and not request.slots


# -- 4. a part complained of ---------------------------------------------------------------
@pytest.mark.parametrize(("message", "quoted"), [
    ("the bit about the parking is a bit much, no?", "Parking near the chandlery"),
    ("hmm the sentence about the wardens feels mean", "Parking near the chandlery"),
    ("the painting paragraph is kinda boring tbh", "I sanded everything"),
])
def test_a_part_complained_of_is_one_question_offering_to_cut_or_reword_it(
        message: str, quoted: str) -> None:
    [request] = _read(BOAT, message).requests
    assert request.question is not None and quoted in request.question
    assert "cut" in request.question and "reword" in request.question
    assert request.candidates[0].slots["ops"][0]["type"] == "delete"


def test_a_part_complained_of_that_is_not_found_is_asked_about() -> None:
    [request] = _read(BOAT, "the middle section drags").requests
    assert request.question is not None and "which part" in request.question


@pytest.mark.parametrize("message", [
    "the paragraph about the painting is lovely",
    "the sentence about the wardens is true, they were strict",
    "I love the line about the cold",
    "the bit about the oars is my favourite",
    "the intro is about my uncle",
    "the title is a bit dull",
])
def test_praise_or_a_plain_statement_of_a_part_asks_nothing(message: str) -> None:
    assert not _read(BOAT, message).requests


# -- 6. the first version, loosely named -----------------------------------------------------
@pytest.mark.parametrize("message", [
    "the very first version please",
    "I want the untouched version again",
    "put everything back the way I first had it",
    "reset it to the original draft",
    "back to square one pls",
    "take it all back to the original",
])
def test_loose_words_for_the_first_version_go_back_to_it(message: str) -> None:
    assert _acting(_read(BOAT, message)) == [(Intent.REVERT, {"version": 0})]


@pytest.mark.parametrize(("message", "intent"), [
    ("what did the original version say?", Intent.VERSIONS),
    ("the original title was better, put it back", Intent.UNDO),
])
def test_the_original_asked_about_or_of_a_part_is_no_revert(message: str,
                                                           intent: Intent) -> None:
    assert [r.intent for r in _read(BOAT, message).requests] == [intent]


# -- 7. a word of the post ---------------------------------------------------------------------
@pytest.mark.parametrize(("message", "intent"), [
    ("make 5 flashcards, mostly about the currach", Intent.FLASHCARDS),
    ("a quiz of 4 questions, one on the splinterbug please", Intent.QUIZ),
    ("make a mind map, with the tholeen bit in it", Intent.MINDMAP),
    ("6 flashcards pls, incl. the currach-style bow", Intent.FLASHCARDS),
    ("make flashcards on the 'skelpy tide' idea, 5 of them, skelpy is my word",
     Intent.FLASHCARDS),
])
def test_a_word_of_the_post_or_of_a_quotation_is_known(message: str, intent: Intent) -> None:
    assert [r.intent for r in _read(BOAT, message).requests if r.question is None] == [intent]


# -- 8. an artifact with its purpose ---------------------------------------------------------
@pytest.mark.parametrize(("message", "intent", "count"), [
    ("make 6 flashcards so they can test themselves", Intent.FLASHCARDS, 6),
    ("make 6 flashcards so my nephew can revise the steps", Intent.FLASHCARDS, 6),
    ("could you do 5 flashcards so that readers can check what they remember",
     Intent.FLASHCARDS, 5),
    ("I'd like eight flashcards in order to learn the costs by heart", Intent.FLASHCARDS, 8),
    ("give me a quiz of 4 questions so I can test my readers", Intent.QUIZ, 4),
])
def test_an_artifact_asked_for_a_purpose_is_one_request(message: str, intent: Intent,
                                                        count: int) -> None:
    assert _acting(_read(BOAT, message)) == [(intent, {"count": count})]


@pytest.mark.parametrize(("message", "intent", "count"), [
    ("i need 10 flashcard so students can test them self", Intent.FLASHCARDS, 10),
    ("can u do a quiz so my kids can practise, 5 q", Intent.QUIZ, 5),
])
def test_a_purpose_with_a_word_of_an_artifact_asks_for_no_second_one(
        message: str, intent: Intent, count: int) -> None:
    assert _acting(_read(BOAT, message)) == [(intent, {"count": count})]


def test_a_request_after_the_purpose_is_still_read() -> None:
    assert _acting(_read(BOAT, "make a quiz so my kids can practise and then 4 flashcards")) \
        == [(Intent.QUIZ, {}), (Intent.FLASHCARDS, {"count": 4})]


@pytest.mark.parametrize("message", [
    "a mind map so I can revise",
    "mindmap pls so i can study it before the talk",
    "a mind map so I can test myself on it",
    "do a mindmap so that my class can quiz each other",
])
def test_a_mind_map_asked_for_a_purpose_is_one_request(message: str) -> None:
    assert _acting(_read(BOAT, message)) == [(Intent.MINDMAP, {})]


# -- 1. an answer to the app's question, and what the app just quoted ------------------------
_ENAMEL_PAINT = ("I sanded everything back to bare wood, then laid on four coats of marine "
                 "enamel, waiting a day between each.")
_ENAMEL_COST = "The enamel was the real shock at 90 euros a tin."
_PARKING = ("Parking near the chandlery cost me a fortune every Saturday, and the wardens "
            "never missed a day.")


def _answered(question: str, answer: str) -> list[tuple[Intent, dict[str, object]]]:
    from blogger.reading import read_message

    asked = read_message(question, post=BOAT)
    assert asked.reading.requests[0].question is not None
    return _acting(read_message(answer, post=BOAT, memory=asked.memory).reading)


@pytest.mark.parametrize(("answer", "anchor"), [
    ("the one under the Costs heading, not the painting one", _ENAMEL_COST),
    ("the second, the one about the price", _ENAMEL_COST),
    ("the price one", _ENAMEL_COST),
    ("2nd one pls", _ENAMEL_COST),
    ("no the first, the coats one", _ENAMEL_PAINT),
])
def test_an_answer_to_which_one_picks_by_number_place_or_words(answer: str,
                                                             anchor: str) -> None:
    assert _answered("delete the sentence about the enamel", answer) == [
        (Intent.EDIT, {"ops": [{"type": "delete", "anchor": anchor}]})]


def test_a_number_and_words_that_agree_pick_the_one_they_name() -> None:
    assert _answered("change 'euros' to 'pounds'", "the second, the one about the enamel") == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "euros a", "text": "pounds a"}]})]


def test_a_place_holding_none_of_the_offered_ones_is_asked_about() -> None:
    from blogger.reading import read_message

    asked = read_message("change 'a' to 'one'", post=BOAT)
    [request] = read_message("the one in the list of tools", post=BOAT,
                             memory=asked.memory).reading.requests
    assert request.question is not None and not request.slots


@pytest.mark.parametrize(("message", "op"), [
    ("ok just cut that sentence", {"type": "delete", "anchor": _PARKING}),
    ("bin it then", {"type": "delete", "anchor": _PARKING}),
    ("right, scrap that bit then", {"type": "delete", "anchor": _PARKING}),
    ("hmm take that out", {"type": "delete", "anchor": _PARKING}),
    ("that one can go", {"type": "delete", "anchor": _PARKING}),
    ("yeah that one, reword it to 'Parking cost a fortune.'",
     {"type": "replace", "anchor": _PARKING, "text": "Parking cost a fortune."}),
    ("change it to 'Parking was dear.'",
     {"type": "replace", "anchor": _PARKING, "text": "Parking was dear."}),
])
def test_it_after_the_app_quoted_a_sentence_is_that_sentence(message: str,
                                                             op: dict[str, str]) -> None:
    from draftguard.understanding import Memory

    memory = Memory(intent="edit", discussed=_PARKING)
    assert _acting(_read(BOAT, message, memory)) == [(Intent.EDIT, {"ops": [op]})]


async def test_the_sentence_the_app_quotes_is_what_cut_it_cuts_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from test_blogger_commands import Chat

    monkeypatch.setenv("DRAFTGUARD_MODEL_PROFILE", "small")
    chat = Chat(app=True)
    assert (await chat.say(f"save my post:\n\n{BOAT}")).startswith("Saved ")
    quoted = await chat.say("what does the post say about the parking wardens?")
    assert _PARKING in quoted
    reply = await chat.say("ok just cut that sentence")
    assert "version 1" in reply
    post = await chat.post()
    assert post is not None and _PARKING not in post and _ENAMEL_COST in post


# -- 5. one of two earlier changes put back --------------------------------------------------
@pytest.mark.parametrize("message", [
    "put the first one back but keep the other gone",
    "can you put back the bit about the enamel, not the other one",
    "i want the timber line back, only that one",
])
def test_one_change_of_several_put_back_is_asked_about_never_every_one_reverted(
        message: str) -> None:
    from draftguard.understanding import Memory

    [request] = _read(BOAT, message, Memory(intent="edit")).requests
    assert request.question is not None and "just those" in request.question
    assert not request.slots


@pytest.mark.parametrize(("message", "intent"), [
    ("put it back", Intent.UNDO),
    ("go back to the very first one", Intent.REVERT),
])
def test_a_whole_change_or_version_put_back_is_still_done(message: str, intent: Intent) -> None:
    from draftguard.understanding import Memory

    assert [r.intent for r in _read(BOAT, message, Memory(intent="edit")).requests
            if r.question is None] == [intent]
