"""Drive the core repair machine (`draftguard.artifacts.ArtifactMachine`) with an ADK model.

The machine asks; this answers through `ask_json`, inside the invocation the caller runs in
(`ctx`), so the app's plugins see every call and the run's call budget counts it: no nested
runner. Model failures go back into the machine, which turns them into its verdict.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator

from google.adk.agents.invocation_context import InvocationContext
from google.adk.models.base_llm import BaseLlm

from draftguard.artifacts._machine import ArtifactMachine, Finished, ModelQuestion, ProgressEvent
from draftguard.errors import ModelOutputError, ModelUnavailableError
from draftguard_adk.llm import ask_json

__all__ = ["drive"]


async def drive(
    machine: ArtifactMachine, llm: BaseLlm, *, timeout_s: float,
    ctx: InvocationContext | None = None,
) -> AsyncGenerator[ProgressEvent | Finished, None]:
    """The machine's progress events, then its `Finished` verdict."""
    steps = machine.run()
    step = next(steps)
    while True:
        if isinstance(step, Finished):
            yield step
            return
        if isinstance(step, ProgressEvent):
            yield step
            step = next(steps)
            continue
        question: ModelQuestion = step
        try:
            answer = await ask_json(
                llm, question.prompt, schema=question.schema, system=question.system,
                timeout_s=timeout_s, ctx=ctx, purpose=question.purpose.value,
            )
        except (ModelUnavailableError, ModelOutputError) as err:
            step = steps.throw(err)
            continue
        step = steps.send(answer)
