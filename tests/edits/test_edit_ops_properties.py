"""Hypothesis properties of the patcher, each pinned against an obvious reference."""

from __future__ import annotations

import unicodedata
from typing import Literal

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from draftguard.edits import EditResult, EditStatus, apply_plan, parse_edit_plan
from draftguard.edits._anchors import find_anchor
from draftguard.edits._patcher import line_budget
from draftguard.edits._result import RejectReason
from draftguard.markdown import count_lines

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
    if kind == "insert":
        # The same limit for an insert: the inserted text can extend a fresh, overlapping
        # copy of the anchor (" bread bread bread" + " bread"), indistinguishable from a post
        # that had four.
        lo, hi = at + len(anchor), at + len(anchor) + len(text) + 1  # the inserted text
        others = [m for m in find_anchor(first.text, anchor).matches if m.start != at]
        if any(not (lo - 1 <= m.start and m.end <= hi) for m in others):
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


# -- issue 12, section 1: each class of silent wrong edit, against an obvious reference ------
# Every property below holds the patcher to "the reference text, or a refusal that leaves the
# bytes alone": an applied plan that differs from the reference is a silent wrong edit.

LONG_WORDS = ["cheesesteak", "provolone", "sandwiches", "neighbourhood", "counterman", "griddle"]
long_word = st.sampled_from(LONG_WORDS)
MARK = st.sampled_from([".", "!", "?"])


def applied_or_refused(result: EditResult, doc: str, reference: str) -> None:
    assert result.status in (EditStatus.APPLIED, EditStatus.REJECTED), result.message
    if result.status is EditStatus.REJECTED:
        assert result.text == doc
    else:
        assert result.text == reference


@FAST
@given(
    lines=st.lists(st.tuples(st.lists(long_word, min_size=3, max_size=6), MARK), min_size=1,
                   max_size=6),
    pick=st.integers(0, 5),
    anchor_mark=st.sampled_from(["", ".", "!", "?"]),
    new_words=st.lists(word, min_size=1, max_size=4),
    new_mark=st.sampled_from(["", ".", "!"]),
)
def test_fuzzy_replace_never_doubles_or_drops_the_sentence_mark(
    lines: list[tuple[list[str], str]], pick: int, anchor_mark: str, new_words: list[str],
    new_mark: str,
) -> None:
    sentences = [" ".join(ws).capitalize() + mark for ws, mark in lines]
    k = pick % len(sentences)
    words, mark = lines[k]
    # The sentence is unique by its words: with a swapped mark the anchor may really be
    # closer to a twin sentence that ends in the anchor's mark.
    assume([ws for ws, _ in lines].count(words) == 1)
    # One slip in the anchor (a doubled letter) keeps it fuzzy, never exact or normalised.
    typo = list(words)
    typo[0] = typo[0][:3] + typo[0][2] + typo[0][3:]
    anchor = " ".join(typo).capitalize() + anchor_mark
    repl = " ".join(new_words).capitalize() + new_mark
    doc = "# T\n\n" + "\n\n".join(sentences) + "\n"
    # Reference: the sentence becomes the replacement; the post's own mark stays only when
    # neither the anchor nor the replacement ends the sentence themselves.
    keep = mark if not anchor_mark and not new_mark else ""
    reference = "# T\n\n" + "\n\n".join(
        repl + keep if i == k else s for i, s in enumerate(sentences)
    ) + "\n"
    result = apply_plan(doc, parse_edit_plan({"ops": [{"type": "replace", "anchor": anchor,
                                                       "text": repl}]}))
    applied_or_refused(result, doc, reference)


