"""Writing files so that a reader sees the old bytes or the new ones, never half of each.

A file is written to a temporary file beside it (`.<name>.draftguard-XXXXXXXX.tmp`),
fsynced, given the target's mode and owner, and renamed into place. A process killed
between the two steps leaves its temporary file behind; the next write to the same target
removes such files once they are older than `STALE_TEMP_SECONDS` (only ours: same owner,
same name pattern).

`replace_if_unchanged` is the read-modify-write form for editing a file in place: under an
advisory lock (flock) it checks that the file still holds the bytes the edit was made
from, so two editors never lose each other's change.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import sys
import tempfile
import time
import uuid
from collections.abc import Mapping
from pathlib import Path

from draftguard.errors import FileChangedError, InputError, OutputError

__all__ = [
    "STALE_TEMP_SECONDS",
    "check_replaceable",
    "check_writable_dir",
    "replace_if_unchanged",
    "write_atomic",
    "write_many_atomic",
]

#: A temporary file of ours this old belongs to a writer that died (a write takes seconds).
STALE_TEMP_SECONDS = 600
_TEMP_TAG = ".draftguard-"
_WRITE_REASONS = {
    errno.ENOSPC: "no space left on device",
    errno.EDQUOT: "disk quota exceeded",
    errno.EROFS: "read-only file system",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOENT: "the folder does not exist",
}


def _umask() -> int:
    """The process umask: from /proc where Linux shows it, else by setting it and putting it
    straight back (which another thread creating a file at that instant could notice)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write to a temporary file beside `path`, fsync it, then rename it into place."""
    write_many_atomic({path: data})


def write_many_atomic(files: Mapping[str | Path, str | bytes]) -> None:
    """Stage every file first, then rename them all; a failure while staging writes nothing.

    Each file keeps the mode and owner of the one it replaces. Raises `OutputError` (one
    line) when a file cannot be written.
    """
    _write_staged({Path(p): (d, None) for p, d in files.items()})


def _write_staged(files: Mapping[Path, tuple[str | bytes, os.stat_result | None]]) -> None:
    """`write_many_atomic`, each file taking the mode and owner of the status given with it
    (None: of the file it replaces, if any).

    All or nothing across the files: every target is checked and every new file staged
    before the first rename, and a rename that still fails (the target became a folder, the
    folder's permissions changed) puts back what the renames before it replaced.
    """
    staged: list[tuple[str, Path]] = []
    current: Path | None = None
    try:
        for p, (data, like) in files.items():
            current = p
            _remove_stale_temps(p)
            raw = data.encode("utf-8") if isinstance(data, str) else data
            try:
                old = like or os.stat(p, follow_symlinks=True)
            except FileNotFoundError:
                old = None
            if old is not None and not stat.S_ISREG(old.st_mode):
                kind = "a directory" if stat.S_ISDIR(old.st_mode) else "not a regular file"
                raise OutputError(f"cannot write {p}: it is {kind}")
            staged.append((_stage(p, raw, old), p))
        _rename_all(staged)
    except OSError as err:
        _unlink_all(staged)
        raise OutputError(f"cannot write {current}: {_write_reason(err)}") from None
    except BaseException:
        _unlink_all(staged)
        raise


def _rename_all(staged: list[tuple[str, Path]]) -> None:
    """Rename each staged file over its target; on a failure, undo the renames made.

    Before each rename the file it replaces is kept under a backup name (a hard link, so
    the target never goes missing); undoing renames the backups back. One file needs none:
    its rename happens or it does not.
    """
    done: list[tuple[Path, str | None]] = []  # (target, backup of what it held, or None)
    try:
        for tmp, p in staged:
            backup = _backup(p) if len(staged) > 1 else None
            try:
                os.replace(tmp, p)
            except BaseException:
                if backup is not None:
                    Path(backup).unlink(missing_ok=True)
                raise
            done.append((p, backup))
    except BaseException as err:
        for p, backup in reversed(done):
            with contextlib.suppress(OSError):
                if backup is None:
                    p.unlink()
                else:
                    os.replace(backup, p)
        if isinstance(err, OSError):
            target = staged[len(done)][1]
            raise OutputError(f"cannot write {target}: {_write_reason(err)}") from None
        raise
    for _, backup in done:
        if backup is not None:
            Path(backup).unlink(missing_ok=True)


def _backup(p: Path) -> str | None:
    """A hard link to the file now at `p`, beside it (None when there is none)."""
    if not os.path.lexists(p):
        return None
    name = str(p.parent / f".{p.name}{_TEMP_TAG}{uuid.uuid4().hex[:8]}.tmp")
    try:
        os.link(p, name, follow_symlinks=False)
    except OSError:
        # No hard links here (some network and FAT file systems): a copy restores as well.
        shutil.copy2(p, name, follow_symlinks=False)
    return name


def check_replaceable(path: str | Path) -> os.stat_result:
    """The file's status, or `OutputError` when replacing it by rename would do harm.

    A read-only file is refused (renaming over it would ignore its mode), and so is a file
    with other hard links: the rename would give this name new bytes and leave the other
    names holding the old ones.
    """
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise InputError(f"{p}: no such file") from None
    _refuse_harm(p, st)
    return st


def check_writable_dir(path: str | Path, *, what: str) -> None:
    """`OutputError` unless files can be created in `path` (or where it would be created).

    Checked by creating and removing a temporary file in the nearest folder that exists,
    so a read-only mount or folder is found before any costly work, root or not.
    """
    p = Path(path).absolute()
    probe = p
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if not probe.is_dir():
        raise OutputError(f"{what} {path}: {probe} is not a directory")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{_TEMP_TAG.strip('.-')}-probe-", dir=probe)
        os.close(fd)
        os.unlink(tmp)
    except OSError as err:
        raise OutputError(f"{what} {path}: cannot write there ({_write_reason(err)})") from None


def replace_if_unchanged(path: str | Path, data: bytes, *, expected: bytes) -> None:
    """Atomically replace `path`'s bytes with `data`, if it still holds `expected`.

    Raises `FileChangedError` when another writer changed the file since it was read,
    `InputError` when it was removed, `OutputError` when it cannot be replaced.
    """
    p = Path(path)
    fd = _open_locked(p)
    try:
        st = os.fstat(fd)
        if _read_all(fd) != expected:
            raise FileChangedError(
                f"{p} changed on disk while the edit was being made; nothing was written: "
                "run the edit again"
            )
        _refuse_harm(p, st)
        _write_staged({p: (data, st)})  # the status read under the lock
    finally:
        os.close(fd)  # releases the lock, after the rename


def _open_locked(p: Path) -> int:
    """A descriptor of the file now at `p`, holding its exclusive lock.

    A writer that waited for the lock may find the path renamed over meanwhile: its lock
    is then on the old file, so it opens the new one and locks again.
    """
    while True:
        try:
            fd = os.open(p, os.O_RDONLY | os.O_CLOEXEC)
        except FileNotFoundError:
            raise InputError(f"{p}: no such file (it was removed while being edited)") from None
        except OSError as err:
            raise OutputError(f"cannot open {p}: {_write_reason(err)}") from None
        if sys.platform != "win32":  # no flock there: the byte check alone guards the edit
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            if os.path.samestat(os.fstat(fd), os.stat(p)):
                return fd
        except FileNotFoundError:
            pass
        os.close(fd)


def _read_all(fd: int) -> bytes:
    chunks: list[bytes] = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


def _refuse_harm(p: Path, st: os.stat_result) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise InputError(f"{p}: not a regular file")
    # Mode bits, not os.access: root may write anything, but a 0444 file says "leave me".
    if not st.st_mode & 0o222 or not os.access(p, os.W_OK):
        raise OutputError(
            f"{p} is read-only (mode {stat.S_IMODE(st.st_mode):04o}); make it writable to edit it"
        )
    if st.st_nlink > 1:
        raise OutputError(
            f"{p} has {st.st_nlink} hard links; replacing it would leave the other names with "
            "the old text, so it is left alone (edit a copy, or remove the other links)"
        )


def _stage(p: Path, raw: bytes, like: os.stat_result | None) -> str:
    """A fsynced temporary file beside `p` holding `raw`, with `like`'s owner and mode."""
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}{_TEMP_TAG}", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
            fh.flush()
            os.fsync(fh.fileno())
        if like is not None:
            if (like.st_uid, like.st_gid) != (os.geteuid(), os.getegid()):
                try:
                    os.chown(tmp, like.st_uid, like.st_gid)
                except PermissionError:
                    raise OutputError(
                        f"{p} belongs to another user (uid {like.st_uid}); replacing it would "
                        "make it yours, so it is left alone"
                    ) from None
            os.chmod(tmp, stat.S_IMODE(like.st_mode))  # after chown, which clears set-id bits
        else:
            # mkstemp makes 0600; a new file follows the umask as `open` would.
            os.chmod(tmp, 0o666 & ~_umask())
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return tmp


def _remove_stale_temps(p: Path) -> None:
    prefix, now, me = f".{p.name}{_TEMP_TAG}", time.time(), os.geteuid()
    try:
        entries = list(os.scandir(p.parent))
    except OSError:
        return  # the write itself reports an unusable folder
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(".tmp")):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if (stat.S_ISREG(st.st_mode) and st.st_uid == me
                    and now - st.st_mtime > STALE_TEMP_SECONDS):
                os.unlink(entry.path)
        except OSError:
            continue


def _unlink_all(staged: list[tuple[str, Path]]) -> None:
    for tmp, _ in staged:
        Path(tmp).unlink(missing_ok=True)


def _write_reason(err: OSError) -> str:
    return _WRITE_REASONS.get(err.errno or 0) or (err.strerror or str(err)).lower()
