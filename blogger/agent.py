"""The blogger app: a coordinator with guarded sub-agents.

Run it with `adk web .` or `adk run blogger` from the repository root.
"""

from __future__ import annotations

from google.adk.agents import LlmAgent
from google.adk.agents.callback_context import CallbackContext
from google.adk.apps import App
from google.adk.models.base_llm import BaseLlm
from google.adk.plugins.base_plugin import BasePlugin

from blogger.chat import build_blogger_router, split_the_post
from blogger.claim_guard import build_claim_guard
from blogger.content_grounding import build_argument_guard
from blogger.delivery_check import build_blogger_delivery_check
from blogger.prompts import (
    BLOGGER_INSTRUCTION,
    DELIVERY_CHECK_INSTRUCTION,
    EDIT_ROUTING_INSTRUCTION,
)
from blogger.replies import PROSE_FALLBACK
from draftguard_adk.agents import TextFilter, TextFilterPlugin
from draftguard_adk.agents._text_filter_plugin import raw_output_filter
from draftguard_adk.artifacts import build_artifact_tool
from draftguard_adk.chat._message_hygiene import MessageHygienePlugin
from draftguard_adk.chat._prose_guard import prose_guard_links
from draftguard_adk.claims import ClaimGuardPlugin
from draftguard_adk.edits import CONTENT_TOOLS
from draftguard_adk.llm import agent_model, model_profile
from draftguard_adk.sources import SOURCE_TOOLS
from draftguard_adk.split import build_content_splitter


def build_blogger(*, model: str | BaseLlm | None = None) -> LlmAgent:
    """The root agent; `model` (for tests) replaces every agent's configured model.

    Commands and clear intents (`/help` lists them) are answered by code before the model
    (`build_blogger_router`); everything else is the model's.
    """
    # The library's splitter, as a copy that first reads the post into `raw_draft`
    # (ADK's `clone(update=...)`: the built agent is not changed after the fact).
    splitter = build_content_splitter(model=model).clone(
        update={"before_agent_callback": split_the_post})
    chosen = model if model is not None else agent_model("blogger")
    return LlmAgent(
        name="blogger",
        model=chosen,
        description="Helps an author write, split and edit a blog post, with guarded steps.",
        instruction="\n".join(
            [BLOGGER_INSTRUCTION, EDIT_ROUTING_INSTRUCTION, DELIVERY_CHECK_INSTRUCTION]
        ),
        tools=[
            build_artifact_tool(model),
            *CONTENT_TOOLS,
            *SOURCE_TOOLS,
            build_blogger_delivery_check(model),
        ],
        sub_agents=[splitter],
        before_model_callback=build_blogger_router(chosen),
    )


_prose_guard = prose_guard_links(fallback=PROSE_FALLBACK, agents={"blogger"})


def _prose_then_raw(ctx: CallbackContext) -> list[TextFilter]:
    """A small model's no-tool words held to what it may say (`draftguard.prose_guard`),
    then the raw-output guard."""
    return [*_prose_guard(ctx), raw_output_filter(ctx)]


def build_app(
    model: str | BaseLlm | None = None, *, plugins: list[BasePlugin] | None = None
) -> App:
    """The app with the claim guard (no reply claims what no tool did) and the raw-output
    guard (no JSON, tool results, state keys or tracebacks) on every model reply, or the
    given `plugins`. The message hygiene check is always first: a message that cannot be
    read safely is answered where it enters. The argument guard is always there, right after
    the claim guard: both change the response in place, and ADK stops its round of
    after-model plugins at the first that returns one (the raw-output guard does), so its
    line still reaches the author, and is never judged as the model's claim."""
    chosen = plugins if plugins is not None else [build_claim_guard(),
                                                    TextFilterPlugin(_prose_then_raw)]
    first = [p for p in chosen if isinstance(p, ClaimGuardPlugin)]
    rest = [p for p in chosen if not isinstance(p, ClaimGuardPlugin)]
    # A small model's refused write ends the turn: it would only send it again.
    small = model_profile(model if model is not None else agent_model("blogger")).small
    return App(name="blogger", root_agent=build_blogger(model=model),
               plugins=[MessageHygienePlugin(), *first,
                        build_argument_guard(end_on_refusal=small), *rest])


app = build_app()
root_agent = app.root_agent
