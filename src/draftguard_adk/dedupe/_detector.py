"""`DuplicateDetector`: the event planner's duplicate filter interface over `draftguard.dedupe`.

One detector tracks one response (one user turn). `new_stream()` gives the streaming filter
that the invoker and the plugin feed chunk by chunk; `contains_duplicate_content` and
`add_content` are the check-then-track interface for callers that decide themselves.

Observability: OpenTelemetry meter instruments `content_duplicates_detected`
(counter, attribute `level` = chunk | content), `content_detection_latency` (histogram, ms)
and `content_detection_errors` (counter). Logs: DEBUG every similarity check, INFO content
added to tracking, WARNING a duplicate filtered, ERROR a detection failure.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from opentelemetry.metrics import Counter, Histogram, MeterProvider

from draftguard.dedupe import PieceKind
from draftguard.dedupe._stream import (
    ChunkReplay,
    ContentDuplicationEvent,
    DedupeSettings,
    DuplicateIndex,
    SentenceSimilarity,
    StreamDeduper,
    normalize_sentence,
    similarity,
)
from draftguard.dedupe._stream_units import split_units
from draftguard.settings import ProjectSettings, load_settings
from draftguard_adk.telemetry import counter, histogram

__all__ = [
    "SETTINGS_SECTION",
    "ContentDuplicationEvent",
    "DuplicateDetector",
    "SentenceSimilarity",
    "detector_settings",
]

log = logging.getLogger("draftguard_adk.dedupe._detector")
_DEFAULTS = DedupeSettings()

SETTINGS_SECTION = "duplicate_detector"
METER_NAME = "draftguard.event_planning"


@dataclass(frozen=True)
class _Instruments:
    duplicates: Counter
    latency: Histogram
    errors: Counter


def _instruments(provider: MeterProvider | None) -> _Instruments:
    return _Instruments(
        duplicates=counter(
            METER_NAME, "content_duplicates_detected", unit="1",
            description="Chunks and sentences filtered as duplicates", provider=provider,
        ),
        latency=histogram(
            METER_NAME, "content_detection_latency", unit="ms",
            description="Time spent in duplicate detection per chunk", provider=provider,
        ),
        errors=counter(
            METER_NAME, "content_detection_errors", unit="1",
            description="Duplicate-detection failures (the content was let through)",
            provider=provider,
        ),
    )


def detector_settings(
    settings: ProjectSettings | None = None, **overrides: Any
) -> DedupeSettings:
    """agents.yaml's `event_planning.duplicate_detector` section; `overrides` win over it."""
    project = settings if settings is not None else load_settings()
    section = project.agents.event_planning.duplicate_detector
    given = {k: v for k, v in overrides.items() if v is not None}
    return DedupeSettings.model_validate({**section.model_dump(), **given}) if given else section


class _TelemetryObserver:
    """Turns the core's reports into OpenTelemetry measurements and the detector's logs."""

    def __init__(self, instruments: _Instruments, session_id: str) -> None:
        self._m = instruments
        self._session_id = session_id

    def on_duplicate(self, event: ContentDuplicationEvent) -> None:
        self._m.duplicates.add(1, {"level": "content"})
        log.warning(
            "Content-level duplicate detected: %.100s (%.2f similar to: %.100s)",
            event.duplicate_sentence, event.similarity_score, event.similar_sentence,
            extra={"session_id": self._session_id, "duplicate_preview": event.to_dict()},
        )

    def on_chunk_replay(self, replay: ChunkReplay) -> None:
        self._m.duplicates.add(1, {"level": "chunk"})
        log.warning(
            "Chunk-level duplicate detected (%s, %.2f): %.100s",
            replay.reason, replay.score, replay.chunk,
            extra={"session_id": self._session_id, "duplicate_preview": replay.chunk[:100]},
        )

    def on_error(self, error: BaseException, where: str) -> None:
        self._m.errors.add(1, {"stage": where})

    def on_checked(self, seconds: float, units: int) -> None:
        self._m.latency.record(seconds * 1000.0)

    def on_added(self, sentence: str) -> None:
        log.debug("content added to duplicate tracking: %.60s", sentence,
                 extra={"session_id": self._session_id})


