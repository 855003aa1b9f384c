"""What the duplicate filter reports: comparisons, filtered duplicates, dropped replays, and
the observer protocol adapters implement to turn them into metrics and logs."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

__all__ = [
    "ChunkReplay",
    "ContentDuplicationEvent",
    "DedupeObserver",
    "SentenceSimilarity",
    "SilentObserver",
]

# Reports carry previews, never whole sentences of a user's answer.
_PREVIEW = 100


@dataclass
class SentenceSimilarity:
    """Result of comparing one sentence with another."""

    sentence1: str
    sentence2: str
    similarity_score: float
    is_duplicate: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "sentence1_preview": self.sentence1[:_PREVIEW],
            "sentence2_preview": self.sentence2[:_PREVIEW],
            "similarity_score": self.similarity_score,
            "is_duplicate": self.is_duplicate,
        }


@dataclass
class ContentDuplicationEvent:
    """One content-level duplicate that was filtered."""

    duplicate_sentence: str
    similar_sentence: str
    similarity_score: float
    position_in_response: int
    session_id: str = ""
    event_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    timestamp: datetime = field(default_factory=lambda: datetime.now(UTC))

    def to_dict(self) -> dict[str, Any]:
        return {
            "event_id": self.event_id,
            "session_id": self.session_id,
            "timestamp": self.timestamp.isoformat(),
            "duplicate_sentence_preview": self.duplicate_sentence[:_PREVIEW],
            "similar_sentence_preview": self.similar_sentence[:_PREVIEW],
            "similarity_score": self.similarity_score,
            "position_in_response": self.position_in_response,
        }


@dataclass
class ChunkReplay:
    """A chunk dropped at chunk level: `reason` is "hash" or "near_exact"."""

    chunk: str
    reason: str
    score: float
    position_in_response: int


class DedupeObserver(Protocol):
    """Where the filter reports what it did; adapters turn this into metrics and logs."""

    def on_duplicate(self, event: ContentDuplicationEvent) -> None: ...
    def on_chunk_replay(self, replay: ChunkReplay) -> None: ...
    def on_error(self, error: BaseException, where: str) -> None: ...
    def on_checked(self, seconds: float, units: int) -> None: ...
    def on_added(self, sentence: str) -> None: ...


class SilentObserver:
    """Reports nowhere: the filter used without an adapter."""

    def on_duplicate(self, event: ContentDuplicationEvent) -> None:
        pass

    def on_chunk_replay(self, replay: ChunkReplay) -> None:
        pass

    def on_error(self, error: BaseException, where: str) -> None:
        pass

    def on_checked(self, seconds: float, units: int) -> None:
        pass

    def on_added(self, sentence: str) -> None:
        pass
