"""OLE compound files (DOC, XLS, PPT, Outlook MSG): which application's streams they hold.

Every OLE file starts with the same eight bytes, so the signature says only "a compound
file". The application shows in the directory: Word writes a `WordDocument` stream, Excel a
`Workbook`, PowerPoint a `PowerPoint Document`, Outlook `__substg1.0_` property streams.
`olefile` reads the directory (header, FAT and directory sectors only).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

__all__ = ["OLE_MAGIC", "sniff_ole"]

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

# Root-level stream names and the format whose application writes them. The first match
# wins; an Outlook message can carry a Word attachment only inside a sub-storage.
_STREAMS: tuple[tuple[str, str], ...] = (
    ("__properties_version1.0", "msg"),
    ("WordDocument", "doc"),
    ("Workbook", "xls"),
    ("Book", "xls"),
    ("PowerPoint Document", "ppt"),
)


def sniff_ole(source: Path | bytes | bytearray | memoryview) -> tuple[str | None, str | None]:
    """(format, problem) for an OLE compound file: the format is None when the streams
    name no application in the format table (a Visio drawing, an MSI installer...)."""
    # Imported here: only OLE files pay for it, not every `import draftguard.documents`.
    import olefile  # type: ignore[import-untyped]

    handle: Any = str(source) if isinstance(source, Path) else io.BytesIO(source)
    try:
        ole = olefile.OleFileIO(handle)
    except (OSError, ValueError, IndexError, KeyError) as err:
        return None, f"truncated or corrupt OLE compound file ({_first_line(err)})"
    try:
        names = {entry[0] for entry in ole.listdir(streams=True, storages=False)
                 if len(entry) == 1}
        fmt = _application(names)
        # olefile reads sectors lazily, so a file cut after its directory opens cleanly:
        # every sector a FAT chain or a stream starts at must lie inside the file.
        starts = [e.isectStart for e in ole.direntries
                  if e is not None and e.size >= ole.minisectorcutoff]
        last = max((s for s in (*ole.fat, *starts) if s <= olefile.MAXREGSECT), default=-1)
        if last >= ole.nb_sect:
            return fmt, (f"truncated OLE compound file: {ole._filesize} bytes, sectors up "
                         f"to {last} are referenced")
    except (OSError, ValueError, IndexError, KeyError) as err:
        return None, f"truncated or corrupt OLE compound file ({_first_line(err)})"
    finally:
        ole.close()
    return fmt, None


def _application(names: set[str]) -> str | None:
    if any(n.startswith("__substg1.0_") for n in names):
        return "msg"
    for stream, fmt in _STREAMS:
        if stream in names:
            return fmt
    return None


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__
