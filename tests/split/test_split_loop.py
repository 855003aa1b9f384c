"""The blogger split loop end to end, driven by a scripted model."""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator
from pathlib import Path
from typing import Any

import pytest
from chat_turns import new_session, state_of, turn
from google.adk.agents import BaseAgent
from google.adk.agents.invocation_context import InvocationContext
from google.adk.events import Event, EventActions
from google.adk.runners import InMemoryRunner
from scripted_llm import ScriptedLlm

from draftguard.settings import ProjectSettings
from draftguard.split._meaning import language_similarity
from draftguard_adk.split import build_content_splitter
from draftguard_adk.split import state_keys as keys

RAW = "Intro to sourdough\n\nMy cat sleeps\n\nFeeding the starter\n\nBaking the loaf"
OUTLINE = "1. Starter\n2. Baking"


needs_language = pytest.mark.skipif(
    language_similarity() is None, reason="the language extra is not installed")


def _settings(**over: Any) -> ProjectSettings:
    section = {"max_iterations": 3, **over}
    return ProjectSettings.model_validate({"agents": {"content_splitter": section}})


async def _run(
    agent: BaseAgent, state: dict[str, Any] | None, message: str = "Split the draft."
) -> tuple[list[Event], dict[str, Any]]:
    runner = InMemoryRunner(agent=agent, app_name="blogger")
    sid = await new_session(runner, state=state)
    events = await turn(runner, sid, message)
    return events, await state_of(runner, sid)


def _by(events: list[Event], author: str) -> list[Event]:
    return [e for e in events if e.author == author]


async def test_valid_split_on_first_attempt_escalates_with_route() -> None:
    model = ScriptedLlm([{"ok_ids": [1, 3, 4]}])
    agent = build_content_splitter(model=model, settings=_settings())
    events, state = await _run(agent, {keys.RAW_DRAFT: RAW, keys.OUTLINE: OUTLINE})

    assert state[keys.DRAFT_OK] == "Intro to sourdough\n\nFeeding the starter\n\nBaking the loaf"
    assert state[keys.DRAFT_NOT_OK] == "My cat sleeps"
    assert state[keys.SPLIT_VERDICT]["valid"] is True
    assert state[keys.SPLIT_VERDICT]["attempts"] == 1
    checker = _by(events, "content_split_checker")[-1]
    assert checker.actions.escalate is True
    assert checker.actions.route == "valid"
    # The model was asked for ids only, constrained to this draft's four paragraphs.
    schema = model.requests[0].config.response_json_schema
    assert schema["properties"]["ok_ids"]["items"]["enum"] == [1, 2, 3, 4]
    assert "[2] My cat sleeps" in model.prompt_text(0)
    assert model.remaining == 0


async def test_malformed_answer_is_retried_with_feedback() -> None:
    model = ScriptedLlm(["I think paragraphs one and three", {"ok_ids": [3, 4]}])
    agent = build_content_splitter(model=model, settings=_settings())
    events, state = await _run(agent, {keys.RAW_DRAFT: RAW, keys.OUTLINE: OUTLINE})

    assert state[keys.SPLIT_VERDICT]["valid"] is True
    assert state[keys.SPLIT_VERDICT]["attempts"] == 2
    retry = _by(events, "content_split_checker")[0]
    assert retry.actions.route == "retry"
    assert not retry.actions.escalate
    assert "Missing output: draft_ok is absent" in retry.content.parts[0].text
    # The second attempt saw why the first was rejected.
    assert "Your previous answer was rejected" in model.prompt_text(1)
    assert "Missing output: draft_ok is absent" in model.prompt_text(1)


