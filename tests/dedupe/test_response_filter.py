"""One `ResponseFilter` behind the duplicate plugin and the invoker: same stream, same text.

Before they shared it, the plugin and the invoker each wrote ADK's partial/final protocol and
disagreed: on a final response that does not extend its partials the plugin kept only the
partials (losing the final's text) while the invoker filtered it as new text; the invoker
kept one stream for all authors where the plugin kept one per agent; and a failing filter
crashed the invoker's turn where the plugin let the text through.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Sequence

import pytest
from google.adk.agents import LlmAgent
from google.adk.agents.run_config import RunConfig, StreamingMode
from google.adk.apps import App
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import InMemoryRunner
from google.genai import types
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import PrivateAttr

from draftguard.dedupe._stream import StreamDeduper, dedupe_text
from draftguard_adk.agents._response_filter import ResponseFilter
from draftguard_adk.dedupe import AgentInvoker, DuplicateDetector, DuplicateFilterPlugin

VENUES = [
    "1. **Trattoria San Marzano** (East Passyunk, $$$). Handmade pasta and Sunday gravy in "
    "a candlelit room; the private room seats 24.",
    "2. **Cucina Lucia** (Bella Vista, $$$). Wood-fired pizza and veal saltimbocca, a short "
    "walk from the Italian Market.",
]
INTRO = "Here are upscale Italian spots in South Philly for your group."
OUTRO = "Want me to shortlist one of them?"
REPEATING = (
    INTRO + "\n\n" + "\n".join(VENUES) + "\n\n" + INTRO + "\n\n"
    + "\n".join(v.replace("1. ", "- ").replace("2. ", "- ") for v in VENUES)
    + "\n\n" + OUTRO
)


def text(value: str, *, partial: bool, thought: str | None = None) -> LlmResponse:
    parts = ([types.Part(text=thought, thought=True)] if thought else []) + [
        types.Part(text=value)
    ]
    return LlmResponse(content=types.Content(role="model", parts=parts), partial=partial,
                       turn_complete=None if partial else True)


def streamed(chunks: Sequence[str], final: str | None = None) -> list[LlmResponse]:
    """The chunks as partials, then the final (by default ADK's aggregate of them)."""
    whole = "".join(chunks) if final is None else final
    return [text(c, partial=True) for c in chunks] + [text(whole, partial=False)]


def cut(value: str, *sizes: int) -> list[str]:
    out, i, k = [], 0, 0
    while i < len(value):
        out.append(value[i : i + sizes[k % len(sizes)]])
        i += sizes[k % len(sizes)]
        k += 1
    return out


class StreamLlm(BaseLlm):
    """Replays exact `LlmResponse` streams, one list per model call."""

    model: str = "stream"
    _calls: list[list[LlmResponse]] = PrivateAttr(default_factory=list)

    def __init__(self, calls: Sequence[Sequence[LlmResponse]]) -> None:
        super().__init__()
        self._calls = [list(c) for c in calls]

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        for response in self._calls.pop(0):
            if stream or not response.partial:
                yield response.model_copy(deep=True)


def _agent(responses: list[LlmResponse]) -> LlmAgent:
    return LlmAgent(name="planner", model=StreamLlm([responses]), instruction="Plan dinners.")


def _detector(session_id: str) -> DuplicateDetector:
    return DuplicateDetector(session_id=session_id)


async def through_plugin(responses: list[LlmResponse]) -> tuple[str, str, str]:
    """(partials shown, final event text, stored text) under `adk web`'s runner with the
    plugin."""
    plugin = DuplicateFilterPlugin(detector_factory=_detector)
    runner = InMemoryRunner(app=App(name="parity", root_agent=_agent(responses),
                                    plugins=[plugin]))
    session = await runner.session_service.create_session(app_name="parity", user_id="u")
    partials: list[str] = []
    finals: list[str] = []
    async for event in runner.run_async(
        user_id="u", session_id=session.id,
        new_message=types.Content(role="user", parts=[types.Part(text="Italian")]),
        run_config=RunConfig(streaming_mode=StreamingMode.SSE),
    ):
        shown = "".join(p.text or "" for p in (event.content.parts or []) if not p.thought) \
            if event.content else ""
        (partials if event.partial else finals).append(shown)
    stored = await runner.session_service.get_session(app_name="parity", user_id="u",
                                                      session_id=session.id)
    assert stored is not None
    kept = "".join(p.text or "" for e in stored.events if e.author == "planner" and e.content
                   for p in e.content.parts or [] if not p.thought)
    return "".join(partials), finals[-1], kept


async def through_invoker(responses: list[LlmResponse]) -> str:
    invoker = AgentInvoker(_agent(responses), app_name="parity", detector_factory=_detector)
    pieces = [item["content"] async for item in invoker.invoke_agent_streaming(
        user_id="u", session_id="s", message="Italian")]
    return "".join(pieces)


STREAMS = {
    "aggregate final": streamed(cut(REPEATING, 9, 17, 4, 23)),
    # Some models end with a last chunk instead of an aggregate: it is new text, not noise.
    "final is the last chunk": [text(c, partial=True) for c in cut(REPEATING, 40)[:-1]]
    + [text(cut(REPEATING, 40)[-1], partial=False)],
    # A final that says something else entirely: filtered as new text after the partials.
    "final rewritten": streamed(cut(INTRO + " " + VENUES[0], 11),
                                final=VENUES[1] + "\n\n" + INTRO + " " + OUTRO),
    "retransmitted chunk": streamed([VENUES[0][:50], VENUES[0][:50], VENUES[0][50:],
                                     "\n\n" + OUTRO]),
    "thought beside the answer": [text(c, partial=True) for c in cut(REPEATING, 30)]
    + [text(REPEATING, partial=False, thought="The user wants Italian.")],
    "no partials": [text(REPEATING, partial=False)],
}


@pytest.mark.parametrize("name", list(STREAMS))
async def test_plugin_and_invoker_show_the_same_text(name: str) -> None:
    responses = STREAMS[name]
    partials, final, stored = await through_plugin(responses)
    invoked = await through_invoker(responses)
    assert final == invoked == stored
    assert final.startswith(partials)  # what streamed is never taken back
    assert final.count("Trattoria San Marzano") <= 1 and final.count(INTRO) <= 1


async def test_a_final_that_does_not_extend_its_partials_keeps_its_text() -> None:
    last = cut(REPEATING, 40)
    _, final, _ = await through_plugin(STREAMS["final is the last chunk"])
    whole, _ = dedupe_text(last)
    assert final == whole and final.rstrip().endswith(OUTRO)


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sizes=st.lists(st.integers(min_value=1, max_value=60), min_size=1, max_size=6))
async def test_any_chunking_gives_the_same_text_to_both(sizes: list[int]) -> None:
    responses = streamed(cut(REPEATING, *sizes))
    _, final, _ = await through_plugin(responses)
    assert final == await through_invoker(responses)


