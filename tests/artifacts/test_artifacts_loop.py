"""ArtifactRepairLoop with a scripted model: seed 001's repair traces, faults and budget."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from google.adk.runners import InMemoryRunner
from google.genai import types
from scripted_llm import Hang, ScriptedLlm

from draftguard.errors import ConfigError
from draftguard_adk.agents._workflow import ROUTE_RETRY, ROUTE_VALID
from draftguard_adk.artifacts import STATE_RESULT, generate_artifact
from draftguard_adk.artifacts._loop import MAX_LLM_CALLS, STATE_SOURCE, build_artifact_repair_loop

DATA = Path(__file__).parent.parent / "data" / "artifacts"
PHOTO_SOURCE = (
    "Photosynthesis is the process by which plants convert light energy into chemical energy "
    "stored in glucose molecules. This occurs in chloroplasts, which contain chlorophyll pigment."
)
ATP_SOURCE = (
    "ATP (adenosine triphosphate) is the primary energy molecule of cells. It stores energy in "
    "phosphate bonds. ATP is produced in mitochondria by cellular respiration."
)
# What the seed's repaired cards say beyond ATP_SOURCE: every card must rest on the source.
ATP_NOTES = (ATP_SOURCE + " Mitochondria are the organelles that make it, and cells use it "
             "for their processes.")
NO_ISSUES: dict[str, Any] = {"issues": []}


def load(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


class Recorder:
    def __init__(self) -> None:
        self.progress: list[tuple[str, int, int]] = []
        self.logs: list[str] = []

    async def on_progress(self, stage: str, progress: int, attempt: int) -> None:
        self.progress.append((stage, progress, attempt))

    async def on_log(self, message: str, fields: Any) -> None:
        self.logs.append(message)


async def run(llm: ScriptedLlm, artifact_type: str, source: str, request: str = "",
              **kw: Any) -> tuple[Any, Recorder]:
    rec = Recorder()
    outcome = await generate_artifact(
        artifact_type, source, request, model=llm, on_progress=rec.on_progress,
        on_log=rec.on_log, **kw,
    )
    return outcome, rec


async def test_seed_quiz_repaired_on_attempt_1() -> None:
    llm = ScriptedLlm([
        load("photosynthesis_quiz.json"),
        {"issues": [{"item": 1, "kind": "wrong answer",
                     "detail": 'Answer "Energy production" is too vague'}]},
        load("photosynthesis_quiz_repaired.json"),
        NO_ISSUES,
    ])
    outcome, rec = await run(llm, "quiz", PHOTO_SOURCE, "Create a quiz with 2 questions")
    assert outcome.ok and outcome.attempts == 1 and outcome.llm_calls == 4 == len(llm.requests)
    assert outcome.artifact == load("photosynthesis_quiz_repaired.json")
    assert llm.remaining == 0

    repair_prompt = llm.prompt_text(2)
    assert repair_prompt.count("Repair this quiz artifact to fix the following violations.") == 1
    for line in (
        "Original Plan:", '"concepts": [', "Source Content:\n" + PHOTO_SOURCE,
        "Current Artifact (INVALID):",
        "  - Question 1: Must have at least 4 options (has 3)",
        "  - Question 2: Options must be unique (found duplicates)",
        "  - Question 2: correct_answer 'Chloroplasts' must be one of the options",
        # the grounding check's issue first, then the judge's (it adds, never replaces)
        "Semantic Issues:\n  - Question 1: Not answerable from source (the answer "
        "'Energy production' is not in the source; new words: 'production')",
        '  - Question 1: Wrong answer (Answer "Energy production" is too vague)',
        "1. Each question MUST have at least 4 options",
        "4. Questions must be answerable from the provided content",
        "CRITICAL: Return the COMPLETE corrected artifact in valid JSON format.",
    ):
        assert line in repair_prompt
    assert "Earlier Failed Attempts" not in repair_prompt  # nothing earlier than the current

    # seed's progress map, never moving backwards
    assert rec.progress == [
        ("planning", 20, 0), ("generating", 60, 0), ("structural", 70, 0),
        ("semantic", 80, 0), ("repair", 85, 1), ("structural", 85, 1), ("semantic", 85, 1),
        ("done", 100, 1),
    ]
    assert "✗ 3 violations found" in rec.logs
    assert "Validation failed: 3 structural violations, 2 semantic issues" in rec.logs
    assert "Repair attempt 1/2" in rec.logs
    assert "✓ Repair successful after 1 attempt(s)" in rec.logs


async def test_seed_flashcards_repaired_on_attempt_2_with_history_in_prompt() -> None:
    llm = ScriptedLlm([
        load("atp_flashcards.json"), NO_ISSUES,
        load("atp_flashcards_repair1.json"),
        {"issues": [{"item": 2, "kind": "hallucinated",
                     "detail": '"ATP Production" not found in source chunks'}]},
        load("atp_flashcards_repair2.json"), NO_ISSUES,
    ])
    outcome, rec = await run(llm, "flashcards", ATP_NOTES, "2 flashcards on ATP")
    assert outcome.ok and outcome.attempts == 2 and outcome.llm_calls == 6
    assert outcome.artifact == load("atp_flashcards_repair2.json")
    first_repair, second_repair = llm.prompt_text(2), llm.prompt_text(4)
    assert "Flashcard 1: Back too long (354 chars, max 300)" in first_repair
    assert "Duplicate term found: 'ATP'" in first_repair
    assert ("Flashcard 2: Contains hallucinated facts "
            '("ATP Production" not found in source chunks)') in second_repair
    # the second repair sees the first generation's mistakes so it does not repeat them
    assert "Earlier Failed Attempts" in second_repair
    assert "Back too long (354 chars, max 300)" in second_repair
    assert [p for p in rec.progress if p[0] == "repair"] == [("repair", 85, 1), ("repair", 90, 2)]
    assert rec.progress[-1] == ("done", 100, 2)


async def test_seed_permanent_failure_after_2_attempts() -> None:
    source = "Photosynthesis occurs in plants."
    hallucinated = {"questions": [{
        "question": "Which pigment absorbs red light?",
        "options": ["Chlorophyll a", "Carotene", "Xanthophyll", "Anthocyanin"],
        "correct_answer": "Chlorophyll a", "explanation": "It absorbs red light.",
    }, {
        "question": "What does the Calvin cycle fix?",
        "options": ["CO2", "O2", "N2", "H2O"], "correct_answer": "CO2",
        "explanation": "Carbon fixation.",
    }]}
    verdict = {"issues": [{"item": 1, "kind": "not answerable from source"},
                          {"item": 2, "kind": "hallucinated"}]}
    llm = ScriptedLlm([hallucinated, verdict, hallucinated, verdict, hallucinated, verdict])
    outcome, rec = await run(llm, "quiz", source, "Create a detailed quiz on photosynthesis")
    assert not outcome.ok and outcome.failure_kind == "validation"
    assert outcome.llm_calls == MAX_LLM_CALLS == 6 and outcome.attempts == 2
    # The grounding check names what no source sentence supports; the judge's verdict follows.
    assert outcome.error is not None and outcome.error.startswith(
        'Validation failed after 2 repair attempts. Violations: [] '
        'Issues: ["Question 1: Contains hallucinated facts (the question \'Which pigment '
        'absorbs red light?\' is not in the source; new words: \'pigment\', \'absorbs\'')
    assert ("Question 1: Not answerable from source (the answer 'Chlorophyll a' is not in the "
            "source; new words: 'Chlorophyll'") in outcome.error
    assert outcome.error.endswith(
        '"Question 1: Not answerable from source", "Question 2: Contains hallucinated facts"]')
    assert rec.progress[-1] == ("failed", 100, 2)
    assert "✗ Repair failed after 2 attempts" in rec.logs
    # one sentence of source: the plan asks for one item, not a "detailed" quiz
    assert "exactly 1 question from" in llm.prompt_text(0)


async def test_quiz_passing_first_time_makes_two_calls() -> None:
    llm = ScriptedLlm([load("photosynthesis_quiz_repaired.json"), NO_ISSUES])
    outcome, rec = await run(llm, "quiz", PHOTO_SOURCE)
    assert outcome.ok and outcome.attempts == 0 and outcome.llm_calls == 2
    assert [p[1] for p in rec.progress] == [20, 60, 70, 80, 100]
    # the generator and judge decode into schemas
    assert llm.requests[0].config.response_schema is not None
    assert llm.requests[1].config.response_schema is not None


async def test_mindmap_generated_nested_comes_back_canonical() -> None:
    llm = ScriptedLlm([load("mindmap_nested.json"), NO_ISSUES])
    outcome, _ = await run(llm, "mindmap", PHOTO_SOURCE)
    assert outcome.ok
    assert [n["label"] for n in outcome.artifact["nodes"]] == [
        "Photosynthesis", "Chloroplasts", "Chlorophyll", "Glucose"]


async def test_malformed_json_every_time_fails_with_reason_and_skips_the_judge() -> None:
    llm = ScriptedLlm(['{"questions": [', "not json at all", "```json\n{oops\n```"])
    outcome, _ = await run(llm, "quiz", PHOTO_SOURCE)
    assert not outcome.ok and outcome.failure_kind == "validation"
    assert outcome.llm_calls == 3  # nothing to judge, so no judge calls
    assert "Artifact is not valid JSON" in outcome.error
    assert outcome.error.startswith("Validation failed after 2 repair attempts.")


async def test_malformed_judge_answer_fails_the_job() -> None:
    llm = ScriptedLlm([load("photosynthesis_quiz_repaired.json"), "the quiz looks fine"])
    outcome, _ = await run(llm, "quiz", PHOTO_SOURCE)
    assert outcome.failure_kind == "model_error"
    assert outcome.error.startswith("semantic judge returned malformed JSON")
    assert outcome.llm_calls == 2


async def test_model_raising_fails_with_its_reason() -> None:
    llm = ScriptedLlm([RuntimeError("quota exhausted")])
    outcome, rec = await run(llm, "flashcards", ATP_SOURCE)
    assert not outcome.ok and outcome.failure_kind == "model_error"
    assert outcome.error == "model call failed during generate: RuntimeError: quota exhausted"
    assert outcome.llm_calls == 1 and rec.progress[-1] == ("failed", 100, 0)


async def test_model_hanging_times_out_and_nothing_hangs() -> None:
    llm = ScriptedLlm([load("atp_flashcards_repair2.json"), Hang(30)])
    outcome, _ = await run(llm, "flashcards", ATP_SOURCE, call_timeout_s=0.2)
    assert outcome.failure_kind == "timeout"
    assert outcome.error == "model call timed out after 0.2 s during judge"


async def test_bad_input_is_a_verdict_not_an_exception() -> None:
    llm = ScriptedLlm([])
    outcome, _ = await run(llm, "poem", PHOTO_SOURCE)
    assert outcome.failure_kind == "bad_input" and "unknown artifact type 'poem'" in outcome.error
    outcome, _ = await run(llm, "quiz", "   ")
    assert outcome.failure_kind == "bad_input" and outcome.error == "source content is empty"
    assert outcome.llm_calls == 0 and llm.requests == []


async def test_max_repairs_is_configurable_within_the_budget() -> None:
    llm = ScriptedLlm([load("photosynthesis_quiz.json"), NO_ISSUES])
    outcome, _ = await run(llm, "quiz", PHOTO_SOURCE, max_repairs=0)
    assert outcome.error.startswith("Validation failed after 0 repair attempts.")
    with pytest.raises(ConfigError, match=r"max_repairs must be 0\.\.2"):
        build_artifact_repair_loop(model=llm, max_repairs=3)


async def test_callback_errors_reach_the_caller() -> None:
    llm = ScriptedLlm([load("photosynthesis_quiz_repaired.json"), NO_ISSUES])

    async def boom(stage: str, progress: int, attempt: int) -> None:
        raise LookupError("lease lost")

    with pytest.raises(LookupError, match="lease lost"):
        await generate_artifact("quiz", PHOTO_SOURCE, "", model=llm, on_progress=boom)


async def test_loop_as_an_agent_escalates_with_route_valid_and_routes_retry_on_failure() -> None:
    llm = ScriptedLlm([load("photosynthesis_quiz.json"), NO_ISSUES,
                       load("photosynthesis_quiz_repaired.json"), NO_ISSUES])
    agent = build_artifact_repair_loop(model=llm, artifact_type="quiz")
    runner = InMemoryRunner(agent=agent, app_name="t")
    session = await runner.session_service.create_session(
        app_name="t", user_id="u", state={STATE_SOURCE: PHOTO_SOURCE})
    events = [e async for e in runner.run_async(
        user_id="u", session_id=session.id,
        new_message=types.Content(role="user", parts=[types.Part(text="a quiz please")]))]
    routes = [e.actions.route for e in events if e.actions.route]
    assert routes == [ROUTE_RETRY, ROUTE_VALID]
    assert events[-1].actions.escalate is True
    final = await runner.session_service.get_session(app_name="t", user_id="u",
                                                     session_id=session.id)
    assert final.state[STATE_RESULT]["ok"] is True
    assert json.loads(events[-1].content.parts[0].text) == load("photosynthesis_quiz_repaired.json")
    await runner.close()


# -- what a small model gets wrong: runaway output, copied examples ---------------------------


def _schema_of(llm: ScriptedLlm, index: int) -> dict[str, Any]:
    from draftguard_adk.llm._json_schemas import to_json_schema

    return to_json_schema(llm.requests[index].config.response_schema)


async def test_generation_and_repair_decode_into_exactly_the_planned_items() -> None:
    # Unbounded, the embedded model repeated questions until its token limit (measured:
    # 512 tokens, 160 s, truncated JSON); bounded, it stops after the plan's count.
    llm = ScriptedLlm([load("photosynthesis_quiz.json"), NO_ISSUES,
                       load("photosynthesis_quiz_repaired.json"), NO_ISSUES])
    outcome, _ = await run(llm, "quiz", PHOTO_SOURCE, "Create a quiz with 2 questions")
    assert outcome.ok and outcome.attempts == 1
    for index in (0, 2):  # generate, repair
        schema = _schema_of(llm, index)
        questions = schema["properties"]["questions"]
        assert (questions["minItems"], questions["maxItems"]) == (2, 2)
        item = questions["items"]
        # Reading order: a model writes the question before choosing its answer.
        assert list(item["properties"]) == ["question", "options", "correct_option",
                                            "explanation"]
        assert item["properties"]["correct_option"]["enum"] == [1, 2, 3, 4]
        assert item["properties"]["options"]["minItems"] == 4
        assert all("maxLength" in item["properties"][k] for k in ("question", "explanation"))
        assert item["properties"]["options"]["items"]["maxLength"] <= 120
    assert "questions" not in _schema_of(llm, 1).get("properties", {})  # the judge's own


@pytest.mark.parametrize(("artifact_type", "path"), [
    ("flashcards", ("properties", "flashcards")),
    ("mindmap", ("properties", "root", "properties", "children")),
])
async def test_other_types_are_bounded_to_the_plan_too(
    artifact_type: str, path: tuple[str, ...]
) -> None:
    good = (load("atp_flashcards_repair2.json") if artifact_type == "flashcards"
            else {"root": {"label": "ATP", "children": [
                {"label": "Energy molecule", "children": []},
                {"label": "Phosphate bonds", "children": []}]}})
    llm = ScriptedLlm([good, NO_ISSUES])
    await run(llm, artifact_type, ATP_SOURCE, "2 items")
    node: Any = _schema_of(llm, 0)
    for key in path:
        node = node[key]
    assert (node["minItems"], node["maxItems"]) == (2, 2)


async def test_a_copied_format_example_is_caught_even_when_the_judge_passes_it() -> None:
    # Measured on SmolLM2: asked for ATP flashcards it returned the prompt's example card,
    # and its own judge found nothing wrong.
    from draftguard.artifacts._registry import get_spec

    example = dict(get_spec("flashcards").example)
    good = {"flashcards": [{"front": "ATP", "back": "The primary energy molecule of cells"}]}
    llm = ScriptedLlm([example, NO_ISSUES, good, NO_ISSUES])
    outcome, rec = await run(llm, "flashcards", ATP_SOURCE, "1 card")
    assert json.dumps(example, ensure_ascii=False) in llm.prompt_text(0)  # what it copied
    assert outcome.ok and outcome.attempts == 1 and outcome.llm_calls == 4
    assert outcome.artifact == good
    copied = example["flashcards"][0]["front"]
    assert "  - Flashcard 1: Contains hallucinated facts (copied from the format example, " \
        f"not the source: '{copied}')" in llm.prompt_text(2)
    # the copy, and the grounding check's two lines for its front and back
    assert "✗ 3 issues found" in rec.logs


async def test_a_copy_that_never_goes_away_is_the_final_failure() -> None:
    from draftguard.artifacts._registry import get_spec

    example = dict(get_spec("flashcards").example)
    llm = ScriptedLlm([example, NO_ISSUES] * 3)
    outcome, _ = await run(llm, "flashcards", ATP_SOURCE, "1 card")
    assert not outcome.ok and outcome.llm_calls == MAX_LLM_CALLS
    assert outcome.error is not None and outcome.error.startswith(
        'Validation failed after 2 repair attempts. Violations: [] Issues: ["Flashcard 1: '
        "Contains hallucinated facts (copied from the format example")


async def test_log_lines_count_in_the_seed_s_words() -> None:
    # Seed: "✓ Plan created: 10 terms" for flashcards; and never "1 questions".
    good = {"flashcards": [{"front": "ATP", "back": "The primary energy molecule of cells"}]}
    llm = ScriptedLlm([good, NO_ISSUES])
    _, rec = await run(llm, "flashcards", ATP_SOURCE, "1 card")
    assert "Plan created: 1 term" in rec.logs and "Generated artifact: 1 flashcard" in rec.logs
    llm = ScriptedLlm([load("atp_flashcards_repair2.json"), NO_ISSUES])
    _, rec = await run(llm, "flashcards", ATP_SOURCE, "2 cards")
    assert "Plan created: 2 terms" in rec.logs and "Generated artifact: 2 flashcards" in rec.logs


def test_embedded_model_grammar_keeps_the_schema_s_property_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The grammar cache key is sorted; the grammar itself must not be, or llama.cpp makes a
    # small model write "correct_answer" before "question".
    llama_grammar = pytest.importorskip("llama_cpp.llama_grammar")
    from draftguard.artifacts._registry import get_spec
    from draftguard_adk.llm import _local_llm as local_llm
    from draftguard_adk.llm._json_schemas import to_json_schema

    seen: list[str] = []
    monkeypatch.setattr(llama_grammar, "json_schema_to_gbnf",
                        lambda text, prop_order=None: seen.append(text) or 'root ::= "x"')
    monkeypatch.setattr(llama_grammar.LlamaGrammar, "from_string",
                        classmethod(lambda cls, text, verbose=True: text))

    class Loaded:
        def __init__(self) -> None:
            self.grammars: dict[str, Any] = {}

    schema = to_json_schema(get_spec("quiz").generation_schema(3))
    local_llm._grammar(Loaded(), schema)  # type: ignore[arg-type]
    item = json.loads(seen[0])["properties"]["questions"]["items"]
    assert list(item["properties"]) == ["question", "options", "correct_option", "explanation"]


def test_default_call_timeout_leaves_room_for_the_embedded_model() -> None:
    # Measured: the embedded model took 90-160 s to write a 4-question quiz on 2 busy cores;
    # at the old 120 s default, real jobs failed with "model call timed out".
    assert build_artifact_repair_loop(model=ScriptedLlm([])).call_timeout_s >= 300


class _SlowLlama:
    """Stands in for llama.cpp: one token every 10 ms, `total` of them."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.produced = 0

    def tokenize(self, data: bytes, add_bos: bool = False) -> list[int]:
        return list(range(len(data.split())))

    def _chunks(self) -> Any:
        import time

        for i in range(self.total):
            time.sleep(0.01)
            self.produced += 1
            done = i == self.total - 1
            yield {"choices": [{"delta": {"content": "x"},
                                "finish_reason": "length" if done else None}]}

    def create_chat_completion(self, *, stream: bool = False, **_: Any) -> Any:
        if stream:
            return self._chunks()
        for _chunk in self._chunks():
            pass
        return {"choices": [{"message": {"content": "x" * self.total},
                             "finish_reason": "length"}], "usage": {}}


