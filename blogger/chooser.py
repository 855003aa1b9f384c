"""A capable model picks among code's candidate readings, and nothing else.

Where code hesitates between places ("delete the sentence about the tea" and the tea is in
two), a capable model may pick one of code's readings: one call under a JSON schema that
admits only their numbers. A 0, an error or a malformed answer keeps code's question; the
embedded model is never asked (`build_blogger_router`).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable

from google.adk.agents.callback_context import CallbackContext
from google.adk.models.base_llm import BaseLlm

from draftguard.understanding import Interpretation
from draftguard_adk.llm import agent_model, ask_json, build_llm

__all__ = ["Chooser", "build_chooser"]

log = logging.getLogger("blogger.chat")

_CHOOSE_SYSTEM = (
    "An author asked for a change to their blog post, and it could mean several places. "
    "Answer with the number of the reading the author means, or 0 when the message does not "
    "say which. Never guess."
)
Chooser = Callable[[str, Interpretation, CallbackContext], Awaitable[Interpretation]]


def build_chooser(model: str | BaseLlm, *, timeout_s: float = 60.0) -> Chooser:
    """A capable model picks among code's candidate readings, under a schema that only
    admits their numbers; no pick (0, an error, a malformed answer) keeps code's question."""
    llm: list[BaseLlm] = []

    async def choose(message: str, request: Interpretation,
                     ctx: CallbackContext) -> Interpretation:
        options = list(request.candidates)
        schema = {"type": "object", "required": ["choice"], "additionalProperties": False,
                  "properties": {"choice": {"type": "integer",
                                            "enum": list(range(len(options) + 1))}}}
        listed = "\n".join(f"{i}. {json.dumps(c.slots, ensure_ascii=False)}"
                           for i, c in enumerate(options, 1))
        prompt = f"The author wrote: {message}\nThe readings:\n{listed}"
        try:
            if not llm:
                llm.append(build_llm(agent_model("blogger", model=model)))
            answer = await ask_json(llm[0], prompt, schema=schema, system=_CHOOSE_SYSTEM,
                                    timeout_s=timeout_s,
                                    ctx=getattr(ctx, "_invocation_context", None),
                                    purpose="choosing what the author meant")
            choice = json.loads(answer)["choice"]
        except Exception:  # a failed pick keeps code's question; it never blocks the turn
            log.warning("choosing a reading failed; asking the author", exc_info=True)
            return request
        if not isinstance(choice, int) or not 1 <= choice <= len(options):
            return request
        return options[choice - 1]

    return choose


