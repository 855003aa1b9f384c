"""Seed 003 Phase 5 and the edge cases: what `analyze_documents` reports for each kind."""

from __future__ import annotations

import base64
import json
import os
import signal
import tracemalloc
from pathlib import Path
from types import SimpleNamespace

import pytest
from doc_samples import docx_bytes, pdf_bytes, png_bytes, xlsx_bytes

from draftguard.documents import Document, analyze_document
from draftguard.documents._analysis import AnalysisSettings, analyze_documents
from draftguard.documents._sizes import readable_size
from draftguard.errors import DocumentReadError, InputError

SEED_KEYS = {"name", "mimeType", "format", "size", "type", "preview", "isAccessible"}


def mem(name: str, content: object, mime: str | None = None) -> Document:
    return Document.from_content(name, content, mime_type=mime)  # type: ignore[arg-type]


# --- Phase 5: small and large text -------------------------------------------------------

def test_small_text_is_previewed_in_full_with_seed_fields() -> None:
    text = "# Title\n\nA short post about ADK guardrails.\n"
    s = analyze_document(mem("post.md", text, "text/markdown"))
    dumped = s.model_dump(by_alias=True)
    assert dumped.keys() >= SEED_KEYS
    assert dumped["size"] == {"bytes": len(text.encode()), "readable": f"{len(text)} B"}
    assert (s.type, s.format, s.is_accessible, s.preview) == ("text", "md", True, text)
    assert s.format_conflict is None and s.problems == []


def test_text_at_exactly_50_kb_is_still_full_but_one_byte_more_is_truncated() -> None:
    limit = 50 * 1024
    exact = analyze_document(mem("a.txt", "x" * limit))
    assert exact.preview == "x" * limit
    over = analyze_document(mem("b.txt", "y" * (limit + 1)))
    assert over.preview is not None
    assert over.preview.startswith("y" * 1024)
    assert not over.preview.startswith("y" * 1025)
    assert "[truncated: first 1.0 KB of 50.0 KB]" in over.preview


def test_large_text_preview_is_first_kb_plus_size_indicator() -> None:
    text = "".join(f"line {i}: lorem ipsum dolor sit amet\n" for i in range(50_000))
    text = text[: 1536 * 1024]
    s = analyze_document(mem("notes.txt", text))
    assert s.type == "text" and s.is_accessible
    assert s.size.bytes == len(text.encode())
    assert s.size.readable == readable_size(len(text.encode())) == "1.5 MB"
    assert s.preview is not None and len(s.preview) < 1200
    assert s.preview.startswith(text[:1000])
    assert s.preview.endswith("[truncated: first 1.0 KB of 1.5 MB]")


def test_preview_thresholds_are_configurable() -> None:
    settings = AnalysisSettings(full_preview_max_bytes=100, large_preview_bytes=10)
    s = analyze_document(mem("a.txt", "abcdefghij" * 11), settings=settings)
    assert s.preview == "abcdefghij\n... [truncated: first 10 B of 110 B]"
    assert analyze_document(mem("b.txt", "z" * 100), settings=settings).preview == "z" * 100
    with pytest.raises(ValueError, match="parse_limit_bytes"):
        AnalysisSettings(full_preview_max_bytes=100, parse_limit_bytes=10)


def test_truncated_preview_never_splits_a_multibyte_character() -> None:
    settings = AnalysisSettings(full_preview_max_bytes=10, large_preview_bytes=5)
    s = analyze_document(mem("a.txt", "ééééééééé"), settings=settings)
    assert s.preview is not None and s.preview.startswith("éé\n")


# --- Phase 5: binary (real PDF and PNG bytes) --------------------------------------------

