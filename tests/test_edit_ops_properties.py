"""Hypothesis properties of the patcher, each pinned against an obvious reference."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from draftguard.edits import EditStatus, apply_plan, find_anchor, parse_edit_plan

WORDS = ["geno", "pat", "won", "bread", "cheese", "onion", "steak", "roll", "wit", "the", "a"]

word = st.sampled_from(WORDS)
sentence = st.lists(word, min_size=3, max_size=12).map(lambda ws: " ".join(ws).capitalize() + ".")
paragraph = st.lists(sentence, min_size=1, max_size=4).map(" ".join)
document = st.lists(paragraph, min_size=1, max_size=12).map("\n\n".join)
plain_text = st.lists(word, min_size=1, max_size=6).map(" ".join)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def unique_span(doc: str, start: int, length: int) -> tuple[int, str] | None:
    """A substring of `doc` that occurs exactly once (the reference for "unique anchor")."""
    start %= len(doc)
    anchor = doc[start : start + length]
    # Overlapping occurrences count too ("a. a" twice in "a. a. a"), unlike str.count.
    if not anchor.strip() or "\n" in anchor or doc.find(anchor, doc.find(anchor) + 1) != -1:
        return None
    return start, anchor


@FAST
@given(doc=document, anchors=st.lists(plain_text, min_size=1, max_size=4), text=plain_text,
       final_newline=st.booleans())
def test_rejected_plan_leaves_bytes_identical(
    doc: str, anchors: list[str], text: str, final_newline: bool
) -> None:
    doc += "\n" if final_newline else ""
    ops = [{"type": "replace", "anchor": a, "text": text} for a in anchors]
    plan = parse_edit_plan({"ops": ops})
    before = doc.encode()
    result = apply_plan(doc, plan)
    if result.status is not EditStatus.APPLIED:
        assert result.text.encode() == before
        assert result.diff == ""


@FAST
@given(doc=document, start=st.integers(0, 10_000), length=st.integers(4, 30), text=plain_text)
def test_unique_anchor_replace_changes_only_that_span(
    doc: str, start: int, length: int, text: str
) -> None:
    found = unique_span(doc, start, length)
    if found is None:
        return
    at, anchor = found
    if anchor == text:
        return
    result = apply_plan(doc, parse_edit_plan({"ops": [{"type": "replace", "anchor": anchor,
                                                       "text": text}]}))
    assert result.status is EditStatus.APPLIED, result.message
    assert result.text == doc[:at] + text + doc[at + len(anchor) :]


@FAST
@given(doc=document, start=st.integers(0, 10_000), length=st.integers(4, 30), text=plain_text,
       kind=st.sampled_from(["replace", "insert", "delete"]))
def test_apply_then_reapply_is_a_no_op(
    doc: str, start: int, length: int, text: str, kind: str
) -> None:
    found = unique_span(doc, start, length)
    if found is None or found[1] == text:
        return
    at, anchor = found
    # Precondition: the anchor is unique in every tier (remove it and nothing else matches).
    # Otherwise the re-sent plan legitimately finds the *other* variant (see docs/edit-ops.md;
    # the ADK tool recognises a re-sent plan by its fingerprint instead).
    if find_anchor(doc[:at] + doc[at + len(anchor) :], anchor).matches:
        return
    op: dict[str, str] = {"type": kind, "anchor": found[1]}
    if kind != "delete":
        op["text"] = text
    plan = parse_edit_plan({"ops": [op]})
    first = apply_plan(doc, plan)
    if first.status is not EditStatus.APPLIED:
        return
    if kind == "replace":
        # The same known limit from the other side: the replacement plus its neighbours can
        # form a fresh (here fuzzy) match of the anchor, e.g. "Geno geno gen" -> "geno" in
        # "Geno geno geno geno geno." leaves "genoo geno geno", which matches it at 93.
        end = at + len(text)
        if any(m.start < at or m.end > end for m in find_anchor(first.text, anchor).matches):
            return
    second = apply_plan(first.text, plan)
    assert second.text == first.text
    if kind != "delete":
        assert second.status is EditStatus.ALREADY_APPLIED, second.message


@FAST
@given(doc=document, start=st.integers(0, 10_000), length=st.integers(4, 30),
       lines=st.lists(plain_text, min_size=1, max_size=3), final_newline=st.booleans())
def test_crlf_preserved(
    doc: str, start: int, length: int, lines: list[str], final_newline: bool
) -> None:
    crlf = doc.replace("\n", "\r\n") + ("\r\n" if final_newline else "")
    found = unique_span(crlf, start, length)
    if found is None or "\r" in found[1]:
        return
    plan = parse_edit_plan({"ops": [{"type": "replace", "anchor": found[1],
                                     "text": "\n".join(lines)}]})
    result = apply_plan(crlf, plan)
    if result.status is EditStatus.APPLIED:
        assert "\n" not in result.text.replace("\r\n", "")
        assert result.text.endswith("\r\n") == final_newline