async def test_exhausted_attempts_end_in_a_failure_verdict_and_keep_the_draft() -> None:
    model = ScriptedLlm(["nope", "still nope", "{not json"])
    agent = build_content_splitter(model=model, settings=_settings(max_iterations=3))
    events, state = await _run(agent, {keys.RAW_DRAFT: RAW, keys.OUTLINE: OUTLINE})

    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is False
    assert verdict["attempts"] == 3
    assert verdict["reason"].startswith("Split failed after 3 attempts: ")
    assert state[keys.RAW_DRAFT] == RAW
    assert model.remaining == 0
    assert _by(events, "split_verdict")[0].content.parts[0].text == verdict["reason"]


class CopyingSplitter(BaseAgent):
    """A user's splitter that copies text; it paraphrases once, then reads the feedback."""

    async def _run_async_impl(self, ctx: InvocationContext) -> AsyncGenerator[Event, None]:
        state = ctx.session.state
        attempts = int(state.get(keys.SPLIT_ATTEMPTS) or 0) + 1
        ok = "Intro to sourdough\n\nFeeding the starter\n\nBaking the loaf"
        if not state.get(keys.SPLIT_FEEDBACK):
            ok = ok.replace("Baking the loaf", "Baking a loaf")  # a "harmless" rewrite
        yield Event(
            invocation_id=ctx.invocation_id,
            author=self.name,
            actions=EventActions(
                state_delta={
                    keys.DRAFT_OK: ok,
                    keys.DRAFT_NOT_OK: "My cat sleeps",
                    keys.SPLIT_ATTEMPTS: attempts,
                }
            ),
        )


async def test_checker_catches_a_text_copying_splitter_that_rewrites() -> None:
    agent = build_content_splitter(
        settings=_settings(), splitter=CopyingSplitter(name="copying_splitter")
    )
    events, state = await _run(agent, {keys.RAW_DRAFT: RAW, keys.OUTLINE: OUTLINE})

    first = _by(events, "content_split_checker")[0].content.parts[0].text
    assert "Lost content: 1 paragraphs missing from split (e.g., 'baking the loaf')" in first
    assert "Added content: 1 paragraphs not in original (e.g., 'baking a loaf')" in first
    verdict = state[keys.SPLIT_VERDICT]
    assert {k: verdict[k] for k in ("valid", "attempts", "messages", "reason")} == {
        "valid": True,
        "attempts": 2,
        "messages": [],
        "reason": "Split verified: 3 paragraphs in draft_ok, 1 in draft_not_ok, nothing "
        "lost, added or duplicated; every outline item has a paragraph in draft_ok.",
    }
    assert verdict["integrity"]["ok"] is True and verdict["coverage"]["ok"] is True


@pytest.mark.parametrize(
    ("state", "expected"),
    [
        ({keys.RAW_DRAFT: "   \n\n ", keys.OUTLINE: OUTLINE}, "raw draft is empty"),
        ({keys.RAW_DRAFT: RAW}, "missing state key 'outline'"),
        ({keys.OUTLINE: OUTLINE}, "missing state key 'raw_draft'"),
        ({keys.RAW_DRAFT: "PK\x03\x04\x00\x00binary", keys.OUTLINE: OUTLINE}, "binary file"),
        ({keys.RAW_DRAFT: "word " * 100, keys.OUTLINE: OUTLINE}, "over the 80-byte limit"),
    ],
)
async def test_bad_input_gets_a_failure_verdict_and_no_model_call(
    state: dict[str, Any], expected: str
) -> None:
    model = ScriptedLlm([])
    agent = build_content_splitter(model=model, settings=_settings(max_draft_bytes=80))
    events, final = await _run(agent, state)

    verdict = final[keys.SPLIT_VERDICT]
    assert verdict["valid"] is False
    assert verdict["attempts"] == 0
    assert verdict["reason"].startswith("Invalid input: ")
    assert expected in verdict["reason"]
    assert model.requests == []
    guard = _by(events, "split_input_guard")[-1]
    assert guard.actions.escalate is True
    assert guard.actions.route == "invalid_input"


