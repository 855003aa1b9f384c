"""Two-level duplicate filter for a streamed answer, framework-free.

Level 1, chunk level: a retransmitted chunk (the same normalised hash as a chunk already
delivered, or at least `similarity_threshold` similar to the chunk just before it) is a
replay and is dropped whole, unless any of it lies on a code or table line (those are never
dropped). A cumulative snapshot (ADK's aggregated final event) is never guessed from the
bytes: the caller that holds one asks `snapshot_suffix` for what it adds.

Level 2, content level: the answer is cut into sentences, list items and headings
(`draftguard.dedupe._stream_units`); a unit whose rapidfuzz similarity to one of the last
`sentence_window_size` kept units is >= `content_similarity_threshold` is dropped. Code
blocks and tables are exempt, and so are units shorter than `min_sentence_chars` (a short
unit only goes when it exactly repeats one and directly follows a dropped duplicate in the
same paragraph, so a repeated paragraph leaves no "Book ahead." stub behind).

The filter holds back only the unfinished tail of the current line; the output for a
response does not depend on how it was chunked, unless a chunk has the shape of a
retransmission (then the stream cannot tell the two apart, and drops it). Internal errors
never block content: they are logged, reported to the observer, and the text passes.
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
from collections.abc import Iterable

from rapidfuzz import fuzz

from draftguard.dedupe._reports import (
    ChunkReplay,
    ContentDuplicationEvent,
    DedupeObserver,
    SentenceSimilarity,
    SilentObserver,
)
from draftguard.dedupe._sentence_window import SentenceWindow
from draftguard.dedupe._stream_units import Piece, PieceKind, UnitScanner
from draftguard.lookalikes import fold_lookalikes
from draftguard.settings._system_settings import DedupeSettings

__all__ = [
    "ChunkReplay",
    "ContentDuplicationEvent",
    "DedupeObserver",
    "DedupeSettings",
    "DuplicateIndex",
    "SentenceSimilarity",
    "StreamDeduper",
    "dedupe_text",
    "normalize_sentence",
    "similarity",
]

log = logging.getLogger("draftguard.dedupe._stream")

_MARKUP = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)]|#{1,6})[ \t]+|[*_`~]+")


def normalize_sentence(text: str) -> str:
    """Comparison key: list marker, heading hashes and emphasis removed, look-alikes folded
    (zero-width characters, soft hyphens, fullwidth letters, homoglyphs), case and spaces
    folded."""
    return " ".join(_MARKUP.sub("", fold_lookalikes(text)).split()).casefold()


def similarity(a: str, b: str) -> float:
    """Similarity of two sentences in [0, 1]: rapidfuzz Indel ratio of their keys. Symmetric."""
    return _score(normalize_sentence(a), normalize_sentence(b))


def _score(key_a: str, key_b: str) -> float:
    return float(fuzz.ratio(key_a, key_b)) / 100.0


class DuplicateIndex:
    """What one response has said so far: the sentence window and the chunk hashes.

    Shared by every stream of the response (one per model call), so a repeat in a later
    model call of the same turn is caught too.
    """

    def __init__(
        self,
        settings: DedupeSettings | None = None,
        *,
        observer: DedupeObserver | None = None,
        session_id: str = "",
    ) -> None:
        self.settings = settings or DedupeSettings()
        self.observer: DedupeObserver = observer or SilentObserver()
        self.session_id = session_id
        self._window = SentenceWindow(self.settings.sentence_window_size)
        self._counts: dict[str, int] = {}
        self._latest: dict[str, str] = {}
        self._short_seen: dict[str, None] = {}
        self._chunk_hashes: set[bytes] = set()
        # rapidfuzz's cutoff lives on a 0-100 scale; a hair under it so that float rounding
        # of threshold*100 never drops a pair whose score/100 is exactly the threshold.
        self._cutoff = max(0.0, self.settings.content_similarity_threshold * 100.0 - 1e-6)
        self.duplicates: list[ContentDuplicationEvent] = []
        self.replays: list[ChunkReplay] = []
        self.errors = 0

    def __len__(self) -> int:
        return len(self._window)

    @property
    def texts(self) -> list[str]:
        """The sentences in the window, oldest first."""
        return list(self._window.texts)

    def best_match(self, sentence: str) -> SentenceSimilarity | None:
        """The most similar sentence in the window, if any reaches the threshold."""
        key = normalize_sentence(sentence)
        found = self.lookup(key)
        if found is None:
            return None
        text, score = found
        return SentenceSimilarity(sentence, text, score, True)

    def lookup(self, key: str) -> tuple[str, float] | None:
        if key in self._counts:  # exact repeat: no fuzzy search needed
            return self._latest[key], 1.0
        hit = self._window.best(key, score_cutoff=self._cutoff)
        if hit is None:
            return None
        score = hit[1] / 100.0
        if score < self.settings.content_similarity_threshold:
            return None
        return hit[0], score

    def add(self, sentence: str, key: str | None = None) -> None:
        """Track a sentence that was let through."""
        key = normalize_sentence(sentence) if key is None else key
        if not key:
            return
        if len(self._window) == self._window.size:
            old = self._window.oldest_key
            self._counts[old] -= 1
            if not self._counts[old]:
                del self._counts[old]
                del self._latest[old]
        self._window.add(key, sentence)
        self._counts[key] = self._counts.get(key, 0) + 1
        self._latest[key] = sentence
        self.observer.on_added(sentence)

    def remember_short(self, key: str) -> bool:
        """Note a short unit's key; True if it was seen before."""
        seen = key in self._short_seen
        self._short_seen[key] = None
        if len(self._short_seen) > 4 * self.settings.sentence_window_size:
            del self._short_seen[next(iter(self._short_seen))]
        return seen

    def chunk_seen(self, norm_chunk: str) -> bool:
        digest = hashlib.blake2b(norm_chunk.encode(), digest_size=16).digest()
        seen = digest in self._chunk_hashes
        self._chunk_hashes.add(digest)
        return seen

    def record_error(self, error: BaseException, where: str) -> None:
        self.errors += 1
        log.error("content duplicate detection failed in %s: %s", where, error, exc_info=error)
        try:
            self.observer.on_error(error, where)
        except Exception:  # an observer must never take the stream down
            log.exception("dedupe observer failed")


