"""Classes of phrasing the blogger's reader learnt from held-out batches (issue 22), each shown
on the dev-set posts with sentences of its own: what the author gets, never a wrong action."""

from __future__ import annotations

from pathlib import Path

from blogger_readings import edit_ops as _ops
from blogger_readings import reading_of as _read

from draftguard.understanding import Intent, Memory, Reading
from draftguard.understanding._asking import pick_index
from tests.understanding_devset import effect

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
WINTER = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")


def test_a_judgement_of_a_field_is_not_its_new_value() -> None:
    reading = _read(SOURDOUGH, "the title is a bit dull. make it just: Nine days of rye")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"title": "Nine days of rye"}})]
    assert not _read(SOURDOUGH, "the title is far too long").requests


def test_a_verb_that_tells_is_no_undo() -> None:
    reading = _read(WINTER, "I was looking back over the gear bit and my aunt would hate "
                            "'flask of tea' - could you swap it for 'thermos of tea'?")
    assert _ops(reading) == [{"type": "replace", "anchor": "flask of tea",
                              "text": "thermos of tea"}]


def test_a_check_whose_goal_holds_a_verb() -> None:
    reading = _read(WINTER, "Would this work as a primer on riding to work in the snow?")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.CHECK, {"goal": "a primer on riding to work in the snow"})]
    reading = _read(WINTER, "is it fine as an intro for new commuters?")
    assert reading.requests[0].intent is Intent.CHECK


def test_a_count_written_as_times() -> None:
    reading = _read(WINTER, "quiz x4")
    assert [(r.intent, r.slots) for r in reading.requests] == [(Intent.QUIZ, {"count": 4})]


def test_the_edge_before_of_and_the_unit_after_it() -> None:
    ops = _ops(_read(WINTER, "put 'Gloves too.' at the end of the first paragraph"))
    assert ops == [{"type": "insert", "anchor": "The cold is the easy part.",
                    "position": "after", "text": "Gloves too."}]


def test_a_particle_standing_apart_from_its_verb() -> None:
    ops = _ops(_read(WINTER, "the sentence where my cousin mocks me - take it out"))
    assert ops == [{"type": "delete",
                    "anchor": "My cousin laughed at mine until he fell off his bike."}]


def test_the_heading_of_a_post_without_front_matter_is_its_title() -> None:
    ops = _ops(_read(WINTER, "can the heading be Cycling in the cold instead?"))
    assert ops == [{"type": "replace", "anchor": "Winter cycling",
                    "text": "Cycling in the cold"}]


def test_front_matter_is_never_patched_as_words() -> None:
    reading = _read(SOURDOUGH, "replace 'baking' with 'bread-making' everywhere")
    assert reading.requests[0].question is not None  # not in the body: asked, not done


def test_an_unknown_verb_in_an_insert_frame() -> None:
    ops = _ops(_read(WINTER, "could you pop 'Mudguards help.' right after 'front and back.'"))
    assert ops == [{"type": "insert", "anchor": "front and back.", "position": "after",
                    "text": "Mudguards help."}]


def test_a_typo_of_a_rare_lexicon_word() -> None:
    assert [r.intent for r in _read(WINTER, "mindmpa pls").requests] == [Intent.MINDMAP]


def test_politeness_alone_asks_for_nothing_and_yes_picks_the_one_offer() -> None:
    assert not _read(WINTER, "cheers, thx!").requests
    assert pick_index(["yes"], 1) == 0
    assert pick_index(["yes"], 2) is None


def test_replace_it_takes_the_unit_named_before() -> None:
    ops = _ops(_read(WINTER, "the ending sentence is flat. replace it with 'Ride on.'"))
    assert ops == [{"type": "replace", "anchor": "The tea tastes better after a cold ride.",
                    "text": "Ride on."}]


def test_a_correction_inside_the_message_replaces_what_it_corrects() -> None:
    ops = _ops(_read(WINTER, "cut the line about my cousin - oh sorry, no, the one about "
                             "the socks"))
    assert ops == [{"type": "delete",
                    "anchor": "Wool socks beat every fancy sock I have bought."}]
    reading = _read(WINTER, "a quiz with 4 questions please, nope, 6")
    assert [(r.intent, r.slots) for r in reading.requests] == [(Intent.QUIZ, {"count": 6})]
    reading = _read(SOURDOUGH, "retitle it 'Rye days'. hmm no, 'Nine days of rye'")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"title": "Nine days of rye"}})]


