"""Which files an author may hand in as a source: plain notes inside the workspace.

A chat message can name any path, and a tool's argument can come from a model, so the
path is checked before a byte is read: inside the workspace (after symlinks are resolved),
no hidden file or folder anywhere on the way, a notes or transcript extension, and no name
that reads like a secret. Config and secrets (`.env`, `agents.yaml`, keys) never qualify.
"""

from __future__ import annotations

import re
from pathlib import Path

from draftguard.errors import InputError, UnsafePathError

__all__ = ["SOURCE_EXTENSIONS", "check_source_path"]

#: Notes and transcripts: the only file types a source may be read from.
SOURCE_EXTENSIONS = frozenset({".md", ".markdown", ".txt", ".text", ".rst", ".vtt", ".srt"})
_SECRET_WORDS = re.compile(
    r"secret|password|passwd|credential|token|api[-_]?key|private[-_]?key|\.env", re.I
)


def check_source_path(path_text: str, *, workspace: Path) -> Path:
    """The resolved path of a notes file inside `workspace`, or a one-line `InputError`."""
    given = path_text.strip().strip("\"'`")
    if not given:
        raise InputError("no file was named")
    root = workspace.resolve()
    raw = Path(given).expanduser()
    candidate = raw if raw.is_absolute() else root / raw
    shown = given if len(given) <= 80 else given[:77] + "..."
    try:
        resolved = candidate.resolve()
        inside = resolved.relative_to(root)
    except (OSError, RuntimeError, ValueError):
        raise UnsafePathError(f"'{shown}' is outside the workspace") from None
    parts = [*raw.parts, *inside.parts]
    if any(p.startswith(".") and p not in (".", "..") for p in parts):
        raise UnsafePathError(f"'{shown}' is a hidden file or folder; it is never read")
    if _SECRET_WORDS.search(resolved.name):
        raise UnsafePathError(f"'{shown}' looks like it holds secrets; it is never read")
    if resolved.suffix.lower() not in SOURCE_EXTENSIONS:
        allowed = ", ".join(sorted(SOURCE_EXTENSIONS))
        raise InputError(f"'{shown}' is not a notes or transcript file ({allowed})")
    return resolved
