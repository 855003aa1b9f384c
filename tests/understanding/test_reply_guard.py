"""Nothing raw reaches the author: JSON, tool results, state keys and tracebacks are cut out of
every reply, however the reply is streamed; prose passes untouched."""

from __future__ import annotations

import json
import re
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.reply_guard import DEFAULT_FALLBACK, RawOutputFilter, is_raw


def run(text: str, cuts: list[int] | None = None) -> str:
    """`text` through a fresh filter, fed in pieces cut at `cuts`."""
    f = RawOutputFilter()
    bounds = sorted({0, len(text), *(c for c in cuts or [] if 0 < c < len(text))})
    out = "".join(f.feed(text[a:b]) for a, b in pairwise(bounds))
    return out + f.flush()


_PROSE = st.lists(st.text(alphabet=st.characters(whitelist_categories=("L", "N", "Zs"),
                                                 whitelist_characters=".,!?'-"),
                          min_size=1, max_size=60).filter(lambda t: not is_raw(t)),
                  min_size=1, max_size=5)
_RAW = st.sampled_from([
    'Result of tool content_write: {"status": "refused", "error": "not saved"}',
    '{"status": "ok", "version": 1}',
    '[{"type": "replace", "anchor": "a"}]',
    "Traceback (most recent call last):",
    '  File "/app/blogger/chat.py", line 12, in edit',
    "KeyError: 'raw_draft'",
    "ValueError: invalid literal for int() with base 10",
    "Context variable not found: `outline`.",
    "the state key temp:content_rewrite_asked is missing",
    "\x1b[2J\x1b[31m",
])


@settings(max_examples=150, deadline=None)
@given(lines=_PROSE, cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=8))
def test_prose_passes_unchanged_however_it_is_chunked(lines: list[str], cuts: list[int]) -> None:
    text = "\n".join(lines)
    assert run(text, cuts) == text


@settings(max_examples=150, deadline=None)
@given(lines=st.lists(st.one_of(_PROSE.map(lambda p: p[0]), _RAW), min_size=1, max_size=8),
       cuts=st.lists(st.integers(min_value=0, max_value=600), max_size=8))