def test_a_no_with_words_of_its_own_corrects_nothing() -> None:
    assert not _read(WINTER, "no").requests
    reading = _read(WINTER, "cut the line about my cousin, no wait, forget that")
    assert not reading.requests


def test_a_second_request_joined_by_plus_is_its_own() -> None:
    reading = _read(SOURDOUGH, "add the tag rye, plus flashcards")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"tags": ["baking", "bread", "rye"]}}),
        (Intent.FLASHCARDS, {})]
    reading = _read(SOURDOUGH, "make a quiz and a mindmap")
    assert [r.intent for r in reading.requests] == [Intent.QUIZ, Intent.MINDMAP]


def test_that_one_is_the_part_just_described_never_the_word_one() -> None:
    ops = _ops(_read(WINTER, "the sentence about my cousin is a bit mean, can you cut this "
                             "one?"))
    assert ops == [{"type": "delete",
                    "anchor": "My cousin laughed at mine until he fell off his bike."}]


def test_it_in_a_purpose_clause_is_not_the_post_rewritten() -> None:
    reading = _read(WINTER, "redo the gear section so that it reads less like a list")
    assert [r.intent for r in reading.requests] == [Intent.UNCLEAR]
    assert reading.requests[0].question is not None
    reading = _read(WINTER, "rewrite it please")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.NEW_POST, {"rewrite": True})]


def test_a_bare_number_after_a_version_verb_or_an_artifact_is_its_slot() -> None:
    reading = _read(WINTER, "roll back to 2 pls")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.REVERT, {"version": 2})]
    reading = _read(WINTER, "flashcards. 11")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.FLASHCARDS, {"count": 11})]


def test_the_target_as_subject_of_a_modal_removal_or_change() -> None:
    ops = _ops(_read(WINTER, "the line about my cousin could go"))
    assert ops == [{"type": "delete",
                    "anchor": "My cousin laughed at mine until he fell off his bike."}]
    ops = _ops(_read(WINTER, "the sentence on wool socks must be deleted"))
    assert ops == [{"type": "delete",
                    "anchor": "Wool socks beat every fancy sock I have bought."}]
    reading = _read(SOURDOUGH, "the title needs to be changed to A slow loaf")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"title": "A slow loaf"}})]
    reading = _read(SOURDOUGH, "all the tags can disappear")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"remove_fields": ["tags"]})]


def test_a_subject_that_acts_is_no_target() -> None:
    reading = _read(WINTER, "my cousin would kill me, can you swap 'laughed' for 'smiled'?")
    assert _ops(reading) == [{"type": "replace", "anchor": "laughed", "text": "smiled"}]


def test_a_check_verb_with_the_goal_after_as() -> None:
    reading = _read(WINTER, "check it's OK as a primer for new riders, then make flashcards")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.CHECK, {"goal": "a primer for new riders"}), (Intent.FLASHCARDS, {})]
    reading = _read(WINTER, "check that this reads fine as a guide to riding in snow")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.CHECK, {"goal": "a guide to riding in snow"})]


def test_replace_phrasings_without_a_replace_verb() -> None:
    assert _ops(_read(WINTER, "I'd rather say 'thermos' than 'flask' since it sounds "
                              "warmer")) == [{"type": "replace", "anchor": "flask",
                                              "text": "thermos"}]
    assert _ops(_read(WINTER, "'Thick socks' not 'Wool socks'")) == [
        {"type": "replace", "anchor": "Wool socks", "text": "Thick socks"}]
    assert _ops(_read(WINTER, "the word 'hum' I prefer 'buzz'")) == [
        {"type": "replace", "anchor": "hum", "text": "buzz"}]
    assert _ops(_read(WINTER, "Philadelphia should be Pittsburgh")) == [
        {"type": "replace", "anchor": "Philadelphia", "text": "Pittsburgh"}]


def test_asked_not_to_act_does_nothing() -> None:
    assert not _read(WINTER, "is the gear bit too long? just asking, don't cut anything").requests
    assert not _read(WINTER, "please do not delete the tea line").requests


