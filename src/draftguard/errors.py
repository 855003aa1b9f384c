"""Every error draftguard raises, in one tree.

    DraftguardError
    ├── RetryableError            send back to the model: its output was wrong, it may fix it
    │   ├── ModelOutputError        the answer did not parse or did not fit the schema
    │   ├── StaleVersionError       a change was made for a version that is no longer the latest
    │   └── FileChangedError        a file changed on disk between reading it and writing it
    └── FatalError                stop: report it, never ask the model again
        ├── InputError              bad input from a person or a caller (CLI exit 2)
        │   ├── EmptyInputError       empty or whitespace-only text
        │   ├── NotTextError          invalid UTF-8, or binary bytes given as text
        │   ├── InputTooLargeError    over a documented size limit
        │   ├── MissingStateKeyError  a session-state key the step needs is absent
        │   ├── SchemaError           JSON that does not fit a published contract
        │   ├── CommandError          a chat command or edit request that does not parse
        │   ├── FrontmatterError      frontmatter that is not a YAML mapping, or a bad key
        │   ├── UnsafePathError       a file name that would leave the output directory
        │   ├── UnknownArtifactTypeError  an artifact type with no schema module
        │   ├── UnknownFormatError    a format name that is not in the document format table
        │   └── DocumentReadError     a document that cannot be read (missing, unreadable, bad type)
        ├── OutputError             a file cannot be written (read-only, no permission, disk full)
        ├── ConfigError             agents.yaml or the environment is inconsistent
        ├── ModelUnavailableError   the configured model cannot be loaded or reached
        │   └── ModelTimeoutError     a model call ran past its time limit
        ├── StoreUnavailableError   the job database cannot be used now (down, full, read-only)
        │   ├── StoreFullError        the disk under the job database is full
        │   └── StoreReplacedError    the SQLite job file was deleted or replaced while in use
        └── PromptTooLongError      the newest turn alone does not fit the model's context

A checker's *finding* (a lost paragraph, a duplicate sentence) is not an error: it is a
report that loops feed back to the model. Errors are for things a retry cannot fix, except
`RetryableError`, which marks model output the loop may legitimately ask for again.
"""

from __future__ import annotations

__all__ = [
    "CommandError",
    "ConfigError",
    "DocumentReadError",
    "DraftguardError",
    "EmptyInputError",
    "FatalError",
    "FileChangedError",
    "FrontmatterError",
    "InputError",
    "InputTooLargeError",
    "MissingStateKeyError",
    "ModelOutputError",
    "ModelTimeoutError",
    "ModelUnavailableError",
    "NotTextError",
    "OutputError",
    "PromptTooLongError",
    "RetryableError",
    "SchemaError",
    "StaleVersionError",
    "StoreFullError",
    "StoreReplacedError",
    "StoreUnavailableError",
    "UnknownArtifactTypeError",
    "UnknownFormatError",
    "UnsafePathError",
]


class DraftguardError(Exception):
    """Base of every draftguard error; `str(err)` is a one-line message for people."""


class RetryableError(DraftguardError):
    """The model produced something unusable; asking again may succeed."""


class ModelOutputError(RetryableError):
    """The model's answer did not parse or did not fit the requested schema."""


class StaleVersionError(RetryableError):
    """A change was based on a version that is no longer the latest: read again, re-plan."""

    def __init__(self, base_version: int | None, latest_version: int | None) -> None:
        super().__init__(
            f"you read version {base_version}, the latest is {latest_version}; read it again"
        )
        self.base_version = base_version
        self.latest_version = latest_version


class FileChangedError(RetryableError):
    """A file changed on disk after it was read: nothing was written; read it again."""


class FatalError(DraftguardError):
    """Retrying cannot help: report and stop."""


class InputError(FatalError):
    """Bad input from a person or a caller."""


class EmptyInputError(InputError):
    """The text is empty or only whitespace."""


class NotTextError(InputError):
    """The bytes are not valid UTF-8 text (for example a binary file)."""


class InputTooLargeError(InputError):
    """The input is over a documented size limit."""


class MissingStateKeyError(InputError):
    """A session-state key the step needs is absent."""

    def __init__(self, key: str) -> None:
        super().__init__(f"missing state key '{key}'")
        self.key = key


class SchemaError(InputError):
    """JSON that does not fit a published contract."""


class CommandError(InputError):
    """A chat command or a plain-words edit request that does not parse; says the usage."""


class UnknownArtifactTypeError(InputError):
    """An artifact type that no module in `draftguard.artifacts.schemas` defines."""

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(
            f"unknown artifact type '{name}' (known: {', '.join(known) or 'none'})"
        )
        self.name = name
        self.known = known


class FrontmatterError(InputError):
    """Frontmatter that is not a YAML mapping, or a key that cannot be set."""


class UnsafePathError(InputError):
    """A file name that would resolve outside the configured output directory."""


class OutputError(FatalError):
    """A file cannot be written: a read-only target, no permission, a full disk."""


class ConfigError(FatalError):
    """agents.yaml or the environment is inconsistent."""


class ModelUnavailableError(FatalError):
    """The configured model cannot be loaded or reached."""


class ModelTimeoutError(ModelUnavailableError):
    """A model call ran past its time limit and was abandoned."""


class PromptTooLongError(FatalError):
    """The newest turn alone does not fit the model's context window."""


class UnknownFormatError(InputError):
    """A format name that is not in the document format table."""


class DocumentReadError(InputError):
    """A document that cannot be read: missing, unreadable, or of an unsupported type."""


class StoreUnavailableError(FatalError):
    """The job database cannot be used now: unreachable, out of disk space, or read-only.
    The API answers 503; a worker backs off and tries again."""


class StoreFullError(StoreUnavailableError):
    """The disk under the job database is full (SQLite's "database or disk is full", ENOSPC,
    PostgreSQL's disk_full)."""


class StoreReplacedError(StoreUnavailableError):
    """The SQLite job file was deleted or replaced while in use: writes would go to a file
    nobody will read again, so the process must stop using it (and say so)."""