class StreamDeduper:
    """Filters one stream: `feed(chunk) -> text to show now`, then `flush() -> the rest`."""

    def __init__(self, index: DuplicateIndex | None = None) -> None:
        self.index = index if index is not None else DuplicateIndex()
        self._scanner = UnitScanner()
        self._raw: list[str] = []  # everything fed so far, replays removed
        self._received: list[str] = []  # everything fed so far, replays included
        self._raw_len = 0
        self._last_norm = ""  # the previous chunk, normalised: what a retransmission repeats
        self._pos = 0  # raw offset of the next piece the scanner emits
        self._pending = ""  # separators since the last unit
        self._held_sep: str | None = None  # separator before a run of dropped units
        self._prev_dropped = False
        self._emitted: list[str] = []

    @property
    def text(self) -> str:
        """Everything let through so far."""
        return "".join(self._emitted)

    @property
    def raw(self) -> str:
        """Everything fed so far, replays removed."""
        return "".join(self._raw)

    def snapshot_suffix(self, snapshot: str) -> str | None:
        """What a cumulative snapshot of this stream (ADK's aggregated final event) adds to
        the chunks already fed, or None if it does not extend them.

        Snapshots are only recognised here, where the caller says what it holds: guessing
        them from the bytes in `feed` would drop a genuine repeat that happens to start a
        chunk, and the output would then depend on the chunking.
        """
        for seen in ("".join(self._received), self.raw):
            if snapshot.startswith(seen):
                return snapshot[len(seen) :]
        return None

    def feed(self, chunk: str) -> str:
        if not chunk:
            return ""
        self._received.append(chunk)
        if chunk.isspace():
            # Property 6: no detection for whitespace, but it is still a separator.
            return self._scan(chunk, timed=False)
        started = time.perf_counter()
        try:
            chunk = self._chunk_level(chunk)
        except Exception as err:
            self.index.record_error(err, "chunk_level")
        if not chunk:
            self.index.observer.on_checked(time.perf_counter() - started, 0)
            return ""
        return self._scan(chunk, timed=True, started=started)

    def flush(self) -> str:
        """End of stream: release the held tail (and any trailing separator)."""
        out: list[str] = []
        try:
            for piece in self._scanner.finish():
                out.append(self._piece(piece))
        except Exception as err:
            self.index.record_error(err, "flush")
            out.append(self._scanner.held)
            self._scanner = UnitScanner()
        out.append(self._closing_separator())
        text = "".join(out)
        self._emitted.append(text)
        return text

    def _chunk_level(self, chunk: str) -> str:
        # A replay is recognised only in the shapes a retransmission takes: a chunk already
        # delivered, or a near-copy of the chunk just before. Comparing with an arbitrary
        # stretch of earlier text instead would also drop genuine text that a chunk boundary
        # happens to frame, making the output depend on the chunking (content-level
        # detection is what catches a repeat in new words or new boundaries).
        settings = self.index.settings
        norm = " ".join(fold_lookalikes(chunk).split()).casefold()
        previous, self._last_norm = self._last_norm, norm
        if len(norm) < settings.min_chunk_chars:
            return chunk
        position = self._raw_len
        # Code blocks and tables are never dropped, here either: "run this query ... then
        # run it again" repeats a block on purpose, and the bytes cannot tell that from a
        # resent chunk. A chunk with any code or table line in it is left to the content
        # level, which drops its repeated prose and keeps the rest.
        if self._scanner.touches_exempt(chunk):
            self.index.chunk_seen(norm)
            return chunk
        if self.index.chunk_seen(norm):
            self._replay(ChunkReplay(chunk, "hash", 1.0, position))
            return ""
        if len(previous) >= settings.min_chunk_chars:
            cutoff = max(0.0, settings.similarity_threshold * 100.0 - 1e-6)
            score = float(fuzz.ratio(norm, previous, score_cutoff=cutoff)) / 100.0
            if score and score >= settings.similarity_threshold:
                self._replay(ChunkReplay(chunk, "near_exact", score, position))
                return ""
        return chunk

    def _replay(self, replay: ChunkReplay) -> None:
        self.index.replays.append(replay)
        self.index.observer.on_chunk_replay(replay)

    def _scan(self, chunk: str, *, timed: bool, started: float = 0.0) -> str:
        self._raw.append(chunk)
        self._raw_len += len(chunk)
        units = 0
        out: list[str] = []
        try:
            pieces = self._scanner.feed(chunk)
        except Exception as err:
            # Property 5: the splitter broke; let the held text and this chunk through.
            self.index.record_error(err, "split")
            out.append(self._release_pending() + self._scanner.held + chunk)
            self._scanner = UnitScanner()
            pieces = []
        for piece in pieces:
            if piece.kind is not PieceKind.SEPARATOR:
                units += 1
            out.append(self._piece(piece))
        text = "".join(out)
        self._emitted.append(text)
        if timed:
            self.index.observer.on_checked(time.perf_counter() - started, units)
        return text

    def _piece(self, piece: Piece) -> str:
        position = self._pos
        self._pos += len(piece.text)
        if piece.kind is PieceKind.SEPARATOR:
            self._pending += piece.text
            return ""
        try:
            keep = self._keep(piece, position)
        except Exception as err:
            self.index.record_error(err, "content_level")
            keep, self._prev_dropped = True, False
        if keep:
            return self._release_pending() + piece.text
        self._held_sep = self._pending if self._held_sep is None else self._held_sep
        self._held_sep = _stronger(self._held_sep, self._pending)
        self._pending = ""
        return ""

    def _keep(self, piece: Piece, position: int) -> bool:
        if piece.kind.exempt:
            self._prev_dropped = False
            return True
        index = self.index
        key = normalize_sentence(piece.text)
        if not key:
            return True
        if len(key) < index.settings.min_sentence_chars:
            same_paragraph = self._pending.count("\n") < 2
            seen = index.remember_short(key)
            drop = seen and self._prev_dropped and same_paragraph
            self._prev_dropped = drop
            return not drop
        log.debug("similarity check: %.60r", piece.text)
        found = index.lookup(key)
        if found is None:
            index.add(piece.text, key)
            self._prev_dropped = False
            return True
        similar, score = found
        event = ContentDuplicationEvent(
            duplicate_sentence=piece.text,
            similar_sentence=similar,
            similarity_score=score,
            position_in_response=position,
            session_id=index.session_id,
        )
        index.duplicates.append(event)
        index.observer.on_duplicate(event)
        self._prev_dropped = True
        return False

    def _release_pending(self) -> str:
        sep = self._pending
        if self._held_sep is not None:
            sep = _stronger(self._held_sep, sep)
            self._held_sep = None
        self._pending = ""
        return sep

    def _closing_separator(self) -> str:
        return self._release_pending()


def _stronger(a: str, b: str) -> str:
    """Of two separators around dropped text, the one that keeps the layout: more newlines."""
    return b if b.count("\n") > a.count("\n") else a


def dedupe_text(
    chunks: Iterable[str], settings: DedupeSettings | None = None
) -> tuple[str, DuplicateIndex]:
    """Run a whole stream through a fresh filter; returns the text let through and the index."""
    index = DuplicateIndex(settings)
    stream = StreamDeduper(index)
    out = [stream.feed(c) for c in chunks]
    out.append(stream.flush())
    return "".join(out), index