def test_return_to_a_version_and_a_part_made_more_something() -> None:
    reading = _read(WINTER, "return to the very first version please")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.REVERT, {"version": 0})]
    reading = _read(WINTER, "make the ending more upbeat")
    assert [r.intent for r in reading.requests] == [Intent.UNCLEAR]


def test_something_the_app_cannot_do_is_said_and_nothing_done() -> None:
    reading = _read(WINTER, "could you fax it to my editor")
    assert [r.intent for r in reading.requests] == [Intent.UNCLEAR]
    question = reading.requests[0].question or ""
    assert question.startswith("I can't fax anything from here, so nothing was done.")
    assert not _read(WINTER, "love it, thank you!").requests


def test_tag_as_a_verb_tags_the_post_and_starts_its_own_request() -> None:
    reading = _read(SOURDOUGH, "tag it rye as well")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"tags": ["baking", "bread", "rye"]}})]
    reading = _read(SOURDOUGH, "call it 'Rye days' and tag it starter")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"title": "Rye days"}}),
        (Intent.EDIT, {"set_fields": {"tags": ["baking", "bread", "starter"]}})]


def test_in_the_end_of_a_part_is_that_part_s_edge() -> None:
    ops = _ops(_read(WINTER, "add in the end of the gear section: Boots too."))
    assert ops == [{"type": "insert", "anchor": "Wool socks beat every fancy sock I have bought.",
                    "position": "after", "text": "Boots too."}]


def test_going_over_the_post_against_the_brief_is_a_check() -> None:
    reading = _read(WINTER, "look over it against my brief")
    assert [(r.intent, r.question) for r in reading.requests] == [(Intent.CHECK, None)]


def test_a_no_then_words_of_their_own_replaces_the_request_before() -> None:
    assert not _read(WINTER, "the line about my cousin should go. no, actually, it can "
                             "stay").requests
    assert not _read(WINTER, "cut the tea line, no, leave it").requests
    assert _ops(_read(WINTER, "change 'four' to 'five', no, to 'six'")) == [
        {"type": "replace", "anchor": "four", "text": "six"}]
    reading = _read(WINTER, "make 5 flashcards, no 7")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.FLASHCARDS, {"count": 7})]


def test_an_infinitive_to_before_the_verb_that_opens_the_request() -> None:
    ops = _ops(_read(WINTER, "Please to put in the end of the tyres part: They grip well."))
    assert ops == [{"type": "insert",
                    "anchor": "My cousin laughed at mine until he fell off his bike.",
                    "position": "after", "text": "They grip well."}]


def test_a_corrected_place_replaces_the_place_of_that_word() -> None:
    ops = _ops(_read(SOURDOUGH, "add 'Yum.' after the line about the first loaf, sorry no, "
                                "after the one about the second loaf"))
    assert ops == [{"type": "insert", "anchor": "The second loaf rose, but the crust was pale.",
                    "position": "after", "text": "Yum."}]


def test_an_editors_substitution_marker() -> None:
    assert _ops(_read(WINTER, "s/Studded/Spiked/")) == [
        {"type": "replace", "anchor": "Studded", "text": "Spiked"}]
    reading = _read(WINTER, "s/nowhere/x/")
    assert [r.intent for r in reading.requests] == [Intent.EDIT]
    assert reading.requests[0].question is not None and "nowhere" in reading.requests[0].question
    assert not _read(WINTER, "s/half a marker").requests


def test_a_mistyped_function_word_is_spelt_right_before_the_parse() -> None:
    cousin = [{"type": "delete",
               "anchor": "My cousin laughed at mine until he fell off his bike."}]
    assert _ops(_read(WINTER, "delete the sentence taht mentions my cousin")) == cousin
    assert _ops(_read(WINTER, "get rdi of the cousin line")) == cousin
    assert _ops(_read(WINTER, "can you tkae out the cousin line")) == cousin
    assert _ops(_read(WINTER, "cut the sentence wihch mentions the ice")) == [
        {"type": "delete", "anchor": "Studded tyres hum on the ice."}]
    assert [r.intent for r in _read(WINTER, "put taht back the way it ws").requests] == [
        Intent.UNDO]


def test_a_real_word_or_a_word_of_the_post_is_never_respelt() -> None:
    # "twee" is English (one edit from "tweet", a publishing verb): nothing is asked for
    assert not _read(WINTER, "the opening is a bit twee").requests
    post = "# Lunch\n\nWe met Ona at the market. The bread was stale.\n"
    assert _ops(_read(post, "delete the sentence about Ona")) == [
        {"type": "delete", "anchor": "We met Ona at the market."}]


