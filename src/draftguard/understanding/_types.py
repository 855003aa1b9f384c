"""What the understanding layer says about a message: typed requests, or that it is none."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Conversation", "Intent", "Interpretation", "Memory", "Read", "Reading"]


class Intent(StrEnum):
    """Everything the apps' tools can do, plus the two ways a message is not one of them."""

    # Either app.
    HELP = "help"
    #: Looks like a request, but code cannot read it: answered with the closest capabilities.
    UNCLEAR = "unclear"
    # The blogger.
    SAVE_POST = "save_post"
    NEW_POST = "new_post"
    EDIT = "edit"
    UNDO = "undo"
    REVERT = "revert"
    VERSIONS = "versions"
    SPLIT = "split"
    QUIZ = "quiz"
    FLASHCARDS = "flashcards"
    MINDMAP = "mindmap"
    CHECK = "check"
    INGEST_SOURCE = "ingest_source"
    SOURCES = "sources"
    # The planner.
    PREFERENCES = "preferences"
    SEARCH = "search"
    PICK = "pick"
    COMPARE = "compare"
    SHORTLIST = "shortlist"
    PLAN = "plan"


class Interpretation(BaseModel):
    """One request read from a message: its intent, its slots (JSON values, named per
    intent) and how sure code is (1.0: no doubt; below the caller's cutoff: ask)."""

    model_config = ConfigDict(frozen=True)

    intent: Intent
    slots: dict[str, Any] = Field(default_factory=dict)
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    #: When code is unsure, the readings it hesitates between (a model may pick one, or the
    #: user is asked `question`).
    candidates: tuple[Interpretation, ...] = ()
    question: str | None = None


class Reading(BaseModel):
    """A message's requests in the order given; none means it is not a request."""

    model_config = ConfigDict(frozen=True)

    requests: tuple[Interpretation, ...] = ()
    #: The app's own words the message asks the meaning of ("what does BYOB mean?"): keys
    #: of the app's glossary, answered by code from it; they state no preference.
    defined: tuple[str, ...] = ()
    #: Preferences the message denied without naming another ("nothing too flash": no
    #: price level) that its search leaves out, for the reply to say so.
    unset: tuple[str, ...] = ()

    @property
    def is_request(self) -> bool:
        return bool(self.requests)


class Memory(BaseModel):
    """What a reader keeps of the last turn, as a value the caller stores and hands back:
    the last request's intent, and the readings a question offered (so "the second one"
    picks one). JSON-safe for session state."""

    model_config = ConfigDict(frozen=True)

    intent: str | None = None
    candidates: tuple[dict[str, Any], ...] = ()
    #: The words the last edit put in ("make it 600" changes them again).
    written: str | None = None
    #: In how many places it put them (an edit "all the way through": every one again).
    written_places: int = 1
    #: The number of items last asked for in a quiz or flashcards ("cards too, same
    #: number", "the same again but as flashcards").
    count: int | None = None
    #: The post's sentence the app last quoted in answer to a question ("Your post says:
    #: ..."): what "cut that sentence", "bin it" or "change it to 'X'" then mean.
    discussed: str | None = None

    @classmethod
    def of(cls, reading: Reading) -> Memory:
        """The memory a reading leaves: its last intent, its question's candidates, and
        the words its last edit put in."""
        if not reading.requests:
            return cls()
        last = reading.requests[-1]
        candidates = tuple(c.model_dump(mode="json") for c in last.candidates) \
            if last.question is not None else ()
        ops = last.slots.get("ops") if last.question is None else None
        written = None
        texts = [op.get("text") for op in ops if isinstance(op, dict) and op.get(
            "type") == "replace"] if isinstance(ops, list) else []
        if texts and len(texts) == len(ops or ()) and all(isinstance(t, str) for t in texts):
            written = _shared_words([str(t) for t in texts])
        counts = [r.slots["count"] for r in reading.requests if r.question is None and
                  isinstance(r.slots.get("count"), int)]
        return cls(intent=last.intent.value, candidates=candidates, written=written,
                   written_places=max(1, len(texts)) if written else 1,
                   count=counts[-1] if counts else None)

    @classmethod
    def after(cls, reading: Reading, before: Memory) -> Memory:
        """The memory once `reading` is acted on: a message that is no request keeps the
        last intent (and drops the question's candidates)."""
        if not reading.requests:
            return cls(intent=before.intent, written=before.written,
                       written_places=before.written_places, count=before.count,
                       discussed=before.discussed)
        after = cls.of(reading)
        return after if after.count is not None else after.model_copy(
            update={"count": before.count})

    @classmethod
    def load(cls, value: object) -> Memory:
        """A memory from session state; anything that no longer reads is a fresh one."""
        if isinstance(value, Memory):
            return value
        if not isinstance(value, dict):
            return cls()
        try:
            return cls.model_validate(value)
        except ValueError:
            return cls()


class Read(BaseModel):
    """A message read: its requests, and the memory to hand to the next read."""

    model_config = ConfigDict(frozen=True)

    reading: Reading
    memory: Memory


class Conversation(Protocol):
    """One app's reading of a conversation: `read` a message given what came before, then
    `commit` the reading the app acted on, so the next message is read in its light."""

    def read(self, message: str) -> Reading: ...

    def commit(self, reading: Reading) -> None: ...


def _shared_words(texts: list[str]) -> str | None:
    """The words every one of `texts` holds (the new words of one edit made in several
    places, each anchor grown around them): the longest run of whole words they share."""
    if len(texts) == 1:
        return texts[0]
    bare = [" ".join(w.strip(".,;:!?") for w in t.split()) for t in texts]
    first = bare[0].split()
    for size in range(len(first), 0, -1):
        for start in range(len(first) - size + 1):
            run = " ".join(first[start:start + size])
            if run and all(f" {run} " in f" {t} " for t in bare[1:]):
                return run
    return None

