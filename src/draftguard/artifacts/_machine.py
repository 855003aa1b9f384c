"""The repair loop as a pure state machine: generate, structural checks, semantic checks, at
most `max_repairs` repairs, never more than 6 model questions.

It needs no framework. `ArtifactMachine.run()` is a generator a driver steps through:

    steps = machine.run()
    step = next(steps)
    while not isinstance(step, Finished):
        if isinstance(step, ModelQuestion):
            try:
                step = steps.send(await ask(step))     # the model's answer text
            except ModelFailure as err:
                step = steps.throw(err)                # the machine turns it into a verdict
        else:                                          # a ProgressEvent: render it
            step = next(steps)

Two ways to make the artifact, chosen by what the model can do (`writes_structured`):

- a capable model writes it under the schema (the design's path) and repairs it from the
  violations and issues;
- a small model picks candidate ids that code built from the chunks (`_candidates`), under
  an enum; a repair picks again without the rejected candidates.

Either way the same structural rules run, then the same grounding check (every quiz question
and answer, flashcard and mindmap label must be supported by a chunk) and quality gate
(`_quality`), then the model judge where it is on, which adds to them, never replaces them.
A request for N items gets N, or the outcome says how many were found and why
(`_counts`).
"""

from __future__ import annotations

import json
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from draftguard.artifacts._candidates import Candidate, assemble, build_candidates
from draftguard.artifacts._counts import count_words as _count
from draftguard.artifacts._counts import delivered_items as _delivered
from draftguard.artifacts._counts import item_owners as _item_owners
from draftguard.artifacts._counts import planned_count, shortfall_line
from draftguard.artifacts._grounding import (
    PHRASE_SCORE_CUTOFF,
    STEM_SHARE_CUTOFF,
    copied_example_issues,
    ungrounded_items,
)
from draftguard.artifacts._outcome import ArtifactOutcome, FailureKind
from draftguard.artifacts._parsing import check_text, parse_json_text
from draftguard.artifacts._picking import (
    build_pick_prompt,
    listed,
    pick_schema,
    settle_picks,
)
from draftguard.artifacts._plan import ArtifactPlan, make_plan, requested_count
from draftguard.artifacts._progress import STAGE_PROGRESS, Stage, repair_progress
from draftguard.artifacts._prompting import (
    AttemptRecord,
    build_generate_prompt,
    build_judge_prompt,
    build_repair_prompt,
    failure_message,
)
from draftguard.artifacts._quality import quality_issues
from draftguard.artifacts._registry import artifact_types, get_spec
from draftguard.artifacts._semantic import JudgeVerdict, format_issues, judge_schema
from draftguard.artifacts._spec import ArtifactSpec, StructuralReport
from draftguard.artifacts._steps import (
    SYSTEM,
    Finished,
    MachineStep,
    ModelQuestion,
    ProgressEvent,
    Purpose,
)
from draftguard.errors import (
    DraftguardError,
    FatalError,
    ModelOutputError,
    ModelTimeoutError,
    ModelUnavailableError,
)
from draftguard.sources._chunks import SourceChunk

__all__ = ["MAX_MODEL_QUESTIONS", "ArtifactMachine", "Finished", "MachineStep", "ModelQuestion",
           "ProgressEvent", "Purpose"]

#: The loop's budget, its worst case: generate, judge, then (repair, judge) twice.
MAX_MODEL_QUESTIONS = 6
#: What a model question can end in; the machine turns each into the run's verdict.
_MODEL_FAILURES = (ModelUnavailableError, ModelOutputError)


def _kind(err: DraftguardError) -> FailureKind:
    return "timeout" if isinstance(err, ModelTimeoutError) else "model_error"


def _generated_line(report: StructuralReport, plural: str) -> str:
    # Output that did not parse says so: a count of 0 items would read as an empty artifact.
    unreadable = next((v.message for v in report.violations if v.code == "invalid_json"), None)
    if unreadable is not None:
        return f"✗ Generated output unreadable: {unreadable}"
    return f"Generated artifact: {_count(report.item_count, plural)}"


