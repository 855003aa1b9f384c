"""Reading a file a chat message names: only what a post can be.

A chat message is not the person at the keyboard: anyone who can reach the app's API can
send `/split draft=.env`, and whatever the file holds becomes the post, an artifact anyone
on the port can fetch. So a name from chat reads only a text document inside the workspace:
a file with a post's suffix (Markdown, plain text, reStructuredText, ...), none of whose path
parts is hidden (no `.env`, `.git/`, `.venv/`, `.draftguard/`), named directly or through a
symlink whose target passes the same rules. Config, keys, certificates and databases have
other suffixes and are never read. A control character in the name is refused before the
file system sees it.

This is the one policy for every path the chat reads: `/split draft=` and `outline=`, and
sources (`source_ingest`, with the transcript suffixes added). Besides the name it checks
what is read: a file whose name reads like a secret (`api_key.md`), a file with more than
one hard link (another of its names may be `.env`), and contents that look like secrets
(`draftguard.textio._secrets`: private keys, cloud credentials, `KEY=value` environment
files) are refused whatever the name.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path, PurePosixPath, PureWindowsPath

from draftguard.errors import InputError, InputTooLargeError, UnsafePathError
from draftguard.textio._display import escape_controls
from draftguard.textio._file_access import os_error_message
from draftguard.textio._secrets import secret_problem
from draftguard.textio._text_input import DEFAULT_MAX_BYTES, decode_text

__all__ = ["POST_SUFFIXES", "SOURCE_SUFFIXES", "read_workspace_text", "workspace_path"]

#: Suffixes of files a post or an outline can be; nothing else is read from chat.
POST_SUFFIXES = frozenset({
    ".md", ".markdown", ".mdown", ".mkd", ".txt", ".text", ".rst", ".adoc", ".asciidoc", ".org",
})
#: What a source can be read from: notes, and transcripts (WebVTT, SubRip).
SOURCE_SUFFIXES = POST_SUFFIXES | {".vtt", ".srt"}
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# A name that says it holds secrets (`api_key.md`, `passwords.txt`), as a word of the name.
_SECRET_NAME = re.compile(r"(?:^|[^a-z])(?:secrets?|passwords?|passwd|credentials?|tokens?|"
                          r"api[^a-z]?keys?|private[^a-z]?keys?)(?:[^a-z]|$)")


def workspace_path(
    value: str, *, root: str | Path | None = None, suffixes: frozenset[str] = POST_SUFFIXES,
) -> Path:
    """The file `value` names inside `root` (default: the working folder), or
    `UnsafePathError` saying which rule it breaks."""
    shown = escape_controls(value, single_line=True)
    if not value.strip():
        raise UnsafePathError("a file name is empty")
    if _CONTROL.search(value):
        raise UnsafePathError(f"{shown}: the name holds a control character; name a file")
    base = (Path.cwd() if root is None else Path(root)).resolve()
    outside = UnsafePathError(f"{shown}: only files inside {base} can be read from chat "
                              "(it is outside the workspace)")
    if any(p.is_absolute() or p.anchor for p in (PurePosixPath(value), PureWindowsPath(value))):
        raise outside
    given = base / value
    target = given.resolve()
    if not target.is_relative_to(base) or target == base:
        raise outside
    # The name as given (before symlinks) and the file it leads to must both pass.
    for path in (given, target):
        parts = path.relative_to(base).parts if path.is_relative_to(base) else path.parts
        if any(p.startswith(".") and p not in (".", "..") for p in parts):
            raise UnsafePathError(f"{shown}: hidden files and folders (such as .env) are "
                                  "never read from chat")
        if _SECRET_NAME.search(path.name.lower()):
            raise UnsafePathError(f"{shown}: the name says it holds secrets; such files are "
                                  "never read from chat")
        if path.suffix.lower() not in suffixes:
            raise UnsafePathError(
                f"{shown}: only text documents can be read from chat "
                f"({', '.join(sorted(suffixes))}), not config, keys or databases"
            )
    return target


def _read_bytes(path: Path, label: str, max_bytes: int) -> bytes:
    """The bytes of the regular, singly linked file at `path`, checked on the open file
    (so a swap between the check and the read cannot slip through)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except OSError as err:
        raise InputError(f"{label}: {os_error_message(err)}") from None
    with os.fdopen(fd, "rb") as fh:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{label}: not a regular file (device, pipe or socket)")
        if st.st_nlink > 1:
            raise UnsafePathError(f"{label} has other names (hard links), which may be "
                                  "files never read from chat; copy it instead")
        if st.st_size > max_bytes:
            raise InputTooLargeError(f"{label} is {st.st_size:,} bytes, over the "
                                     f"{max_bytes:,}-byte limit")
        try:
            data = fh.read(max_bytes + 1)
        except OSError as err:
            raise InputError(f"{label}: {os_error_message(err)}") from None
    if len(data) > max_bytes:
        raise InputTooLargeError(f"{label} is over the {max_bytes:,}-byte limit (it grew "
                                 "while being read)")
    return data


def read_workspace_text(
    value: str, *, root: str | Path | None = None, what: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES, suffixes: frozenset[str] = POST_SUFFIXES,
) -> str:
    """The UTF-8 text of the document `value` names (see the module's rules), bounded by
    `max_bytes`; `InputError` (one line) otherwise."""
    path = workspace_path(value, root=root, suffixes=suffixes)
    label = escape_controls(what or value, single_line=True)
    text = decode_text(_read_bytes(path, label, max_bytes), what=label, max_bytes=max_bytes)
    if problem := secret_problem(text):
        raise UnsafePathError(f"{label} holds {problem}; it is never read from chat")
    return text