async def test_draft_and_outline_can_come_in_the_chat_message() -> None:
    model = ScriptedLlm([json.dumps({"ok_ids": [2]})])
    agent = build_content_splitter(model=model, settings=_settings())
    message = "Please split this.\nOUTLINE:\nCats\nDRAFT:\nDogs bark.\n\nCats purr."
    _, state = await _run(agent, None, message)

    assert state[keys.OUTLINE] == "Cats"
    assert state[keys.DRAFT_OK] == "Cats purr."
    assert state[keys.DRAFT_NOT_OK] == "Dogs bark."
    assert state[keys.SPLIT_VERDICT]["valid"] is True


async def test_a_second_invocation_starts_its_attempts_afresh() -> None:
    model = ScriptedLlm(["bad", {"ok_ids": [3, 4]}, {"ok_ids": [1, 3, 4]}])
    agent = build_content_splitter(model=model, settings=_settings())
    runner = InMemoryRunner(agent=agent, app_name="blogger")
    sid = await new_session(runner, state={keys.RAW_DRAFT: RAW, keys.OUTLINE: OUTLINE})
    verdicts = []
    for _ in range(2):
        await turn(runner, sid, "split")
        verdicts.append((await state_of(runner, sid))[keys.SPLIT_VERDICT])
    assert [v["attempts"] for v in verdicts] == [2, 1]
    assert all(v["valid"] for v in verdicts)


async def test_a_model_that_cannot_answer_ends_the_loop_with_a_verdict() -> None:
    from draftguard.errors import PromptTooLongError

    model = ScriptedLlm([PromptTooLongError("prompt needs 69031 tokens; smollm2 has 8192")])
    agent = build_content_splitter(model=model, settings=_settings())
    events, state = await _run(agent, {keys.RAW_DRAFT: RAW, keys.OUTLINE: OUTLINE})

    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is False
    assert verdict["reason"] == "Model error: prompt needs 69031 tokens; smollm2 has 8192"
    assert verdict["attempts"] == 1
    assert _by(events, "split_assembler")[-1].actions.route == "model_error"
    assert state[keys.RAW_DRAFT] == RAW
    assert len(model.requests) == 1  # no pointless retries


# --- outline coverage beside integrity --------------------------------------------------------

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SAMPLE_RAW = (SAMPLES / "draft.md").read_text(encoding="utf-8")
SAMPLE_OUTLINE = (SAMPLES / "outline.md").read_text(encoding="utf-8")
BACKWARDS = {"ok_ids": [1, 2]}  # title and intro: intact, and every topic left out
RIGHT = {"ok_ids": [3, 5, 6]}


def _sample_state() -> dict[str, Any]:
    return {keys.RAW_DRAFT: SAMPLE_RAW, keys.OUTLINE: SAMPLE_OUTLINE}


async def test_an_uncovered_outline_is_sent_back_to_the_planner_by_paragraph_id() -> None:
    model = ScriptedLlm([BACKWARDS, RIGHT])
    agent = build_content_splitter(model=model, settings=_settings())
    events, state = await _run(agent, _sample_state())

    retry = _by(events, "content_split_checker")[0]
    assert retry.actions.route == "retry" and not retry.actions.escalate
    assert "integrity holds; coverage: Paragraph [3]" in retry.content.parts[0].text
    second_prompt = model.prompt_text(1)
    assert ("Paragraph [5] ('Hydration matters more than any other variable. A…') fits "
            "outline item 2 ('Dough hydration') but was left out") in second_prompt
    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is True and verdict["attempts"] == 2
    assert verdict["integrity"]["ok"] is True and verdict["coverage"]["ok"] is True
    where = {p["id"]: (p["destination"], p["item"]) for p in verdict["paragraphs"]}
    assert where[5] == ("draft_ok", 2) and where[7] == ("draft_not_ok", None)


