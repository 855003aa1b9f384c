"""Worker log lines as structured logging: the worker log format for people, JSON lines for
machines.

Every line is a `logging` record on the `draftguard.worker` logger whose `fields` attribute
holds the structured data (job_id, worker, event, stage, progress, ...). `WorkerLogFormatter`
prints a clock stamp and the marked message, `[10:30:00] ⚙️ Processing job ... (type=quiz)`;
`JsonLineFormatter` prints one JSON object per line with the same message and every field.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from draftguard.textio._display import escape_controls

__all__ = [
    "WORKER_LOGGER",
    "JsonLineFormatter",
    "WorkerLogFormatter",
    "configure_worker_logging",
    "marked_line",
]

WORKER_LOGGER = "draftguard.worker"


# The worker log's markers and indentation, by how the repair loop's message starts.
_MARKERS: tuple[tuple[str, str], ...] = (
    ("Phase 1", "📋 "), ("Phase 2", "🔨 "), ("Phase 3", "✅ "),
    ("Plan created", "✓ "), ("Generated artifact", "✓ "),
    ("Validation failed", "⚠️  "), ("Repair attempt", "🔧 "),
)
_INDENTED = re.compile(
    r"^(→ Step|→ Revalidating|✓ Structure|✓ Semantics|✗ Still invalid|✗ \d+ (violation|issue)"
    r"|✗ (Structural|Semantic)|Semantic validation skipped)"
)


def marked_line(message: str) -> str:
    """`message` with its worker log marker or indentation ("Phase 1: ..." → "📋 Phase 1: ...",
    "→ Step 1: ..." → "  → Step 1: ..."); anything else unchanged."""
    text = message.strip()
    for prefix, marker in _MARKERS:
        if text.startswith(prefix):
            return marker + text
    if _INDENTED.match(text):
        return "  " + text
    return text


def _fields(record: logging.LogRecord) -> Mapping[str, Any]:
    got = getattr(record, "fields", None)
    return got if isinstance(got, Mapping) else {}


class WorkerLogFormatter(logging.Formatter):
    """`[HH:MM:SS] message`, in local time: the worker log format people read."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = datetime.fromtimestamp(record.created).strftime("%H:%M:%S")
        # One record, one line: a job error or a name quoting a newline must not forge lines.
        text = f"[{stamp}] {escape_controls(record.getMessage(), single_line=True)}"
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        return text


class JsonLineFormatter(logging.Formatter):
    """One JSON object per line: ts (UTC), level, message and the record's fields."""

    def format(self, record: logging.LogRecord) -> str:
        payload: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage().strip(),
        }
        for key, value in _fields(record).items():
            payload.setdefault(key, value)
        if record.exc_info:
            payload["exception"] = self.formatException(record.exc_info)
        return json.dumps(payload, ensure_ascii=False, default=str)


def configure_worker_logging(*, json_lines: bool = False, level: int = logging.INFO) -> None:
    """Send worker lines to stderr in the chosen format (idempotent)."""
    logger = logging.getLogger(WORKER_LOGGER)
    logger.setLevel(level)
    for handler in list(logger.handlers):
        if getattr(handler, "_draftguard", False):
            logger.removeHandler(handler)
    handler = logging.StreamHandler()
    handler.setFormatter(JsonLineFormatter() if json_lines else WorkerLogFormatter())
    handler._draftguard = True  # type: ignore[attr-defined]
    logger.addHandler(handler)
    logger.propagate = False
