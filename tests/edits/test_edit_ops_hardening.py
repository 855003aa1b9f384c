"""Issue 18's patcher findings: split emoji, HTML headings, and the cost of a repeated post."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

import draftguard.edits._anchors as anchors
import draftguard.edits._prepared as prepared
from draftguard.edits import EditStatus, apply_plan, parse_edit_plan
from draftguard.edits._graphemes import is_cluster_boundary
from draftguard.edits._result import RejectReason

WOMAN, MAN = "\U0001f469", "\U0001f468"
DEV = f"{WOMAN}\u200d\U0001f4bb"  # woman technologist: woman, ZWJ, laptop
FLAGS = "\U0001f1fa\U0001f1f8\U0001f1eb\U0001f1f7"  # two flags, four regional indicators


def rep(anchor: str, text: str) -> dict[str, str]:
    return {"type": "replace", "anchor": anchor, "text": text}


@pytest.mark.parametrize(
    ("doc", "op"),
    [
        (f"# Team\n\nOur lead {DEV} ships on Fridays.\n", rep(f"lead {WOMAN}", f"lead {MAN}")),
        (f"# Team\n\nOur lead {DEV} ships on Fridays.\n", rep("\U0001f4bb ships", "sails")),
        (f"# Trip\n\nWe flew {FLAGS} last year.\n", rep("\U0001f1f8\U0001f1eb", "to")),
        (f"# Team\n\nOur lead {DEV} ships.\n",
         {"type": "insert", "anchor": "lead \U0001f469", "text": "(new)"}),
        (f"# Team\n\nOur lead {DEV} ships.\n", {"type": "delete", "anchor": "\U0001f469"}),
    ],
)
def test_an_anchor_never_splits_an_emoji_or_a_flag(doc: str, op: dict[str, str]) -> None:
    res = apply_plan(doc, parse_edit_plan({"ops": [op]}))
    assert res.status is EditStatus.REJECTED
    assert res.reason is RejectReason.NOT_FOUND
    assert res.text == doc


def test_an_anchor_that_takes_the_whole_emoji_still_applies() -> None:
    doc = f"# Team\n\nOur lead {DEV} ships on Fridays.\n"
    res = apply_plan(doc, parse_edit_plan({"ops": [rep(f"lead {DEV}", "lead, a developer,")]}))
    assert res.status is EditStatus.APPLIED
    assert res.text == "# Team\n\nOur lead, a developer, ships on Fridays.\n"


def test_a_fuzzy_anchor_snaps_to_the_whole_emoji() -> None:
    doc = f"# Team\n\nOur wonderful lead {DEV} ships on Fridays.\n"
    res = apply_plan(doc, parse_edit_plan({"ops": [rep(f"Our wonderfull lead {WOMAN}",
                                                       "Our lead")]}))
    assert res.status is EditStatus.APPLIED  # the whole sequence went, not half of it
    assert res.text == "# Team\n\nOur lead ships on Fridays.\n"


_PIECES = ["a", " ", "\n", "\r\n", "e\u0301", "\u0301", "\u200d", "\U0001f469", "\U0001f4bb",
           "\U0001f3fd", "\ufe0f", "\U0001f1fa", "\U0001f1f8", "\u1100", "\u1161", "\u11a8",
           "\uac00", "\u0915", "\u094d", "\u0937", "\u093f", "\u0600"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=12).map("".join))
def test_cluster_boundaries_agree_with_unicode_segmentation(text: str) -> None:
    """The one-offset rules against the regex module's full \\X segmentation."""
    want = {0, len(text)} | {m.end() for m in regex.finditer(r"\X", text)}
    # The patcher fits line breaks itself, so a span may end between CR and LF.
    want |= {k for k in range(1, len(text)) if text[k - 1 : k + 1] == "\r\n"}
    got = {k for k in range(len(text) + 1) if is_cluster_boundary(text, k)}
    assert got == want


@pytest.mark.parametrize(
    "inserted",
    ["<h1>Big news</h1>", "<H2 class=\"x\">Big news</H2>", "<h3>Big news"],
)
def test_an_html_heading_is_a_heading_change(inserted: str) -> None:
    doc = "# Notes\n\nWe met on Monday and agreed on the menu.\n"
    op = {"type": "insert", "anchor": "agreed on the menu.", "text": inserted}
    refused = apply_plan(doc, parse_edit_plan({"ops": [op]}))
    assert refused.status is EditStatus.REJECTED
    assert refused.reason is RejectReason.CONSTRAINT
    assert "heading" in refused.message
    allowed = apply_plan(doc, parse_edit_plan(
        {"ops": [op], "constraints": {"allow_heading_changes": True}}))
    assert allowed.status is EditStatus.APPLIED


def test_html_in_a_code_span_is_no_heading() -> None:
    doc = "# Notes\n\nWrite titles with markup.\n"
    op = {"type": "insert", "anchor": "with markup.", "text": "Use `<h1>` once."}
    assert apply_plan(doc, parse_edit_plan({"ops": [op]})).status is EditStatus.APPLIED


REPEATED = "# Diary\n\n" + "".join(
    f"## Day {n}\n\nWe queued at the corner stand and the cheese was truly amazing.\n\n"
    for n in range(300)
)


def test_a_repeated_paragraph_is_placed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = anchors._block_matches

    def counted(*args: object, **kw: object) -> object:
        calls.append(1)
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(anchors, "_block_matches", counted)
    res = apply_plan(REPEATED, parse_edit_plan(
        {"ops": [rep("the chese was truly amazng", "the cheese was fine")]}))
    assert res.reason is RejectReason.AMBIGUOUS
    assert "matches 300 places" in res.message
    assert len(calls) == 1


def test_plans_for_one_version_share_its_parsed_document(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[str] = []
    real = prepared.MarkdownMap

    def counted(text: str) -> object:
        built.append(text)
        return real(text)

    monkeypatch.setattr(prepared, "MarkdownMap", counted)
    doc = REPEATED + "Unique closing line, said once.\n"
    for anchor in ("Unique closing lin", "the chese was truly amazng", "nowhere at all here"):
        apply_plan(doc, parse_edit_plan({"ops": [rep(anchor, "x")]}))
    assert built == [doc]
