"""Issue 12 §1 and issue 11's NFC/NFD bullet: one regression test per silent wrong edit,
and the peer edit cases (tests/data/edit_cases.json) judged as a whole."""

from __future__ import annotations

import unicodedata

import pytest
from edit_cases import Verdict, judge, load_cases

from draftguard.edits import EditPlan, EditStatus, apply_plan, parse_edit_plan
from draftguard.edits._result import RejectReason

CASES = load_cases()


def plan(*ops: dict[str, object], **kw: object) -> EditPlan:
    return parse_edit_plan({"ops": list(ops), **kw})


def rep(anchor: str, text: str) -> dict[str, object]:
    return {"type": "replace", "anchor": anchor, "text": text}


def test_fuzzy_replace_before_line_final_punctuation_does_not_double_it() -> None:
    doc = "# Notes\n\nThe bread was great and the cheese was trully amazing.\n\nNext.\n"
    res = apply_plan(doc, plan(rep("the cheese was truly amazing", "the cheese was fine.")))
    assert res.status is EditStatus.APPLIED
    assert res.text == "# Notes\n\nThe bread was great and the cheese was fine.\n\nNext.\n"
    # The other mark than the anchor's is the post's own: it is replaced, not kept beside.
    doc = doc.replace("amazing.", "amazing!")
    res = apply_plan(doc, plan(rep("the cheese was truly amazing.", "the cheese was fine.")))
    assert res.text == "# Notes\n\nThe bread was great and the cheese was fine.\n\nNext.\n"


def test_exact_anchor_without_the_period_and_replacement_with_one() -> None:
    doc = "This is a sample text.\nAnother line of text.\n"
    res = apply_plan(doc, plan(rep("This is a sample text", "This is a replaced text.")))
    assert res.text == "This is a replaced text.\nAnother line of text.\n"


def test_normalised_match_carries_indentation_into_the_replacement() -> None:
    doc = "# Recipe\n\n```python\ndef grill(steak):\n    flip(steak)\n    return steak\n```\n"
    res = apply_plan(doc, plan(rep("def grill(steak):\nflip(steak)",
                                   "def grill(steak, heat):\nflip(steak, heat)"),
                               scope="multi-paragraph"))
    assert res.status is EditStatus.APPLIED
    assert "def grill(steak, heat):\n    flip(steak, heat)\n    return steak" in res.text
    list_doc = "# N\n\n- item one\n  continued here\n- item two\n"
    res = apply_plan(list_doc, plan(rep("item one\ncontinued here", "item one\ncontinued there"),
                                    scope="multi-paragraph"))
    assert res.text == "# N\n\n- item one\n  continued there\n- item two\n"


def test_a_resent_fitted_replacement_is_already_applied_but_a_case_variant_is_not() -> None:
    doc = "# T\n\n```\ndef f():\n    x = 1\n```\n\nPat's won.\n"
    fitted = plan(rep("def f():\nx = 1", "def f():\nx = 2"), scope="multi-paragraph")
    first = apply_plan(doc, fitted)
    assert first.text == doc.replace("x = 1", "x = 2")
    assert apply_plan(first.text, fitted).status is EditStatus.ALREADY_APPLIED
    miss = apply_plan(doc, plan(rep("Zorblax frobnicated", "pat's won")))
    assert miss.status is EditStatus.REJECTED and miss.reason is RejectReason.NOT_FOUND


def test_indentation_that_cannot_be_carried_is_a_question() -> None:
    doc = "```\nif hot:\n\tserve()\n\twait()\n```\n"
    res = apply_plan(doc, plan(rep("if hot:\n    serve()", "if hot:\n    serve_now()"),
                               scope="multi-paragraph"))
    assert res.status is EditStatus.REJECTED and res.reason is RejectReason.CONSTRAINT
    assert res.question and "indent" in res.question and res.text == doc


def test_mixed_line_endings_keep_each_newlines_bytes() -> None:
    doc = "# T\r\n\r\nLine one\nline two\r\nline three\n"
    res = apply_plan(doc, plan(rep("Line one\nline two", "Line 1\nline two")))
    assert res.status is EditStatus.APPLIED, res.message
    assert res.text == "# T\r\n\r\nLine 1\nline two\r\nline three\n"
    assert res.stats.changed_lines == 1
    # An anchor copied with its CRLF keeps it, whatever newline the replacement types.
    crlf = "one\r\ntwo\r\nthree\r\n"
    res = apply_plan(crlf, plan(rep("one\r\ntwo", "one\ntwo2"), scope="multi-paragraph"))
    assert res.text == "one\r\ntwo2\r\nthree\r\n"
    # A new line takes the ending of the line it joins, not the file's dominant one.
    res = apply_plan("a\nb\r\nc\n", plan({"type": "insert", "anchor": "b", "text": "b2"},
                                          scope="multi-paragraph"))
    assert res.text == "a\nb\r\nb2\r\nc\n"


