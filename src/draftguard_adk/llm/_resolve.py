"""The one place agents get their model from."""

from __future__ import annotations

import logging

from google.adk.models.base_llm import BaseLlm

from draftguard.errors import ModelUnavailableError
from draftguard.model_choice import choose_model
from draftguard.settings import ProjectSettings, load_settings
from draftguard_adk.llm._local_llm import register_local_models
from draftguard_adk.llm._profile import model_profile

__all__ = ["agent_model", "build_llm", "show_prompt_example"]

log = logging.getLogger("draftguard.models")


def agent_model(
    agent: str,
    *,
    model: str | BaseLlm | None = None,
    settings: ProjectSettings | None = None,
) -> str | BaseLlm:
    """What to give `agent` as its model: `model` when given, else the one `choose_model`
    picks (environment, then agents.yaml, then Gemini, then the embedded model).

    A model string stays a string (ADK's registry resolves it; `local:`/`gguf:` strings are
    registered here), except that an embedded model becomes a `LocalLlm` holding the
    section's `max_tool_rounds` when the section has one.
    """
    if isinstance(model, BaseLlm):
        return model
    settings = settings if settings is not None else load_settings()
    register_local_models()
    name = model
    if not name:
        choice = choose_model(agent, settings=settings)
        log.debug("agent %s uses %s (from %s)", agent, choice.model, choice.source)
        name = choice.model
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


def build_llm(model: str | BaseLlm, *, label: str = "model") -> BaseLlm:
    """`model` as an instance, for code that calls its model itself (`agent_model` picks it).

    Raises `ModelUnavailableError` ("cannot load <label> '<name>': ...") when ADK's registry
    cannot build it.
    """
    if isinstance(model, BaseLlm):
        return model
    from google.adk.models.registry import LLMRegistry

    register_local_models()
    try:
        return LLMRegistry.new_llm(model)
    except Exception as err:  # a missing file, package or key: the caller's verdict
        raise ModelUnavailableError(f"cannot load {label} {model!r}: {err}") from None


def show_prompt_example(llm: BaseLlm, setting: bool | None = None) -> bool:
    """Whether a prompt should show its format example to `llm`.

    `setting` (agents.yaml's `prompt_example`) decides when it is given. Otherwise yes, except
    for a small model (`model_profile(llm).small`): a 135M model copies the example instead of
    using the source, and the schema fixes the shape anyway.
    """
    return setting if setting is not None else not model_profile(llm).small
