"""Base64 detection: fires on real encoded data, never on ordinary short words or ids."""

from __future__ import annotations

import base64
import string
import uuid

import pytest
from doc_samples import pdf_bytes, png_bytes
from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.documents import looks_like_base64
from draftguard.documents.base64_text import DEFAULT_MIN_CHARS

WORD_CHARS = string.ascii_letters
ID_CHARS = string.ascii_letters + string.digits + "_-"


@given(st.text(alphabet=WORD_CHARS, min_size=1, max_size=64))
def test_words_never_fire(word: str) -> None:
    assert not looks_like_base64(word)


@given(st.text(alphabet=ID_CHARS, min_size=1, max_size=DEFAULT_MIN_CHARS - 1))
def test_short_ids_never_fire(ident: str) -> None:
    assert not looks_like_base64(ident)


@settings(max_examples=300)
@given(st.text(alphabet=ID_CHARS + "+/=", min_size=DEFAULT_MIN_CHARS, max_size=255))
def test_longer_id_like_strings_fire_only_with_decoded_evidence(ident: str) -> None:
    # Under 256 characters, opaque decoded bytes are not enough: the payload must be text or
    # carry a file signature, which random ids essentially never do.
    if looks_like_base64(ident):
        decoded = base64.b64decode(ident)
        assert decoded.decode("utf-8").isprintable() or decoded[:4] in (b"%PDF", b"\x89PNG")


@given(st.lists(st.text(alphabet=WORD_CHARS, min_size=1, max_size=12), min_size=2,
                max_size=30))
def test_sentences_never_fire(words: list[str]) -> None:
    assert not looks_like_base64(" ".join(words))


@given(st.binary(min_size=16, max_size=64))
def test_hex_digests_and_uuids_never_fire(raw: bytes) -> None:
    assert not looks_like_base64(raw.hex())
    assert not looks_like_base64(raw.hex().upper())
    assert not looks_like_base64(str(uuid.UUID(bytes=raw[:16])).replace("-", ""))


@pytest.mark.parametrize(
    "text",
    ["SGVsbG8=", "Administrator", "QWxhZGRpbjpvcGVuIHNlc2FtZQ==", "deadbeefcafebabe" * 4,
     "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "user_1234_abcd_EFGH_5678_ijkl",
     "ThisIsAVeryLongCamelCaseIdentifierName2024AndMoreWordsX"],
)
def test_known_non_base64(text: str) -> None:
    assert not looks_like_base64(text)


@pytest.mark.parametrize(
    "raw",
    [png_bytes(), pdf_bytes(), b"A paragraph of plain text, encoded for transport.",
     bytes(range(256)) * 2],
)
def test_real_base64_fires(raw: bytes) -> None:
    encoded = base64.b64encode(raw).decode()
    assert looks_like_base64(encoded)
    assert looks_like_base64(base64.encodebytes(raw).decode())  # MIME 76-column lines
    assert looks_like_base64(base64.urlsafe_b64encode(raw).decode())


def test_broken_padding_or_mixed_alphabets_do_not_fire() -> None:
    good = base64.b64encode(png_bytes()).decode()
    assert not looks_like_base64(good[:-1])
    assert not looks_like_base64("=" + good[1:])
    assert not looks_like_base64(good.replace("A", "-", 1) + "+/")
    assert not looks_like_base64(good[:40] + " " + good[40:])