async def test_an_abandoned_embedded_model_call_frees_the_model_at_once() -> None:
    # Measured: after a generate call timed out, llama.cpp kept writing to its token limit
    # while holding the model's lock, so the worker's NEXT job timed out waiting for it.
    import asyncio
    import threading

    from draftguard_adk.llm._llama_runtime import Loaded as _Loaded
    from draftguard_adk.llm._local_llm import LocalLlm

    llama = _SlowLlama(1000)
    loaded = _Loaded(llama=llama, lock=threading.Lock(), n_ctx=2048, grammars={})
    llm = LocalLlm(model="local:smollm2")

    async def first_piece() -> None:
        async for _ in llm._complete(loaded, [{"role": "user", "content": "hi"}], {}, None,
                                     False):
            pass

    with pytest.raises(TimeoutError):
        await asyncio.wait_for(first_piece(), timeout=0.3)
    # The lock comes free within a token or two, not after the remaining ~9 s.
    got = await asyncio.to_thread(loaded.lock.acquire, True, 2.0)
    assert got, "the abandoned call still holds the model"
    loaded.lock.release()
    assert llama.produced < 200

    # A call that is left alone still returns the whole answer in one piece.
    llama2 = _SlowLlama(50)
    loaded2 = _Loaded(llama=llama2, lock=threading.Lock(), n_ctx=2048, grammars={})
    pieces = [p async for p in llm._complete(loaded2, [{"role": "user", "content": "hi"}], {},
                                             None, False)]
    assert len(pieces) == 1 and pieces[0][0] == "x" * 50 and pieces[0][1] == "length"