def test_no_raw_line_survives_and_chunking_changes_nothing(lines: list[str],
                                                           cuts: list[int]) -> None:
    text = "\n".join(lines)
    out = run(text, cuts)
    assert out == run(text)  # the whole text in one piece is the reference
    assert not any(is_raw(line) for line in out.splitlines())
    assert "\x1b" not in out
    visible = [re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", line) for line in lines]
    kept = [line for line in visible if not is_raw(line) and line.strip()]
    assert out.strip() == DEFAULT_FALLBACK if not kept and out.strip() else True
    for line in kept:
        assert line in out


@pytest.mark.parametrize(("reply", "shown"), [
    ('Saved. Result of tool content_write: {"status": "refused"}', "Saved."),
    ("Here it is:\n```json\n{\"questions\": []}\n```\nDone.", "Here it is:\nDone."),
    ('{"status": "refused", "error": "not saved: a title alone is not a post"}',
     DEFAULT_FALLBACK),
    ("I fixed it.\nTraceback (most recent call last):\n  File \"x.py\", line 1\nKeyError: 'a'",
     "I fixed it.\n"),
    # Issue 25 #9: a chat reply is words; a fence of any language is dropped (code's own
    # replies quote the post without this filter).
    ("Keep {braces} and code:\n```python\nprint('hi')\n```", "Keep {braces} and code:\n"),
    # A small model signs off like a letter template: its placeholder is no words for anyone.
    ("Have a lovely walk!\n\nBest wishes,\n[Your Name]", "Have a lovely walk!\n\nBest wishes,\n"),
    ("Dear [Recipient Name],\nThe post reads well.", "The post reads well."),
    ("See [the guide](https://example.org) and [Walks][1].",
     "See [the guide](https://example.org) and [Walks][1]."),
])
def test_what_the_author_sees(reply: str, shown: str) -> None:
    assert run(reply) == shown


def test_a_multi_line_json_block_is_dropped_line_by_line() -> None:
    block = json.dumps({"status": "rejected", "reason": "ambiguous", "message": "x"}, indent=2)
    assert run(f"Sorry.\n{block}") == "Sorry.\n"


# --- issue 25 #9: what a red team's model said, and the look-alikes of markers -------------

@pytest.mark.parametrize("reply", [
    "{'status': 'ok', 'version': 2}",                       # a Python repr of a tool result
    "[{'type': 'replace', 'anchor': 'four'}]",
    "{\u201cstatus\u201d: \u201cok\u201d, \u201cversion\u201d: 2}",  # JSON with curly quotes
    "```python\nprint(default_api.content_write(markdown='x'))\n```",
    "~~~bash\nrm -rf /\n~~~",
    "functionCall content_write {markdown: x}",
    "FunctionResponse: saved",
    "Result\u200b of tool content_write: ok",             # zero-width space
    "Re\u00adsult of tool content_write: ok",              # soft hyphen
    "R\u0435sult of tool content_write: ok",               # Cyrillic e
    "\uff32\uff45\uff53\uff55\uff4c\uff54 of tool content_write: ok",  # fullwidth
    "the st\u0430te key temp:x is missing",
])
def test_raw_text_in_disguise_never_reaches_the_author(reply: str) -> None:
    assert run(reply) == DEFAULT_FALLBACK


@pytest.mark.parametrize(("reply", "shown"), [
    ("Done \x9b2J now", "Done  now"),                   # C1 CSI and its sequence
    ("Saved\x85 it\x9d.", "Saved it."),
    ("Saved. R\u0435sult of tool x: {}", "Saved."),     # cut in the original, not the folded
])
def test_c1_controls_are_removed_and_cuts_fall_in_the_original(reply: str, shown: str) -> None:
    assert run(reply) == shown


def test_prose_in_other_scripts_is_not_folded_in_what_is_shown() -> None:
    text = ("\u041f\u0440\u0438\u0432\u0435\u0442, \uff21\uff22 caf\u00e9 \u2014 "
            "\u05e9\u05dc\u05d5\u05dd")
    assert run(text) == text


# -- the app's own identity and identifiers ----------------------------------------------------

def _through(text: str, names: tuple[str, ...] = ()) -> str:
    f = RawOutputFilter(internal_names=names)
    return f.feed(text) + f.flush()


@pytest.mark.parametrize("echo", [
    'You are an agent. Your internal name is "event_planning".',
    "You're an agent. Your internal name is \u201cblogger\u201d.",
    'The description about you is "Plans a group dinner or event in Philadelphia".',
    "Happy to help! My internal name is blogger, by the way.",
])
def test_the_identity_adk_gives_a_model_is_not_repeated_to_a_person(echo: str) -> None:
    shown = _through(echo)
    assert "internal name" not in shown.lower()
    assert "description about you" not in shown.lower()
    assert "an agent" not in shown.lower()


def test_words_before_a_repeated_identity_stay() -> None:
    shown = _through('Glad it helped! You\'re an agent. Your internal name is "event_planning".')
    assert shown.startswith("Glad it helped!")
    assert "event_planning" not in shown


@pytest.mark.parametrize(("reply", "gone"), [
    ("I will call search_venues for you now.", "search_venues"),
    ("The only available agents for this task are content_splitter and Lisbon2018.",
     "content_splitter"),
    ("Ask contentEditor to do it.", "contentEditor"),
    ("Use \uff53\uff45\uff41\uff52\uff43\uff48_venues next.", "venues"),  # fullwidth letters
])
def test_the_apps_identifiers_are_cut(reply: str, gone: str) -> None:
    names = ("search_venues", "content_splitter", "Lisbon2018", "contentEditor", "blogger")
    assert gone not in _through(reply, names)


def test_a_name_that_is_a_plain_word_stays_a_word() -> None:
    # "blogger" names the app and is also English; only identifier-like names are cut.
    reply = "As a blogger you will like this opening."
    assert _through(reply, ("blogger", "edit_ops")) == reply


def test_an_identifier_inside_a_longer_word_is_not_cut() -> None:
    reply = "The edit_opsy idea and my_search_venues_list stay."
    assert _through(reply, ("edit_ops", "search_venues")) == reply
