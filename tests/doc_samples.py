"""Real file bytes generated in-process for document tests: PNG, PDF, JPEG-less, DOCX, XLSX."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib


def png_bytes(width: int = 2, height: int = 2) -> bytes:
    """A valid RGB PNG (checksummed chunks, compressed scanlines)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def pdf_bytes(text: str = "Hello") -> bytes:
    """A valid one-page PDF 1.4 with a correct xref table and a binary comment line."""
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
    ]
    stream = f"BT /F1 12 Tf 20 100 Td ({text}) Tj ET".encode()
    objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    return bytes(out)


def _ooxml(parts: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        for name, body in parts.items():
            zf.writestr(name, body)
    return buf.getvalue()


def docx_bytes() -> bytes:
    return _ooxml({"word/document.xml": "<w:document/>", "_rels/.rels": "<Relationships/>"})


def xlsx_bytes() -> bytes:
    return _ooxml({"xl/workbook.xml": "<workbook/>", "_rels/.rels": "<Relationships/>"})


# --- OLE compound files (MS-CFB version 3) ------------------------------------------------
# No PyPI library writes a new compound file (olefile only edits existing streams), so this
# writes the container itself, following MS-CFB: header, FAT, a directory of 128-byte entries
# and 512-byte sectors. Streams are padded to the 4,096-byte mini-stream cutoff so that they
# live in regular sectors. olefile reads the result (tests/documents/test_documents_detection.py).

_CFB_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_FREE, _END, _FATSECT, _NOSTREAM = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF
#: Root CLSIDs as Office writes them (little-endian GUID bytes).
OUTLOOK_MSG_CLSID = bytes.fromhex("0b0d020000000000c000000000000046")
WORD_DOC_CLSID = bytes.fromhex("0609020000000000c000000000000046")


def _cfb_key(name: str) -> tuple[int, str]:
    return len(name), name.upper()  # MS-CFB 2.6.4: shorter names first, then upper-case


def cfb_bytes(streams: dict[str, bytes], *, clsid: bytes = bytes(16)) -> bytes:
    """A compound file whose root holds `streams`; a name with "/" puts the stream in a
    storage ("__nameid_version1.0/__substg1.0_00020102")."""
    tree: dict[str, dict[str, bytes]] = {"": {}}
    for path, data in streams.items():
        storage, _, name = path.rpartition("/")
        tree.setdefault(storage, {})[name] = data
        if storage:
            tree[""].setdefault(storage, b"")
    entries: list[dict[str, object]] = [{"name": "Root Entry", "type": 5, "clsid": clsid,
                                         "storage": ""}]
    children: dict[int, list[int]] = {}

    def add_children(parent: int, storage: str) -> None:
        names = sorted(tree.get(storage, {}), key=_cfb_key)
        ids = []
        for name in names:
            is_storage = storage == "" and name in tree and name != ""
            entry: dict[str, object] = {"name": name, "type": 1 if is_storage else 2,
                                        "clsid": bytes(16)}
            if not is_storage:
                data = tree[storage][name]
                entry["data"] = data + b"\x00" * max(0, 4096 - len(data))
            entries.append(entry)
            ids.append(len(entries) - 1)
            if is_storage:
                add_children(len(entries) - 1, name)
        children[parent] = ids

    add_children(0, "")
    data_sectors = sum(len(e["data"]) // 512 + (len(e["data"]) % 512 > 0)  # type: ignore[arg-type]
                       for e in entries if "data" in e)
    dir_sectors = -(-len(entries) * 128 // 512)
    fat_sectors = 1
    while fat_sectors * 128 < fat_sectors + dir_sectors + data_sectors:
        fat_sectors += 1
    fat = [_FATSECT] * fat_sectors
    first_dir = len(fat)
    fat += [*range(first_dir + 1, first_dir + dir_sectors), _END]
    body = bytearray()
    for e in entries:
        if "data" not in e:
            continue
        data = e["data"]
        assert isinstance(data, bytes)
        count = -(-len(data) // 512)
        start = fat_sectors + dir_sectors + len(body) // 512
        e["start"], e["size"] = start, len(data)
        fat += [*range(start + 1, start + count), _END]
        body += data + b"\x00" * (count * 512 - len(data))
    fat += [_FREE] * (fat_sectors * 128 - len(fat))
    directory = bytearray()
    for i, e in enumerate(entries):
        sibling_ids = next((ids for ids in children.values() if i in ids), [])
        pos = sibling_ids.index(i) if sibling_ids else -1
        right = sibling_ids[pos + 1] if 0 <= pos < len(sibling_ids) - 1 else _NOSTREAM
        kids = children.get(i, [])
        name = str(e["name"]).encode("utf-16-le") + b"\x00\x00"
        directory += struct.pack(
            "<64sHBBIII16sIQQIQ", name, len(name), e["type"], 1, _NOSTREAM, right,
            kids[0] if kids else _NOSTREAM, e["clsid"], 0, 0, 0,
            e.get("start", _END), e.get("size", 0),
        )
    directory += b"\x00" * (dir_sectors * 512 - len(directory))
    difat = [*range(fat_sectors), *[_FREE] * (109 - fat_sectors)]
    header = struct.pack(
        "<8s16sHHHHH6sIIIIIIIII109I", _CFB_MAGIC, bytes(16), 0x3E, 3, 0xFFFE, 9, 6, bytes(6),
        0, fat_sectors, first_dir, 0, 4096, _END, 0, _END, 0, *difat,
    )
    fat_bytes = struct.pack(f"<{len(fat)}I", *fat)
    return header + fat_bytes + bytes(directory) + bytes(body)


def outlook_msg_bytes(subject: str = "Quarterly numbers") -> bytes:
    """An Outlook message as Outlook lays it out: the message CLSID on the root, a property
    stream, string properties as `__substg1.0_` streams and a named-property storage."""
    return cfb_bytes({
        "__properties_version1.0": bytes(32),
        "__substg1.0_0037001F": subject.encode("utf-16-le"),
        "__substg1.0_1000001F": "See the attached figures.".encode("utf-16-le"),
        "__substg1.0_001A001F": "IPM.Note".encode("utf-16-le"),
        "__nameid_version1.0/__substg1.0_00020102": bytes(16),
    }, clsid=OUTLOOK_MSG_CLSID)


def _box(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def iso_media_bytes(major: bytes, compatible: list[bytes], handlers: list[bytes]) -> bytes:
    """An ISO base media file (the MP4 family): `ftyp` with the brands, then a `moov` whose
    tracks carry the handler types ("soun", "vide"), then an empty `mdat`."""
    ftyp = _box(b"ftyp", major + b"\x00\x00\x02\x00" + b"".join(compatible))
    tracks = b"".join(
        _box(b"trak", _box(b"mdia", _box(b"hdlr", bytes(8) + h + bytes(12) + b"track\x00")))
        for h in handlers
    )
    mvhd = _box(b"mvhd", bytes(100))
    return ftyp + _box(b"moov", mvhd + tracks) + _box(b"mdat", bytes(64))