class DuplicateDetector:
    """Chunk-level (hash + near-exact) and content-level (sentence) duplicate detection."""

    def __init__(
        self,
        similarity_threshold: float = _DEFAULTS.similarity_threshold,
        content_similarity_threshold: float = _DEFAULTS.content_similarity_threshold,
        *,
        sentence_window_size: int = _DEFAULTS.sentence_window_size,
        min_sentence_chars: int = _DEFAULTS.min_sentence_chars,
        min_chunk_chars: int = _DEFAULTS.min_chunk_chars,
        session_id: str = "",
        meter_provider: MeterProvider | None = None,
    ) -> None:
        self.settings = DedupeSettings(
            similarity_threshold=similarity_threshold,
            content_similarity_threshold=content_similarity_threshold,
            sentence_window_size=sentence_window_size,
            min_sentence_chars=min_sentence_chars,
            min_chunk_chars=min_chunk_chars,
        )
        self.session_id = session_id
        self._instruments = _instruments(meter_provider)
        self.index = DuplicateIndex(
            self.settings,
            observer=_TelemetryObserver(self._instruments, session_id),
            session_id=session_id,
        )

    @classmethod
    def from_settings(
        cls,
        settings: ProjectSettings | None = None,
        *,
        session_id: str = "",
        meter_provider: MeterProvider | None = None,
        **overrides: Any,
    ) -> DuplicateDetector:
        s = detector_settings(settings, **overrides)
        return cls(
            s.similarity_threshold, s.content_similarity_threshold,
            sentence_window_size=s.sentence_window_size,
            min_sentence_chars=s.min_sentence_chars, min_chunk_chars=s.min_chunk_chars,
            session_id=session_id, meter_provider=meter_provider,
        )

    # The detector's long-standing attribute names, read-only views of the settings.
    @property
    def similarity_threshold(self) -> float:
        return self.settings.similarity_threshold

    @property
    def content_similarity_threshold(self) -> float:
        return self.settings.content_similarity_threshold

    @property
    def sentence_window_size(self) -> int:
        return self.settings.sentence_window_size

    @property
    def accumulated_sentences(self) -> list[str]:
        return self.index.texts

    @property
    def events(self) -> list[ContentDuplicationEvent]:
        return list(self.index.duplicates)

    @property
    def errors(self) -> int:
        return self.index.errors

    def new_stream(self) -> StreamDeduper:
        """A streaming filter over this detector's window (one per model call)."""
        return StreamDeduper(self.index)

    def contains_duplicate_content(self, new_text: str) -> tuple[bool, str | None]:
        """Whether `new_text` holds a sentence similar to tracked content; and a preview.

        Checks only; call `add_content` for text you let through. A duplicate is counted in
        `content_duplicates_detected` and logged at WARNING. Errors count, log and answer
        "not a duplicate": a failing filter degrades to letting content through.
        """
        if not new_text or new_text.isspace():
            return False, None
        started = time.perf_counter()
        try:
            for sentence in self._split_into_sentences(new_text):
                found = self._find_similar_sentence(sentence)
                if found is not None:
                    similar, score = found
                    # Counted and logged here, like the stream's drops, so metrics do not
                    # depend on which interface the caller uses.
                    self._instruments.duplicates.add(1, {"level": "content"})
                    log.warning(
                        "Content-level duplicate detected: %.100s (%.2f similar to: %.100s)",
                        sentence, score, similar,
                        extra={"session_id": self.session_id,
                               "duplicate_preview": sentence[:100]},
                    )
                    return True, f"{sentence[:100]!r} ~ {similar[:100]!r} ({score:.2f})"
            return False, None
        except Exception as err:
            self.index.record_error(err, "contains_duplicate_content")
            return False, None
        finally:
            self._instruments.latency.record((time.perf_counter() - started) * 1000.0)

    def add_content(self, text: str) -> None:
        """Track text that was let through."""
        try:
            for sentence in self._split_into_sentences(text):
                self.index.add(sentence)
        except Exception as err:
            self.index.record_error(err, "add_content")

    def is_duplicate_chunk(self, chunk: str) -> bool:
        """Chunk level alone: the normalised chunk was seen before (hash) or is >= the chunk
        threshold similar to the tracked text's tail."""
        norm = " ".join(chunk.split()).casefold()
        if len(norm) < self.settings.min_chunk_chars:
            return False
        if self.index.chunk_seen(norm):
            return True
        tail = " ".join(" ".join(self.index.texts).split()).casefold()[-len(norm) :]
        return bool(tail) and similarity(norm, tail) >= self.settings.similarity_threshold

    def compare(self, sentence1: str, sentence2: str) -> SentenceSimilarity:
        score = similarity(sentence1, sentence2)
        is_duplicate = score >= self.settings.content_similarity_threshold
        return SentenceSimilarity(sentence1, sentence2, score, is_duplicate)

    def _split_into_sentences(self, text: str) -> list[str]:
        """Dedupe units of `text` that are checked: no code, tables or very short ones."""
        return [
            p.text for p in split_units(text)
            if p.kind is not PieceKind.SEPARATOR and not p.kind.exempt
            and len(normalize_sentence(p.text)) >= self.settings.min_sentence_chars
        ]

    def _find_similar_sentence(self, sentence: str) -> tuple[str, float] | None:
        log.debug("similarity check: %.60s", sentence)
        return self.index.lookup(normalize_sentence(sentence))