def test_asking_how_many_versions_or_acts_that_made_them_lists_the_versions() -> None:
    for message in ("how many edits have I made?", "how many changes so far?",
                    "how many cuts did we make today", "How many revisions now"):
        reading = _read(WINTER, message)
        assert [(r.intent, r.question) for r in reading.requests] == [
            (Intent.VERSIONS, None)], message
    for message in ("how many sentences are in the tyres bit?", "how long is the post?"):
        assert Intent.VERSIONS not in [r.intent for r in _read(WINTER, message).requests]


def test_a_correction_then_another_request_corrects_only_its_own() -> None:
    reading = _read(WINTER, "cut the bit about the flask, no wait, the bit about the socks, "
                            "and add a tag winter")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"ops": [{"type": "delete",
                                "anchor": "Wool socks beat every fancy sock I have bought."}]}),
        (Intent.EDIT, {"set_fields": {"tags": ["winter"]}})]
    reading = _read(WINTER, "make 6 flashcards, no, 8, then a mindmap")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.FLASHCARDS, {"count": 8}), (Intent.MINDMAP, {})]
    reading = _read(WINTER, "swap 'tea' for 'coffee' in the gear section, no, in the "
                            "conclusion, and then make 4 flashcards")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "tea", "text": "coffee"}],
                       "scope": "conclusion"}),
        (Intent.FLASHCARDS, {"count": 4})]
    # a retraction with nothing after it still drops what came before
    reading = _read(WINTER, "cut the line about the cousin, no wait, forget that. make a quiz")
    assert [r.intent for r in reading.requests] == [Intent.QUIZ]


def test_words_that_amend_without_a_no_correct_too() -> None:
    reading = _read(SOURDOUGH, "cut the line about the pancake - actually, the one about the "
                               "Dutch oven - and then a quiz")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"ops": [{"type": "delete", "anchor": "I baked the third loaf in a "
                                "Dutch oven and it finally sang when it cooled."}]}),
        (Intent.QUIZ, {})]
    reading = _read(SOURDOUGH, "replace 'rye' with 'spelt', sorry I mean 'wholemeal'")
    assert _ops(reading) == [{"type": "replace", "anchor": "rye", "text": "wholemeal"}]
    reading = _read(SOURDOUGH, "quiz with 5, no wait, 7 questions, and flashcards too")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.QUIZ, {"count": 7}), (Intent.FLASHCARDS, {})]
    # a request of its own after an amending word replaces the one before, unless it is
    # asked as well
    reading = _read(SOURDOUGH, "cut the line about the pancake. actually, can you also make "
                               "a quiz")
    assert [r.intent for r in reading.requests] == [Intent.EDIT, Intent.QUIZ]
    reading = _read(SOURDOUGH, "make a quiz - actually make it flashcards")
    assert [r.intent for r in reading.requests] == [Intent.FLASHCARDS]


def test_one_word_after_a_denial_replaces_the_word_the_request_ended_with() -> None:
    reading = _read(SOURDOUGH, "tag it rye, no, starter")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"tags": ["baking", "bread", "starter"]}})]
    reading = _read(SOURDOUGH, "set the author to Sam, no, Alex")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"author": "Alex"}})]
    assert _ops(_read(SOURDOUGH, "cut the sentence about the pancake, no, proof")) == [
        {"type": "delete",
         "anchor": "Keep the starter warm, and do not rush the proof."}]


def test_a_lone_value_after_a_denial_corrects_without_a_mark() -> None:
    reading = _read(WINTER, "make 10 flashcards no 12")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.FLASHCARDS, {"count": 12})]
    reading = _read(WINTER, "quiz with 4 questions actually 6 and a mindmap")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.QUIZ, {"count": 6}), (Intent.MINDMAP, {})]
    assert _ops(_read(WINTER, "change 'four' to 'five' no 'six'")) == [
        {"type": "replace", "anchor": "four", "text": "six"}]
    # "no" inside a request is no correction
    reading = _read(WINTER, "give me a quiz with no more than 5 questions")
    assert [(r.intent, r.slots) for r in reading.requests] == [(Intent.QUIZ, {"count": 5})]