@FAST
@given(
    indents=st.lists(st.sampled_from(["", "  ", "    ", "\t", "        "]), min_size=3,
                     max_size=8),
    texts=st.lists(st.lists(word, min_size=1, max_size=3).map(" ".join), min_size=8,
                   max_size=8),
    first=st.integers(0, 7),
    span=st.integers(2, 4),
    loose=st.booleans(),
)
def test_normalised_match_keeps_each_lines_indentation(
    indents: list[str], texts: list[str], first: int, span: int, loose: bool
) -> None:
    n = len(indents)
    k = first % n
    stop = min(n, k + span)
    assume(stop - k >= 2)
    lines = [ind + f"{t} {i}" for i, (ind, t) in enumerate(zip(indents, texts, strict=False))]
    doc = "# T\n\n```\n" + "\n".join(lines) + "\n```\n"
    # The model quotes the lines without their indentation (or with a stray space each).
    pad = " " if loose else ""
    anchor = "\n".join(pad + lines[i].strip() for i in range(k, stop))
    repl = "\n".join(pad + "new " + lines[i].strip() for i in range(k, stop))
    reference_lines = [
        indents[i] + "new " + lines[i].strip() if k <= i < stop else lines[i] for i in range(n)
    ]
    reference = "# T\n\n```\n" + "\n".join(reference_lines) + "\n```\n"
    plan = parse_edit_plan({"scope": "multi-paragraph",
                            "ops": [{"type": "replace", "anchor": anchor, "text": repl}]})
    result = apply_plan(doc, plan)
    applied_or_refused(result, doc, reference)
    # Spaces-only indentation always has one reading: it must be applied, not refused.
    if all("\t" not in ind for ind in indents[k:stop]) and not loose:
        assert result.status is EditStatus.APPLIED, result.message


@FAST
@given(
    rows=st.lists(st.tuples(plain_text, st.sampled_from(["\n", "\r\n"])), min_size=2,
                  max_size=8),
    first=st.integers(0, 7),
    span=st.integers(1, 3),
    change=st.integers(0, 2),
    copied=st.booleans(),
)
def test_replacement_newlines_keep_the_bytes_the_anchor_had(
    rows: list[tuple[str, str]], first: int, span: int, change: int, copied: bool
) -> None:
    lines = [f"{t} {i}" for i, (t, _) in enumerate(rows)]
    ends = [e for _, e in rows]
    doc = "".join(line + end for line, end in zip(lines, ends, strict=True))
    k = first % len(lines)
    stop = min(len(lines), k + span)
    # The model sees every line break as "\n", or copies the post's bytes (an exact match).
    anchor = "".join(lines[i] + ends[i] for i in range(k, stop - 1)) + lines[stop - 1] if (
        copied
    ) else "\n".join(lines[k:stop])
    touched = {k + change % (stop - k)}
    new = [("fresh " + lines[i]) if i in touched else lines[i] for i in range(len(lines))]
    repl = "\n".join(new[k:stop])
    reference = "".join(line + end for line, end in zip(new, ends, strict=True))
    plan = parse_edit_plan({"scope": "multi-paragraph",
                            "ops": [{"type": "replace", "anchor": anchor, "text": repl}]})
    result = apply_plan(doc, plan)
    applied_or_refused(result, doc, reference)
    if result.status is EditStatus.APPLIED:
        # One line's words changed: one changed line, never inflated by a newline rewrite.
        assert result.stats.changed_lines == 1


@FAST
@given(
    paragraphs=st.lists(st.lists(plain_text, min_size=2, max_size=4), min_size=1,
                        max_size=4),
    pick=st.integers(0, 3),
    line=st.integers(0, 2),
    multi=st.booleans(),
)
def test_a_paragraph_split_is_refused_or_counted(
    paragraphs: list[list[str]], pick: int, line: int, multi: bool
) -> None:
    numbered = [[f"{t} p{p}l{i}" for i, t in enumerate(lines)]
                for p, lines in enumerate(paragraphs)]
    p = pick % len(numbered)
    i = line % (len(numbered[p]) - 1)  # never the last line: the blank line splits it
    doc = "# T\n\n" + "\n\n".join("\n".join(lines) for lines in numbered) + "\n"
    split = [list(lines) for lines in numbered]
    split[p] = [*split[p][: i + 1], "", *split[p][i + 1 :]]
    reference = "# T\n\n" + "\n\n".join("\n".join(lines) for lines in split) + "\n"
    plan = parse_edit_plan({
        **({"scope": "multi-paragraph"} if multi else {}),
        "ops": [{"type": "insert", "anchor": numbered[p][i], "text": "\n"}],
    })
    result = apply_plan(doc, plan)
    if not multi:
        assert result.status is EditStatus.REJECTED and result.text == doc
        assert result.reason is RejectReason.CONSTRAINT and result.question
        return
    assert result.status is EditStatus.APPLIED, result.message
    assert result.text == reference
    assert result.stats.changed_lines == 1


