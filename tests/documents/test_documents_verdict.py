"""The judge contract in the core: facts code knows, parsing, merging, and the prompt."""

from __future__ import annotations

import json

import pytest
from doc_samples import png_bytes
from hypothesis import given
from hypothesis import strategies as st

from draftguard.documents import Document, prompt_summaries
from draftguard.documents._analysis import AnalysisSettings, analyze_documents
from draftguard.documents._intent import ValidationIntent
from draftguard.documents._judge_answer import JudgeAnswer, judge_answer_schema, parse_judge_answer
from draftguard.documents._known_facts import known_facts
from draftguard.documents._validation_prompt import build_validation_prompt
from draftguard.documents._verdict import EXAMPLE_GAP, failure_verdict, merge_verdict
from draftguard.errors import ModelOutputError, UnknownFormatError


def docs() -> list[Document]:
    return [Document.from_content("post.md", "# Post\n\nBody.\n"),
            Document.from_content("quiz.json", {"questions": []}),
            Document.from_content("chart.png", png_bytes())]


def good(**kw: object) -> JudgeAnswer:
    base: dict[str, object] = dict(
        overallSuccess=True, qualityScore=0.8, dataTypeMatch=True, formatMatch=True,
        successCriteriaMet=[True], gapAnalysis="", improvementSuggestions=[],
        validationDetails=[])
    base.update(kw)
    return JudgeAnswer.model_validate(base)


def test_intent_accepts_seed_camel_case_and_snake_case_and_single_strings() -> None:
    a = ValidationIntent.model_validate({"primaryGoal": "g", "expectedFormat": "md",
                                         "successCriteria": ["x"]})
    b = ValidationIntent.model_validate({"primary_goal": "g", "expected_format": ["md"],
                                         "success_criteria": "x"})
    assert a.expected_format == b.expected_format == ["md"]
    assert a.success_criteria == b.success_criteria == ["x"]


def test_known_facts_formats_data_type_missing_and_problems() -> None:
    summaries = analyze_documents([*docs(), Document.from_content("empty.md", "")])
    intent = ValidationIntent(primary_goal="g", expected_format=["text", "json"],
                              data_type=["text", "structured"],
                              expected_documents=["*.md", "mindmap*"])
    facts = known_facts(intent, summaries)
    assert facts.document_count == 4
    assert facts.format_match is False  # the PNG is neither text nor JSON
    assert [f.name for f in facts.formats if not f.compatible] == ["chart.png"]
    assert facts.data_type_match is False
    assert facts.missing_documents == ["mindmap*"]
    assert facts.problems == {"empty.md": ["empty document (0 bytes)"]}


def test_unrecognised_data_type_words_are_left_to_the_model() -> None:
    facts = known_facts(ValidationIntent(primary_goal="g", data_type="blog post"),
                        analyze_documents(docs()))
    assert facts.data_type_match is None  # "blog post" is the model's to judge
    assert facts.format_match is True  # no format was requested, so none can mismatch


def test_nothing_requested_means_nothing_mismatches() -> None:
    # The blogger's check_delivery never passes a data type. A model answering
    # "dataTypeMatch": false against "EXPECTED DATA TYPE: unknown" used to fail the delivery
    # with "data type does not match", a gap nobody can act on.
    facts = known_facts(ValidationIntent(primary_goal="g"), analyze_documents(docs()))
    assert facts.data_type_match is True and facts.format_match is True
    assert "no data type was requested: any data type is acceptable" in facts.lines()
    assert "no format was requested: any format is acceptable" in facts.lines()
    answer = good().model_copy(update={"data_type_match": False, "format_match": False})
    verdict = merge_verdict(answer, facts)
    assert verdict.status == "passed" and verdict.data_type_match is True
    assert known_facts(ValidationIntent(primary_goal="g"), []).format_match is False


def test_unknown_expected_format_is_an_input_error() -> None:
    with pytest.raises(UnknownFormatError):
        known_facts(ValidationIntent(primary_goal="g", expected_format="docz"), [])


def test_parse_is_one_path_and_rejects_prose_fences_and_bad_shapes() -> None:
    text = good().model_dump_json(by_alias=True)
    assert parse_judge_answer(text, criteria_count=1).quality_score == 0.8
    for bad in ["", "Looks fine!", f"```json\n{text}\n```", text.replace("0.8", "1.5")]:
        with pytest.raises(ModelOutputError):
            parse_judge_answer(bad, criteria_count=1)
    with pytest.raises(ModelOutputError, match="needs exactly 2"):
        parse_judge_answer(text, criteria_count=2)


@given(overall=st.booleans(), quality=st.floats(0, 1), fmt=st.booleans(), dt=st.booleans(),
       met=st.lists(st.booleans(), min_size=1, max_size=4),
       code_fmt=st.sampled_from([None, True, False]), code_dt=st.sampled_from([None, True, False]),
       missing=st.booleans())