async def test_a_failing_filter_lets_the_text_through_once_in_both(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: StreamDeduper, chunk: str) -> str:
        raise RuntimeError("forced filter failure")

    monkeypatch.setattr(StreamDeduper, "feed", broken)
    responses = STREAMS["aggregate final"]
    _, final, _ = await through_plugin(responses)
    assert final == REPEATING == await through_invoker(responses)


class Upper:
    """A second link: upper-cases what the first let through, a word at a time."""

    def __init__(self) -> None:
        self.held = ""

    def feed(self, chunk: str) -> str:
        self.held += chunk
        done, _, self.held = self.held.rpartition(" ")
        return (done + " ").upper() if done else ""

    def flush(self) -> str:
        out, self.held = self.held.upper(), ""
        return out


def test_a_chain_passes_what_one_link_releases_at_the_end_through_the_next() -> None:
    detector = DuplicateDetector()
    filters = ResponseFilter(lambda: [detector.new_stream(), Upper()])
    chunks = cut(INTRO + " " + INTRO + " Book", 7)
    shown = [filters.filter(r, author="a").shown for r in streamed(chunks)]
    assert "".join(shown) == INTRO.upper() + " BOOK"
    # A later model call (after a tool call) gets a new chain over the same window: its
    # repeat of the whole answer shows nothing, and its final carries no text.
    again = filters.filter(streamed(chunks)[-1], author="a")
    assert again.shown == "" and again.response is not None
    assert again.response.content is None


def test_each_author_has_its_own_stream() -> None:
    # Two agents streaming at once (a ParallelAgent): one's tail is not the other's text.
    filters = ResponseFilter(lambda: [StreamDeduper()])
    a = cut("Alpha has a room for twelve. It opens at six.", 8)
    b = cut("Bravo takes walk-ins on Sundays. Parking is free.", 5)
    shown: dict[str, str] = {"a": "", "b": ""}
    for i in range(max(len(a), len(b))):
        for author, chunks in (("a", a), ("b", b)):
            if i < len(chunks):
                shown[author] += filters.filter(text(chunks[i], partial=True),
                                                author=author).shown
    for author, chunks in (("a", a), ("b", b)):
        final = filters.filter(text("".join(chunks), partial=False), author=author)
        shown[author] += final.shown
        assert final.response is not None and final.response.content is not None
        assert final.response.content.parts[0].text == shown[author] == "".join(chunks)
