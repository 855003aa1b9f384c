"""Format detection on real file bytes: issue 12's wrong answers, one test each.

Bytes come from the libraries that write these formats (Pillow, lameenc, tarfile), from
doc_samples' MS-CFB writer (no PyPI library writes a new OLE file) and its ISO media boxes.
bench/bench_document_detection.py measures the same code on 504 real files.
"""

from __future__ import annotations

import codecs
import io
import json
import math
import sys
import tarfile
from pathlib import Path

import lameenc
import olefile
import pytest
from doc_samples import (
    cfb_bytes,
    iso_media_bytes,
    outlook_msg_bytes,
    pdf_bytes,
    png_bytes,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from draftguard.documents import Document, analyze_document
from draftguard.documents._analysis import DocumentSummary, analyze_documents
from draftguard.documents._intent import ValidationIntent
from draftguard.documents._known_facts import KnownFacts, known_facts
from draftguard.documents._signature_checks import confirm_signature
from draftguard_adk.cli import main


def summarise(name: str, data: bytes, mime: str | None = None) -> DocumentSummary:
    return analyze_document(Document.from_content(name, data, mime_type=mime))


def pillow(fmt: str, frames: int = 1, **kw: object) -> bytes:
    images = [Image.new("RGB", (24, 16), (40 * i, 90, 200 - 40 * i)) for i in range(frames)]
    buf = io.BytesIO()
    if frames > 1:
        kw = {"save_all": True, "append_images": images[1:], **kw}
    images[0].save(buf, fmt, **kw)
    return buf.getvalue()


def mp3_bytes() -> bytes:
    encoder = lameenc.Encoder()
    encoder.set_bit_rate(64)
    encoder.set_in_sample_rate(22050)
    encoder.set_channels(1)
    pcm = b"".join(int(8000 * math.sin(i / 8)).to_bytes(2, "little", signed=True)
                   for i in range(11025))
    return bytes(encoder.encode(pcm) + encoder.flush())


def tar_bytes() -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tf:
        payload = b"a log line\n" * 30
        info = tarfile.TarInfo("logs/app.log")
        info.size = len(payload)
        tf.addfile(info, io.BytesIO(payload))
    return buf.getvalue()


# --- OLE: an Outlook message is not a spreadsheet ------------------------------------------

def test_outlook_message_is_msg_not_xls() -> None:
    data = outlook_msg_bytes()
    assert olefile.OleFileIO(data).exists("__substg1.0_0037001F")  # a real compound file
    s = summarise("minutes.msg", data)
    assert (s.format, s.type, s.format_conflict, s.problems) == ("msg", "binary", None, [])
    assert s.mime_type == "application/vnd.ms-outlook"
    named_xls = summarise("minutes.xls", data)
    assert named_xls.format == "msg"
    assert named_xls.format_conflict == "extension .xls, content is Outlook message"


def test_word_streams_make_a_doc_and_unknown_streams_an_unknown_ole() -> None:
    word = cfb_bytes({"WordDocument": b"\xec\xa5" + bytes(600), "1Table": bytes(600)})
    assert summarise("memo.doc", word).format == "doc"
    visio = cfb_bytes({"VisioDocument": bytes(700)})
    s = summarise("memo.doc", visio)
    assert s.format_evidence.content == "ole"
    assert s.format_conflict == ("extension .doc, content is an OLE compound file of no known "
                                 "application")


def test_truncated_outlook_message_is_flagged() -> None:
    data = outlook_msg_bytes()
    s = summarise("minutes.msg", data[: len(data) // 2])
    assert s.format == "msg"
    assert s.problems and s.problems[0].startswith("truncated OLE compound file")


# --- APNG ------------------------------------------------------------------------------------

def test_apng_is_recognised_and_agrees_with_png_names() -> None:
    data = pillow("PNG", frames=3)
    s = summarise("spinner.png", data, "image/png")
    assert (s.format, s.format_conflict, s.problems) == ("apng", None, [])
    assert summarise("still.png", pillow("PNG")).format == "png"


def test_apng_named_gif_is_a_conflict() -> None:
    s = summarise("spinner.gif", pillow("PNG", frames=2))
    assert s.format_conflict == "extension .gif, content is APNG"


def test_half_cut_apng_is_flagged() -> None:
    data = pillow("PNG", frames=3)
    s = summarise("spinner.png", data[: len(data) // 2])
    assert s.format == "apng"
    assert s.problems == ["truncated or corrupt APNG: no IEND chunk at the end"]


# --- the MP4 family: audio is not video -------------------------------------------------------

@pytest.mark.parametrize(
    ("major", "compatible", "handlers", "fmt"),
    [
        (b"M4A ", [b"M4A ", b"mp42", b"isom"], [b"soun"], "m4a"),
        (b"isom", [b"isom", b"iso2", b"mp41"], [b"soun"], "m4a"),  # FFmpeg's mp4 muxer
        (b"mp42", [b"mp42", b"isom"], [b"vide", b"soun"], "mp4"),
        (b"qt  ", [b"qt  "], [b"vide"], "mov"),
        (b"heic", [b"mif1", b"heic"], [b"pict"], "heic"),
    ],
)
def test_iso_media_brands_and_tracks(major: bytes, compatible: list[bytes],
                                     handlers: list[bytes], fmt: str) -> None:
    assert summarise("file", iso_media_bytes(major, compatible, handlers)).format == fmt


def test_m4a_audio_is_not_an_mp4_conflict_and_the_cli_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "episode.m4a"
    path.write_bytes(iso_media_bytes(b"isom", [b"isom", b"mp41"], [b"soun"]))
    assert main(["analyze-docs", str(path)]) == 0
    assert "format conflict" not in capsys.readouterr().out
    assert main(["analyze-docs", str(path), "--expected-format", "audio"]) == 0
    assert "episode.m4a: m4a (binary, audio/mp4)" in capsys.readouterr().out
    film = iso_media_bytes(b"isom", [b"isom", b"mp41"], [b"vide", b"soun"])
    assert summarise("episode.m4a", film).format_conflict == "extension .m4a, content is MP4"


def test_generic_brands_without_tracks_are_not_guessed() -> None:
    s = summarise("clip.m4a", iso_media_bytes(b"isom", [b"isom"], []))
    assert (s.format, s.format_conflict) == ("m4a", None)
    assert s.format_evidence.content == "binary"
    assert any("neither its brands nor the track handlers" in n for n in s.notes)


# --- text that is not UTF-8 ------------------------------------------------------------------

PROSE = ("Café menus change weekly. The naïve plan costs 12.50 per guest, so we book early. "
         "Déjà vu: the façade was repainted.\n") * 3
JAPANESE = "会議は火曜日の午後三時に始まります。資料を事前に確認してください。\n" * 4


@pytest.mark.parametrize(
    ("text", "data", "encoding"),
    [
        (PROSE, PROSE.encode("utf-16"), "utf-16-le"),
        (PROSE, codecs.BOM_UTF16_BE + PROSE.encode("utf-16-be"), "utf-16-be"),
        (PROSE, PROSE.encode("utf-16-le"), "utf-16-le"),
        (PROSE, PROSE.encode("utf-16-be"), "utf-16-be"),
        (PROSE, PROSE.encode("latin-1"), "cp1252"),
        (PROSE.replace("12.50", "€12.50"), PROSE.replace("12.50", "€12.50").encode("cp1252"),
         "cp1252"),
        (JAPANESE, JAPANESE.encode("shift_jis"), "cp932"),
        (PROSE, PROSE.encode("utf-8"), "utf-8"),
    ],
)
def test_text_in_other_encodings_is_text_with_a_decoded_preview(
    text: str, data: bytes, encoding: str
) -> None:
    s = summarise("notes.txt", data)
    assert (s.type, s.format, s.is_accessible, s.encoding) == ("text", "txt", True, encoding)
    assert s.preview == text
    assert s.format_conflict is None and s.problems == [] and s.notes == []


def test_large_non_utf8_text_preview_is_cut_at_a_character() -> None:
    text = JAPANESE * 300  # over the 50 KB full-preview limit in UTF-16
    s = summarise("minutes.txt", text.encode("utf-16"))
    assert s.encoding == "utf-16-le" and s.preview is not None
    shown = s.preview.split("\n... [truncated")[0]
    assert text.startswith(shown) and len(shown) == (1024 - 2) // 2


def test_utf16_json_is_structured_json() -> None:
    quiz = {"questions": [{"q": "Qu'est-ce qu'ADK ?", "a": "un kit"}]}
    s = summarise("quiz.json", json.dumps(quiz, ensure_ascii=False).encode("utf-16"))
    assert (s.type, s.format, s.encoding, s.problems) == ("structured", "json", "utf-16-le", [])
    assert json.loads(s.preview or "") == quiz


def test_latin1_xml_with_its_declaration_is_xml() -> None:
    data = '<?xml version="1.0" encoding="ISO-8859-1"?><menu>café</menu>'.encode("latin-1")
    s = summarise("menu.xml", data)
    assert (s.type, s.format, s.problems) == ("structured", "xml", [])


@pytest.mark.parametrize("data", [bytes(range(256)) * 8, b"\x00" * 3000,
                                  b"\x89\x01\x02\x03" * 500, bytes(5)])
def test_binary_bytes_stay_binary(data: bytes) -> None:
    s = summarise("blob.txt", data)
    assert (s.type, s.encoding, s.preview) == ("binary", None, None)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=3000))
def test_any_bytes_give_a_summary_whose_preview_is_the_decoded_bytes(data: bytes) -> None:
    s = summarise("blob", data)
    if s.type in ("text", "structured"):
        assert s.encoding is not None
        assert s.preview == data.decode(s.encoding, "strict").removeprefix("\ufeff")
        assert "\x00" not in s.preview
    else:
        assert s.encoding is None and s.preview is None


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.characters(codec="latin-1", exclude_categories=("Cc", "Cs")),
               min_size=1, max_size=400),
       st.sampled_from(["utf-16", "utf-32", "utf-8-sig"]))
def test_text_behind_a_byte_order_mark_is_decoded_exactly(text: str, codec: str) -> None:
    s = summarise("notes.txt", text.encode(codec))
    assert s.type == "text" and s.preview == text


# --- short signatures confirmed by their headers -----------------------------------------------

@pytest.mark.parametrize(
    ("data", "fmt", "wrong_name", "label"),
    [
        (pillow("BMP"), "bmp", "photo.png", "BMP"),
        (pillow("ICO"), "ico", "favicon.png", "ICO"),
        (mp3_bytes(), "mp3", "voice.wav", "MP3"),
        (tar_bytes(), "tar", "logs.zip", "tar"),
    ],
)
def test_short_signatures_are_identified_so_wrong_names_are_caught(
    data: bytes, fmt: str, wrong_name: str, label: str
) -> None:
    right = summarise(f"file.{fmt}", data)
    assert (right.format, right.format_conflict, right.problems) == (fmt, None, [])
    wrong = summarise(wrong_name, data)
    assert wrong.format_conflict == f"extension .{wrong_name.rsplit('.')[1]}, content is {label}"


@pytest.mark.parametrize("mode", ["RGB", "P", "1", "L", "RGBA"])
def test_every_pillow_bmp_mode_is_confirmed(mode: str) -> None:
    buf = io.BytesIO()
    Image.new(mode, (7, 5)).save(buf, "BMP")
    assert confirm_signature("bmp", buf.getvalue(), len(buf.getvalue()))


@given(st.text(st.characters(exclude_categories=("Cc", "Cs")), min_size=2, max_size=600))
def test_text_that_starts_like_a_short_signature_is_text(text: str) -> None:
    for prefix in ("BM", "ID3", "\u00ff\u00fb"):
        data = (prefix + text).encode("utf-8")
        s = summarise("notes.txt", data)
        assert s.format_evidence.content in ("text", "json", "xml", "html", "svg"), s
        assert s.format_conflict is None


# --- PDF signatures inside text ---------------------------------------------------------------

def test_markdown_that_begins_with_the_pdf_signature_is_markdown() -> None:
    s = summarise("versions.md", b"%PDF-1.7 is the version we target.\n\n# Notes\n\nBody.\n")
    assert (s.type, s.format, s.problems, s.format_conflict) == ("text", "md", [], None)


def test_an_ascii_pdf_cut_short_is_still_a_truncated_pdf() -> None:
    ascii_pdf = pdf_bytes().replace(b"%\xe2\xe3\xcf\xd3\n", b"")
    s = summarise("report.pdf", ascii_pdf[:-40])
    assert s.format == "pdf"
    assert s.problems == ["truncated or corrupt PDF: no %%EOF marker at the end"]


# --- JSON deeper than the recursion limit ------------------------------------------------------

def test_json_nested_past_the_recursion_limit_is_called_too_deep_not_invalid() -> None:
    depth = sys.getrecursionlimit() * 20
    data = b"[" * depth + b"]" * depth
    s = summarise("deep.json", data)
    assert s.problems == ["JSON too deeply nested to parse (deeper than Python's recursion "
                          "limit)"]
    unnamed = summarise("deep", data)
    assert unnamed.problems == [] and any("too deeply nested" in n for n in unnamed.notes)


# --- documents that share a name -----------------------------------------------------------------

def test_same_name_in_two_folders_keeps_each_documents_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    good, bad = tmp_path / "a" / "report.pdf", tmp_path / "b" / "report.pdf"
    good.write_bytes(pdf_bytes())
    bad.write_bytes(png_bytes())
    for order in ([good, bad], [bad, good]):
        code = main(["analyze-docs", *map(str, order), "--expected-format", "pdf", "--json"])
        payload = json.loads(capsys.readouterr().out)
        assert code == 1
        assert [d["compatible"] for d in payload["documents"]] == [p is good for p in order]
    main(["analyze-docs", str(good), str(bad), "--expected-format", "pdf"])
    out = capsys.readouterr().out
    assert out.count("not compatible with pdf") == 1
    assert out.index("not compatible") > out.index("report.pdf: png")


def test_known_facts_keep_the_problems_of_documents_that_share_a_name() -> None:
    summaries = analyze_documents([
        Document.from_content("report.pdf", pdf_bytes()[:-40]),
        Document.from_content("report.pdf", png_bytes()),
    ])
    facts: KnownFacts = known_facts(
        ValidationIntent(primary_goal="the quarterly report", expected_format=["pdf"]), summaries)
    assert facts.problems["report.pdf"] == [
        "truncated or corrupt PDF: no %%EOF marker at the end",
        "format conflict: extension .pdf, content is PNG",
    ]
    assert [f.compatible for f in facts.formats] == [True, False]