def test_merge_never_passes_past_a_fact(overall: bool, quality: float, fmt: bool, dt: bool,
                                        met: list[bool], code_fmt: bool | None,
                                        code_dt: bool | None, missing: bool) -> None:
    from draftguard.documents._known_facts import KnownFacts

    facts = KnownFacts(document_count=2, format_match=code_fmt, data_type_match=code_dt,
                       missing_documents=["x*"] if missing else [])
    answer = good(overallSuccess=overall, qualityScore=quality, formatMatch=fmt,
                  dataTypeMatch=dt, successCriteriaMet=met)
    v = merge_verdict(answer, facts, min_quality=0.5)
    expected_fmt = fmt if code_fmt is None else code_fmt
    expected_dt = dt if code_dt is None else code_dt
    assert v.format_match == expected_fmt and v.data_type_match == expected_dt
    assert v.document_count == 2
    assert v.overall_success == (overall and expected_fmt and expected_dt and all(met)
                                 and quality >= 0.5 and not missing)
    assert v.status == ("passed" if v.overall_success else "failed")
    if not v.overall_success:
        assert v.feedback()


def test_failure_verdict_is_never_empty_or_successful() -> None:
    v = failure_verdict("judge unreachable", criteria_count=3)
    assert (v.overall_success, v.status, v.quality_score) == (False, "error", 0.0)
    assert v.success_criteria_met == [False, False, False]
    assert v.gap_analysis == v.error == "judge unreachable"


def test_schema_is_narrowed_to_the_request() -> None:
    schema = judge_answer_schema(3, ["a.md", "b.json", "a.md"])
    assert "$defs" not in json.dumps(schema)
    met = schema["properties"]["successCriteriaMet"]
    assert met["minItems"] == met["maxItems"] == 3
    detail = schema["properties"]["validationDetails"]["items"]
    assert detail["properties"]["documentName"]["enum"] == ["a.md", "b.json"]


def test_prompt_follows_the_seed_and_shares_the_preview_budget() -> None:
    texts = [Document.from_content(f"d{i}.md", chr(97 + i) * 40_000) for i in range(4)]
    summaries = analyze_documents([*texts, Document.from_content("s.md", "short")],
                                  settings=AnalysisSettings())
    shown = prompt_summaries(summaries, preview_budget_bytes=8_000)
    assert shown[4]["preview"] == "short"  # small previews stay whole
    for s in shown[:4]:
        assert len(s["preview"].encode()) < 2_100 and "preview shortened" in s["preview"]
    intent = ValidationIntent(primary_goal="Write posts", expected_format="md",
                              success_criteria=["a", "b"])
    prompt = build_validation_prompt(intent, summaries, known_facts(intent, summaries),
                                     preview_budget_bytes=8_000)
    for heading in ("TASK VALIDATION", "USER REQUEST: 'Write posts'", "EXPECTED FORMAT: md",
                    "SUCCESS CRITERIA (2 items)", "DELIVERED DOCUMENTS (5 items)",
                    "VALIDATION RULES:", "OUTPUT FORMAT - JSON ONLY",
                    '"successCriteriaMet": [\n    false,\n    false\n  ]'):
        assert heading in prompt
    assert len(prompt) < 16_000


@pytest.mark.parametrize("copied", [EXAMPLE_GAP, "Specific gaps found"])
def test_an_answer_that_copies_the_example_is_sent_back(copied: str) -> None:
    text = good(gapAnalysis=copied).model_dump_json(by_alias=True)
    with pytest.raises(ModelOutputError, match="copies the example's placeholder"):
        parse_judge_answer(text, criteria_count=1)


def test_prompt_without_example_still_names_every_field() -> None:
    intent = ValidationIntent(primary_goal="g", success_criteria=["a", "b", "c"])
    summaries = analyze_documents(docs())
    prompt = build_validation_prompt(intent, summaries, known_facts(intent, summaries),
                                     include_example=False)
    assert EXAMPLE_GAP not in prompt and "exactly 3 true/false entries" in prompt
    for field in ("overallSuccess", "qualityScore", "successCriteriaMet", "validationDetails"):
        assert field in prompt
    with_example = build_validation_prompt(intent, summaries, known_facts(intent, summaries))
    assert EXAMPLE_GAP in with_example


# --- success criteria code can test ------------------------------------------------------------

from draftguard.documents._criteria import (  # noqa: E402
    CriterionCheck,
    Delivery,
    check_criterion,
    goal_topic_check,
)
from draftguard.documents._verdict import criteria_verdict  # noqa: E402

