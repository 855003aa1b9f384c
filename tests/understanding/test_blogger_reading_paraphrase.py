"""Requests said in words no list holds (issue 22): verbs the lexicon lacks, read by their
meaning; typos across a short message; suggestions; a part named by its gist with the verb
last; several tags at once. Sentences of their own on the dev-set posts: what the author
gets, and never an action on a guess."""

from __future__ import annotations

from pathlib import Path

from blogger_readings import acted_on as _acting
from blogger_readings import reading_of as _read
from hypothesis import given, settings
from hypothesis import strategies as st

from blogger.reading_turn import blogger_lexicon
from draftguard.language import similarity, word_frequency
from draftguard.language._dictionary import english_word, function_words
from draftguard.language._lexicon import DEFAULT_MEANING_MARGIN, DEFAULT_MEANING_SCORE
from draftguard.understanding import Intent

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
WINTER = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")
COUSIN = "My cousin laughed at mine until he fell off his bike."


# 1. verbs the lexicon lacks -------------------------------------------------------------

def test_a_slang_verb_like_one_action_is_that_action() -> None:
    assert _acting(_read(WINTER, "nix the bit about my cousin")) == [
        (Intent.EDIT, {"ops": [{"type": "delete", "anchor": COUSIN}]})]


def test_a_rare_verb_like_no_one_action_is_asked_about() -> None:
    reading = _read(WINTER, "frobnicate the line about my cousin")
    assert not _acting(reading)
    assert reading.requests and "frobnicate" in (reading.requests[0].question or "")


def test_a_common_verb_is_what_it_says_not_an_action_it_is_like() -> None:
    # "adore" is a judgement, however near in meaning to some action
    assert not _acting(_read(WINTER, "I adore the line about my cousin"))


def _clearly(word: str) -> str | None:
    """The slow, obvious reference: each action's words one by one."""
    lexicon = blogger_lexicon()
    best: list[tuple[float, str]] = []
    for concept in lexicon.concepts("action."):
        words = [w for w in lexicon.words_for(concept) if w.replace("-", "").isalpha()]
        best.append((max(similarity(word, w) for w in words), concept))
    best.sort(reverse=True)
    if best[0][0] >= DEFAULT_MEANING_SCORE and best[0][0] - best[1][0] >= \
            DEFAULT_MEANING_MARGIN:
        return best[0][1]
    return None


@settings(max_examples=12, deadline=None)
@given(st.text(alphabet="bcdfgklmnprstvz", min_size=2, max_size=3).flatmap(
    lambda c: st.just(c[0] + "o" + c[1:] + "ix")))
def test_an_unknown_verb_acts_only_when_its_meaning_is_clear(word: str) -> None:
    if word_frequency(word) > 0 or blogger_lexicon().knows(word):
        return
    reading = _read(WINTER, f"{word} the line about my cousin")
    acting = _acting(reading)
    if acting:  # only on a clear best action, and then as that action's own word reads
        meant = _clearly(word)
        assert meant is not None
        respelt = blogger_lexicon().words_for(meant)[0]
        assert acting == _acting(_read(WINTER, f"{respelt} the line about my cousin"))


# 2. typos across a whole short message ----------------------------------------------------

def test_every_word_of_a_short_message_mistyped() -> None:
    assert _acting(_read(WINTER, "whta vresions hvae i got")) == [(Intent.VERSIONS, {})]
    assert _acting(_read(WINTER, "mkae a quizz of 5 qestions")) == [
        (Intent.QUIZ, {"count": 5})]


def test_two_letters_swapped_beat_two_words_one_edit_away() -> None:
    # "waht" is one edit from "want" and "wait" too: the swap is the typo
    lexicon = blogger_lexicon()
    vocabulary = lexicon.vocabulary | function_words()
    assert lexicon.correct("waht", vocabulary=vocabulary) == "what"


def _swapped(word: str, i: int) -> str:
    return word[:i] + word[i + 1] + word[i] + word[i + 2:]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["delete", "replace", "remove", "rename", "insert", "flashcards",
                        "versions", "undo"]), st.integers(min_value=1, max_value=4))
