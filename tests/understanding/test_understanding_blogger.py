"""The blogger's understanding layer: what code reads from a message, checked against slow,
obvious references (Hypothesis) and on a post (edits located from a description)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from blogger.reading import read_message
from draftguard.text import number_value, split_sentences, straighten_quotes
from draftguard.understanding import Intent, Memory, Reading
from draftguard.understanding._locate import PostView

POSTS = Path(__file__).parent.parent / "data" / "understanding" / "posts"
WINTER = (POSTS / "winter-cycling.md").read_text(encoding="utf-8")
SOURDOUGH = (POSTS / "sourdough.md").read_text(encoding="utf-8")

# Text a person may quote: anything printable but quote marks and line breaks.
_QUOTABLE = st.text(
    alphabet=st.characters(blacklist_categories=("Cc", "Cs"),
                           blacklist_characters="\"'“”‘’„‟‚‛«»\n\r\u2028\u2029\x85"),
    min_size=1, max_size=40,
).filter(lambda t: t.strip() != "")

_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
          "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
          "seventeen", "eighteen", "nineteen", "twenty"]


def _word_for(n: int) -> str:
    """English for 1..99, the obvious way."""
    if n <= 20:
        return _WORDS[n]
    tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
            "ninety"][n // 10]
    return tens if n % 10 == 0 else f"{tens}-{_WORDS[n % 10]}"


def _quoted_spans(message: str) -> list[str]:
    """Reference: the double-quoted spans of a message, curly quotes read as straight."""
    spans, inside, current = [], False, []
    for ch in straighten_quotes(message):
        if ch == '"':
            if inside:
                spans.append("".join(current))
                current = []
            inside = not inside
        elif inside:
            current.append(ch)
    return spans


def _read(post: str | None, message: str, memory: Memory | None = None) -> Reading:
    return read_message(message, post=post, memory=memory).reading


def _plain(reading: Reading) -> list[tuple[str, str]]:
    return [(r.intent.value, json.dumps(r.slots, sort_keys=True)) for r in reading.requests]


# --- quoted spans ----------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(old=_QUOTABLE, new=_QUOTABLE, curly=st.booleans())
def test_a_quoted_span_is_always_carried_verbatim(old: str, new: str, curly: bool) -> None:
    message = (f"please replace “{old}” with “{new}”" if curly
               else f'please replace "{old}" with "{new}"')
    reading = _read(None, message)
    assert [r.intent for r in reading.requests] == [Intent.EDIT]
    ops = reading.requests[0].slots["ops"]
    assert [(op["anchor"], op["text"]) for op in ops] == [tuple(_quoted_spans(message))]


@settings(max_examples=100, deadline=None)
@given(old=_QUOTABLE, new=_QUOTABLE)
def test_curly_and_straight_quotes_read_the_same(old: str, new: str) -> None:
    for template in ("change {q}{a}{p} to {q}{b}{p}", "delete {q}{a}{p}",
                     "add {q}{b}{p} after {q}{a}{p}"):
        straight = template.format(q='"', p='"', a=old, b=new)
        curly = template.format(q="“", p="”", a=old, b=new)
        assert _plain(_read(WINTER, straight)) == _plain(
            _read(WINTER, curly))


def test_single_quotes_leave_apostrophes_alone() -> None:
    reading = _read(None, "change 'Geno's won' to 'Pat's won', thanks")
    assert reading.requests[0].slots == {"ops": [
        {"type": "replace", "anchor": "Geno's won", "text": "Pat's won"}]}


# --- counts ---------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=1, max_value=60),
       template=st.sampled_from(["make a quiz with {n} questions", "give me {n} flashcards",
                                 "could you whip up a {n}-question quiz?",
                                 "I'd like {n} flash cards please"]))
def test_counts_in_words_equal_counts_in_digits(n: int, template: str) -> None:
    digits = _read(WINTER, template.format(n=n))
    words = _read(WINTER, template.format(n=_word_for(n)))
    assert _plain(digits) == _plain(words)
    assert digits.requests[0].slots == {"count": n}


@given(n=st.integers(min_value=0, max_value=99))
def test_number_value_reads_every_count_people_write(n: int) -> None:
    assert number_value(str(n)) == n
    assert number_value(_word_for(n)) == n
    assert number_value(_word_for(n).replace("-", " ")) == n


def test_a_dozen_and_a_couple() -> None:
    assert number_value("a dozen") == 12 and number_value("couple") == 2
    assert number_value("several") is None and number_value("") is None


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_split_sentences_keeps_every_word(text: str) -> None:
    assert " ".join(split_sentences(text)).split() == text.split()


# --- nothing crashes, nothing is invented ---------------------------------------------------

@settings(max_examples=200, deadline=None)
@given(message=st.text(max_size=120), with_post=st.booleans())
def test_any_message_reads_without_error_and_its_slots_are_json(message: str,
                                                                with_post: bool) -> None:
    reading = _read(WINTER if with_post else None, message)
    for request in reading.requests:
        json.dumps(request.slots)
        if request.intent is Intent.EDIT and request.question is None and "ops" in request.slots:
            for op in request.slots["ops"]:
                # An anchor is words of the post or words the author typed, never made up.
                assert op["anchor"] in WINTER or op["anchor"] in message


# --- edits located from a description --------------------------------------------------------

@pytest.mark.parametrize("sentence", [s.text for s in PostView(WINTER).sentences
                                      if len(s.text.split()) > 3])
def test_a_sentence_described_by_its_rarest_words_is_the_one_deleted(sentence: str) -> None:
    words = [w.strip(".,:") for w in sentence.split() if len(w.strip(".,:")) > 4]
    if not words:
        pytest.skip("no topic word")
    reading = _read(WINTER, f"delete the sentence about {words[0]}")
    request = reading.requests[0]
    if request.question is None:
        assert request.slots["ops"] == [{"type": "delete", "anchor": sentence}]
    else:  # a word two sentences share: asked, never guessed
        assert sum(words[0].lower() in s.lower() for s in split_sentences(WINTER)) > 1


def test_an_ambiguous_description_is_one_question_listing_the_candidates() -> None:
    read = read_message("remove the sentence about tea", post=WINTER)
    request = read.reading.requests[0]
    assert request.question is not None and "1." in request.question
    assert "flask of tea" in request.question and "tastes better" in request.question
    assert len(request.candidates) == 2
    picked = _read(WINTER, "the second one", read.memory).requests[0]
    assert picked.slots == {"ops": [{"type": "delete",
                                     "anchor": "The tea tastes better after a cold ride."}]}


def test_a_scope_confines_the_search_and_the_edit() -> None:
    request = _read(WINTER,
        "swap the tea for cocoa in the last paragraph").requests[0]
    assert request.slots == {"ops": [{"type": "replace", "anchor": "tea", "text": "cocoa"}],
                             "scope": "last paragraph"}


def test_a_title_change_is_a_heading_edit_or_frontmatter_never_a_rewrite() -> None:
    heading = _read(WINTER, "Rename the post to Cycling through winter")
    assert heading.requests[0].slots == {
        "ops": [{"type": "replace", "anchor": "Winter cycling",
                 "text": "Cycling through winter"}],
        "allow_heading_changes": True}
    meta = _read(SOURDOUGH, "change the title to 'Slow bread'")
    assert meta.requests[0].slots == {"set_fields": {"title": "Slow bread"}}


def test_the_reader_applies_nothing_it_reads_against_the_post_it_is_given() -> None:
    # No replay: reading an edit changes no post and keeps no copy of one; the memory it
    # returns is a small value (the last intent, a question's candidates, the words written,
    # the size of the last artifact made, the sentence the app last quoted).
    read = read_message("replace 'hum' with 'buzz'", post=WINTER)
    assert read.reading.requests[0].slots["ops"] == [
        {"type": "replace", "anchor": "hum", "text": "buzz"}]
    assert set(read.memory.model_dump()) == {"intent", "candidates", "written",
                                                "written_places", "count", "discussed"}
    assert read.memory.count is None
    assert read.memory.written == "buzz"
    again = read_message("replace 'hum' with 'sing'", post=WINTER, memory=read.memory)
    # The same post was given, so "hum" is still there to be found.
    assert again.reading.requests[0].slots["ops"][0]["anchor"] == "hum"
    buzzing = WINTER.replace("hum", "buzz")
    gone = read_message("replace 'hum' with 'sing'", post=buzzing, memory=read.memory)
    assert gone.reading.requests[0].question is not None  # read against the post it was given


def test_a_request_code_cannot_read_names_the_closest_capabilities() -> None:
    request = _read(WINTER, "make the intro punchier").requests[0]
    assert request.intent is Intent.UNCLEAR and request.slots == {"closest": ["edit"]}
    assert request.question is not None and 'replace "X" with "Y"' in request.question


def test_a_pasted_post_is_not_read_as_requests() -> None:
    post = "---\ntitle: Notes\n---\n# Undo everything\n\nDelete the old shed. Make a quiz.\n"
    reading = _read(None, f"Here it is:\n{post}")
    assert [(r.intent, r.slots) for r in reading.requests] == [
        (Intent.SAVE_POST, {"text": post})]


def test_a_memory_that_no_longer_reads_is_ignored_not_raised() -> None:
    memory = {"intent": "edit", "candidates": [{"intent": "nonsense"}]}
    assert read_message("the first one", post=WINTER, memory=memory).reading.requests == ()