def test_two_requests_joined_by_a_mistyped_and() -> None:
    reading = _read(WINTER, "undo taht adn make 3 flashcards")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.UNDO, {}), (Intent.FLASHCARDS, {"count": 3})]


def test_a_corrected_position_keeps_the_rest_of_the_description() -> None:
    # "the last" for "the first sentence of the tyres section": the tyres section's last
    assert _ops(_read(WINTER, "cut the first sentence of the tyres section, no, the last")) == [
        {"type": "delete", "anchor": "My cousin laughed at mine until he fell off his bike."}]


def test_a_comparison_is_no_pair_and_a_hyphened_number_is_one_word() -> None:
    post = "# Rowing\n\nWe rowed thirty-two miles in a day. My coach said it was enough.\n"
    reading = _read(post, "my coach reckons it was thirty-five miles, not thirty-two, and "
                          "she'd know better than me")
    assert _ops(reading) == [{"type": "replace", "anchor": "thirty-two",
                              "text": "thirty-five"}]
    # "thirty" inside "thirty-two" is not the word "thirty": nothing is patched half-way
    assert not any(r.question is None and r.intent is Intent.EDIT for r in _read(
        post, "it was forty-two miles, not thirty").requests)
    assert not any(r.question is None and r.intent is Intent.EDIT for r in _read(
        post, "rowing is harder than it looks").requests)


def test_a_tag_is_added_unless_the_tags_are_set_and_a_quoted_tag_keeps_its_case() -> None:
    def tags(message: str) -> object:
        reading = _read(SOURDOUGH, message)
        assert len(reading.requests) == 1 and reading.requests[0].question is None, reading
        return reading.requests[0].slots["set_fields"]["tags"]

    assert tags("ad the tag 'rye' pls") == ["baking", "bread", "rye"]  # the verb mistyped
    assert tags("put 'Rye Bread' in the tags") == ["baking", "bread", "Rye Bread"]
    assert tags("add the tag 'Baking'") == ["baking", "bread"]  # there already
    assert tags("set the tags to rye, starter") == ["rye", "starter"]


def test_make_it_n_after_a_denial_is_the_value_of_the_request_it_corrects() -> None:
    memory = Memory(intent="edit")  # the last turn was an edit: "make it 5" must not touch it
    reading = _read(WINTER, "give me eight flashcards, actually no, make it four", memory)
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.FLASHCARDS, {"count": 4})]
    assert _ops(_read(WINTER, "change 'flask' to 'bottle', no, make that 'thermos'")) == [
        {"type": "replace", "anchor": "flask", "text": "thermos"}]


def test_the_one_in_a_request_replacing_the_one_before_is_its_noun() -> None:
    reading = _read(WINTER, "cut the sentence about the ice... hmm no, keep that, cut the one "
                            "about my cousin instead")
    assert _ops(reading) == [{"type": "delete",
                              "anchor": "My cousin laughed at mine until he fell off his bike."}]


def test_the_first_one_after_a_version_verb_is_a_version() -> None:
    for message, version in (("take me back to the very first one", 0),
                             ("go back to the second one please", 1)):
        reading = _read(WINTER, message)
        assert [(r.intent, r.slots) for r in reading.requests] == [
            (Intent.REVERT, {"version": version})], message


def test_the_posts_word_as_a_verb_writes_one_or_publishes_this_one() -> None:
    reading = _read(None, "hey! could you draft me a post about waxing a chain?")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.NEW_POST, {"topic": "waxing a chain"})]
    reading = _read(WINTER, "post it to my Instagram")  # publishing: nothing is written
    assert [r.intent for r in reading.requests] == [Intent.UNCLEAR]


def test_scrapping_what_was_asked_before_a_pasted_post_undoes_nothing() -> None:
    reading = _read(None, "no scrap that, here's the one I wrote, keep it:\n\nWaxing a chain "
                          "takes an evening.\n", Memory(intent="new_post"))
    assert [r.intent for r in reading.requests] == [Intent.SAVE_POST]


