"""Classes of phrasing the blogger's reader learnt from held-out batch I and end-to-end set 5
(issue 22): counts said tersely or by reference, slang that only looks like a request, an
aside after tags, a tag changed to another, a correction said the non-native way, a name
given to someone in the post, words that stand in a heading, the versions asked about, a
split's headings after a dash. Each test says what the author gets, in sentences of its own
(never the held-out ones), and that nothing wrong is done."""

from __future__ import annotations

from pathlib import Path

from blogger_readings import acted_on as _acted
from blogger_readings import reading_of as _read
from chat_turns import Chat

from blogger.chat import SPLIT_NEEDS_OUTLINE
from blogger.reading_versions import version_before
from draftguard.understanding import Intent, Memory

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")
GAMES = (POSTS / "board-game-night.md").read_text(encoding="utf-8")
WINTER = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")
CITY = (POSTS / "leaving-the-city.md").read_text(encoding="utf-8")


# --- 1. counts -------------------------------------------------------------------------------

def test_a_count_with_its_unit_run_on_sizes_the_quiz() -> None:
    assert _acted(_read(SOURDOUGH, "9q quiz pls")) == [(Intent.QUIZ, {"count": 9})]
    assert _acted(_read(SOURDOUGH, "a seven question quiz would be grand")) == [
        (Intent.QUIZ, {"count": 7})]


def test_a_count_in_words_with_pidgin_politeness_is_made_without_a_question() -> None:
    assert _acted(_read(SOURDOUGH, "abeg make nine quiz questions from it")) == [
        (Intent.QUIZ, {"count": 9})]


def test_the_same_number_is_the_count_asked_for_last() -> None:
    first = _read(SOURDOUGH, "12q quiz")
    assert _acted(first) == [(Intent.QUIZ, {"count": 12})]
    memory = Memory.after(first, Memory())
    assert _acted(_read(SOURDOUGH, "and flashcards, same number", memory)) == [
        (Intent.FLASHCARDS, {"count": 12})]
    # the artifact measured by is not asked for again
    assert _acted(_read(SOURDOUGH, "flashcards too, as many as the quiz", memory)) == [
        (Intent.FLASHCARDS, {"count": 12})]
    # a message that asks nothing keeps the count for later
    quiet = Memory.after(_read(SOURDOUGH, "lovely, thanks", memory), memory)
    assert quiet.count == 12


# --- 2. slang that only looks like a request; two artifacts and what they are for -------------

def test_a_letter_before_a_lexicon_word_is_no_typo_of_it() -> None:
    # "squiz" (Australian: a look) is not "quiz" mistyped
    for message in ("take a squiz at it", "have a squiz and tell me"):
        assert not any(r.intent is Intent.QUIZ for r in _read(SOURDOUGH, message).requests)
    assert _acted(_read(SOURDOUGH, "make a qiuz")) == [(Intent.QUIZ, {})]  # a real slip


def test_artifacts_asked_for_with_what_they_are_for_are_made_and_nothing_is_checked() -> None:
    message = ("could you throw together a mind map so my brother can see what the post "
               "covers, and a quick 5 question quiz")
    assert _acted(_read(SOURDOUGH, message)) == [(Intent.MINDMAP, {}),
                                                 (Intent.QUIZ, {"count": 5})]
    message = "make a quiz and some flashcards so my sister sees what it covers"
    assert _acted(_read(SOURDOUGH, message)) == [(Intent.QUIZ, {}), (Intent.FLASHCARDS, {})]


# --- 3. tags ---------------------------------------------------------------------------------

def test_an_aside_after_the_tags_named_is_no_tag() -> None:
    for message in ("tag it family as well, sweet as", "add the tag family, cheers",
                    "tag it family, sweet as"):
        assert _acted(_read(GAMES, message)) == [
            (Intent.EDIT, {"set_fields": {"tags": ["games", "friends", "family"]}})], message


def test_tags_named_after_an_aside_of_the_authors_are_still_the_tags() -> None:
    assert _acted(_read(GAMES, "stick a few tags on while you're at it, family and dice")) == [
        (Intent.EDIT, {"set_fields": {"tags": ["games", "friends", "family", "dice"]}})]


