"""The format table: compatibility rules, names people type, and the relation's properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from draftguard.documents._analysis import DocumentSummary
from draftguard.documents._compatibility import check_compatibility
from draftguard.documents._formats import (
    FAMILIES,
    FORMATS,
    format_from_extension,
    format_from_mime,
    is_compatible,
    normalize_format,
    satisfies,
)
from draftguard.documents._sizes import DocumentSize
from draftguard.errors import UnknownFormatError

formats = st.sampled_from(sorted(FORMATS))


def reference_compatible(a: str, b: str) -> bool:
    """The issue's rules spelled out by hand, one family at a time."""
    text, structured = {"txt", "md", "html", "rst"}, {"json", "xml", "yaml"}
    tabular = {"csv", "tsv"}
    images = {"png", "apng", "jpeg", "gif", "webp", "bmp", "tiff", "svg", "ico", "heic", "avif"}
    audio, video = {"mp3", "wav", "ogg", "flac", "m4a"}, {"mp4", "webm", "mov", "avi", "mkv"}
    if a == b:
        return True
    return any(a in group and b in group
               for group in (text, structured, tabular, images, audio, video))


def test_issue_examples() -> None:
    assert is_compatible("txt", "md") and is_compatible("md", "html")
    assert is_compatible("json", "xml")
    assert not is_compatible("pdf", "docx") and not is_compatible("docx", "xlsx")
    assert is_compatible("pdf", "pdf")
    assert is_compatible("png", "jpeg")
    assert not is_compatible("md", "json") and not is_compatible("png", "pdf")


@given(formats, formats)
def test_compatibility_matches_the_reference(a: str, b: str) -> None:
    assert is_compatible(a, b) == reference_compatible(a, b)


@given(st.sampled_from(sorted(FAMILIES)), st.data())
def test_compatibility_is_symmetric_within_each_family(family: str, data: st.DataObject
                                                       ) -> None:
    members = sorted(n for n, info in FORMATS.items() if info.family == family)
    a = data.draw(st.sampled_from(members))
    b = data.draw(st.sampled_from(members))
    assert is_compatible(a, b) == is_compatible(b, a)
    assert is_compatible(a, a)
    assert is_compatible(a, b) == (a == b or FAMILIES[family].interchangeable)


@given(formats, formats)
def test_different_families_are_never_compatible(a: str, b: str) -> None:
    if FORMATS[a].family != FORMATS[b].family:
        assert not is_compatible(a, b) and not is_compatible(b, a)


@given(formats)
def test_every_format_satisfies_its_family_and_its_own_name(fmt: str) -> None:
    assert satisfies(fmt, FORMATS[fmt].family) and satisfies(fmt, fmt)


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [("JPG", "jpeg"), (".md", "md"), ("markdown", "md"), ("text/html", "html"), ("yml", "yaml"),
     ("image", "image"), ("Document", "document"), ("application/vnd.api+json", "json")],
)
def test_normalize_format_accepts_what_people_type(typed: str, canonical: str) -> None:
    assert normalize_format(typed) == canonical


def test_unknown_format_is_a_named_error_listing_known_ones() -> None:
    with pytest.raises(UnknownFormatError, match=r"unknown format 'foo' \(known: .*pdf"):
        normalize_format("foo")


def test_extension_and_mime_lookups() -> None:
    assert format_from_extension("Report.PDF") == "pdf"
    assert format_from_extension("dir.v2/README") is None
    assert format_from_extension(".bashrc") is None
    assert format_from_mime("text/markdown; charset=utf-8") == "md"
    assert format_from_mime("application/octet-stream") is None
    assert format_from_mime("application/x-unheard-of") is None


def _summary(name: str, fmt: str) -> DocumentSummary:
    return DocumentSummary(name=name, mime_type="x/y", format=fmt, size=DocumentSize.of(1),
                           type="text", preview="", is_accessible=True)


def test_check_compatibility_with_several_expected_formats() -> None:
    docs = [_summary("post.md", "md"), _summary("quiz.json", "json"), _summary("a.pdf", "pdf")]
    report = check_compatibility(docs, ["text", "json"])
    assert [d.compatible for d in report.documents] == [True, True, False]
    assert not report.all_compatible
    assert report.message == "expected text or json: a.pdf is pdf"
    assert check_compatibility(docs[:2], ["md", "xml"]).all_compatible