def test_a_lexicon_word_with_two_inner_letters_swapped_reads_as_itself(word: str,
                                                                       i: int) -> None:
    typed = _swapped(word, min(i, len(word) - 3))
    lexicon = blogger_lexicon()
    # the obvious reference: a word English does not know, two letters from a lexicon word
    if typed == word or word_frequency(typed) > 0 or english_word(typed):
        return
    assert lexicon.correct(typed, vocabulary=lexicon.vocabulary | function_words()) == word


# 3. suggestions and indirect requests -----------------------------------------------------

def test_a_suggestion_is_the_request_it_suggests() -> None:
    assert _acting(_read(WINTER, "what about a few flashcards on it?")) == [
        (Intent.FLASHCARDS, {})]
    assert _acting(_read(WINTER, "how about we make a quiz of 4 questions")) == [
        (Intent.QUIZ, {"count": 4})]
    assert _acting(_read(SOURDOUGH, "shall I get a mind map of this?")) == [
        (Intent.MINDMAP, {})]


def test_a_question_about_the_post_or_a_thing_asks_for_nothing() -> None:
    for message in ("what about the gear section, is it too short?",
                    "how about the bit on studded tyres, does it read ok?",
                    "what is a flashcard anyway?", "how do I make a quiz myself?"):
        assert not _acting(_read(WINTER, message)), message


# 4. a part named by its gist, the verb last -----------------------------------------------

def test_a_part_named_first_then_a_bare_verb() -> None:
    assert _acting(_read(WINTER, "the sentence where my cousin teases me: delete")) == [
        (Intent.EDIT, {"ops": [{"type": "delete", "anchor": COUSIN}]})]


def test_a_part_named_by_what_it_does() -> None:
    socks = "Wool socks beat every fancy sock I have bought."
    assert _acting(_read(WINTER, "the line bragging about my socks, lose it")) == [
        (Intent.EDIT, {"ops": [{"type": "delete", "anchor": socks}]})]
    assert _acting(_read(WINTER, "I can do without the bit mocking my cousin's tumble, "
                                 "take it out")) == [
        (Intent.EDIT, {"ops": [{"type": "delete", "anchor": COUSIN}]})]


def test_a_bare_verb_with_nothing_named_does_nothing() -> None:
    assert not _acting(_read(WINTER, "delete"))


# 5. several tags taken out at once --------------------------------------------------------

RAMEN = (POSTS / "ramen-broth.md").read_text(encoding="utf-8")  # tags: cooking, ramen, japanese
_TAGS = ["cooking", "ramen", "japanese"]


def _tags_left(message: str) -> object:
    acting = _acting(_read(RAMEN, message))
    assert len(acting) == 1 and acting[0][0] is Intent.EDIT, acting
    return acting[0][1].get("set_fields", {}).get("tags")  # type: ignore[union-attr]


def test_two_tags_named_after_the_word_tags() -> None:
    assert _tags_left("take the cooking and japanese tags out") == ["ramen"]
    assert _tags_left("scrap the tags ramen and japanese please") == ["cooking"]
    assert _tags_left("get rid of japanese and cooking from the tags") == ["ramen"]


def test_a_tag_the_post_lacks_among_those_named_is_asked_about() -> None:
    reading = _read(RAMEN, "remove the ramen and noodles tags")
    assert not _acting(reading)
    assert "noodles" in (reading.requests[0].question or "")


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(_TAGS), min_size=1, max_size=2, unique=True),
       st.sampled_from(["remove the {} {}", "drop the tags {}", "delete {} from the tags",
                        "take the {} {} out"]))
def test_the_tags_named_go_and_only_they(named: list[str], frame: str) -> None:
    said = " and ".join(named)
    noun = "tag" if len(named) == 1 else "tags"
    left = [t for t in _TAGS if t not in named]  # the obvious reference
    assert _tags_left(frame.format(said, noun)) == left