async def test_a_small_model_picks_code_s_candidates_and_sees_no_format_example() -> None:
    # Measured: with the example in its prompt SmolLM2 returned the example card three times
    # running. A small model now only picks ids of cards code wrote from the source.
    from draftguard.artifacts._registry import get_spec

    good = {"flashcards": [{"front": "ATP", "back": "The primary energy molecule of cells"}]}
    example = json.dumps(dict(get_spec("flashcards").example), ensure_ascii=False)

    llm = ScriptedLlm([good, NO_ISSUES])
    await run(llm, "flashcards", ATP_SOURCE, "1 card")
    assert example in llm.prompt_text(0)  # a capable model writes, with the example

    small = ScriptedLlm([{"picks": ["c1"]}], model="local:smollm2")
    outcome, rec = await run(small, "flashcards", ATP_SOURCE, "1 card")
    assert outcome.ok and outcome.llm_calls == 1 and small.remaining == 0
    assert example not in small.prompt_text(0)
    assert "Example of the format" not in small.prompt_text(0)
    schema = small.requests[0].config.response_json_schema
    assert schema["properties"]["picks"]["items"]["enum"][0] == "c1"
    assert outcome.artifact is not None
    assert outcome.artifact["flashcards"][0]["front"] == "ATP"
    assert any(line.startswith("Picked 1 flashcard") for line in rec.logs)

    # agents.yaml's prompt_example overrides the default either way.
    loop = build_artifact_repair_loop(model=llm)
    assert loop.prompt_example is None
    forced = loop.model_copy(update={"prompt_example": True})
    assert forced._include_example(small) is True
    assert loop._include_example(small) is False and loop._include_example(llm) is True


