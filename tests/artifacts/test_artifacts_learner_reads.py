"""What a learner reads on a card or in a question (issue 24, round 11), by class: a thing
is "it", never the singular "they"; a back is a clause with its verb, never a pronoun
before a fragment; a back is the fact the sentence states about its front, not a measure
or a contrast the parse hung beside it; no front is a function word or a bare number; no
question is left with nothing to ask once its answer is out. Every passage here was
written for these tests."""

from __future__ import annotations

from typing import Any

from draftguard.artifacts._candidates import build_candidates
from draftguard.artifacts._quality import quality_issues
from draftguard.language import parse
from draftguard.sources._chunking import chunk_text

RESIDENTS = """# The residents' meeting

The meeting closed at 9:15 pm. The consultation closes on 3 March. The hedge belongs to Tom
Reed, 61, who planted it in 2001 to shade his garden. Our insect house opened in 2018 and is
home to 20 species, among them a pair of stick insects. Sheep graze the hill all year, and
curlews nest there in spring."""

LETTER = """# The bus letter

A cab to town costs 30 pounds each way. A bus to school costs 2 pounds. Mrs Achebe, you have
run this library for twenty years, and more than that, you have run it well. The library
opened in 1990. Also check the filter on the back panel: if the room is already dry, the fan
has nothing to do."""

QUILT = """# The wedding quilt

Marta Kowal sewed the quilt for her niece's wedding. It took her and her neighbour, Rosa
Ide, nine weeks. Cross the lane by the stepping stones, not the bridge, which floods in
spring. The fabric cost four pounds a metre. None of the guests had seen a quilt so large.
Mrs Ide, you have the steadiest hands in the village. The quilt hangs in the hall now."""

PUMP = """# The garden pump

The pump lifts water from the well. If the tank is already full, the pump has nothing to
do. Rain fills the well in winter. A gardener checks the pump every Monday."""


def _cards(text: str) -> dict[str, str]:
    cards = build_candidates("flashcards", chunk_text(text, source="post"))
    return {c.item["front"]: c.item["back"] for c in cards}


def _questions(text: str) -> list[dict[str, Any]]:
    return [c.item for c in build_candidates("quiz", chunk_text(text, source="post"))]


def test_a_thing_is_it_never_the_singular_they() -> None:
    cards = _cards(RESIDENTS)
    # "meeting: They closed at 9:15 pm", "hedge: They belong to ..." made things people
    assert cards["meeting"] == "It closed at 9:15 pm."
    assert cards["hedge"].startswith("It belongs to Tom Reed")
    assert cards["insect house"].startswith("It opened in 2018 and is home to 20 species")
    # a plural the verb shows ("sheep graze") stays "they"
    assert cards["Sheep"].startswith("They graze the hill")
    assert not any(b.startswith("They ") for f, b in cards.items() if f != "Sheep"), cards


def test_a_pronoun_stands_only_before_a_verb() -> None:
    # "A cab to town costs ..." (with "costs" read as a noun) made "They town costs 30
    # pounds each way"; "Also check the filter ...: if ..., the fan has nothing to do" made
    # "They have nothing to do check the filter ...": every back a pronoun opens goes on
    # with the verb of its own front
    cards = _cards(LETTER)
    assert "cab" not in cards and "fan" not in cards, cards
    for text in (RESIDENTS, LETTER, QUILT, PUMP):
        for front, back in _cards(text).items():
            first, *rest = back.split(maxsplit=1)
            if first in {"It", "They", "He", "She"} and rest:
                second = parse(back)[1]
                assert second.pos_ in {"VERB", "AUX", "ADV", "PART"}, (front, back)


def test_a_back_is_what_the_sentence_says_of_its_front() -> None:
    cards = _cards(QUILT)
    # "her neighbour, Rosa Ide, nine weeks": how long the work took, not who Rosa Ide is
    assert not any("nine weeks" in b for b in cards.values()), cards
    assert cards.get("Rosa Ide", "Her neighbour.") == "Her neighbour."
    # "by the stepping stones, not the bridge, which floods": the bridge is no stepping stone
    assert not any("bridge" in b.casefold() for f, b in cards.items() if "stones" in f), cards
    # "A bus to school costs 2 pounds": a price is not what the bus is
    assert "2 pounds." not in _cards(LETTER).values()
    # "A driving licence would be an advantage": what it might be is not what it is
    advert = "# The job\n\nA driving licence would be an advantage but is not essential.\n"
    assert _cards(advert).get("driving licence") != "An advantage but is not essential."


def test_no_front_is_a_function_word_or_a_bare_number() -> None:
    cards = _cards(QUILT)
    assert "None" not in cards, cards
    chunks = chunk_text(QUILT, source="post")
    found = [line for _, line in quality_issues("flashcards", {"flashcards": [
        {"front": "None", "back": "Of the guests had seen a quilt so large."},
        {"front": "2015", "back": "The year the bird room opened."}]}, chunks)]
    assert found == ["Flashcard 1: Junk term 'None' (a function word, not a term)",
                     "Flashcard 2: Junk term '2015' (a bare number, not a term)"]


def test_a_question_with_nothing_left_to_ask_is_never_offered() -> None:
    chunks = chunk_text(PUMP, source="post")
    quiz = {"questions": [{"question": "What has nothing to do?", "correct_answer": "pump",
                           "options": ["pump", "tank", "well", "gardener"],
                           "explanation": "x"}]}
    # a gardener is a person by the word itself (round 14), so the gate says so too
    assert [line for _, line in quality_issues("quiz", quiz, chunks)] == [
        "Question 1: The question says nothing without its answer ('What has nothing to do?')",
        "Question 1: Option 'gardener' is not the same kind as the answer 'pump' (a person, "
        "not a thing)"]
    asked = [q["question"] for q in _questions(PUMP)]
    assert asked, "the pump text still yields questions"
    assert "What has nothing to do?" not in asked, asked


def test_a_question_never_holds_half_a_quotation() -> None:
    # "'I was just trying ...,' Reid said afterwards" once made "Who said afterwards, '?":
    # a single quote used as a quotation mark counts, an apostrophe does not
    from draftguard.artifacts._phrases import cut_quotation

    assert cut_quotation("Who said afterwards, '?")
    assert cut_quotation('Who said "Stop?')
    assert not cut_quotation("Who is the Hawks' coach?")
    assert not cut_quotation("What did Reid's steal do?")
    assert not cut_quotation("Which words complete the sentence: \"'I was trying to help "
                              "the _____,' Reid said.\"")


def test_an_animal_is_it_and_a_description_with_and_is_no_list() -> None:
    text = """# The loft

The pigeon wore a small ring on its leg. Anna Berg, a nurse and singer, fed the birds on Sundays."""
    cards = _cards(text)
    assert cards["pigeon"].startswith("It wore a small ring"), cards
    assert cards.get("Anna Berg") == "A nurse and singer.", cards
