"""The job API's request and response shapes, and a job as the store holds it."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_serializer,
    field_validator,
)

from draftguard.jobs._status import JobStatus

__all__ = [
    "MAX_SOURCE_IDS",
    "SOURCE_ID_PATTERN",
    "ArtifactRequest",
    "JobCreated",
    "JobOutcome",
    "JobRecord",
    "JobView",
    "format_timestamp",
    "llm_calls_of",
    "shortfall_of",
]

# Upper bounds the schema itself enforces; agents.yaml can only lower them
# (see JobServiceSettings).
MAX_SOURCE_CHARS = 1_000_000
MAX_REQUEST_CHARS = 10_000
#: A job names at most this many ingested sources.
MAX_SOURCE_IDS = 16
#: A source id, as `draftguard_adk.sources` names `sources/<id>.md` (a test keeps them equal).
SOURCE_ID_PATTERN = r"^[a-z0-9][a-z0-9-]{0,59}$"
#: An ADK session id: letters, digits, `_.-` (no path separator ever reaches a storage key).
SESSION_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$"
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SOURCE_ID = re.compile(SOURCE_ID_PATTERN)


def format_timestamp(when: datetime) -> str:
    """UTC, second precision, `Z` suffix: "2026-02-08T10:30:00Z", as the job API shows times."""
    if when.tzinfo is not None:
        when = when.astimezone(UTC).replace(tzinfo=None)
    return when.replace(microsecond=0).isoformat() + "Z"


class ArtifactRequest(BaseModel):
    """Body of `POST /ai/artifact`. Unknown fields are refused so a typo is named, not ignored."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)

    artifact_type: str = Field(
        min_length=1, max_length=64, description="quiz, flashcards or mindmap", examples=["quiz"]
    )
    # Declared before `source` so its validator sees them: with source ids, `source` may be empty.
    session_id: str | None = Field(
        default=None, pattern=SESSION_ID_PATTERN,
        description="the blogger chat session whose ingested sources `source_ids` names",
    )
    source_ids: list[str] = Field(
        default_factory=list, max_length=MAX_SOURCE_IDS,
        description="ids of sources ingested in that session (`sources/<id>.md`)",
        examples=[["interview-notes"]],
    )
    source: str = Field(
        default="", max_length=MAX_SOURCE_CHARS, validate_default=True,
        description="the source content the artifact must be answerable from "
                    "(optional with `source_ids`, then used as well)",
        examples=["Photosynthesis is the process by which plants convert light energy..."],
    )
    request: str = Field(
        default="", max_length=MAX_REQUEST_CHARS,
        description="what the user asked for, e.g. 'Create a quiz on photosynthesis'",
        examples=["Create a quiz on photosynthesis"],
    )

    @field_validator("artifact_type", "source", "request")
    @classmethod
    def _storable(cls, value: str) -> str:
        # PostgreSQL's text cannot hold NUL and no UTF-8 can hold a lone surrogate: refused
        # here, SQLite and PostgreSQL answer the same body the same way (422, not 202 or 500).
        if "\x00" in value:
            raise ValueError(f"must not contain NUL characters (at {value.index(chr(0))})")
        if (at := _lone_surrogate(value)) is not None:
            raise ValueError(f"must be valid Unicode: lone surrogate at {at}")
        return value

    @field_validator("source_ids")
    @classmethod
    def _known_shape(cls, ids: list[str], info: ValidationInfo) -> list[str]:
        for source_id in ids:
            if not _SOURCE_ID.fullmatch(source_id):
                raise ValueError(f"'{source_id[:64]}' is not a source id "
                                 "(lowercase letters, digits, '-')")
        # A session_id that failed its own check is absent from info.data: named there already.
        if ids and "session_id" in info.data and info.data["session_id"] is None:
            raise ValueError("source_ids needs the session_id they were ingested in")
        return list(dict.fromkeys(ids))

    @field_validator("source")
    @classmethod
    def _source_has_text(cls, value: str, info: ValidationInfo) -> str:
        # source_ids that failed their own check (absent from info.data) are named there.
        if not value.strip() and "source_ids" in info.data and not info.data["source_ids"]:
            raise ValueError("source must contain text, not only whitespace "
                             "(or name ingested sources in source_ids)")
        return value


