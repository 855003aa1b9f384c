"""Seed 002 end to end: the planner streams through the invoker, the plugin and the API server."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import pytest
from chat_turns import new_session, turn
from google.adk.runners import InMemoryRunner
from metric_points import metric_points
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from scripted_llm import Call, Chunks, ScriptedLlm

from draftguard_adk.dedupe import AgentInvoker, DuplicateDetector, DuplicateFilterPlugin
from event_planning.agent import build_app, build_event_planner
from event_planning.state_keys import PREFERENCES_KEY

VENUES = [
    "1. **Trattoria San Marzano** (East Passyunk, $$$). Handmade pasta and Sunday gravy in "
    "a candlelit room; the private room seats 24.",
    "2. **Cucina Lucia** (Bella Vista, $$$). Wood-fired pizza and veal saltimbocca, a short "
    "walk from the Italian Market.",
    "3. **Enoteca Vincenza** (Queen Village, $$$). Burrata, cacio e pepe and a long wine "
    "list, with a quiet upstairs room for groups.",
]
INTRO = "Here are upscale Italian spots in South Philly for your group."
OUTRO = "Want me to shortlist one of them?"
THIRD_ANSWER = (
    INTRO + "\n\n" + "\n".join(VENUES) + "\n\n"
    # The bug: the model starts over and repeats the list, with different numbering.
    + "Here are upscale Italian spots in South Philly for your group.\n\n"
    + "\n".join(v.replace("1. ", "- ").replace("2. ", "- ").replace("3. ", "- ")
                for v in VENUES)
    + "\n\n" + OUTRO
)


MODEL_MESSAGES = ("Italian or Thai, what do you think?", "$$$ or $$$$, whichever you like",
                  "South Philly or Fishtown Italian, you choose")


def _chunks(text: str, sizes: Iterator[int]) -> list[str]:
    out, i = [], 0
    while i < len(text):
        n = next(sizes)
        out.append(text[i : i + n])
        i += n
    return out


def _cycle(*sizes: int) -> Iterator[int]:
    while True:
        yield from sizes


def _scripted_turns() -> list[object]:
    return [
        Call("search_venues", {"cuisine": "italian"}),
        Chunks(_chunks("I found several Italian places. " + VENUES[0], _cycle(7, 13))),
        Call("search_venues", {"price_level": "$$$"}),
        Chunks(_chunks("Sticking with Italian at $$$. " + VENUES[1], _cycle(11, 5))),
        Call("search_venues", {"neighborhood": "south_philly"}),
        # New chunk boundaries: the repeat never lines up with the first copy.
        Chunks(_chunks(THIRD_ANSWER, _cycle(9, 17, 4, 23))),
    ]


@pytest.fixture
def metrics() -> tuple[MeterProvider, InMemoryMetricReader]:
    reader = InMemoryMetricReader()
    return MeterProvider(metric_readers=[reader]), reader


async def test_south_philly_duplicate(
    metrics: tuple[MeterProvider, InMemoryMetricReader], caplog: pytest.LogCaptureFixture
) -> None:
    provider, reader = metrics
    model = ScriptedLlm(_scripted_turns())
    invoker = AgentInvoker(
        build_event_planner(model),
        detector_factory=lambda sid: DuplicateDetector(session_id=sid, meter_provider=provider),
    )
    answers: list[str] = []
    caplog.set_level(logging.INFO, logger="event_planning")
    # Code now answers the seed's own messages ("Italian food", "$$$", "South Philly
    # Italian": tests/understanding/test_planner_chat.py); these, each with two readings, reach
    # the model, so the filter still meets the model's streamed repeats.
    for message in MODEL_MESSAGES:
        pieces = [
            item async for item in invoker.invoke_agent_streaming(
                user_id="u", session_id="s1", message=message
            )
        ]
        assert all(p["type"] == "text" for p in pieces)
        answers.append("".join(p["content"] for p in pieces))

    final = answers[2]
    assert model.remaining == 0
    for venue in VENUES:
        name = venue.split("**")[1]
        assert final.count(name) == 1, (name, final)
    assert final.count("Here are upscale Italian spots") == 1
    assert final.startswith(INTRO) and final.rstrip().endswith(OUTRO)
    # Nothing else was lost: the first copy of the list is intact.
    assert "\n".join(VENUES) in final
    assert answers[0].count("Trattoria San Marzano") == 1

    points = metric_points(reader)
    content_dups = sum(
        p.value for p in points["content_duplicates_detected"]  # type: ignore[attr-defined]
        if p.attributes.get("level") == "content"  # type: ignore[attr-defined]
    )
    assert content_dups >= 7  # intro + 3 venues x 2 sentences
    assert sum(p.count for p in points["content_detection_latency"]) > 0  # type: ignore[attr-defined]
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING
                and "Content-level duplicate detected" in r.getMessage()]
    assert len(warnings) == content_dups
    assert all(getattr(r, "session_id", None) == "s1" for r in warnings)

    session = await invoker.session_service.get_session(
        app_name=invoker.app_name, user_id="u", session_id="s1"
    )
    assert session is not None
    assert session.state[PREFERENCES_KEY] == {
        "cuisine": "italian", "price_level": "$$$", "neighborhood": "south_philly"
    }


async def test_plugin_filters_stream_and_stored_session(
    metrics: tuple[MeterProvider, InMemoryMetricReader],
) -> None:
    provider, reader = metrics
    model = ScriptedLlm([Chunks(_chunks(THIRD_ANSWER, _cycle(6, 19, 11)))])
    plugin = DuplicateFilterPlugin(
        detector_factory=lambda sid: DuplicateDetector(session_id=sid, meter_provider=provider)
    )
    app = build_app(model, plugins=[plugin])
    runner = InMemoryRunner(app=app)
    sid = await new_session(runner)
    streamed: list[str] = []
    finals: list[str] = []
    for event in await turn(runner, sid, MODEL_MESSAGES[2], stream=True):
        text = "".join(p.text or "" for p in (event.content.parts if event.content else []))
        (streamed if event.partial else finals).append(text)
    # The final event carries everything streamed plus the held-back tail, flushed at the end.
    shown = finals[-1]
    assert shown.startswith("".join(streamed)) and shown.rstrip().endswith(OUTRO)
    for venue in VENUES:
        assert shown.count(venue.split("**")[1]) == 1
    stored = await runner.session_service.get_session(
        app_name=app.name, user_id="u", session_id=sid
    )
    assert stored is not None
    model_texts = ["".join(p.text or "" for p in e.content.parts or [])
                   for e in stored.events if e.author == "event_planning" and e.content]
    assert model_texts == [shown]
    assert not any(e.partial for e in stored.events)
    assert metric_points(reader)["content_duplicates_detected"]


async def test_plugin_error_lets_the_response_through_and_is_counted(
    metrics: tuple[MeterProvider, InMemoryMetricReader], monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    provider, reader = metrics
    from draftguard.dedupe._stream import StreamDeduper

    def broken(self: StreamDeduper, chunk: str) -> str:
        raise RuntimeError("forced plugin failure")

    monkeypatch.setattr(StreamDeduper, "feed", broken)
    chunks = _chunks(THIRD_ANSWER, _cycle(6, 19, 11))
    plugin = DuplicateFilterPlugin(
        detector_factory=lambda sid: DuplicateDetector(session_id=sid, meter_provider=provider)
    )
    runner = InMemoryRunner(app=build_app(ScriptedLlm([Chunks(chunks)]), plugins=[plugin]))
    sid = await new_session(runner)
    streamed: list[str] = []
    finals: list[str] = []
    with caplog.at_level(logging.ERROR):
        events = await turn(runner, sid, MODEL_MESSAGES[0], stream=True)
    for event in events:
        text = "".join(p.text or "" for p in (event.content.parts if event.content else []))
        (streamed if event.partial else finals).append(text)
    # Nothing is blocked: every chunk and the whole final answer pass unchanged.
    assert "".join(streamed) == "".join(chunks) and finals[-1] == "".join(chunks)
    errors = sum(p.value for p in metric_points(reader)["content_detection_errors"])  # type: ignore[attr-defined]
    assert errors == len(chunks) + 1  # every partial and the final response
    assert any(r.levelno == logging.ERROR and "forced plugin failure" in r.getMessage()
               for r in caplog.records)


def test_plugin_filters_api_server_run_sse(tmp_path_factory: pytest.TempPathFactory) -> None:
    from fastapi.testclient import TestClient
    from google.adk.cli.fast_api import get_fast_api_app

    import event_planning.agent as agent_module

    model = ScriptedLlm([Chunks(_chunks(THIRD_ANSWER, _cycle(8, 21, 3)))])
    # The duplicate filter alone: no search ran, so venue grounding would drop these venues.
    scripted_app = build_app(model, plugins=[DuplicateFilterPlugin()])
    original = agent_module.app
    agent_module.app = scripted_app
    try:
        import pathlib

        root = pathlib.Path(agent_module.__file__).resolve().parents[1]
        api = get_fast_api_app(agents_dir=str(root), web=False)
        with TestClient(api) as client:
            created = client.post("/apps/event_planning/users/u/sessions", json={})
            assert created.status_code == 200, created.text
            sid = created.json()["id"]
            resp = client.post("/run_sse", json={
                "app_name": "event_planning", "user_id": "u", "session_id": sid,
                "new_message": {"role": "user", "parts": [{"text": MODEL_MESSAGES[2]}]},
                "streaming": True,
            })
            assert resp.status_code == 200, resp.text
            events = [json.loads(line[len("data: "):]) for line in resp.text.splitlines()
                      if line.startswith("data: ")]
            stored = client.get(f"/apps/event_planning/users/u/sessions/{sid}").json()
    finally:
        agent_module.app = original
    partial_text = "".join(
        p.get("text", "") for e in events if e.get("partial")
        for p in (e.get("content") or {}).get("parts", [])
    )
    assert model.remaining == 0
    for venue in VENUES:
        assert partial_text.count(venue.split("**")[1]) <= 1, partial_text
    final = [e for e in events if not e.get("partial")][-1]["content"]["parts"][0]["text"]
    assert final.startswith(partial_text) and final.rstrip().endswith(OUTRO)
    for venue in VENUES:
        assert final.count(venue.split("**")[1]) == 1, final
    stored_text = "".join(
        p.get("text", "") for e in stored["events"] if e["author"] == "event_planning"
        for p in e["content"]["parts"]
    )
    assert stored_text == final