CRITERIA_POST = """# Winter riding

Lights matter most in December: a front lamp of 400 lumens and a blinking rear light make
you visible in the early dark, when most commuters ride home.

## Tyres

- Studded tyres grip on black ice.
- Run them at 35 psi.

See [the guide](https://example.org/tyres) for more.

## Conclusion

Ride slowly on the first frosty day and you will enjoy the whole winter.
"""
CRITERIA_QUIZ = {"questions": [
    {"question": "What grips on black ice?", "options": ["Studded tyres", "Slicks", "Mud", "Tar"],
     "correct_answer": "Studded tyres", "explanation": "Studded tyres grip on black ice."},
    {"question": "At what pressure do you run studded tyres?",
     "options": ["35 psi", "90 psi", "10 psi", "60 psi"], "correct_answer": "35 psi",
     "explanation": "Run them at 35 psi."}]}


def delivery_of(**documents: object) -> Delivery:
    return Delivery.read(analyze_documents(
        [Document.from_content(name, body) if isinstance(body, str) else
         Document.from_content(name, json.dumps(body), mime_type="application/json")
         for name, body in documents.items()]))


WITH_QUIZ = delivery_of(**{"draft.md": CRITERIA_POST, "quiz.json": CRITERIA_QUIZ})


@pytest.mark.parametrize(("criterion", "met"), [
    ("has a heading", True),
    ("Has a title.", True),
    ("“has a clear heading”", True),
    ("it has a conclusion", True),
    ("at least 40 words", True),
    ("at least 200 words", False),
    ("no more than 500 words", True),
    ("under 30 words", False),
    ("between 20 and 200 words", True),
    ("100+ words", False),
    ("has at least 2 sections", True),
    ("has 3 sections", False),
    ("has bullet points", True),
    ("has links", True),
    ("has a code example", False),
    ("mentions studded tyres", True),
    ("talks about black ice", True),
    ("covers tyre pressure", True),
    ("mentions snow chains", False),
    ("explains the lights", True),
    ("no placeholder text", True),
    ("written in markdown", True),
    ("a PDF file", False),
    ("includes a quiz", True),
    ("a quiz with 2 questions", True),
    ("a quiz with at least three questions", False),
    ("includes flashcards", False),
    ("the quiz matches the post", True),
    ("the post is a complete, readable blog post", True),
    ("not empty", True),
])
def test_code_decides_the_criteria_it_can_test(criterion: str, met: bool) -> None:
    check = check_criterion(criterion, WITH_QUIZ)
    assert (check.met, check.decided_by) == (met, "code"), check.evidence
    assert check.evidence


@pytest.mark.parametrize("criterion", [
    "has a friendly tone", "is persuasive", "would convince a beginner", "uses British spelling",
])
def test_criteria_only_a_reader_can_judge_are_left_to_the_model(criterion: str) -> None:
    check = check_criterion(criterion, WITH_QUIZ)
    assert check.met is None and check.decided_by == "none"


def test_a_quiz_whose_questions_are_not_in_the_post_does_not_match_it() -> None:
    off = {"questions": [{"question": "Who painted the Mona Lisa?", "options": ["Leonardo"] * 4,
                          "correct_answer": "Leonardo da Vinci", "explanation": "He did."}]}
    check = check_criterion("the quiz matches the post",
                            delivery_of(**{"draft.md": CRITERIA_POST, "quiz.json": off}))
    assert check.met is False and "not about the post" in check.evidence


def test_a_post_that_stops_mid_sentence_or_holds_a_todo_is_not_complete() -> None:
    cut = CRITERIA_POST.rstrip().removesuffix("the whole winter.") + "the whole"
    todo = CRITERIA_POST + "\nTODO: add a section on gloves.\n"
    for post, why in ((cut, "mid-sentence"), (todo, "placeholder")):
        check = check_criterion("a complete blog post", delivery_of(**{"draft.md": post}))
        assert check.met is False and why in check.evidence


def test_the_goal_topic_catches_a_delivery_about_something_else() -> None:
    about = delivery_of(**{"draft.md": CRITERIA_POST})
    assert goal_topic_check("A post about winter cycling", about) is not None
    met = goal_topic_check("A post about winter cycling", about)
    assert met is not None and met.met is True
    off = goal_topic_check("A post about sourdough baking", about)
    assert off is not None and off.met is False and "sourdough" in off.evidence
    assert goal_topic_check("Deliver the post and any study material", about) is None


def test_criteria_verdict_passes_only_when_everything_holds() -> None:
    summaries = analyze_documents([Document.from_content("draft.md", CRITERIA_POST)])
    facts = known_facts(ValidationIntent(primary_goal="g", expected_format=["md"]), summaries)
    ok = CriterionCheck(criterion="has a heading", met=True, decided_by="code", evidence="h")
    unknown = CriterionCheck(criterion="is witty", met=None, decided_by="model",
                             evidence="not verified")
    passed = criteria_verdict(facts, [ok])
    assert passed.status == "passed" and passed.quality_score == 1.0
    failed = criteria_verdict(facts, [ok, unknown])
    assert failed.status == "failed" and failed.success_criteria_met == [True, False]
    assert "criterion 2 ('is witty') not met: not verified" in failed.gap_analysis
    assert failed.quality_score == 0.5
    assert failed.criteria[1].decided_by == "model"
