"""Reading a file a chat message names: only what a post can be.

A chat message is not the person at the keyboard: anyone who can reach the app's API can
send `/split draft=.env`, and whatever the file holds becomes the post, an artifact anyone
on the port can fetch. So a name from chat reads only a text document inside the workspace:
a file with a post's suffix (Markdown, plain text, reStructuredText, ...), none of whose path
parts is hidden (no `.env`, `.git/`, `.venv/`, `.draftguard/`), named directly or through a
symlink whose target passes the same rules. Config, keys, certificates and databases have
other suffixes and are never read. A control character in the name is refused before the
file system sees it.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath, PureWindowsPath

from draftguard.errors import InputError, UnsafePathError
from draftguard.textio._display import escape_controls
from draftguard.textio._text_input import DEFAULT_MAX_BYTES, read_text_file

__all__ = ["POST_SUFFIXES", "read_workspace_text", "workspace_path"]

#: Suffixes of files a post or an outline can be; nothing else is read from chat.
POST_SUFFIXES = frozenset({
    ".md", ".markdown", ".mdown", ".mkd", ".txt", ".text", ".rst", ".adoc", ".asciidoc", ".org",
})
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# Key material that a misnamed file (keys.txt) would still give away.
_PRIVATE_KEY = re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----")


def workspace_path(value: str, *, root: str | Path | None = None) -> Path:
    """The file `value` names inside `root` (default: the working folder), or
    `UnsafePathError` saying which rule it breaks."""
    shown = escape_controls(value, single_line=True)
    if not value.strip():
        raise UnsafePathError("a file name is empty")
    if _CONTROL.search(value):
        raise UnsafePathError(f"{shown}: the name holds a control character; name a file")
    base = (Path.cwd() if root is None else Path(root)).resolve()
    outside = UnsafePathError(f"{shown}: only files inside {base} can be read from chat")
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
        if path.suffix.lower() not in POST_SUFFIXES:
            raise UnsafePathError(
                f"{shown}: only text documents can be read from chat "
                f"({', '.join(sorted(POST_SUFFIXES))}), not config, keys or databases"
            )
    return target


def read_workspace_text(
    value: str, *, root: str | Path | None = None, what: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> str:
    """The UTF-8 text of the document `value` names (see the module's rules), bounded by
    `max_bytes`; `InputError` (one line) otherwise."""
    path = workspace_path(value, root=root)
    label = escape_controls(what or value, single_line=True)
    text = read_text_file(path, what=label, max_bytes=max_bytes)
    if _PRIVATE_KEY.search(text):
        raise InputError(f"{label} holds a private key; it is never read from chat")
    return text