@pytest.mark.parametrize(
    ("name", "data", "fmt", "mime"),
    [
        ("report.pdf", pdf_bytes(), "pdf", "application/pdf"),
        ("chart.png", png_bytes(), "png", "image/png"),
        ("memo.docx", docx_bytes(), "docx",
         "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        ("sheet.xlsx", xlsx_bytes(), "xlsx",
         "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    ],
)
def test_binary_documents_get_metadata_only(
    tmp_path: Path, name: str, data: bytes, fmt: str, mime: str
) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    for s in analyze_documents([path, mem(name, data)]):
        assert (s.type, s.format, s.preview, s.is_accessible) == ("binary", fmt, None, False)
        assert s.mime_type == mime and s.size.bytes == len(data)
        assert s.problems == [] and s.format_conflict is None


def test_docx_and_xlsx_are_told_apart_by_content_not_name() -> None:
    s = analyze_document(mem("memo.xlsx", docx_bytes()))
    assert s.format == "docx"
    assert s.format_conflict == "extension .xlsx, content is DOCX"


# --- Phase 5: base64 ---------------------------------------------------------------------

def test_base64_png_is_recognised_and_decoded_format_reported() -> None:
    raw = png_bytes(16, 16)
    encoded = base64.b64encode(raw).decode()
    s = analyze_document(mem("chart.png", encoded, "image/png"))
    assert (s.type, s.format, s.preview, s.is_accessible) == ("base64", "png", None, False)
    assert s.size.bytes == len(encoded)
    assert s.decoded_size is not None and s.decoded_size.bytes == len(raw)
    assert s.format_conflict is None


def test_mime_wrapped_base64_file_and_data_uri(tmp_path: Path) -> None:
    encoded = base64.encodebytes(pdf_bytes("x" * 400))  # 76-column lines
    path = tmp_path / "report.b64"
    path.write_bytes(encoded)
    s = analyze_document(path)
    assert (s.type, s.format) == ("base64", "pdf")
    uri = "data:image/png;base64," + base64.b64encode(png_bytes()).decode()
    u = analyze_document(mem("inline", uri))
    assert (u.type, u.format) == ("base64", "png")
    assert "data: URI declaring image/png" in u.notes


def test_base64_declared_as_plain_text_is_a_conflict() -> None:
    encoded = base64.b64encode(png_bytes()).decode()
    s = analyze_document(mem("chart.txt", encoded, "text/plain"))
    assert s.type == "base64"
    assert s.format_conflict == "declared text/plain, extension .txt, content is base64 of PNG"


# --- Phase 5: structured JSON ------------------------------------------------------------

def test_in_memory_structure_is_structured_json() -> None:
    quiz = {"questions": [{"q": "What is ADK?", "a": "Agent Development Kit"}]}
    s = analyze_document(mem("quiz", quiz))
    assert (s.type, s.format, s.is_accessible) == ("structured", "json", True)
    assert json.loads(s.preview or "") == quiz
    assert s.size.bytes == len(json.dumps(quiz, ensure_ascii=False).encode())


def test_large_in_memory_structure_truncation_speaks_of_the_reported_size() -> None:
    big = {"items": [{"id": i, "text": "x" * 50} for i in range(2000)]}
    s = analyze_document(mem("items.json", big))
    assert s.size.bytes > 50 * 1024 and s.preview is not None
    assert s.preview.endswith(f"[truncated: first 1.0 KB of {s.size.readable}]")
    assert s.preview.startswith(json.dumps(big, ensure_ascii=False)[:1000])


def test_json_text_is_structured_and_large_json_is_truncated() -> None:
    small = json.dumps({"cards": [{"front": "a", "back": "b"}]})
    s = analyze_document(mem("cards.json", small, "application/json"))
    assert (s.type, s.format, s.preview) == ("structured", "json", small)
    big = json.dumps({"cards": [{"front": f"q{i}", "back": "x" * 80} for i in range(2000)]})
    b = analyze_document(mem("cards.json", big))
    assert b.type == "structured" and b.preview is not None
    assert b.preview.startswith(big[:1024]) and "[truncated: first 1.0 KB of" in b.preview


def test_markdown_starting_with_a_link_is_not_misread_as_broken_json() -> None:
    s = analyze_document(mem("post.md", "[ADK](https://google.github.io/adk-docs/) is neat\n"))
    assert (s.type, s.format, s.problems) == ("text", "md", [])


# --- wrong declared types ----------------------------------------------------------------

def test_declared_text_plain_but_content_is_pdf_is_reported_not_hidden() -> None:
    s = analyze_document(mem("report", pdf_bytes(), "text/plain"))
    assert s.format == "pdf" and s.type == "binary"
    assert s.format_conflict == "declared text/plain, content is PDF"
    assert not s.ok


def test_png_named_pdf_and_text_declared_as_image() -> None:
    s = analyze_document(mem("scan.pdf", png_bytes()))
    assert s.format == "png" and s.format_conflict == "extension .pdf, content is PNG"
    t = analyze_document(mem("logo.png", "just some words\n", "image/png"))
    assert t.type == "text"
    assert t.format_conflict == "declared image/png, extension .png, content is text"


def test_binary_bytes_named_txt_are_reported_with_the_reason() -> None:
    s = analyze_document(mem("notes.txt", b"\x00\x01\x02garbage\xff\xfe"))
    assert s.type == "binary" and s.preview is None
    assert s.format_conflict == "extension .txt, content is unrecognised binary"
    assert any("NUL byte at offset 0" in n for n in s.notes)


def test_markdown_declared_text_plain_is_not_a_conflict() -> None:
    s = analyze_document(mem("post.md", "# Hi\n", "text/plain; charset=utf-8"))
    assert s.format_conflict is None and s.format == "txt"


# --- zero-byte, truncated and corrupt ----------------------------------------------------

def test_zero_byte_file_is_a_problem_not_a_success(tmp_path: Path) -> None:
    path = tmp_path / "empty.md"
    path.write_bytes(b"")
    s = analyze_document(path)
    assert s.size.bytes == 0 and s.size.readable == "0 B"
    assert s.problems == ["empty document (0 bytes)"]
    assert not s.is_accessible and not s.ok


@pytest.mark.parametrize(
    ("name", "data", "problem"),
    [
        ("r.pdf", pdf_bytes()[:-40], "truncated or corrupt PDF: no %%EOF marker at the end"),
        ("c.png", png_bytes()[:-7], "truncated or corrupt PNG: no IEND chunk at the end"),
        ("m.docx", docx_bytes()[:-30], "truncated or corrupt ZIP container"),
        ("q.json", '{"questions": [1, 2', "not valid JSON: Expecting ',' delimiter"),
        ("d.xml", "<?xml version='1.0'?><a><b></a>", "not well-formed XML: mismatched tag"),
    ],
)
def test_truncated_or_corrupt_files_are_reported(name: str, data: bytes | str, problem: str
                                                 ) -> None:
    s = analyze_document(mem(name, data))
    assert len(s.problems) == 1 and s.problems[0].startswith(problem), s.problems


def test_xml_entity_declarations_are_refused() -> None:
    bomb = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xxxx">]><a>&x;</a>'
    s = analyze_document(mem("a.xml", bomb))
    assert s.problems == ["XML declares entities (refused: not parsed)"]


def test_invalid_utf8_in_the_middle_of_a_text_file_makes_it_binary() -> None:
    data = b"fine text " * 1000 + b"\xc3\x28" + b" more"
    s = analyze_document(mem("a.bin", data))
    assert s.type == "binary" and s.format == "unknown"


# --- sources and errors ------------------------------------------------------------------

def test_unreadable_inputs_raise_one_named_error(tmp_path: Path) -> None:
    with pytest.raises(DocumentReadError, match="no such file"):
        analyze_document(tmp_path / "missing.txt")
    with pytest.raises(DocumentReadError, match="is a directory"):
        analyze_document(tmp_path)
    with pytest.raises(DocumentReadError, match="ambiguous"):
        analyze_document("post.md")
    with pytest.raises(InputError, match="not a document"):
        analyze_document(42)


def test_pipes_and_devices_are_refused_instead_of_read_forever(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.md"
    os.mkfifo(fifo)

    def hung(*_: object) -> None:
        raise TimeoutError("analysis hung on a non-regular file")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)  # a regression must fail, not hang the suite
    try:
        with pytest.raises(DocumentReadError, match="not a regular file"):
            analyze_document(fifo)  # opening a FIFO with no writer would block forever
        with pytest.raises(DocumentReadError, match="not a regular file"):
            analyze_document(Path("/dev/zero"))  # would stream zeros forever
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read anything")
def test_permission_denied(tmp_path: Path) -> None:
    path = tmp_path / "secret.txt"
    path.write_text("x")
    path.chmod(0)
    with pytest.raises(DocumentReadError, match="permission denied"):
        analyze_document(path)


def test_seed_action_document_objects_are_accepted() -> None:
    doc = SimpleNamespace(documentName="plan.md", mimeType="text/markdown",
                          documentData="# Plan\n")
    as_dict = {"documentName": "data.json", "mimeType": "application/json",
               "documentData": {"k": 1}}
    a, b = analyze_documents([doc, as_dict])
    assert (a.name, a.format, a.type) == ("plan.md", "md", "text")
    assert (b.name, b.format, b.type) == ("data.json", "json", "structured")


def test_readable_size_units() -> None:
    assert [readable_size(n) for n in (0, 1023, 1024, 1536, 1024**2 * 3 // 2, 5 * 1024**4)] == [
        "0 B", "1023 B", "1.0 KB", "1.5 KB", "1.5 MB", "5.0 TB"]


# --- a 100 MB file -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def hundred_mb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "huge.md"
    line = b"A line of a very long Markdown document, repeated to fill 100 MB.\n"
    block = (line * (1024 * 1024 // len(line) + 1))[: 1024 * 1024]
    with path.open("wb") as fh:
        for _ in range(100):
            fh.write(block)
    return path


def test_100_mb_file_is_analysed_in_bounded_memory(hundred_mb: Path) -> None:
    tracemalloc.start()
    try:
        s = analyze_document(hundred_mb)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert s.size.bytes == 100 * 1024 * 1024 and s.size.readable == "100.0 MB"
    assert (s.type, s.format, s.is_accessible) == ("text", "md", True)
    assert s.preview is not None and s.preview.endswith("[truncated: first 1.0 KB of 100.0 MB]")
    # Streaming keeps one chunk, a head and a tail; a file over the parse limit never has
    # its body collected. Reading it whole would peak at 100 MB.
    assert peak < 8 * 1024 * 1024, f"peak {peak / 1e6:.1f} MB"


def test_100_mb_binary_file_in_bounded_memory(tmp_path: Path) -> None:
    path = tmp_path / "huge.pdf"
    with path.open("wb") as fh:
        fh.write(pdf_bytes()[:-6])
        fh.truncate(100 * 1024 * 1024 - 6)
        fh.seek(0, 2)
        fh.write(b"%%EOF\n")
    tracemalloc.start()
    try:
        s = analyze_document(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (s.type, s.format, s.problems) == ("binary", "pdf", [])
    assert peak < 8 * 1024 * 1024


def test_large_in_memory_text_is_scanned_without_a_full_copy() -> None:
    text = "word " * (6 * 1024 * 1024)  # 30 MB of text already in memory
    tracemalloc.start()
    try:
        s = analyze_document(mem("big.txt", text))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert s.size.bytes == len(text) and s.type == "text"
    assert peak < 8 * 1024 * 1024, f"peak {peak / 1e6:.1f} MB"


def test_in_memory_structure_takes_any_structured_name_but_not_an_image_name() -> None:
    y = analyze_document(mem("plan.yaml", {"steps": [1, 2]}))
    assert (y.format, y.format_conflict) == ("yaml", None)
    p = analyze_document(mem("chart.png", {"steps": [1, 2]}))
    assert p.format == "json"
    assert p.format_conflict == "extension .png, content is an in-memory structure"


def test_over_the_parse_limit_structure_is_noted_and_base64_judged_from_its_head(
        tmp_path: Path) -> None:
    settings = AnalysisSettings(full_preview_max_bytes=100, large_preview_bytes=50,
                                parse_limit_bytes=1000)
    big_json = json.dumps([{"id": i} for i in range(500)])
    s = analyze_document(mem("rows.json", big_json), settings=settings)
    assert (s.type, s.format) == ("structured", "json")
    assert s.notes == ["over the parse limit: JSON structure not verified"]
    path = tmp_path / "blob.b64"
    raw = pdf_bytes("y" * 5000)
    path.write_bytes(base64.encodebytes(raw))
    assert path.stat().st_size > settings.parse_limit_bytes
    b = analyze_document(path, settings=settings)
    assert (b.type, b.format) == ("base64", "pdf")
    assert b.decoded_size is not None and abs(b.decoded_size.bytes - len(raw)) <= 3
