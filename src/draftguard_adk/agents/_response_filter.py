"""`ResponseFilter`: text filters over ADK's streamed responses, for plugins and invokers alike.

In SSE mode a model call streams `partial=True` responses, one chunk each, and ends with a
final response that aggregates them (`flows/llm_flows/core/_model_call.py`; ADK 2.13). An
`after_model_callback` plugin sees each of those responses; an invoker driving a `Runner`
sees them again as events. Both need the same thing: each chunk's text through a chain of
`TextFilter`s (the duplicate filter today, a grounding filter beside it later), the text to
show now, and a final response that carries everything shown and nothing twice.

The protocol, one stream per author (per agent), a new filter chain per model call:

- a partial's text goes through the chain; what comes out is shown now;
- the final's text is compared with what the partials carried. When it extends them, only
  the extension is new. When it does not (a model whose last chunk is not an aggregate),
  all of it is new: dropping it could lose text no filter judged, and any repeat in it
  is still a repeat for the filters. Then the chain is flushed;
- the final is rewritten to carry every piece shown for this model call, so a client
  that replaces the partials with the final, and the stored session, see what was shown.

A filter that raises lets the text through unfiltered and the error goes to `on_error`: a
guardrail that fails must not take the answer down with it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from google.adk.models.llm_response import LlmResponse
from google.genai import types

__all__ = [
    "FilterChain",
    "FilteredResponse",
    "ResponseFilter",
    "SnapshotAware",
    "TextFilter",
]

log = logging.getLogger("draftguard_adk.agents.response_filter")


class TextFilter(Protocol):
    """One link of a chain: text in, chunk by chunk; what may be shown out."""

    def feed(self, chunk: str) -> str:
        """The text to show now for `chunk` (which may be empty); may hold some back."""
        ...

    def flush(self) -> str:
        """End of the model call: whatever is still held back."""
        ...


@runtime_checkable
class SnapshotAware(Protocol):
    """A filter that can tell what a cumulative snapshot adds, beyond byte prefixes (the
    duplicate filter also recognises the snapshot without the retransmissions it dropped)."""

    def snapshot_suffix(self, snapshot: str) -> str | None: ...


#: Makes the chain for one model call, first filter first.
FilterChain = Callable[[], Sequence[TextFilter]]


@dataclass(frozen=True)
class FilteredResponse:
    """What became of one response."""

    shown: str
    """The text to show for it, beyond what earlier responses of its stream showed."""
    response: LlmResponse | None
    """The response as ADK should carry it on; None to let it pass unchanged."""


@dataclass
class _Stream:
    chain: Sequence[TextFilter]
    received: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)

    def feed(self, text: str) -> str:
        for link in self.chain:
            text = link.feed(text)
        return text

    def flush(self) -> str:
        # What one link releases at the end still has to pass the links after it.
        out = ""
        for link in self.chain:
            out = (link.feed(out) if out else "") + link.flush()
        return out

    def snapshot_suffix(self, snapshot: str) -> str | None:
        received = "".join(self.received)
        if snapshot.startswith(received):
            return snapshot[len(received) :]
        head = self.chain[0] if self.chain else None
        return head.snapshot_suffix(snapshot) if isinstance(head, SnapshotAware) else None


class ResponseFilter:
    """Runs ADK's partial/final responses through a `FilterChain`, one stream per author.

    Make one per invocation: filters that remember (the duplicate window) remember across
    its model calls, so a repeat after a tool call is caught too.
    """

    def __init__(
        self,
        chain: FilterChain,
        *,
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        self._chain = chain
        self._on_error = on_error
        self._streams: dict[str, _Stream] = {}

    def filter(self, response: LlmResponse, *, author: str) -> FilteredResponse:
        """Filter one response of `author`'s stream (see the module docstring)."""
        parts = _text_parts(response.content)
        text = "".join(p.text or "" for p in parts)
        if response.partial:
            stream = self._streams.get(author) or self._streams.setdefault(
                author, _Stream(self._chain())
            )
            if not parts:
                return FilteredResponse("", None)
            stream.received.append(text)
            shown, ok = self._run(lambda: stream.feed(text), fallback=text)
            stream.shown.append(shown)
            return FilteredResponse(shown, _with_text(response, shown) if ok else None)
        # The final response closes this model call's stream.
        opened = self._streams.pop(author, None)
        if opened is None and not parts:
            return FilteredResponse("", None)
        stream = opened or _Stream(self._chain())
        rest = stream.snapshot_suffix(text)
        if rest is None:
            if parts:
                log.warning("final response does not extend its streamed parts; "
                            "filtering all of it as new text")
            rest = text
        fed, _ = self._run(lambda: stream.feed(rest), fallback=rest)
        held, _ = self._run(stream.flush, fallback="")
        stream.shown.append(fed + held)
        whole = "".join(stream.shown)
        if not parts and not whole:
            return FilteredResponse("", None)
        return FilteredResponse(fed + held, _with_text(response, whole))

    def _run(self, step: Callable[[], str], *, fallback: str) -> tuple[str, bool]:
        """`step()` and True; or, when a filter raises, `fallback` (the text unfiltered)."""
        try:
            return step(), True
        except Exception as err:
            if self._on_error is not None:
                self._on_error(err)
            else:
                log.exception("response filter failed; text passed unfiltered")
            return fallback, False


def _text_parts(content: types.Content | None) -> list[types.Part]:
    if content is None or not content.parts:
        return []
    return [p for p in content.parts if p.text is not None and not p.thought]


def _with_text(response: LlmResponse, text: str) -> LlmResponse:
    """`response` with its (non-thought) text parts replaced by one part holding `text`."""
    parts = list(response.content.parts or []) if response.content else []
    others = [p for p in parts if p.text is None or p.thought]
    new_parts = ([types.Part(text=text)] if text else []) + others
    content = types.Content(role=response.content.role if response.content else "model",
                            parts=new_parts) if new_parts else None
    return response.model_copy(update={"content": content})