async def test_by_default_the_last_attempt_is_kept_with_coverage_reported_as_advisory() -> None:
    # Three different answers, none covering the outline (each is new, so none is changed).
    model = ScriptedLlm([BACKWARDS, {"ok_ids": [1]}, {"ok_ids": [1, 2, 7]}])
    agent = build_content_splitter(model=model, settings=_settings(max_iterations=3,
                                                                   meaning=False))
    events, state = await _run(agent, _sample_state())

    checks = _by(events, "content_split_checker")
    assert [e.actions.route for e in checks] == ["retry", "retry", "valid"]
    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is True and verdict["attempts"] == 3
    assert verdict["integrity"]["ok"] is True
    assert verdict["coverage"] == {
        "ok": False, "blocking": False, "uncovered_items": [1, 2, 3], "flagged_ids": [5],
        "messages": verdict["messages"],
    }
    assert verdict["reason"].startswith("Split kept, outline not covered: integrity holds")
    assert state[keys.DRAFT_OK].startswith("# Sourdough at home")
    assert model.remaining == 0


async def test_blocking_coverage_fails_the_split_after_the_last_attempt() -> None:
    model = ScriptedLlm([{"ok_ids": [1]}, BACKWARDS])  # two different splits, neither covers
    agent = build_content_splitter(
        model=model, settings=_settings(max_iterations=2, coverage="blocking", meaning=False)
    )
    _, state = await _run(agent, _sample_state())

    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is False and verdict["attempts"] == 2
    assert verdict["reason"].startswith("Split failed after 2 attempts: Paragraph [3] (")
    assert verdict["integrity"]["ok"] is True
    assert verdict["coverage"]["ok"] is False and verdict["coverage"]["blocking"] is True
    assert [p["destination"] for p in verdict["paragraphs"]][:3] == [
        "draft_ok", "draft_ok", "draft_not_ok"]


async def test_advisory_coverage_never_retries() -> None:
    model = ScriptedLlm([BACKWARDS])
    agent = build_content_splitter(model=model, settings=_settings(coverage="advisory"))
    events, state = await _run(agent, _sample_state())

    assert _by(events, "content_split_checker")[-1].actions.route == "valid"
    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is True and verdict["attempts"] == 1
    assert verdict["coverage"]["ok"] is False and verdict["coverage"]["blocking"] is False


async def test_a_paragraph_left_in_draft_not_ok_that_matches_an_item_is_flagged() -> None:
    raw = "Dough hydration basics.\n\nMy dough hydration notes.\n\nThe cat."
    model = ScriptedLlm([{"ok_ids": [1]}, {"ok_ids": [1, 2]}])
    agent = build_content_splitter(model=model, settings=_settings())
    _, state = await _run(agent, {keys.RAW_DRAFT: raw, keys.OUTLINE: "1. Dough hydration"})

    assert ("Paragraph [2] ('My dough hydration notes.') matches outline item 1 ('Dough "
            "hydration') but is in draft_not_ok") in model.prompt_text(1)
    assert state[keys.SPLIT_VERDICT]["coverage"]["flagged_ids"] == []
    assert state[keys.SPLIT_VERDICT]["attempts"] == 2


async def test_coverage_is_not_judged_on_a_split_that_lost_text() -> None:
    model = ScriptedLlm(["nope"])
    agent = build_content_splitter(model=model, settings=_settings(max_iterations=1))
    _, state = await _run(agent, _sample_state())

    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is False
    assert verdict["integrity"]["ok"] is False and verdict["coverage"] is None
    assert {p["destination"] for p in verdict["paragraphs"]} == {None}


# --- the planner's prompt: lexical candidates, and a retry that names the ids to add ----------


