"""What one planner message costs the language layer: its parts parsed in one batch, every
text it compares through the encoder in one call, and no similarity where the words already
decided (a venue named, a request no tool does). The readings are the same as before."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from draftguard.language import language_installed
from event_planning.conversation import new_conversation

pytestmark = pytest.mark.skipif(not language_installed(), reason="needs the language layer")


class _Calls:
    def __init__(self) -> None:
        self.encoder: list[list[str]] = []
        self.parser = 0


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Calls]:
    from draftguard.language._minilm import MiniLM
    from draftguard.language._parser import pipeline

    for said in ("some bibimbap in fishtown", "hmm what else could we do",
                 "a place where they let you carry in beer"):  # loads every index
        new_conversation("2026-11-24").read(said)
    seen = _Calls()
    encode, nlp = MiniLM.encode, pipeline()
    language = type(nlp)
    call, pipe = language.__call__, language.pipe

    def counted_encode(self: MiniLM, texts: list[str], **kw: Any) -> Any:
        seen.encoder.append(list(texts))
        return encode(self, texts, **kw)

    def counted_call(self: Any, *args: Any, **kw: Any) -> Any:
        seen.parser += 1
        return call(self, *args, **kw)

    def counted_pipe(self: Any, *args: Any, **kw: Any) -> Any:
        seen.parser += 1
        return pipe(self, *args, **kw)

    monkeypatch.setattr(MiniLM, "encode", counted_encode)
    monkeypatch.setattr(language, "__call__", counted_call)
    monkeypatch.setattr(language, "pipe", counted_pipe)
    yield seen


def _read(said: str) -> list[tuple[str, bool]]:
    reading = new_conversation("2026-11-24").read(said)
    return [(r.intent.value, r.question is not None) for r in reading.requests]


def test_a_message_of_several_parts_is_parsed_once(calls: _Calls) -> None:
    assert _read("Mexican please. Queen Village. There will be 7 of us.") == [("search", False)]
    assert calls.parser == 1


def test_every_text_a_message_compares_goes_through_the_encoder_at_once(calls: _Calls) -> None:
    # A food word no entry names ("empanadas") and a clause no lexicon word covers are
    # compared, and so is the message with the example requests: one encoder call.
    _read("we're hosting a retirement lunch with empanadas, somewhere we can carry in cider")
    assert len(calls.encoder) == 1 and len(calls.encoder[0]) >= 3


def test_a_message_about_a_named_venue_is_not_compared(calls: _Calls) -> None:
    # Its preferences are not read (it is about the venue), so nothing is embedded for them.
    assert _read("does Zaytoon have somewhere to lock up bikes nearby?") == [("pick", False)]
    assert calls.encoder == []


def test_a_request_no_tool_does_is_not_compared_with_example_requests(calls: _Calls) -> None:
    assert _read("could you book it for us") == [("unclear", True)]
    assert calls.encoder == []