def test_a_tag_named_first_then_removed_is_that_tag_never_an_undo() -> None:
    after_an_edit = Memory(intent="edit")
    message = ("The tag friends, we don't want it, remove it please, and put the tag family "
               "in its place.")
    assert _acted(_read(GAMES, message, after_an_edit)) == [
        (Intent.EDIT, {"set_fields": {"tags": ["games"]}}),
        (Intent.EDIT, {"set_fields": {"tags": ["games", "family"]}})]
    # with nothing named before, "scrap that" after an edit is still an undo
    assert _acted(_read(GAMES, "nah, scrap that", after_an_edit)) == [(Intent.UNDO, {})]


def test_a_tag_changed_to_another_keeps_the_other_tags() -> None:
    swapped = [(Intent.EDIT, {"set_fields": {"tags": ["tabletop", "friends"]}})]
    for message in ("change the tag games to tabletop", "swap the games tag for tabletop",
                    "The tag games change to tabletop can?"):
        assert _acted(_read(GAMES, message)) == swapped, message


# --- 4. corrections and names said the non-native way ----------------------------------------

def test_what_a_name_is_not_then_what_it_is_replaces_it() -> None:
    assert _acted(_read(CITY, "The neighbour name is not Margit, is Marta.")) == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "Margit", "text": "Marta"}]})]
    # "the neighbour name" is not the post's title, whatever follows
    assert not any("set_fields" in r.slots for r in _read(
        CITY, "The neighbour name is not Margit.").requests)


def test_someone_in_the_post_named_anew_changes_their_name_without_the_aside() -> None:
    for message in ("the neighbour shall be called Margit Kovacs, her surname too.",
                    "The neighbour should be called Margit Kovacs, with the full name."):
        assert _acted(_read(CITY, message)) == [(Intent.EDIT, {"ops": [
            {"type": "replace", "anchor": "Margit", "text": "Margit Kovacs"}]})], message


# --- 5. words that stand in a heading --------------------------------------------------------

def test_a_heading_named_or_quoted_whole_may_change() -> None:
    for message in ("The heading 'Gear' I would like to have as 'Kit'.",
                    "change 'Gear' to 'Kit'"):
        assert _acted(_read(WINTER, message)) == [(Intent.EDIT, {
            "ops": [{"type": "replace", "anchor": "Gear", "text": "Kit"}],
            "allow_heading_changes": True})], message


def test_a_word_only_in_a_heading_is_asked_about_and_yes_changes_it() -> None:
    reading = _read(SOURDOUGH, "replace 'bake' with 'loaf'")
    assert _acted(reading) == []
    assert reading.requests[0].question == ("“bake” stands in the heading “The bake”. Do you "
                                            "want me to change the heading? Say yes if so.")
    answered = _read(SOURDOUGH, "yes", Memory.after(reading, Memory()))
    assert _acted(answered) == [(Intent.EDIT, {
        "ops": [{"type": "replace", "anchor": "bake", "text": "loaf"}],
        "allow_heading_changes": True})]


# --- 6. the versions asked about -------------------------------------------------------------

def test_which_versions_the_author_has_is_a_listing() -> None:
    for message in ("which versions have I got at this point?", "ta. what versions do I have now"):
        assert _acted(_read(WINTER, message)) == [(Intent.VERSIONS, {})], message


async def test_the_versions_listed_are_the_real_ones_and_no_model_is_asked() -> None:
    chat = Chat()
    await chat.say(f"here is my post:\n\n{WINTER}")
    await chat.say("change 'Gear' to 'Kit'")
    text = await chat.say("cheers. which versions have I got at this point?")
    assert text.startswith("The post's versions, oldest first:")
    assert "- version 0: saved" in text and "- version 1: edited" in text
    assert "version 2" not in text
    assert chat.model.requests == []


# --- 7. a split's headings after a dash; a split without them --------------------------------

def test_a_splits_headings_may_follow_a_dash() -> None:
    for dash in ("-", "—"):
        message = f"split the post to fit three headings {dash} Tyres, Kit, Last words"
        assert _acted(_read(WINTER, message)) == [
            (Intent.SPLIT, {"outline": "Tyres\nKit\nLast words"})], message


async def test_a_split_asked_in_words_without_headings_is_answered_in_words() -> None:
    chat = Chat()
    await chat.say(f"here is my post:\n\n{WINTER}")
    text = await chat.say("could you split the post?")
    assert text == SPLIT_NEEDS_OUTLINE
    assert "/split" not in text and "outline=" not in text
    assert chat.model.requests == []