async def test_the_planner_sees_each_outline_items_candidates_best_first() -> None:
    model = ScriptedLlm([{"ok_ids": [3, 5]}])
    agent = build_content_splitter(model=model, settings=_settings())
    _, state = await _run(agent, _sample_state())

    prompt = model.prompt_text(0)
    assert ("PARAGRAPHS THAT MATCH EACH OUTLINE ITEM (best first):\n"
            "1. What a sourdough starter is and how to keep it: [3]\n"
            "2. Dough hydration: [5]\n"
            "3. Baking the loaf: [3]\n") in prompt
    assert "previous answer" not in prompt
    items = model.requests[0].config.response_json_schema["properties"]["ok_ids"]
    assert items["minItems"] == 1
    assert state[keys.SPLIT_VERDICT]["valid"] is True
    assert state[keys.SPLIT_VERDICT]["coverage"]["ok"] is True


async def test_an_item_without_candidates_says_so() -> None:
    model = ScriptedLlm([{"ok_ids": [1]}])
    agent = build_content_splitter(model=model, settings=_settings(coverage="advisory"))
    await _run(agent, {keys.RAW_DRAFT: "Dough hydration.\n\nThe cat.",
                       keys.OUTLINE: "1. Dough hydration\n2. Ukulele chords"})

    assert "1. Dough hydration: [1]\n2. Ukulele chords: (none)\n" in model.prompt_text(0)


async def test_a_retry_after_coverage_findings_names_the_previous_answer_and_the_ids_to_add(
) -> None:
    model = ScriptedLlm([BACKWARDS, {"ok_ids": [1, 2, 3, 5]}])
    agent = build_content_splitter(model=model, settings=_settings())
    _, state = await _run(agent, _sample_state())

    first, second = model.prompt_text(0), model.prompt_text(1)
    assert first != second
    assert 'Your previous answer was {"ok_ids": [1, 2]}. It was rejected: Paragraph [3]' in second
    assert "Add the ids [3], [5] to your answer." in second
    assert state[keys.SPLIT_VERDICT]["valid"] is True
    assert state[keys.SPLIT_VERDICT]["attempts"] == 2


async def test_a_retry_names_only_the_ids_still_missing() -> None:
    # Item 2 is covered by [5]; items 1 and 3 are not, and [3] is the candidate for both.
    model = ScriptedLlm([{"ok_ids": [5]}, RIGHT])
    agent = build_content_splitter(model=model, settings=_settings())
    await _run(agent, _sample_state())

    second = model.prompt_text(1)
    assert 'Your previous answer was {"ok_ids": [5]}' in second
    assert "Add the ids [3] to your answer." in second


async def test_a_retry_after_an_unreadable_answer_quotes_the_problem() -> None:
    model = ScriptedLlm(["paragraphs three and five", {"ok_ids": [3, 5]}])
    agent = build_content_splitter(model=model, settings=_settings())
    await _run(agent, _sample_state())

    second = model.prompt_text(1)
    # No coverage was judged on the empty split, so the findings are quoted as they are.
    assert "Your previous answer was rejected: " in second and "Length mismatch" in second
    assert "Add the ids" not in second


@pytest.mark.parametrize(("candidates_only", "allowed"), [(True, [3, 5]),
                                                          (False, [1, 2, 3, 4, 5, 6, 7])])
async def test_candidates_only_narrows_the_ids_the_planner_may_answer(
    candidates_only: bool, allowed: list[int]
) -> None:
    model = ScriptedLlm([{"ok_ids": [3, 5]}])
    agent = build_content_splitter(
        model=model, settings=_settings(candidates_only=candidates_only))
    _, state = await _run(agent, _sample_state())

    schema = model.requests[0].config.response_json_schema
    assert schema["properties"]["ok_ids"]["items"]["enum"] == allowed
    assert state[keys.SPLIT_VERDICT]["valid"] is True


async def test_candidates_only_leaves_every_id_when_no_paragraph_matches_the_outline() -> None:
    model = ScriptedLlm([{"ok_ids": [1]}])
    agent = build_content_splitter(
        model=model, settings=_settings(candidates_only=True, coverage="advisory"))
    await _run(agent, {keys.RAW_DRAFT: "The cat.\n\nThe dog.", keys.OUTLINE: "1. Ukulele"})

    assert model.requests[0].config.response_json_schema["properties"]["ok_ids"]["items"][
        "enum"] == [1, 2]


