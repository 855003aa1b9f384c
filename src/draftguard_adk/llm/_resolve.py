"""The one place agents get their model from."""

from __future__ import annotations

import logging
import re

from google.adk.models.base_llm import BaseLlm

from draftguard.errors import ModelUnavailableError
from draftguard.model_choice import ModelChoice, choose_model
from draftguard.settings import ProjectSettings, load_settings
from draftguard_adk.llm._local_llm import register_local_models

__all__ = [
    "agent_model", "is_embedded", "model_choice_for", "model_for", "resolve_model",
    "show_prompt_example",
]

log = logging.getLogger("draftguard.models")


def model_choice_for(agent: str, *, settings: ProjectSettings | None = None) -> ModelChoice:
    """The model for `agent` and the rule that chose it (see `choose_model`)."""
    return choose_model(agent, settings=settings if settings is not None else load_settings())


def model_for(agent: str, *, settings: ProjectSettings | None = None) -> str:
    """An ADK model string for `agent`; `local:`/`gguf:` strings resolve to `LocalLlm`."""
    register_local_models()
    choice = model_choice_for(agent, settings=settings)
    log.debug("agent %s uses %s (from %s)", agent, choice.model, choice.source)
    return choice.model


def agent_model(agent: str, *, settings: ProjectSettings | None = None) -> str | BaseLlm:
    """What to give `agent`'s LlmAgent as `model=`: its model string, or, for the embedded
    models, a `LocalLlm` holding the section's `max_tool_rounds` when the section has one."""
    settings = settings if settings is not None else load_settings()
    name = model_for(agent, settings=settings)
    rounds = getattr(settings.agent(agent), "max_tool_rounds", None)
    if not isinstance(rounds, int):
        return name
    from google.adk.models.registry import LLMRegistry

    from draftguard_adk.llm._local_llm import LocalLlm

    try:
        resolved = LLMRegistry.resolve(name)
    except ValueError:  # not a model ADK knows: LlmAgent reports it as it always has
        return name
    if not issubclass(resolved, LocalLlm):
        return name
    return resolved(model=name, max_tool_rounds=rounds)


def resolve_model(
    model: str | BaseLlm | None,
    *,
    agent: str,
    settings: ProjectSettings | None = None,
    label: str = "model",
) -> BaseLlm:
    """The `BaseLlm` an agent that calls its model itself should call: `model` when it is
    one, else the model string (or `agent`'s configured model) built by ADK's registry.

    Raises `ModelUnavailableError` ("cannot load <label> '<name>': ...") when the registry
    cannot build it; errors in agents.yaml propagate as they are.
    """
    if isinstance(model, BaseLlm):
        return model
    from google.adk.models.registry import LLMRegistry

    name = model or model_for(agent, settings=settings)
    register_local_models()
    try:
        return LLMRegistry.new_llm(name)
    except Exception as err:  # a missing file, package or key: the caller's verdict
        raise ModelUnavailableError(f"cannot load {label} {name!r}: {err}") from None


def is_embedded(model: str | BaseLlm) -> bool:
    """Whether `model` (an instance or a model string) is one of the embedded local models."""
    # Looked up on the package at call time, so a test can stand another class in for it.
    from draftguard_adk.llm import LocalLlm

    if isinstance(model, LocalLlm):
        return True
    return isinstance(model, str) and any(
        re.fullmatch(p, model) for p in LocalLlm.supported_models())


def show_prompt_example(llm: BaseLlm, setting: bool | None = None) -> bool:
    """Whether a prompt should show its format example to `llm`.

    `setting` (agents.yaml's `prompt_example`) decides when it is given. Otherwise yes, except
    for the embedded local models: a 135M model copies the example instead of using the
    source, and the schema fixes the shape anyway.
    """
    return setting if setting is not None else not is_embedded(llm)