def test_terse_marks_and_a_verb_said_of_something() -> None:
    assert _ops(_read(WINTER, "rm the conclusion paragraph")) == [
        {"type": "delete", "anchor": "Ride anyway. The tea tastes better after a cold ride."}]
    assert _ops(_read(WINTER, "'Studded tyres' > 'Spiked tyres'")) == [
        {"type": "replace", "anchor": "Studded tyres", "text": "Spiked tyres"}]
    # a verb agreeing with a thing said ("the tyres story makes me laugh") asks for nothing
    assert not _read(WINTER, "haha the cousin story still makes me laugh").requests


def test_a_wanted_verb_without_its_to_is_the_request() -> None:
    reading = _read(WINTER, "I want restore the version 0 please")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.REVERT, {"version": 0})]
    assert _ops(_read(WINTER, "the sentence about my cousin, I want remove it")) == [
        {"type": "delete", "anchor": "My cousin laughed at mine until he fell off his bike."}]


def test_a_section_said_to_be_called_something_is_renamed() -> None:
    reading = _read(WINTER, "the Gear section should be called Kit")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "Gear", "text": "Kit"}],
                       "allow_heading_changes": True})]


def test_the_words_before_a_comma_are_the_it_that_should_go() -> None:
    assert _ops(_read(WINTER, "the line about my cousin laughing, can it go?")) == [
        {"type": "delete", "anchor": "My cousin laughed at mine until he fell off his bike."}]
    assert not any(r.intent is Intent.EDIT and r.question is None
                   for r in _read(WINTER, "honestly, it should go").requests)


def test_a_real_word_typo_of_the_relation_between_two_quotations() -> None:
    assert _ops(_read(WINTER, "chnage 'flask' too 'thermos'")) == [
        {"type": "replace", "anchor": "flask", "text": "thermos"}]
    assert _ops(_read(WINTER, "replace 'flask' wit 'thermos'")) == [
        {"type": "replace", "anchor": "flask", "text": "thermos"}]


def test_is_this_adjective_as_a_goal_is_a_check_whatever_the_parser_hangs_this_on() -> None:
    for message in ("is this OK as a guide to cycling in snow for teenagers?",
                    "is this fine as a guide to cycling in snow for teenagers?"):
        reading = _read(WINTER, message)
        assert [(r.intent, r.slots, r.question) for r in reading.requests] == [
            (Intent.CHECK, {"goal": "a guide to cycling in snow for teenagers"}, None)], message


def test_not_the_old_words_but_the_new_ones() -> None:
    assert _ops(_read(WINTER, "Is possible to fix the drink, not a flask of tea but a flask "
                              "of coffee?")) == [
        {"type": "replace", "anchor": "flask of tea", "text": "flask of coffee"}]


def test_what_there_should_be_is_asked_for() -> None:
    reading = _read(WINTER, "wouldn't there be a quiz as well? say six")
    assert [(r.intent, r.slots) for r in reading.requests] == [(Intent.QUIZ, {"count": 6})]
    assert _ops(_read(WINTER, "I reckon there should be a line at the very end, like: See "
                              "you on the ice.")) == [
        {"type": "insert", "anchor": "The tea tastes better after a cold ride.",
         "position": "after", "text": "See you on the ice."}]
    assert not _read(WINTER, "there is a quiz somewhere, I think").requests


def test_a_correction_whose_new_word_the_post_already_holds_elsewhere() -> None:
    post = ("# Tuesday quiz night\n\nThe quiz starts at eight on Thursday in the back room.\n\n"
            "Teams of four, and the prize is a tin of biscuits.\n")
    reading = _read(post, "it's Tuesday not Thursday, then show me the versions")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"ops": [{"type": "replace", "anchor": "Thursday", "text": "Tuesday"}]}),
        (Intent.VERSIONS, {})]
    # words much unlike each other are asked about; both in the sentence corrected: no edit
    asked = _read(post, "it's about the biscuits, not the back room").requests
    assert [r.question for r in asked] == [
        "Do you want me to change “the back room” to “the biscuits”? Say yes if so."]
    assert _read(post, "yes", Memory.after(Reading(requests=asked), Memory())).requests[
        0].slots == {"ops": [{"type": "replace", "anchor": "back room", "text": "biscuits"}]}
    both = post.replace("on Thursday", "on Thursday or Tuesday")
    assert not [r for r in _read(both, "it's Tuesday not Thursday").requests
                if r.intent is Intent.EDIT and r.question is None]


