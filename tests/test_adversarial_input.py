"""Issue 25 #1-#3: no reader of what people type grows faster than its input.

Adversarial text (runs of spaces, commas, punctuation, backticks, emoji, headings, quotes,
tags) is fed to every reader at two sizes, the larger four times the smaller (1 MB for the
markdown map, a quarter of that for the others, and the chat's message cap for the chat
reader, since the cap refuses anything longer before a reader sees it). A linear reader
takes about four times as long; a quadratic one sixteen. The test compares the ratio of
CPU times, never an absolute time, so a slow machine does not fail it and a fast one does
not hide a quadratic.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from blogger.reading import read_message
from draftguard.dedupe._stream import dedupe_text
from draftguard.lookalikes import fold_lookalikes
from draftguard.markdown import MarkdownMap, heading_lines
from draftguard.reply_guard import RawOutputFilter
from draftguard.split._segmentation import segment
from draftguard.textio._message_text import message_problem
from draftguard.textio._secrets import secret_problem
from event_planning.conversation import new_conversation

#: Above this ratio of times (for four times the input) a reader is not linear: 4 is
#: linear, 16 quadratic; the slack absorbs noise from other processes on a shared machine.
MAX_RATIO = 8.0
#: Below this many CPU seconds at the larger size, there is nothing to judge.
FLOOR_S = 0.03
MB = 1 << 20
BIG = MB // 4
CHAT_BIG = 200_000  # agents.yaml chat: max_message_chars (the default)

ADVERSARIAL: dict[str, Callable[[int], str]] = {
    "spaces": lambda n: "delete" + " " * n + "x",
    "commas": lambda n: "undo" + ", thanks" * (n // 8),
    "punctuation": lambda n: "replace " + "!?.,;:-" * (n // 7),
    "backticks": lambda n: "`" * n,
    "emoji": lambda n: "add " + "\U0001f600\u200d\U0001f525 " * (n // 4),
    "headings": lambda n: "# h\n" * (n // 4),
    "heading spaces": lambda n: "# a" + " " * n + "x",
    "quotes": lambda n: "replace " + "'a' \"b\" \u201cc\u201d " * (n // 14),
    "tags": lambda n: "<h1 " * (n // 4),
    "rules": lambda n: "* " * (n // 2) + "x",
    "env lines": lambda n: "A=b\n" * (n // 4),
    "key headers": lambda n: "-----BEGIN " * (n // 11),
    "invisible": lambda n: "\u200b" * n,
    "repeated words": lambda n: "italian food please " * (n // 20),
}


def _raw_filter(text: str) -> str:
    f = RawOutputFilter()
    return f.feed(text) + f.flush()


POST = "# Dogs\n\nDogs bark at four cats.\n\nThey run.\n"

READERS: dict[str, tuple[Callable[[str], object], int]] = {
    "blogger reader": (lambda t: read_message(t, post=POST), CHAT_BIG),
    # Quadratic in repeated words at this size before issue 25 #2's fix.
    "planner reader": (lambda t: new_conversation("2026-11-24").read(t), 40_000),
    "markdown map": (MarkdownMap, MB),
    "heading lines": (lambda t: heading_lines(t.splitlines()), BIG),
    "raw-output filter": (_raw_filter, BIG),
    "duplicate filter": (lambda t: dedupe_text([t]), BIG),
    "look-alike folding": (fold_lookalikes, BIG),
    "message hygiene": (message_problem, BIG),
    "secret scan": (secret_problem, BIG),
    "split segmentation (CLI)": (segment, BIG),
}


def _cpu(reader: Callable[[str], object], text: str) -> float:
    started = time.process_time()
    reader(text)
    return time.process_time() - started


def _ratio(reader: Callable[[str], object], make: Callable[[int], str], big: int, *,
           repeats: int = 1) -> float:
    small_text, big_text = make(big // 4), make(big)
    reader(small_text)  # models and tables load once, outside the timing
    # The least of several timings: another process only ever adds time.
    small = min(_cpu(reader, small_text) for _ in range(repeats))
    large = min(_cpu(reader, big_text) for _ in range(repeats))
    if large < FLOOR_S:
        return 0.0
    return large / max(small, FLOOR_S / 4)


@pytest.mark.parametrize("reader_name", sorted(READERS))
def test_no_reader_grows_faster_than_its_input(reader_name: str) -> None:
    reader, big = READERS[reader_name]
    slow = {}
    for name, make in ADVERSARIAL.items():
        ratio = _ratio(reader, make, big)
        for repeats in (3, 5):  # measured again: another process may have run meanwhile
            if ratio <= MAX_RATIO:
                break
            ratio = min(ratio, _ratio(reader, make, big, repeats=repeats))
        if ratio > MAX_RATIO:
            slow[name] = round(ratio, 1)
    assert not slow, f"{reader_name}: time ratio for 4x the input: {slow}"


def test_the_ratio_catches_a_quadratic_reader() -> None:
    """The yardstick itself: a reader known to be quadratic is caught."""

    def quadratic(text: str) -> int:
        n = min(len(text), 6000)
        return sum(1 for i in range(n) for _ in range(i))

    # The same least-of-three timing the readers are re-measured with: a pause in the small
    # run (another process, a collection) would lower the ratio of a quadratic reader.
    assert _ratio(quadratic, lambda n: "x" * n, 6000, repeats=3) > MAX_RATIO
