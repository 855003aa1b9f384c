"""`draftguard dedupe`: filter a streamed answer (JSONL chunks on stdin) like the planner does."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from draftguard.dedupe._reports import SilentObserver
from draftguard.dedupe._stream import (
    ChunkReplay,
    ContentDuplicationEvent,
    DedupeSettings,
    DuplicateIndex,
    StreamDeduper,
)
from draftguard.errors import SchemaError
from draftguard.textio._display import dump_json
from draftguard.textio._structured_input import load_json
from draftguard.textio._text_input import decode_text, read_stream_bytes
from draftguard_adk.cli._output import EXIT_OK, add_json_flag, emit_json

HELP = """\
Read a streamed model answer as JSON lines, one chunk per line: {"text": "..."}. Write a
{"type": "text", "content": "..."} line for each piece of text that passes duplicate
detection, as soon as it is complete; the contents concatenated are the final answer.
A sentence (or list item, or heading) at least THRESHOLD similar to one of the last WINDOW
kept ones is dropped, as is a chunk that replays text already streamed. Code blocks and
tables are never dropped. With --events, each dropped sentence or chunk also gives a
{"type": "duplicate", "sentence": ..., "similar_to": ..., "score": ...} line.
With --json, one JSON document with the final text and every event is printed at the end.
Exit 0, or 2 on bad input (a line that is not JSON, or has no string "text", or no chunk
at all on stdin).
"""
_DEFAULTS = DedupeSettings()


class _Recorder(SilentObserver):
    """Duplicates as output lines; everything else is ignored, as the silent observer does."""

    def __init__(self, lines: list[dict[str, Any]], events: bool) -> None:
        self._lines, self._events = lines, events

    def on_duplicate(self, event: ContentDuplicationEvent) -> None:
        if self._events:
            self._lines.append({
                "type": "duplicate", "sentence": event.duplicate_sentence,
                "similar_to": event.similar_sentence,
                "score": round(event.similarity_score, 4),
            })

    def on_chunk_replay(self, replay: ChunkReplay) -> None:
        if self._events:
            self._lines.append({
                "type": "duplicate", "sentence": replay.chunk, "similar_to": None,
                "score": round(replay.score, 4), "level": "chunk",
            })


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "dedupe",
        description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--threshold", type=float, metavar="T",
                   default=_DEFAULTS.content_similarity_threshold,
                   help="content-level similarity threshold in [0, 1] (default: %(default)s)")
    p.add_argument("--window", type=int, default=_DEFAULTS.sentence_window_size, metavar="N",
                   help="kept sentences each new one is compared with (default: %(default)s)")
    p.add_argument("--chunk-threshold", type=float, metavar="T",
                   default=_DEFAULTS.similarity_threshold,
                   help="chunk-level near-exact threshold (default: %(default)s)")
    p.add_argument("--min-chars", type=int, default=_DEFAULTS.min_sentence_chars, metavar="N",
                   help="sentences shorter than this are never dropped (default: %(default)s)")
    p.add_argument("--events", action="store_true", help="also write a line per duplicate")
    add_json_flag(p)
    p.set_defaults(handler=run)


def _parse(lineno: int, line: str) -> str:
    try:
        obj = load_json(line)
    except json.JSONDecodeError as err:
        raise SchemaError(f"stdin line {lineno}: not JSON ({err.msg})") from None
    except SchemaError as err:
        raise SchemaError(f"stdin line {lineno}: {err}") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("text"), str):
        raise SchemaError(f'stdin line {lineno}: expected an object with a string "text"')
    text: str = obj["text"]
    return text


def _stdin_text() -> str:
    # Bytes, decoded here: the locale's stdin would pass invalid UTF-8 through as
    # surrogate escapes, or (PYTHONIOENCODING=utf-8) raise in the middle of the read. Read
    # with the limit, so `< /dev/zero` stops at it instead of filling memory.
    data = read_stream_bytes(sys.stdin.buffer, what="stdin")
    return decode_text(data, what="stdin", allow_empty=True)


def run(args: argparse.Namespace) -> int:
    if not 0.0 <= args.threshold <= 1.0 or not 0.0 <= args.chunk_threshold <= 1.0:
        raise SchemaError("thresholds must be between 0 and 1")
    if args.window < 1 or args.min_chars < 0:
        raise SchemaError("--window must be at least 1 and --min-chars at least 0")
    # Parse all input first: bad input must not leave a partial answer on stdout.
    # JSON lines end at "\n" (and "\r\n") only: str.splitlines also breaks at U+2028,
    # U+0085 and others, which are valid inside a JSON string.
    chunks = [
        _parse(n, line) for n, line in enumerate(_stdin_text().split("\n"), 1)
        if line.strip()
    ]
    if not chunks:
        # An empty stream is almost always a broken pipe upstream, not an empty answer.
        raise SchemaError("stdin line 1: no input; expected JSON lines like {\"text\": \"...\"}")
    lines: list[dict[str, Any]] = []
    index = DuplicateIndex(
        DedupeSettings(content_similarity_threshold=args.threshold,
                       sentence_window_size=args.window,
                       similarity_threshold=args.chunk_threshold,
                       min_sentence_chars=args.min_chars),
        observer=_Recorder(lines, args.events or args.json),
    )
    stream = StreamDeduper(index)
    for chunk in chunks:
        if out := stream.feed(chunk):
            lines.append({"type": "text", "content": out})
    if out := stream.flush():
        lines.append({"type": "text", "content": out})
    if args.json:
        emit_json({
            "ok": True, "text": stream.text,
            "duplicates": [x for x in lines if x["type"] == "duplicate"],
            "chunks_in": len(chunks), "errors": index.errors,
        })
        return EXIT_OK
    for item in lines:
        if item["type"] == "text" or args.events:
            sys.stdout.write(dump_json(item) + "\n")
    return EXIT_OK