def source_text(chunks: Sequence[SourceChunk]) -> str:
    """The chunks as one source text, the way prompts quote it."""
    return "\n\n".join(c.text for c in chunks)


@dataclass
class _Run:
    """One run's working state, handed from step to step."""

    spec: ArtifactSpec
    source: str
    plan: ArtifactPlan
    candidates: list[Candidate]  # empty: the model writes the artifact itself
    count: int
    progress: int
    text: str = ""
    data: Any = None
    attempt: int = 0
    picked: list[Candidate] = field(default_factory=list)
    rejected: set[str] = field(default_factory=set)
    violations: list[str] = field(default_factory=list)
    issues: list[str] = field(default_factory=list)
    bad_items: set[int] = field(default_factory=set)
    history: list[AttemptRecord] = field(default_factory=list)
    requested: int | None = None
    shortfall: str | None = None


@dataclass
class ArtifactMachine:
    """One artifact request. `writes_structured`: the model writes the artifact (else it
    picks among code's candidates). `judge`: a model judge runs after the grounding check.
    `include_example`: the generate prompt shows a format example."""

    artifact_type: str
    chunks: Sequence[SourceChunk]
    request: str = ""
    writes_structured: bool = True
    judge: bool = True
    include_example: bool = True
    max_repairs: int = 2
    max_source_chars: int = 6000
    share_cutoff: float = STEM_SHARE_CUTOFF
    score_cutoff: float = PHRASE_SCORE_CUTOFF
    asked: int = 0

    # -- helpers -----------------------------------------------------------------------------

    def _ask(self, purpose: Purpose, prompt: str,
             schema: type[BaseModel] | Mapping[str, Any]) -> ModelQuestion:
        self.asked += 1
        return ModelQuestion(purpose=purpose, prompt=prompt, schema=schema,
                             system=SYSTEM[purpose])

    def _outcome(self, ok: bool, attempt: int, **fields: Any) -> ArtifactOutcome:
        return ArtifactOutcome(ok=ok, artifact_type=self.artifact_type, attempts=attempt,
                               llm_calls=self.asked, **fields)

    def _finish(self, outcome: ArtifactOutcome, message: str) -> Generator[MachineStep, Any, None]:
        stage = Stage.DONE if outcome.ok else Stage.FAILED
        yield ProgressEvent(
            stage=stage, progress=STAGE_PROGRESS[stage], attempt=outcome.attempts,
            message=message, violations=tuple(outcome.violations), issues=tuple(outcome.issues),
            fields={"ok": outcome.ok, "llm_calls": outcome.llm_calls,
                    "failure_kind": outcome.failure_kind},
        )
        yield Finished(outcome)

    # -- the loop ----------------------------------------------------------------------------

    def run(self) -> Generator[MachineStep, Any, None]:
        """The loop's steps; see the module docstring for how a driver answers them."""
        problem = self._input_problem()
        if problem is not None:
            yield from self._refuse(problem)
            return
        state = yield from self._planned()
        if state is None or not (yield from self._generated(state)):
            return
        while (yield from self._checked(state)):
            if not (yield from self._repaired(state)):
                return

    def _input_problem(self) -> str | None:
        if self.artifact_type not in artifact_types():
            known = ", ".join(artifact_types())
            return f"unknown artifact type '{self.artifact_type}' (known: {known})"
        if not any(c.text.strip() for c in self.chunks):
            return "source content is empty"
        return None

    def _refuse(self, problem: str) -> Generator[MachineStep, Any, None]:
        yield from self._finish(self._outcome(False, 0, error=problem, failure_kind="bad_input"),
                                f"Error: {problem}")

    def _fail(self, state: _Run, attempt: int, err: DraftguardError | None = None,
              message: str = "") -> Generator[MachineStep, Any, None]:
        """End on a model failure (`err`) or on the checks' verdict at `attempt`."""
        if err is not None:
            outcome = self._outcome(False, attempt, violations=state.violations,
                                    issues=state.issues, error=str(err),
                                    failure_kind=_kind(err))
            message = f"Error: {err}"
        else:
            outcome = self._outcome(
                False, attempt, violations=state.violations, issues=state.issues,
                error=failure_message(attempt, state.violations, state.issues),
                failure_kind="validation")
        yield from self._finish(outcome, message)

    def _planned(self) -> Generator[MachineStep, Any, _Run | None]:
        """Phase 1: the plan, or for a small model the candidates it will pick from."""
        spec = get_spec(self.artifact_type)
        source = source_text(self.chunks)
        progress = STAGE_PROGRESS[Stage.PLANNING]
        yield ProgressEvent(Stage.PLANNING, progress, 0,
                            f"Phase 1: Planning {spec.title} structure...")
        candidates: list[Candidate] = []
        if not self.writes_structured:
            try:
                candidates = build_candidates(self.artifact_type, self.chunks)
            except FatalError as err:  # the language layer is not installed
                yield from self._refuse(str(err))
                return None
            if not candidates:  # a small model cannot write it itself: say what is missing
                yield from self._refuse(
                    f"the text is too short to make a {spec.title.lower()} from: "
                    "no key terms to ask about; add more text or a source")
                return None
        plan = make_plan(self.artifact_type, source, self.request)
        asked = requested_count(self.request)
        count, line, fields = planned_count(spec, candidates, plan, asked)
        shortfall = shortfall_line(spec, count, asked, "candidates" if candidates else "facts"
                                   ) if asked is not None and count < asked else None
        yield ProgressEvent(Stage.PLANNING, progress, 0, line + (
            f"; fewer than asked: {shortfall}" if shortfall else ""), fields=fields)
        return _Run(spec, source, plan, candidates, count, progress, requested=asked,
                    shortfall=shortfall)

    def _generated(self, state: _Run) -> Generator[MachineStep, Any, bool]:
        """Phase 2: the first artifact text; False when the model failed (the run is over)."""
        spec, plan = state.spec, state.plan
        state.progress = STAGE_PROGRESS[Stage.GENERATING]
        yield ProgressEvent(Stage.GENERATING, state.progress, 0,
                            f"Phase 2: Generating {spec.title} content...")
        try:
            if state.candidates:
                state.text, state.picked, line = yield from self._pick(
                    spec, state.candidates, state.count)
                yield ProgressEvent(Stage.GENERATING, state.progress, 0, line)
            else:
                state.text = yield self._ask(
                    Purpose.GENERATE,
                    build_generate_prompt(plan, state.source, self.request,
                                          max_source_chars=self.max_source_chars,
                                          include_example=self.include_example),
                    spec.generation_schema(plan.item_count))
        except _MODEL_FAILURES as err:
            yield from self._fail(state, 0, err)
            return False
        return True

    def _checked(self, state: _Run) -> Generator[MachineStep, Any, bool]:
        """Phase 3: structural then semantic checks of `state.text`; True when it goes to
        repair, False when the run is over (done, failed, or out of repairs)."""
        spec, attempt = state.spec, state.attempt
        report = yield from self._structural(state)
        if not (yield from self._semantic(state, report)):
            return False
        violations, issues = state.violations, state.issues
        if report.valid and not issues:
            if attempt:
                yield ProgressEvent(Stage.SEMANTIC, state.progress, attempt,
                                    f"✓ Repair successful after {attempt} attempt(s)")
            artifact = spec.model.model_validate(report.artifact).model_dump(mode="json")
            delivered = _delivered(self.artifact_type, report.artifact)
            shortfall = state.shortfall
            if state.requested is not None and delivered < state.requested and not shortfall:
                shortfall = shortfall_line(spec, delivered, state.requested, "")
            yield from self._finish(
                self._outcome(True, attempt, artifact=artifact, requested=state.requested,
                              delivered=delivered, shortfall=shortfall),
                "completed successfully")
            return False
        yield ProgressEvent(
            Stage.SEMANTIC if report.item_count else Stage.STRUCTURAL, state.progress, attempt,
            (f"Validation failed: {_count(len(violations), 'structural violation')}, "
             f"{_count(len(issues), 'semantic issue')}") if not attempt
            else "✗ Still invalid after repair",
            violations=tuple(violations), issues=tuple(issues), retry=True,
            fields={"attempt": attempt},
        )
        if attempt >= self.max_repairs:
            yield from self._fail(state, attempt,
                                  message=f"✗ Repair failed after {attempt} attempts")
            return False
        return True

    def _structural(self, state: _Run) -> Generator[MachineStep, Any, StructuralReport]:
        revalidating, attempt = state.attempt > 0, state.attempt
        state.progress = progress = max(state.progress, STAGE_PROGRESS[Stage.STRUCTURAL])
        report, state.data = check_text(self.artifact_type, state.text, draft=True)
        state.violations = violations = report.messages
        if not revalidating:
            yield ProgressEvent(Stage.STRUCTURAL, progress, attempt,
                                _generated_line(report, state.spec.item_plural),
                                fields={"items": report.item_count})
            yield ProgressEvent(Stage.STRUCTURAL, progress, attempt,
                                f"Phase 3: Validating {state.spec.title}...")
        yield ProgressEvent(Stage.STRUCTURAL, progress, attempt,
                            "→ Revalidating structure..." if revalidating
                            else "→ Step 1: Structural validation...")
        yield ProgressEvent(Stage.STRUCTURAL, progress, attempt,
                            f"✗ {_count(len(violations), 'violation')} found" if violations
                            else "✓ Structure valid", violations=tuple(violations))
        return report

    def _semantic(self, state: _Run,
                  report: StructuralReport) -> Generator[MachineStep, Any, bool]:
        """Grounding, then the judge where it is on; False when the judge's model failed."""
        attempt = state.attempt
        state.progress = progress = max(state.progress, STAGE_PROGRESS[Stage.SEMANTIC])
        yield ProgressEvent(Stage.SEMANTIC, progress, attempt,
                            "→ Revalidating semantics..." if attempt
                            else "→ Step 2: Semantic validation...")
        state.bad_items = {v.item for v in report.violations if v.item is not None}
        state.issues = []
        if report.item_count == 0:
            yield ProgressEvent(Stage.SEMANTIC, progress, attempt,
                                "Semantic validation skipped: no items to check")
            return True
        checked = report.artifact if report.artifact is not None else state.data
        copied = copied_example_issues(self.artifact_type, checked, state.source)
        grounded = ungrounded_items(self.artifact_type, checked, self.chunks,
                                    share_cutoff=self.share_cutoff,
                                    score_cutoff=self.score_cutoff)
        state.bad_items.update(n for n, _ in grounded)
        issues = state.issues = [*copied, *(line for _, line in grounded if line not in copied)]
        try:
            quality = quality_issues(self.artifact_type, checked, self.chunks)
        except FatalError as err:  # the language layer is not installed: say so, go on
            quality = []
            yield ProgressEvent(Stage.SEMANTIC, progress, attempt,
                                f"Quality checks skipped: {err}")
        state.bad_items.update(n for n, _ in quality)
        issues += [line for _, line in quality if line not in issues]
        how = " (grounding in the source; no model judge)"
        if self.judge:
            how = ""
            try:
                judged, numbers = yield from self._judge(state.spec, report, checked,
                                                         state.source)
            except _MODEL_FAILURES as err:
                yield from self._fail(state, attempt, err)
                return False
            state.bad_items.update(numbers)
            issues += [line for line in judged if line not in issues]
        yield ProgressEvent(Stage.SEMANTIC, progress, attempt,
                            (f"✗ {_count(len(issues), 'issue')} found" if issues
                             else "✓ Semantics valid") + how, issues=tuple(issues))
        return True

    def _repaired(self, state: _Run) -> Generator[MachineStep, Any, bool]:
        """One repair: a new pick without the rejected candidates, or the model's rewrite;
        False when the run is over."""
        current = AttemptRecord(attempt=state.attempt, artifact_text=state.text,
                                violations=state.violations, issues=state.issues)
        state.attempt = attempt = state.attempt + 1
        state.progress = progress = max(state.progress, repair_progress(attempt))
        if attempt == 1:
            yield ProgressEvent(Stage.REPAIR, progress, attempt,
                                "→ Step 3: Attempting automatic repair...")
        yield ProgressEvent(Stage.REPAIR, progress, attempt,
                            f"Repair attempt {attempt}/{self.max_repairs}")
        try:
            if state.candidates:
                # Every picked candidate a rule or the grounding check named is out; one
                # the checks could not place (no item number) takes the whole pick.
                picked = state.picked
                owners = _item_owners(self.artifact_type, state.data, len(picked))
                named = {picked[owners[n] - 1].id for n in state.bad_items
                         if owners.get(n) is not None and 1 <= owners[n] <= len(picked)}
                state.rejected |= named or {c.id for c in picked}
                remaining = [c for c in state.candidates if c.id not in state.rejected]
                if not remaining:
                    yield from self._fail(state, attempt - 1,
                                          message="✗ No candidates left to pick")
                    return False
                state.text, state.picked, line = yield from self._pick(
                    state.spec, remaining, min(state.count, len(remaining)))
                yield ProgressEvent(Stage.REPAIR, progress, attempt, line,
                                    fields={"rejected": sorted(state.rejected)})
            else:
                prompt = build_repair_prompt(state.plan, state.source, current, state.history,
                                             max_source_chars=self.max_source_chars)
                state.history.append(current)
                state.text = yield self._ask(Purpose.REPAIR, prompt,
                                             state.spec.generation_schema(state.plan.item_count))
        except _MODEL_FAILURES as err:
            yield from self._fail(state, attempt, err)
            return False
        return True

    def _pick(
        self, spec: ArtifactSpec, candidates: Sequence[Candidate], count: int
    ) -> Generator[MachineStep, Any, tuple[str, list[Candidate], str]]:
        shown = listed(candidates, count)
        answer_text = yield self._ask(
            Purpose.PICK, build_pick_prompt(spec, shown, count, self.request),
            pick_schema(shown, count))
        try:
            answer = parse_json_text(str(answer_text))
        except DraftguardError:
            answer = None  # an unreadable pick leaves the choice to code's ranking
        chosen, by_model = settle_picks(answer, shown, count)
        order = {c.id: i for i, c in enumerate(candidates)}
        chosen.sort(key=lambda c: order[c.id])
        artifact = assemble(self.artifact_type, chosen, self.chunks)
        line = (f"Picked {_count(len(chosen), spec.draft_unit or spec.item_plural)} from "
                f"{_count(len(shown), 'candidate')} ({by_model} by the model)")
        return json.dumps(artifact, ensure_ascii=False), chosen, line

    def _judge(
        self, spec: ArtifactSpec, report: StructuralReport, artifact: Any, source: str
    ) -> Generator[MachineStep, Any, tuple[list[str], set[int]]]:
        prompt = build_judge_prompt(self.artifact_type, artifact, source,
                                    max_source_chars=self.max_source_chars)
        text = yield self._ask(Purpose.JUDGE, prompt,
                               judge_schema(spec, max(report.item_count, 1)))
        try:
            verdict = JudgeVerdict.model_validate(parse_json_text(str(text)))
        except (DraftguardError, ValidationError) as err:
            reason = str(err).splitlines()[0]
            raise ModelOutputError(f"semantic judge returned malformed JSON: {reason}") from None
        lines = format_issues(spec, artifact, verdict, report.item_count)
        return lines, {i.item for i in verdict.issues if i.item <= report.item_count}