def test_a_blank_line_inside_a_paragraph_is_a_split() -> None:
    doc = "# N\n\nLine one of para\nline two of para\n\nNext.\n"
    op = {"type": "insert", "anchor": "Line one of para", "text": "\n"}
    refused = apply_plan(doc, plan(op))
    assert refused.status is EditStatus.REJECTED and refused.reason is RejectReason.CONSTRAINT
    assert "split" in refused.message and refused.text == doc
    split = apply_plan(doc, plan(op, scope="multi-paragraph"))
    assert split.text == "# N\n\nLine one of para\n\nline two of para\n\nNext.\n"
    assert split.stats.changed_lines == 1
    inline = apply_plan("# N\n\nFirst one. Second one.\n",
                        plan({"type": "insert", "anchor": "First one.", "text": "\n\n"},
                             scope="multi-paragraph"))
    assert inline.text == "# N\n\nFirst one.\n\nSecond one.\n"


def test_multi_paragraph_without_a_cap_may_grow_the_post_only_to_its_own_size() -> None:
    doc = "# N\n\nShort.\n"
    ten = "\n".join(f"Line {i}." for i in range(10))
    res = apply_plan(doc, plan(rep("Short.", ten), scope="multi-paragraph"))
    assert res.status is EditStatus.REJECTED and res.stats.line_budget == 3
    assert res.question and "max_changed_lines" in res.question
    res = apply_plan(doc, plan(rep("Short.", ten), scope="multi-paragraph",
                               constraints={"max_changed_lines": 10}))
    assert res.status is EditStatus.APPLIED


def test_nfc_anchor_finds_nfd_text_and_back() -> None:
    nfd = unicodedata.normalize("NFD", "# N\n\nThe café was open late.\n")
    res = apply_plan(nfd, plan(rep("café was open", "bar was open")))
    assert res.status is EditStatus.APPLIED
    assert res.text == unicodedata.normalize("NFD", "# N\n\nThe bar was open late.\n")
    nfc = unicodedata.normalize("NFC", nfd)
    res = apply_plan(nfc, plan(rep(unicodedata.normalize("NFD", "café"), "bar")))
    assert res.text == "# N\n\nThe bar was open late.\n"


def test_a_decomposed_twin_makes_an_exact_anchor_ambiguous() -> None:
    # A post pasted together from two editors: one "crème" composed, one decomposed.
    doc = "# N\n\nA crème here.\n\nA " + unicodedata.normalize("NFD", "crème") + " there.\n"
    res = apply_plan(doc, plan(rep("crème", "cream")))
    assert res.status is EditStatus.REJECTED and res.reason is RejectReason.AMBIGUOUS
    assert res.text == doc


def test_an_anchor_never_ends_inside_a_decomposed_letter() -> None:
    nfd = unicodedata.normalize("NFD", "# N\n\nThe café was open late.\n")
    res = apply_plan(nfd, plan(rep("cafe", "bar")))  # would leave "bár"
    assert res.status is EditStatus.REJECTED and res.reason is RejectReason.NOT_FOUND
    assert res.question and unicodedata.normalize("NFD", "café") in res.question
    assert [c.text for c in res.candidates] == [unicodedata.normalize("NFD", "café")]


def test_overlapping_normalised_matches_make_the_anchor_ambiguous() -> None:
    doc = "# T\n\nGo on. Go on. Go on.\n"
    res = apply_plan(doc, plan(rep("GO ON. GO ON", "Stop")))
    assert res.status is EditStatus.REJECTED and res.reason is RejectReason.AMBIGUOUS
    assert len(res.candidates) == 2 and res.text == doc


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_peer_case_is_never_a_silent_wrong_edit(case: dict[str, object]) -> None:
    outcome = judge(case)
    assert outcome.verdict is not Verdict.SILENT_WRONG, (outcome.got, case["expect"])


def test_peer_cases_right_result_or_right_refusal_rate() -> None:
    outcomes = [judge(c) for c in CASES]
    right = sum(o.verdict is Verdict.RIGHT for o in outcomes)
    misses = [(o.case_id, o.got) for o in outcomes if o.verdict is not Verdict.RIGHT]
    assert len(CASES) >= 60
    assert right / len(CASES) >= 0.95, misses