# --- small models: code proposes, the model confirms or adjusts among the candidates ----------


def _small(turns: list[Any]) -> ScriptedLlm:
    """A scripted model with the embedded model's profile (small)."""
    return ScriptedLlm(turns, model="local:smollm2")


def _no_json_for_people(events: list[Event]) -> None:
    for event in events:
        for part in (event.content.parts or []) if event.content else []:
            assert "{" not in (part.text or ""), (event.author, part.text)


async def test_on_a_small_model_code_proposes_and_the_bake_paragraph_goes_to_draft_ok() -> None:
    model = _small([{"ok_ids": [3, 5, 6]}])
    agent = build_content_splitter(model=model, settings=_settings())
    events, state = await _run(agent, _sample_state())

    assert state[keys.DRAFT_OK].endswith("then twenty\nmore without it.")
    assert "Bake in a preheated Dutch oven" in state[keys.DRAFT_OK]
    assert "cat" not in state[keys.DRAFT_OK]
    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is True and verdict["coverage"]["ok"] is True
    where = {p["id"]: (p["destination"], p["item"]) for p in verdict["paragraphs"]}
    assert where[3] == ("draft_ok", 1) and where[5] == ("draft_ok", 2)
    assert where[6] == ("draft_ok", 3)
    # The model saw code's proposal and could only answer with the candidates' ids.
    prompt = model.prompt_text(0)
    assert "3. Baking the loaf: [6]" in prompt and '{"ok_ids": [3, 5, 6]}' in prompt
    enum = model.requests[0].config.response_json_schema["properties"]["ok_ids"]["items"]["enum"]
    assert set(enum) >= {3, 5, 6} and 7 not in enum
    planner = _by(events, "split_planner")[-1].content.parts[0].text
    assert planner == ("Code proposed paragraphs [3], [5], [6] for draft_ok; the model "
                       "confirmed them.")
    _no_json_for_people(events)


async def test_the_verdict_names_a_left_out_paragraph_as_good_as_a_kept_one() -> None:
    # By words alone the cat paragraph ("... while the bread bakes") rivals the baking one.
    _, state = await _run(build_content_splitter(model=_small([{"ok_ids": [3, 5, 6]}]),
                                                 settings=_settings(meaning=False)),
                          _sample_state())
    messages = state[keys.SPLIT_VERDICT]["messages"]
    assert ("Paragraph [4] ('My neighbour's cat likes to sit on the…') in draft_not_ok "
            "matches outline item 3 ('Baking the loaf') as well as kept paragraph [6]"
            ) in messages
    assert state[keys.SPLIT_VERDICT]["valid"] is True


@needs_language
async def test_by_meaning_the_cat_paragraph_no_longer_rivals_the_baking_one() -> None:
    _, state = await _run(build_content_splitter(model=_small([{"ok_ids": [3, 5, 6]}]),
                                                 settings=_settings()), _sample_state())
    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is True and verdict["coverage"]["ok"] is True
    assert not any("Paragraph [4]" in m for m in verdict["messages"])


async def test_a_small_models_adjustment_that_drops_an_item_is_refused() -> None:
    model = _small([{"ok_ids": [3, 5]}])  # drops the baking paragraph
    events, state = await _run(build_content_splitter(model=model, settings=_settings()),
                               _sample_state())
    assert "Bake in a preheated" in state[keys.DRAFT_OK]
    said = _by(events, "split_planner")[-1].content.parts[0].text
    assert "the model's change was refused (it serves outline item 3 less well" in said


async def test_a_small_models_adjustment_that_serves_every_item_is_taken() -> None:
    model = _small([{"ok_ids": [3, 5, 6, 2]}])
    events, state = await _run(build_content_splitter(model=model, settings=_settings()),
                               _sample_state())
    assert state[keys.DRAFT_OK].startswith("I started baking sourdough")
    said = _by(events, "split_planner")[-1].content.parts[0].text
    assert said.endswith("the model adjusted them to [2], [3], [5], [6].")