# --- 6. a version named by the change made after it ------------------------------------------

def test_a_version_named_by_the_change_after_it_is_read_as_that_change() -> None:
    for message, change in (("take me back to the version before the heading change", "heading"),
                            ("I'd rather have the version before the new line went in", "insert"),
                            ("go back to before I axed the flask line", "delete"),
                            ("restore the version from before the tags change", "tags")):
        assert _acted(_read(WINTER, message)) == [(Intent.REVERT, {"before": change})], message
    # a place before a heading is no version
    assert not any(r.intent is Intent.REVERT for r in _read(
        WINTER, "add a line before the Gear heading: Wrap up warm.").requests)


def test_the_version_before_a_kind_of_change_is_found_among_the_versions() -> None:
    rows = [{"version": 0, "kind": "content_write"},
            {"version": 1, "kind": "edit_ops", "base_version": 0, "changes": ["delete"]},
            {"version": 2, "kind": "edit_ops", "base_version": 1,
             "changes": ["heading", "replace"]},
            {"version": 3, "kind": "edit_metadata", "base_version": 2, "keys": ["tags"]},
            {"version": 4, "kind": "revert", "base_version": 3, "reverted_to": 1}]
    assert version_before(rows, "delete") == 0
    assert version_before(rows, "heading") == 1
    assert version_before(rows, "title") == 1  # a title changed as the heading on top
    assert version_before(rows, "tags") == 2
    assert version_before(rows, "insert") is None


async def test_going_back_to_before_a_change_restores_the_version_before_it() -> None:
    chat = Chat()
    await chat.say(f"here is my post:\n\n{WINTER}")
    await chat.say("delete the flask line")
    await chat.say("change 'Gear' to 'Kit'")
    assert "flask" not in (await chat.post() or "")
    text = await chat.say("go back to before I axed the flask line")
    assert text.startswith("Undone: the post is back to the first version")
    assert await chat.post() == WINTER
    text = await chat.say("the version before the tags change please")
    assert text.startswith("None of the post's versions changed the tags, so nothing was "
                           "undone.")
    assert chat.model.requests == []


# --- 8. a sentence put as the last (or first) line of a paragraph ----------------------------

def test_a_sentence_as_the_last_line_of_a_paragraph_goes_at_its_end() -> None:
    message = "could you add the sentence 'Coffee works too.' as the last line of the Gear section"
    assert _acted(_read(WINTER, message)) == [(Intent.EDIT, {"ops": [{
        "type": "insert", "anchor": "Wool socks beat every fancy sock I have bought.",
        "position": "after", "text": "Coffee works too."}]})]
    message = "add 'Coffee works too.' as the first line of the paragraph about the flask"
    assert _acted(_read(WINTER, message)) == [(Intent.EDIT, {"ops": [{
        "type": "insert", "anchor": "I carry a flask of tea in a bottle cage.",
        "position": "before", "text": "Coffee works too."}]})]


# --- 8. a paragraph taken out in dialect -----------------------------------------------------

def test_a_paragraph_named_by_its_opening_said_in_dialect_is_deleted() -> None:
    opening = ("I carry a flask of tea in a bottle cage. Lights matter more than anything: two "
               "lights, front and back.\nWool socks beat every fancy sock I have bought.")
    for message in ("that paragraph startin 'I carry a flask' can gan, it's a bit naff",
                    "the paragraph startin' 'I carry a flask' can go, it's proper naff"):
        assert _acted(_read(WINTER, message)) == [
            (Intent.EDIT, {"ops": [{"type": "delete", "anchor": opening}]})], message
    # a word nobody knows that could change the request is still asked about
    reading = _read(SOURDOUGH, "make the quiz hadrer")
    assert _acted(reading) == [] and "“hadrer”" in str(reading.requests[0].question)


def test_a_field_set_with_an_equals_sign() -> None:
    assert _acted(_read(GAMES, "title = 'Five years of game nights'")) == [
        (Intent.EDIT, {"set_fields": {"title": "Five years of game nights"}})]
    assert _acted(_read(GAMES, "description = Six friends, one table")) == [
        (Intent.EDIT, {"set_fields": {"description": "Six friends, one table"}})]


def test_someones_name_said_with_a_possessive_is_still_renamed_where_it_stands() -> None:
    assert _acted(_read(CITY, "Margit's name is to be changed to Marta.")) == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "Margit", "text": "Marta"}]})]