def _lone_surrogate(text: str) -> int | None:
    """Where `text` holds a surrogate code point (JSON decoding pairs the valid ones)."""
    m = _SURROGATE.search(text)
    return None if m is None else m.start()


class JobCreated(BaseModel):
    """Body of the 202 answer to `POST /ai/artifact`."""

    job_id: str


class JobView(BaseModel):
    """Body of `GET /ai/artifact/{job_id}`, the job API's status body field for field.
    `result` appears only once completed, `error` only once failed."""

    job_id: str
    status: JobStatus
    progress: int = Field(ge=0, le=100)
    artifact_type: str
    created_at: datetime
    updated_at: datetime
    attempts: int = Field(ge=0, description="repair attempts the loop has made so far")
    result: dict[str, Any] | None = None
    error: str | None = None
    llm_calls: int | None = Field(
        default=None, ge=0,
        description="model calls the job made, once finished (the repair loop allows at most 6)",
    )
    shortfall: str | None = Field(
        default=None,
        description="once completed with fewer items than the request asked for: how many "
                    "were found and why, e.g. \"3 of the 5 items asked for: the text yields "
                    "only 3 questions that pass the quality checks, each on a different fact\"",
    )

    @field_serializer("created_at", "updated_at")
    def _utc_z(self, when: datetime) -> str:
        return format_timestamp(when)

    def public(self) -> dict[str, Any]:
        """The JSON document a client receives: absent `result`/`error` are left out."""
        return self.model_dump(mode="json", exclude_none=True)


class JobOutcome(BaseModel):
    """What running one job produced: an artifact, or the reason it failed."""

    ok: bool
    result: dict[str, Any] | None = None
    error: str | None = None
    attempts: int = Field(default=0, ge=0, description="repair attempts used")
    details: dict[str, Any] = Field(
        default_factory=dict, description="llm_calls and anything else worth keeping"
    )


class JobRecord(BaseModel):
    """One row of the job table, as the store returns it (timestamps naive UTC)."""

    id: str
    owner: str
    status: JobStatus
    stage: str | None
    progress: int
    artifact_type: str
    source: str
    request: str
    created_at: datetime
    updated_at: datetime
    attempts: int
    claims: int
    result: dict[str, Any] | None
    error: str | None
    lease_owner: str | None
    lease_token: str | None
    lease_expires_at: datetime | None
    heartbeat_at: datetime | None
    finished_at: datetime | None
    details: dict[str, Any] | None

    def view(self) -> JobView:
        """The client's view of this job."""
        return JobView(
            job_id=self.id,
            status=self.status,
            progress=self.progress,
            artifact_type=self.artifact_type,
            created_at=self.created_at,
            updated_at=self.updated_at,
            attempts=self.attempts,
            result=self.result if self.status is JobStatus.COMPLETED else None,
            error=self.error if self.status is JobStatus.FAILED else None,
            llm_calls=llm_calls_of(self.status, self.details),
            shortfall=shortfall_of(self.status, self.details),
        )


def shortfall_of(status: JobStatus | str, details: Any) -> str | None:
    """A completed job's "N of the M items asked for: why" line, when it fell short."""
    if status != JobStatus.COMPLETED or not isinstance(details, dict):
        return None
    why, asked, got = (details.get("shortfall"), details.get("requested"),
                       details.get("delivered"))
    if not isinstance(why, str) or not isinstance(asked, int) or not isinstance(got, int):
        return None
    return f"{got} of the {asked} items asked for: {why}"


def llm_calls_of(status: JobStatus | str, details: Any) -> int | None:
    """The finished job's model-call count from its stored details (None while running)."""
    if status not in (JobStatus.COMPLETED, JobStatus.FAILED) or not isinstance(details, dict):
        return None
    calls = details.get("llm_calls")
    return calls if isinstance(calls, int) and not isinstance(calls, bool) else None