async def test_repeated_ids_are_refused_and_sent_back() -> None:
    model = ScriptedLlm([{"ok_ids": [3, 3, 5]}, RIGHT])
    events, state = await _run(build_content_splitter(model=model, settings=_settings()),
                               _sample_state())
    refused = _by(events, "split_assembler")[0].content.parts[0].text
    assert refused == "Attempt 1: refused, the plan repeats paragraph [3]."
    assert "Each id may appear once; you repeated [3]." in model.prompt_text(1)
    assert state[keys.SPLIT_VERDICT]["valid"] is True
    assert state[keys.SPLIT_VERDICT]["attempts"] == 2
    schema = model.requests[0].config.response_json_schema["properties"]["ok_ids"]
    assert schema["uniqueItems"] is True


async def test_no_planner_json_reaches_people_on_any_model() -> None:
    model = ScriptedLlm(["not json at all", {"ok_ids": [4, 6]}, RIGHT])
    events, _ = await _run(build_content_splitter(model=model, settings=_settings()),
                           _sample_state())
    _no_json_for_people(events)
    said = [e.content.parts[0].text for e in _by(events, "split_planner") if e.content]
    assert "Picked paragraphs [4], [6] for draft_ok." in said


@pytest.mark.local_model
async def test_the_bundled_sample_on_the_embedded_model() -> None:
    agent = build_content_splitter(model="local:smollm2", settings=_settings())
    events, state = await _run(agent, _sample_state())
    assert "Bake in a preheated Dutch oven" in state[keys.DRAFT_OK]
    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is True and verdict["integrity"]["ok"] is True
    assert verdict["coverage"]["ok"] is True
    where = {p["id"]: p["item"] for p in verdict["paragraphs"]}
    assert where[6] == 3 and where[3] == 1
    _no_json_for_people(events)


def test_a_built_embedded_model_has_the_small_profile() -> None:
    # ADK's registry builds "local:smollm2" as LocalLlm(model="smollm2"): still small.
    from draftguard_adk.llm import agent_model, build_llm, model_profile

    llm = build_llm(agent_model("content_splitter", model="local:smollm2"))
    assert model_profile(llm).small
    assert model_profile("local:smollm2").small
    assert not model_profile(ScriptedLlm([])).small


# --- a retry changes the proposal: the same split is never submitted twice ------------------


@pytest.mark.parametrize("meaning", [False, pytest.param(True, marks=needs_language)])
async def test_a_repeated_answer_is_never_submitted_again(meaning: bool) -> None:
    model = ScriptedLlm([BACKWARDS] * 3)
    agent = build_content_splitter(model=model, settings=_settings(meaning=meaning))
    events, state = await _run(agent, _sample_state())

    tried = state[keys.SPLIT_TRIED]
    assert tried[0] == [1, 2]
    assert len(tried) == len({tuple(t) for t in tried})  # never the same split twice
    said = [e.content.parts[0].text for e in _by(events, "split_planner") if e.content]
    assert said[1].startswith("Paragraphs [1], [2] were tried already; code added ")
    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is True and verdict["coverage"]["ok"] is True
    assert verdict["attempts"] == 2
    assert "Bake in a preheated Dutch oven" in state[keys.DRAFT_OK]
    _no_json_for_people(events)


COFFEE_DRAFT = (
    "# Better coffee at home\n\nI drank bad coffee for years before I learned any of this.\n\n"
    "A burr grinder gives an even size; blade ones leave dust and boulders.\n\n"
    "Water just off the boil, around 94 degrees, pulls sweetness without bitterness.\n\n"
    "My favourite mug is chipped, but I keep it anyway.\n\n"
    "Four minutes in a French press, then press slowly and pour at once.\n\n"
    "Next month I want to try a pour-over.")
