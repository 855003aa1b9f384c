"""Keeping every file a tool writes inside one configured output directory."""

from __future__ import annotations

import hashlib
from pathlib import Path, PurePosixPath, PureWindowsPath

from draftguard.errors import UnsafePathError

__all__ = ["path_component", "resolve_output_path"]

# Kept as written in a path component; everything else is %XX-escaped. Upper-case letters are
# escaped too, so two ids that differ only in case stay apart on case-insensitive file systems.
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")
_MAX_COMPONENT = 120  # well under the 255-byte limit of common file systems


def resolve_output_path(root: str | Path, name: str) -> Path:
    """`root/name`, refusing absolute paths, `..`, drive letters and symlinks leading out."""
    if not name or not name.strip() or "\x00" in name:
        raise UnsafePathError("file name is empty or holds a NUL byte")
    for pure in (PurePosixPath(name), PureWindowsPath(name)):
        if pure.is_absolute() or pure.anchor or ".." in pure.parts:
            raise UnsafePathError(f"'{name}' leaves the output directory")
    base = Path(root).resolve()
    target = (base / name).resolve()
    if not target.is_relative_to(base) or target == base:
        raise UnsafePathError(f"'{name}' leaves the output directory")
    return target


def path_component(value: str) -> str:
    """`value` (a user or session id, say) as one file-name-safe path component.

    Different values give different components, none of them "", "." or "..", none holding
    a separator, and none longer than 120 characters (a long value keeps its first part and
    a SHA-256 of the whole).
    """
    encoded = "".join(
        c if c in _PLAIN else "".join(f"%{b:02X}" for b in c.encode("utf-8", "surrogatepass"))
        for c in value
    )
    if not encoded:
        return "%"  # the empty id; "%" alone never comes out of a non-empty one
    if len(encoded) > _MAX_COMPONENT:
        digest = hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()
        # "~" is always escaped above, so a shortened component cannot equal a plain one.
        encoded = f"{encoded[: _MAX_COMPONENT - 65]}~{digest}"
    return encoded