async def test_the_model_picks_the_answer_by_number_and_gets_a_canonical_quiz() -> None:
    # Measured: SmolLM2 never copied an option's text exactly into correct_answer (three
    # attempts, same violation); picking 1-4 is something it can do.
    draft_quiz = {"questions": [{
        "question": "Where is ATP produced?",
        "options": ["Nucleus", "Mitochondria", "Ribosome", "Cell wall"],
        "correct_option": 2, "explanation": "ATP is produced in mitochondria.",
    }]}
    llm = ScriptedLlm([draft_quiz, NO_ISSUES])
    outcome, _ = await run(llm, "quiz", ATP_SOURCE, "1 question")
    assert outcome.ok and outcome.llm_calls == 2
    assert outcome.artifact == {"questions": [{
        "question": "Where is ATP produced?",
        "options": ["Nucleus", "Mitochondria", "Ribosome", "Cell wall"],
        "correct_answer": "Mitochondria", "explanation": "ATP is produced in mitochondria.",
    }]}
    # The judge reads the answer as text, not as a number.
    assert "Correct answer: Mitochondria" in llm.prompt_text(1)


async def test_output_that_does_not_parse_is_logged_as_unreadable_not_as_zero_items() -> None:
    # What a cut-off answer looked like: the worker used to log "Generated artifact: 0
    # flashcards" and then fail on "Artifact is not valid JSON (Unterminated string)".
    cut = '{"flashcards": [{"front": "ATP", "back": "The primary energy mol'
    good = {"flashcards": [{"front": "ATP", "back": "The primary energy molecule of cells"}]}
    llm = ScriptedLlm([cut, good, NO_ISSUES])
    outcome, rec = await run(llm, "flashcards", ATP_SOURCE, "1 card")
    assert outcome.ok
    assert not any(line.startswith("Generated artifact") for line in rec.logs)
    unreadable = [line for line in rec.logs if line.startswith("✗ Generated output unreadable")]
    assert unreadable == ["✗ Generated output unreadable: Artifact is not valid JSON "
                          "(Unterminated string starting at line 1 column 42)"]