COFFEE_OUTLINE = "Grinding\nWater temperature\nBrewing time"


async def test_with_nothing_scored_left_the_model_chooses_among_the_other_paragraphs() -> None:
    # Words alone find nothing for "Grinding" or "Brewing time": a small model that confirms
    # code's proposal twice gets asked which of the other paragraphs are about them.
    from draftguard.split._assignment import propose_split
    from draftguard.split._segmentation import segment

    proposed = propose_split(COFFEE_OUTLINE, segment(COFFEE_DRAFT)).ok_ids
    model = _small([{"ok_ids": proposed}, {"ok_ids": proposed}, {"ok_ids": [3, 6]}])
    agent = build_content_splitter(model=model, settings=_settings(max_iterations=2,
                                                                   meaning=False))
    events, state = await _run(agent, {keys.RAW_DRAFT: COFFEE_DRAFT,
                                       keys.OUTLINE: COFFEE_OUTLINE})

    assert state[keys.SPLIT_TRIED] == [proposed, sorted({*proposed, 3, 6})]
    asked = model.prompt_text(2)
    assert ("nothing in them is about outline items 1 ('Grinding') and 3 ('Brewing time')"
            in asked)
    enum = model.requests[2].config.response_json_schema["properties"]["ok_ids"]["items"]["enum"]
    assert not set(enum) & set(proposed)
    assert "burr grinder" in state[keys.DRAFT_OK] and "French press" in state[keys.DRAFT_OK]
    said = [e.content.parts[0].text for e in _by(events, "split_planner") if e.content]
    assert said[-1].endswith("the model added [3], [6] for outline items 1 ('Grinding') and "
                             "3 ('Brewing time').")
    _no_json_for_people(events)


async def test_with_no_other_split_to_try_the_loop_stops_and_says_why() -> None:
    raw = "Dough hydration matters.\n\nThe cat sleeps."
    model = ScriptedLlm([{"ok_ids": [1, 2]}] * 2)
    agent = build_content_splitter(model=model, settings=_settings(coverage="blocking",
                                                                   meaning=False))
    events, state = await _run(agent, {keys.RAW_DRAFT: raw,
                                       keys.OUTLINE: "1. Dough hydration\n2. Ukulele chords"})

    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is False and verdict["attempts"] == 1
    assert verdict["reason"] == (
        "Split stopped after 1 attempt: No new split to try: paragraphs [1], [2] were tried "
        "already, and no other paragraph clearly fits outline item 2 ('Ukulele chords').")
    assert verdict["coverage"]["uncovered_items"] == [2]
    assert _by(events, "split_assembler")[-1].actions.route == "no_new_split"
    assert state[keys.SPLIT_TRIED] == [[1, 2]]
    assert model.remaining == 0


@pytest.mark.local_model
@needs_language
async def test_the_coffee_post_of_issue_22_on_the_embedded_model() -> None:
    # "split it using this outline: Grinding; Water temperature; Brewing time": before, the
    # grinder and French press paragraphs were left out and the same split retried.
    agent = build_content_splitter(model="local:smollm2", settings=_settings())
    events, state = await _run(agent, {keys.RAW_DRAFT: COFFEE_DRAFT,
                                       keys.OUTLINE: COFFEE_OUTLINE})
    verdict = state[keys.SPLIT_VERDICT]
    assert verdict["valid"] is True and verdict["coverage"]["ok"] is True
    where = {p["id"]: (p["destination"], p["item"]) for p in verdict["paragraphs"]}
    assert where[3] == ("draft_ok", 1) and where[4] == ("draft_ok", 2)
    assert where[6] == ("draft_ok", 3)
    assert where[5][0] == "draft_not_ok" and where[7][0] == "draft_not_ok"
    tried = state[keys.SPLIT_TRIED]
    assert len(tried) == len({tuple(t) for t in tried})
    _no_json_for_people(events)