def test_new_words_instead_of_old_after_a_pronoun_or_restating_the_words_before() -> None:
    shed = "The shed holds a tin of linseed oil and two forks."
    water = "We water every Monday before work."
    post = f"# Allotment notes\n\n{shed}\n\n{water}\n"
    cases = {  # what the post said before each fix in brackets
        "make it Friday instead of Monday":  # [every It Friday]
            (water, "We water every Friday before work."),
        "change that to a spade rather than two forks":  # [and spade]
            (shed, "The shed holds a tin of linseed oil and a spade."),
        "make it every Friday instead of every Monday":  # [every Every Friday]
            (water, "We water every Friday before work."),
        "change this to a tin of beeswax instead of linseed oil":  # [a tin of tin of beeswax]
            (shed, "The shed holds a tin of beeswax and two forks."),
    }
    for message, (line, fixed) in cases.items():
        changed = effect(post, {"ops": _ops(_read(post, message))})
        assert changed == post.replace(line, fixed), message


def test_a_word_nobody_knows_is_asked_about_never_guessed_past() -> None:
    asked = _read(WINTER, "make the quiz tuffer").requests
    assert [r.question for r in asked] == [
        "I don't know the word “tuffer”, so I haven't done anything yet. Do you want me to "
        "make a quiz? Say yes if so."]
    yes = _read(WINTER, "yes", Memory.after(Reading(requests=asked), Memory())).requests
    assert [(r.intent, r.question) for r in yes] == [(Intent.QUIZ, None)]
    # a word of the post mistyped, a name, a word the request carries: no question
    assert _ops(_read(WINTER, "replace studed tyres with spiked tyres")) == [
        {"type": "replace", "anchor": "Studded tyres", "text": "Spiked tyres"}]
    assert _ops(_read(WINTER, "swap the flask of tea for rooibosh")) == [
        {"type": "replace", "anchor": "flask of tea", "text": "rooibosh"}]
    # a filler as an aside keeps a question about doing something a question
    assert not _read(WINTER, "how do I, um, make a good quiz?").requests


def test_a_value_amended_with_hang_on_or_wait_is_the_later_one() -> None:
    reading = _read(SOURDOUGH, "set the description to 'Nine days with a jar' — hang on, "
                               "make that 'Nine days, one jar, two loaves'")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.EDIT, {"set_fields": {"description": "Nine days, one jar, two loaves"}})]
    reading = _read(SOURDOUGH, "make 6 flashcards - wait, make it 8")
    assert [(r.intent, r.slots) for r in reading.requests] == [(Intent.FLASHCARDS,
                                                                 {"count": 8})]


def test_an_outline_cut_by_semicolons_keeps_the_and_inside_its_items() -> None:
    reading = _read(SOURDOUGH, "split it by this outline: Feeding and waiting; The bake; "
                               "Lessons and mistakes")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.SPLIT, {"outline": "Feeding and waiting\nThe bake\nLessons and mistakes"})]
    reading = _read(SOURDOUGH, "split it by the outline: starter, bake and lessons")
    assert reading.requests[0].slots == {"outline": "starter\nbake\nlessons"}


def test_asking_what_it_can_do_besides_an_artifact_makes_none() -> None:
    for message in ("what else can you do apart from flashcards?",
                    "what kind of things can you do besides flashcards?",
                    "what can you make besides a quiz?"):
        assert [r.intent for r in _read(SOURDOUGH, message).requests] == [Intent.HELP]
    assert [r.intent for r in _read(SOURDOUGH, "what quiz can you make?").requests] == [
        Intent.QUIZ]


def test_a_check_as_something_keeps_its_goal_beside_other_requests() -> None:
    reading = _read(SOURDOUGH, "make 3 flashcards and a quiz, and check it as a guide for "
                               "new bakers")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.FLASHCARDS, {"count": 3}), (Intent.QUIZ, {}),
        (Intent.CHECK, {"goal": "a guide for new bakers"})]


def test_posting_it_somewhere_writes_no_post_and_after_a_colon_is_no_request() -> None:
    for message in ("post to insta", "post it on facebook"):
        assert not [r for r in _read(SOURDOUGH, message).requests if r.question is None]
    assert [r.slots for r in _read(SOURDOUGH, "post about rye starters").requests] == [
        {"topic": "rye starters"}]
    # the words after the colon are what is asked for, never a request ("called it X")
    reading = _read(SOURDOUGH, "could you pop a wee line in after the oven one: My aunt "
                               "called it the loaf's song.")
    assert not [r for r in reading.requests if r.question is None and
                "set_fields" in r.slots]