async def test_the_judge_answers_in_a_schema_bounded_by_the_artifact_s_items() -> None:
    from draftguard_adk.llm._budget import max_json_chars
    from draftguard_adk.llm._json_schemas import to_json_schema

    llm = ScriptedLlm([load("atp_flashcards_repair2.json"), NO_ISSUES])
    outcome, _ = await run(llm, "flashcards", ATP_NOTES, "2 cards")
    assert outcome.ok
    judge = llm.requests[1].config
    schema = to_json_schema(judge.response_json_schema or judge.response_schema)
    issues = schema["properties"]["issues"]
    assert issues["maxItems"] == 2 and issues["items"]["properties"]["item"]["maximum"] == 2
    # So the embedded model can be given every token its longest answer needs.
    assert max_json_chars(schema) is not None


def _quiz_draft(answer: str) -> dict[str, Any]:
    options = ["Nucleus", "Ribosome", "Cell wall", answer]
    return {"questions": [{"question": "Where is ATP produced?", "options": options,
                           "correct_option": 4, "explanation": "Cells make ATP there."}]}


async def test_without_the_judge_quiz_answers_must_be_in_the_source() -> None:
    # An answer the source holds passes on one call: no judge is asked.
    llm = ScriptedLlm([_quiz_draft("mitochondria")])
    outcome, rec = await run(llm, "quiz", ATP_SOURCE, "1 question", semantic_judge=False)
    assert outcome.ok and outcome.llm_calls == 1 and llm.remaining == 0
    assert any("grounding in the source; no model judge" in m for m in rec.logs)
    # An answer it does not hold is sent back with the reason, and the repair is checked the
    # same way.
    llm = ScriptedLlm([_quiz_draft("Golgi apparatus"), _quiz_draft("Mitochondria")])
    outcome, _ = await run(llm, "quiz", ATP_SOURCE, "1 question", semantic_judge=False)
    assert outcome.ok and outcome.attempts == 1 and outcome.llm_calls == 2
    assert ("Question 1: Not answerable from source (the answer 'Golgi apparatus' is not in "
            "the source; new words: 'Golgi', 'apparatus')") in llm.prompt_text(1)


def test_semantic_judge_setting_overrides_the_profile_s_default() -> None:
    remote = ScriptedLlm([])
    small = ScriptedLlm([], model="local:smollm2")
    loop = build_artifact_repair_loop(model=remote)
    assert loop.semantic_judge is None
    assert loop._judge_on(remote) is True and loop._judge_on(small) is False
    assert loop.model_copy(update={"semantic_judge": True})._judge_on(small) is True
    assert loop.model_copy(update={"semantic_judge": False})._judge_on(remote) is False
