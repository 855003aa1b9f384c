"""The patcher's contract: seed 004's constraint table (one test per rule) and the cascade."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from draftguard.edits import EditStatus, apply_plan
from draftguard.edits._anchors import MatchTier, find_anchor
from draftguard.edits._frontmatter import edit_frontmatter, read_frontmatter
from draftguard.edits._patcher import line_budget
from draftguard.edits._plan import EditPlan, dump_schema, parse_edit_plan
from draftguard.edits._result import RejectReason
from draftguard.errors import FrontmatterError, SchemaError, UnsafePathError
from draftguard.textio._output_paths import resolve_output_path

ROOT = Path(__file__).resolve().parents[2]

FILLER = "".join(f"\nFiller paragraph {n} says nothing new at all.\n" for n in range(1, 80))
DOC = (
    "---\ntitle: Cheesesteaks\ntags: [food]\n---\n"
    "# Cheesesteaks in Philly\n\n"
    "We tried three places over one weekend and kept notes on each.\n\n"
    "## The places\n\n"
    "Geno's is bright and loud. Pat's is across the street.\n"
    "Unrelated: my cat sat on the map.\n\n"
    "## Conclusion\n\n"
    "Geno's won, by a whisker, on the bread alone.\n" + FILLER
)


def plan(*ops: dict, **kw: object) -> EditPlan:
    return parse_edit_plan({"ops": list(ops), **kw})


def rep(anchor: str, text: str, **kw: object) -> dict:
    return {"type": "replace", "anchor": anchor, "text": text, **kw}


# -- Seed 004 constraint table --------------------------------------------------------------


def test_rule_line_budget_is_min_of_12_and_8_percent_and_at_least_1() -> None:
    assert line_budget(1000) == 12
    assert line_budget(100) == 8
    assert line_budget(5) == 1
    big = "".join(f"line {i}\n" for i in range(200))
    ops = [rep(f"line {i}\n", f"LINE {i}\n") for i in range(13)]
    res = apply_plan(big, plan(*ops, scope="multi-paragraph", constraints={}))
    assert res.status is EditStatus.APPLIED  # multi-paragraph is the explicit "expand"
    res = apply_plan(big, plan(*ops))
    assert res.status is EditStatus.REJECTED and res.reason is RejectReason.CONSTRAINT
    assert res.stats.changed_lines == 13 and res.stats.line_budget == 12
    assert res.question and "13 lines" in res.question and "12" in res.question
    assert res.text == big
    assert apply_plan(big, plan(*ops[:12])).status is EditStatus.APPLIED


def test_rule_plan_can_tighten_but_not_loosen_the_budget() -> None:
    big = "".join(f"line {i}\n" for i in range(200))
    ops = [rep(f"line {i}\n", f"LINE {i}\n") for i in range(3)]
    tight = apply_plan(big, plan(*ops, constraints={"max_changed_lines": 2}))
    assert tight.reason is RejectReason.CONSTRAINT
    loose = apply_plan(big, plan(*[rep(f"line {i}\n", "x\n") for i in range(13)],
                                 constraints={"max_changed_lines": 50}))
    assert loose.reason is RejectReason.CONSTRAINT and loose.stats.line_budget == 12


def test_rule_headings_refused_unless_allowed() -> None:
    p = plan(rep("## Conclusion", "## Verdict"))
    refused = apply_plan(DOC, p)
    assert refused.reason is RejectReason.CONSTRAINT and "heading" in refused.message
    assert refused.text == DOC
    allowed = apply_plan(DOC, plan(rep("## Conclusion", "## Verdict"),
                                   constraints={"allow_heading_changes": True}))
    assert allowed.status is EditStatus.APPLIED and "## Verdict\n" in allowed.text
    # Adding a heading is a heading change too; inserting prose after one is not.
    added = apply_plan(DOC, plan({"type": "insert", "anchor": "Geno's won, by a whisker,"
                                  " on the bread alone.", "text": "## Extra"}))
    assert added.reason is RejectReason.CONSTRAINT
    prose = apply_plan(DOC, plan({"type": "insert", "anchor": "## Conclusion", "text": "Hi."}))
    assert prose.status is EditStatus.APPLIED
    assert "## Conclusion\n\nHi.\n\nGeno's won" in prose.text


def test_rule_default_scope_is_one_paragraph() -> None:
    spans_two = rep("on each.\n\n## The places\n\nGeno's is", "X")
    res = apply_plan(DOC, plan(spans_two, constraints={"allow_heading_changes": True}))
    assert res.reason is RejectReason.CONSTRAINT and "multi-paragraph" in res.message
    two_paras = rep("Geno's won", "Pat's won.\n\nA second new paragraph")
    assert apply_plan(DOC, plan(two_paras)).reason is RejectReason.CONSTRAINT
    ok = apply_plan(DOC, plan(two_paras, scope="multi-paragraph"))
    assert ok.status is EditStatus.APPLIED


def test_rule_line_hints_are_secondary_validated_and_never_widen_scope() -> None:
    # Disambiguates among matches...
    res = apply_plan(DOC, plan(rep("Geno's", "Pat's", line=16)))
    assert res.status is EditStatus.APPLIED and "Pat's won, by a whisker" in res.text
    # ...is ignored (with a note) when the unique text anchor is elsewhere...
    res = apply_plan(DOC, plan(rep("Geno's won", "Pat's won", line=3)))
    assert res.status is EditStatus.APPLIED and "ignored" in res.ops[0].message
    # ...must exist in the version the plan was made for...
    res = apply_plan(DOC, plan(rep("Geno's won", "Pat's won", line=5000)))
    assert res.reason is RejectReason.INVALID_PLAN
    # ...and cannot pull the op out of its scope.
    res = apply_plan(DOC, plan(rep("Geno's", "Pat's", line=11), scope="Conclusion"))
    assert res.status is EditStatus.APPLIED and "Pat's is bright" not in res.text


# -- Frontmatter, atomicity, idempotency, dry run, line endings, versions -------------------


def test_frontmatter_is_protected_from_edit_ops() -> None:
    res = apply_plan(DOC, plan(rep("title: Cheesesteaks", "title: Hoagies")))
    assert res.reason is RejectReason.CONSTRAINT and "edit_metadata" in res.message
    assert res.text == DOC


def test_frontmatter_changes_through_edit_metadata() -> None:
    out = edit_frontmatter(DOC, set_keys={"title": "Hoagies: a guide"}, remove=["tags"])
    assert read_frontmatter(out) == {"title": "Hoagies: a guide"}
    assert out.split("---\n", 2)[2] == DOC.split("---\n", 2)[2]
    with pytest.raises(FrontmatterError):
        edit_frontmatter(DOC, set_keys={"bad key": 1})


def test_plan_is_atomic() -> None:
    res = apply_plan(DOC, plan(rep("Geno's won", "Pat's won"), rep("no such words here", "x")))
    assert res.status is EditStatus.REJECTED and res.text == DOC
    assert [o.status for o in res.ops] == [EditStatus.APPLIED, EditStatus.REJECTED]


def test_overlapping_ops_are_an_invalid_plan() -> None:
    res = apply_plan(DOC, plan(rep("Geno's won", "A"), rep("won, by a whisker", "B")))
    assert res.reason is RejectReason.INVALID_PLAN


def test_reapplying_reports_already_applied() -> None:
    p = plan(rep("Geno's won", "Pat's won"),
             {"type": "insert", "anchor": "## Conclusion", "text": "New paragraph."},
             {"type": "delete", "anchor": "Unrelated: my cat sat on the map."})
    first = apply_plan(DOC, p)
    assert first.status is EditStatus.APPLIED
    again = apply_plan(first.text, p)
    assert again.status is EditStatus.ALREADY_APPLIED and again.text == first.text


def test_replacement_containing_its_anchor_is_idempotent() -> None:
    p = plan(rep("bread alone", "bread alone, and the cheese"))
    first = apply_plan(DOC, p)
    assert apply_plan(first.text, p).status is EditStatus.ALREADY_APPLIED


def test_dry_run_returns_unified_diff_and_stats() -> None:
    res = apply_plan(DOC, plan(rep("Geno's won", "Pat's won")), dry_run=True, filename="d.md")
    assert res.dry_run and res.status is EditStatus.APPLIED and "would apply" in res.message
    assert res.diff.startswith("--- a/d.md\n+++ b/d.md\n@@ -13,")
    assert "-Geno's won, by a whisker" in res.diff and "+Pat's won, by a whisker" in res.diff
    assert (res.stats.lines_added, res.stats.lines_removed, res.stats.changed_lines) == (1, 1, 1)
    payload = json.loads(res.model_dump_json())
    assert "text" not in payload and payload["stats"]["line_budget"] == 12


def test_crlf_and_missing_final_newline_preserved() -> None:
    crlf = DOC.replace("\n", "\r\n").rstrip("\r\n")
    res = apply_plan(crlf, plan(rep("Geno's won", "Pat's won"),
                                {"type": "insert", "anchor": "## Conclusion", "text": "A\nB"}))
    assert res.status is EditStatus.APPLIED
    assert "\n" not in res.text.replace("\r\n", "")
    assert not res.text.endswith("\n")
    assert "## Conclusion\r\n\r\nA\r\nB\r\n\r\nPat's won" in res.text


def test_stale_version_is_rejected() -> None:
    res = apply_plan(DOC, plan(rep("Geno's won", "Pat's won"), base_version=3), current_version=4)
    assert res.reason is RejectReason.STALE_VERSION and res.text == DOC
    assert "version 3" in res.message and "4" in res.message
    lines = DOC.count("\n")
    assert res.stats.lines_before == res.stats.lines_after == lines  # stats, like every result


# -- Anchors ----------------------------------------------------------------------------------


def test_ambiguous_anchor_asks_with_candidates() -> None:
    res = apply_plan(DOC, plan(rep("Geno's", "Pat's")))
    assert res.reason is RejectReason.AMBIGUOUS and res.text == DOC
    assert [c.line for c in res.candidates] == [11, 16]
    assert res.question and res.question.endswith("Which one do you mean?")
    assert "Geno's won, by a whisker" in res.question


def test_not_found_names_nearest_candidates() -> None:
    res = apply_plan(DOC, plan(rep("Genos lost, by a hair", "x")))
    assert res.reason is RejectReason.NOT_FOUND
    assert res.candidates and res.candidates[0].line == 16
    assert res.question and "Did you mean" in res.question


def test_anchor_outside_scope_is_a_constraint_with_location() -> None:
    res = apply_plan(DOC, plan(rep("my cat", "my dog"), scope="Conclusion"))
    assert res.reason is RejectReason.CONSTRAINT and res.candidates[0].line == 12


def test_cascade_exact_normalized_fuzzy_on_sub_line_anchors() -> None:
    quoted = "\u201cGeno\u2019s\u201d \u2014 loud, bright"
    text = f"Intro.\n\nThe diner {quoted} \u2014 won the 2019 cheesesteak battle, beating all.\n"
    assert find_anchor(text, "won the 2019").tier is MatchTier.EXACT
    norm = find_anchor(text, "\"Geno's\" - loud,   bright")
    assert norm.tier is MatchTier.NORMALIZED
    assert text[norm.matches[0].start : norm.matches[0].end] == quoted
    fz = find_anchor(text, "won the 2019 cheesestake batle")
    assert fz.tier is MatchTier.FUZZY
    m = fz.matches[0]
    assert text[m.start : m.end] == "won the 2019 cheesesteak battle"
    assert not find_anchor(text, "won the 2019 cheesestake batle", score_cutoff=99).matches


def test_fuzzy_duplicate_inside_one_block_is_ambiguous() -> None:
    text = "Start. The quick brown fox jumps. Middle words here. The quick brown fox jumps. End.\n"
    assert len(find_anchor(text, "The quikc brown fox jumps").matches) == 2


def test_score_cutoff_is_keyword_only() -> None:
    with pytest.raises(TypeError):
        find_anchor("abc", "abc", 90)  # type: ignore[misc]


# -- Scopes -----------------------------------------------------------------------------------

SCOPED = (
    "# Title\n\nLead paragraph here.\n\n## Intro\n\nIntro text.\n\n### Background\n\nBack text.\n\n"
    "## Body\n\nFirst body para.\n\n### Background\n\nOther back.\n\n## Wrapping up\n\nBye text.\n"
)


@pytest.mark.parametrize(
    ("scope", "inside", "outside"),
    [
        ("Intro > Background", "Back text.", "Other back."),
        ("Body > Background", "Other back.", "Back text."),
        ("conclusion", "Bye text.", "First body para."),
        ("intro", "Intro text.", "Bye text."),
        ("first paragraph", "Lead paragraph here.", "Intro text."),
        ("last paragraph", "Bye text.", "Other back."),
    ],
)
def test_scopes_resolve_deterministically(scope: str, inside: str, outside: str) -> None:
    ok = apply_plan(SCOPED, plan(rep(inside, "CHANGED."), scope=scope))
    assert ok.status is EditStatus.APPLIED, ok.message
    out = apply_plan(SCOPED, plan(rep(outside, "CHANGED."), scope=scope))
    assert out.reason is RejectReason.CONSTRAINT


def test_ambiguous_and_unknown_heading_paths() -> None:
    amb = apply_plan(SCOPED, plan(rep("text", "x"), scope="Background"))
    assert amb.reason is RejectReason.AMBIGUOUS and len(amb.candidates) == 2
    unk = apply_plan(SCOPED, plan(rep("text", "x"), scope="Backgroud"))
    assert unk.reason is RejectReason.NOT_FOUND and "Background" in (unk.question or "")


def test_op_section_cannot_widen_plan_scope() -> None:
    res = apply_plan(SCOPED, plan(rep("Bye text.", "x", section="Wrapping up"), scope="Intro"))
    assert res.reason is RejectReason.CONSTRAINT and "never widen" in res.message


# -- Contract -----------------------------------------------------------------------------------


def test_schema_file_in_sync() -> None:
    path = ROOT / "docs" / "schemas" / "edit_plan.schema.json"
    assert path.read_text(encoding="utf-8") == dump_schema(), "regenerate with dump_schema()"


def test_schema_errors_are_one_line() -> None:
    with pytest.raises(SchemaError, match=r"ops.0.replace.text"):
        parse_edit_plan({"ops": [{"type": "replace", "anchor": "a"}]})
    with pytest.raises(SchemaError, match="not valid JSON"):
        parse_edit_plan("{nope")
    with pytest.raises(SchemaError):
        parse_edit_plan({"ops": []})


def test_output_paths_refuse_traversal(tmp_path: Path) -> None:
    assert resolve_output_path(tmp_path, "post.md") == (tmp_path / "post.md").resolve()
    for bad in ("../x.md", "/etc/passwd", "a/../../x", "C:\\x.md", ""):
        with pytest.raises(UnsafePathError):
            resolve_output_path(tmp_path, bad)
    (tmp_path / "link").symlink_to("/tmp")
    with pytest.raises(UnsafePathError):
        resolve_output_path(tmp_path, "link/x.md")


def test_reapplied_insert_that_repeats_its_own_anchor_is_already_applied() -> None:
    # Found by Hypothesis: inserting "pat" after " pat" creates a second " pat"; the re-sent
    # plan must see its own earlier insert, not an ambiguous anchor.
    doc = "Geno geno geno.\n\nGeno geno geno geno pat.\n"
    plan = parse_edit_plan({"ops": [{"type": "insert", "anchor": " pat", "text": "pat"}]})
    first = apply_plan(doc, plan)
    assert first.status is EditStatus.APPLIED
    assert first.text == "Geno geno geno.\n\nGeno geno geno geno pat pat.\n"
    second = apply_plan(first.text, plan)
    assert second.status is EditStatus.ALREADY_APPLIED
    assert second.text == first.text


def test_insert_next_to_one_of_two_real_anchors_stays_ambiguous() -> None:
    # The second " pat" is not inside the inserted text, so nothing proves which one was meant.
    doc = "A pat wins.\n\nB pat X loses.\n"
    plan = parse_edit_plan({"ops": [{"type": "insert", "anchor": " pat", "text": "X"}]})
    result = apply_plan(doc, plan)
    assert result.status is EditStatus.REJECTED
    assert result.reason is RejectReason.AMBIGUOUS


def test_fuzzy_insert_lands_after_the_line_and_resending_it_is_already_applied() -> None:
    # The fuzzy alignment of "again." against "again!" leaves the "!" out of the match;
    # the insert must still go after the whole line, not inside it, and a re-send is a no-op.
    doc = "# Post\n\nWe ate well.\nI'd bring Dana again!\n"
    p = plan(
        {"type": "insert", "anchor": "I'd bring Dana again.", "text": "P.S. napkins."},
    )
    first = apply_plan(doc, p)
    assert first.status is EditStatus.APPLIED
    assert first.text == "# Post\n\nWe ate well.\nI'd bring Dana again!\nP.S. napkins.\n"
    again = apply_plan(first.text, p)
    assert again.status is EditStatus.ALREADY_APPLIED
    assert again.text == first.text


def test_fuzzy_delete_takes_the_punctuation_the_alignment_left_out() -> None:
    doc = "# Post\n\nWe ate well.\nUnrelated: my cat sat on the map!\nMore text here.\n"
    res = apply_plan(doc, plan({"type": "delete", "anchor": "Unrelated: my cat sat on the map."}))
    assert res.status is EditStatus.APPLIED
    assert res.text == "# Post\n\nWe ate well.\nMore text here.\n"
