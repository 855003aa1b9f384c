"""Commands and clear intents are recognised by code, so even a tiny model cannot miss them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from blogger.chat import blogger_intents
from draftguard.commands import CommandSpec, help_text, parse_command
from draftguard.edits._plan import DeleteOp, InsertOp, ReplaceOp
from draftguard.errors import CommandError
from draftguard.understanding._edit_words import parse_edit_request

SPECS = {
    s.name: s
    for s in [
        CommandSpec(name="split", usage='/split [draft=FILE] [outline="A; B"]',
                    summary="split", options=("draft", "outline")),
        CommandSpec(name="quiz", usage="/quiz [N]", summary="quiz", max_args=1),
        CommandSpec(name="edit", usage='/edit replace "X" with "Y"', summary="edit",
                    free_text=True),
        CommandSpec(name="undo", usage="/undo", summary="undo"),
    ]
}


def test_a_command_with_options_fits_on_one_line() -> None:
    cmd = parse_command('/split draft=post.md outline="Intro; Method; Results"', SPECS)
    assert cmd is not None and cmd.name == "split"
    assert cmd.options == {"draft": "post.md", "outline": "Intro; Method; Results"}


def test_curly_quotes_count_as_straight_ones() -> None:
    cmd = parse_command("/split outline=“Intro; Method”", SPECS)
    assert cmd is not None and cmd.options == {"outline": "Intro; Method"}


def test_arguments_are_on_the_first_line_and_the_lines_below_are_the_text() -> None:
    # A pasted draft below the command need not be shell-quotable ("Don't").
    cmd = parse_command('/split outline="A; B"\nOUTLINE:\nA\nDRAFT:\nDon\'t panic.', SPECS)
    assert cmd is not None and cmd.options == {"outline": "A; B"} and cmd.args == []
    assert cmd.text.endswith("DRAFT:\nDon't panic.")


def test_positional_arguments_and_free_text() -> None:
    quiz = parse_command("/quiz 5", SPECS)
    assert quiz is not None and quiz.args == ["5"]
    edit = parse_command('/edit replace "a b" with "c"', SPECS)
    assert edit is not None and edit.text == 'replace "a b" with "c"'


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ("/frobnicate", "Unknown command /frobnicate. Commands: /split, /quiz, /edit, /undo"),
        ("/quiz 5 6", "/quiz: unexpected '6' (/quiz [N])"),
        ("/split colour=red", "/split takes draft=, outline=, not colour="),
        ('/split outline="open', "/split: No closing quotation"),
        ("/edit", "/edit needs text"),
    ],
)
def test_bad_commands_say_what_is_wrong(message: str, error: str) -> None:
    with pytest.raises(CommandError) as err:
        parse_command(message, SPECS)
    assert str(err.value).startswith(error)


@given(st.text().filter(lambda t: not t.lstrip().startswith("/")))
def test_a_message_that_does_not_start_with_a_slash_is_never_a_command(text: str) -> None:
    assert parse_command(text, SPECS) is None


@pytest.mark.parametrize(
    ("message", "name", "args"),
    [
        ("Make a quiz with 5 questions about this post", "quiz", ["5"]),
        ("please generate three flashcards", "flashcards", ["3"]),
        ("Can you create a mind map of it?", "mindmap", []),
        ("make a 4-question quiz", "quiz", ["4"]),
        ("undo", "undo", []),
        ("Please revert that.", "undo", []),
        ("OUTLINE:\n1. Dough\nDRAFT:\nSome text", "split", []),
    ],
)
def test_clear_plain_requests_become_commands(message: str, name: str, args: list[str]) -> None:
    cmd = blogger_intents(message)
    assert cmd is not None and (cmd.name, cmd.args) == (name, args)


@pytest.mark.parametrize(
    "message",
    ["What is a quiz?", "I undo my knots slowly", "Tell me about the draft", "hello",
     "OUTLINE: only an outline"],
)
def test_everything_else_is_left_to_the_model(message: str) -> None:
    assert blogger_intents(message) is None


def test_help_lists_every_command() -> None:
    text = help_text(list(SPECS.values()))
    assert [line.split()[0] for line in text.splitlines()] == ["/split", "/quiz", "/edit",
                                                                "/undo"]


# --- /edit free text --------------------------------------------------------------------------


def test_replace_delete_and_insert_parse_into_ops() -> None:
    req = parse_edit_request('replace "Geno\'s won" with "Pat\'s won"; delete “my cat”; '
                             'insert "New line." after "## Intro"')
    assert req.ops == [
        ReplaceOp(anchor="Geno's won", text="Pat's won"),
        DeleteOp(anchor="my cat"),
        InsertOp(anchor="## Intro", text="New line.", position="after"),
    ]
    assert req.scope is None


def test_one_named_section_becomes_the_scope() -> None:
    req = parse_edit_request('replace "a" with "b" in the conclusion')
    assert req.scope == "conclusion" and req.ops[0].section is None
    both = parse_edit_request('delete "x" in Intro and delete "y" in Method section')
    assert both.scope is None and [o.section for o in both.ops] == ["Intro", "Method"]


def test_escaped_quotes_inside_quoted_text() -> None:
    req = parse_edit_request(r'replace "say \"hi\"" with "say hello"')
    assert req.ops == [ReplaceOp(anchor='say "hi"', text="say hello")]


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("make it snappier", "cannot read 'make' as an edit"),
        ('replace "a" "b"', "expected 'with'"),
        ('insert "a" into "b"', "expected 'after' or 'before'"),
        ('delete "unclosed', "unclosed quote"),
        ('delete ""', "the text to delete is empty"),
        ('replace "a" with "b" in', "'in' must name a section"),
    ],
)
def test_an_edit_request_that_does_not_parse_says_why(text: str, error: str) -> None:
    with pytest.raises(CommandError, match=error):
        parse_edit_request(text)


# Control characters are refused in plans (tests/cli/test_hardening_cli_input.py).
quoted = st.text(alphabet=st.characters(blacklist_characters='"\\',
                                        blacklist_categories=["Cs", "Cc"]),
                 min_size=1).filter(str.strip)


@given(old=quoted, new=st.text(alphabet=st.characters(blacklist_characters='"\\',
                                                      blacklist_categories=["Cs", "Cc"])))
def test_any_quoted_text_round_trips(old: str, new: str) -> None:
    req = parse_edit_request(f'replace "{old}" with "{new}"')
    assert req.ops == [ReplaceOp(anchor=old, text=new)]