@FAST
@given(n=st.integers(1, 60), added=st.integers(1, 80), asked=st.none() | st.integers(1, 90))
def test_multi_paragraph_budget_is_the_documented_one(
    n: int, added: int, asked: int | None
) -> None:
    doc = "".join(f"Line {i}.\n\n" for i in range(n)).rstrip("\n") + "\n"
    total = count_lines(doc)
    repl = "\n".join(f"New {j}." for j in range(added))
    plan = parse_edit_plan({
        "scope": "multi-paragraph",
        **({"constraints": {"max_changed_lines": asked}} if asked else {}),
        "ops": [{"type": "replace", "anchor": "Line 0.", "text": repl}],
    })
    # docs/edit-ops.md: without max_changed_lines, the larger of the default budget and the
    # document's own line count; with it, exactly the number asked for.
    budget = asked if asked else max(line_budget(total), total)
    result = apply_plan(doc, plan)
    assert result.stats.line_budget == budget
    assert (result.status is EditStatus.APPLIED) == (added <= budget)
    if result.status is EditStatus.REJECTED:
        assert result.reason is RejectReason.CONSTRAINT
        assert result.question and str(added) in result.question


ACCENTED = ["café", "crème", "brûlée", "naïve", "jalapeño", "über", "façade", "señor", "bread"]


def nfc_spans(doc: str, anchor: str) -> list[tuple[int, int]]:
    """Every span of `doc` equal to `anchor` up to Unicode composition, tried one by one
    (overlapping spans count); where there is none, up to whitespace runs as well, the way
    the cascade goes from the exact to the normalised tier."""
    def same(a: str, b: str, runs: bool) -> bool:
        a, b = unicodedata.normalize("NFC", a), unicodedata.normalize("NFC", b)
        return " ".join(a.split()) == " ".join(b.split()) if runs else a == b

    for runs in (False, True):
        spans = [
            (i, j)
            for i in range(len(doc))
            for j in range(i + 1, len(doc) + 1)
            if not doc[i].isspace() and not doc[j - 1].isspace()
            and not unicodedata.combining(doc[i])
            and (j == len(doc) or not unicodedata.combining(doc[j]))
            and same(doc[i:j], anchor, runs)
        ]
        if spans:
            return spans
    return []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    paragraphs=st.lists(st.lists(st.sampled_from(ACCENTED), min_size=2, max_size=5),
                        min_size=1, max_size=3),
    doc_form=st.sampled_from(["NFC", "NFD", "mixed"]),
    anchor_form=st.sampled_from(["NFC", "NFD"]),
    start=st.integers(0, 500),
    length=st.integers(3, 14),
)
def test_anchor_finds_its_text_in_either_unicode_form(
    paragraphs: list[list[str]], doc_form: Literal["NFC", "NFD", "mixed"],
    anchor_form: Literal["NFC", "NFD"], start: int, length: int,
) -> None:
    composed = "\n\n".join(" ".join(ws) for ws in paragraphs) + "\n"
    at = start % len(composed)
    # Whitespace at an anchor's ends is not part of a normalised match (see the cascade).
    piece = composed[at : at + length].strip()
    assume(piece and "\n" not in piece)
    if doc_form == "mixed":  # every other word decomposed, as pasted-together posts are
        doc = " ".join(
            unicodedata.normalize("NFD", w) if k % 2 else w
            for k, w in enumerate(composed.split(" "))
        )
    else:
        doc = unicodedata.normalize(doc_form, composed)
    anchor = unicodedata.normalize(anchor_form, piece)
    spans = nfc_spans(doc, anchor)
    result = apply_plan(doc, parse_edit_plan({"ops": [{"type": "replace", "anchor": anchor,
                                                       "text": "ZZZ"}]}))
    if len(spans) == 1:
        i, j = spans[0]
        assert result.status is EditStatus.APPLIED, result.message
        assert result.text == doc[:i] + "ZZZ" + doc[j:]
    else:
        assert result.status is EditStatus.REJECTED and result.text == doc
