"""Keeping every file a tool writes inside one configured output directory."""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

from draftguard.errors import UnsafePathError

__all__ = ["resolve_output_path"]


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