def test_tags_said_as_field_colon_value_are_set() -> None:
    reading = _read(SOURDOUGH, "tags: rye, baking, patience")
    assert [r.slots for r in reading.requests] == [
        {"set_fields": {"tags": ["rye", "baking", "patience"]}}]
    assert [r.slots for r in _read(SOURDOUGH, "add the tag rye").requests] == [
        {"set_fields": {"tags": ["baking", "bread", "rye"]}}]


def test_after_it_is_after_the_part_named_before_never_the_word_it() -> None:
    pale = "The second loaf rose, but the crust was pale."
    for message in ("the sentence about the pale crust is my favourite, but can we add "
                    "right after it: It still tasted fine.",
                    "the sentence about the pale crust is my favourite. can we add right "
                    "after it: It still tasted fine."):
        assert _ops(_read(SOURDOUGH, message)) == [{
            "type": "insert", "anchor": pale, "position": "after",
            "text": "It still tasted fine."}], message
    asked = _read(SOURDOUGH, "add 'Fine.' right after it").requests
    assert [r.question is not None for r in asked] == [True]


def test_a_verb_of_its_own_putting_words_after_a_colon_next_to_a_described_place() -> None:
    cases = {
        "could you stick a short line in after the pancake one: Dad laughed.":
            ("The first loaf came out flat as a pancake.", "after", "Dad laughed."),
        "pop a line in before the pancake sentence: It was grim.":
            ("The first loaf came out flat as a pancake.", "before", "It was grim."),
        "bung a line after the pale crust sentence: Dad called it a frisbee.":
            ("The second loaf rose, but the crust was pale.", "after",
             "Dad called it a frisbee."),
    }
    for message, (anchor, position, text) in cases.items():
        assert _ops(_read(SOURDOUGH, message)) == [{
            "type": "insert", "anchor": anchor, "position": position, "text": text}], message


def test_a_described_sentence_replaced_by_the_words_after_a_colon() -> None:
    for message, anchor in (
            ("replace the sentence about the pale crust with: The second loaf rose and "
             "browned.", "The second loaf rose, but the crust was pale."),
            ("change the pancake sentence to: The second loaf rose and browned.",
             "The first loaf came out flat as a pancake.")):
        assert _ops(_read(SOURDOUGH, message)) == [{
            "type": "replace", "anchor": anchor,
            "text": "The second loaf rose and browned."}], message


def test_a_sentence_or_its_paragraph_is_asked_in_the_words_of_what_is_done() -> None:
    asked = _read(SOURDOUGH, "pop 'Grim.' right after the bit about the pancake").requests
    assert len(asked) == 1 and asked[0].question is not None
    assert asked[0].question.startswith("Do you want me to put it after just “The first "
                                        "loaf")  # it said "cut just" for an insert
    deleting = _read(SOURDOUGH, "delete the bit about the pancake").requests
    assert deleting[0].question is not None and "cut just" in deleting[0].question


def test_a_part_rewritten_as_the_words_after_a_colon() -> None:
    assert _ops(_read(SOURDOUGH, "rewrite the line about the pale crust as: The second loaf "
                                 "rose and browned.")) == [{
        "type": "replace", "anchor": "The second loaf rose, but the crust was pale.",
        "text": "The second loaf rose and browned."}]
    vague = _read(SOURDOUGH, "rewrite the bake section so it sounds less sad").requests
    assert [r.question is not None for r in vague] == [True]


def test_a_version_named_alone_is_asked_about_then_restored_on_yes() -> None:
    for message in ("v1 pls", "v0", "v2?"):
        asked = _read(SOURDOUGH, message).requests
        n = message[1]
        assert [r.question for r in asked] == [
            f"Do you want me to go back to version {n}? Say yes if so."], message
    asked = _read(SOURDOUGH, "v1 pls").requests
    yes = _read(SOURDOUGH, "yes", Memory.after(Reading(requests=asked), Memory())).requests
    assert [(r.intent, r.slots) for r in yes] == [(Intent.REVERT, {"version": 1})]
    assert [r.slots for r in _read(SOURDOUGH, "back to v0").requests] == [{"version": 0}]
