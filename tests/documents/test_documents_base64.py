"""Base64 detection: fires on real encoded data, never on ordinary short words or ids."""

from __future__ import annotations

import base64
import random
import string
import uuid

import pytest
from doc_samples import pdf_bytes, png_bytes
from hypothesis import given, settings
from hypothesis import strategies as st

from draftguard.documents._base64_text import DEFAULT_MIN_CHARS, looks_like_base64

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


ALNUM = string.ascii_letters + string.digits


@settings(max_examples=200)
@given(st.integers(min_value=2, max_value=20).map(lambda k: 4 * k),
       st.lists(st.text(alphabet=ALNUM, min_size=80, max_size=80), min_size=4, max_size=40))
def test_lists_of_alphanumeric_ids_one_per_line_never_fire(width: int, rows: list[str]
                                                           ) -> None:
    # Voucher codes or API keys, fixed width, one per line: base64-shaped, decode to opaque
    # bytes, and can exceed 256 characters; but no encoder output lacks both `+` and `/`.
    ids = [row[:width] for row in rows]
    assert not looks_like_base64("\n".join(ids) + "\n")


def test_id_lists_seen_in_the_wild_never_fire() -> None:
    rnd = random.Random(7)
    pick = lambda alphabet, n: "".join(rnd.choice(alphabet) for _ in range(n))  # noqa: E731
    github_tokens = "\n".join("ghp_" + pick(ALNUM, 36) for _ in range(12))
    nanoids = "\n".join(pick(ALNUM + "-_", 21) for _ in range(40))  # width not a multiple of 4
    vouchers = "\n".join(pick(ALNUM, 12) for _ in range(100))
    for text in (github_tokens, nanoids, vouchers):
        assert not looks_like_base64(text)


def test_random_bytes_of_a_few_hundred_characters_still_fire() -> None:
    rnd = random.Random(11)
    misses = sum(
        not looks_like_base64(base64.b64encode(rnd.randbytes(rnd.randint(300, 1500))).decode())
        for _ in range(300)
    )
    assert misses <= 3  # the alphabet rule may miss a short blob, with probability < 1%


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
