"""Chunks of a post or source, and which of them a request is about."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from draftguard.sources._chunking import chunk_text
from draftguard.sources._index import SourceIndex

POST = """# Winter riding

Lights matter most in December: a front lamp of 400 lumens and a blinking rear light.

## Tyres

Studded tyres hum on dry asphalt but grip on black ice. Run them at 35 psi.

## Clothing

Merino layers keep you warm when wet. A thin balaclava under the helmet helps.
"""


def test_chunks_are_paragraphs_with_their_heading() -> None:
    chunks = chunk_text(POST, source="post")
    assert [c.id for c in chunks] == ["post#1", "post#2", "post#3"]
    assert chunks[1].text.startswith("Tyres\nStudded tyres hum")
    assert all(c.source == "post" for c in chunks)


def test_relevant_finds_the_paragraph_a_request_names() -> None:
    index = SourceIndex(chunk_text(POST, source="post"))
    assert [c.id for c in index.relevant("questions about tyre pressure", k=1)] == ["post#2"]
    assert [c.id for c in index.relevant("merino balaclava", k=1)] == ["post#3"]


def test_a_request_naming_no_topic_gets_the_text_in_order() -> None:
    index = SourceIndex(chunk_text(POST, source="post"))
    assert [c.id for c in index.relevant("make me a quiz please", k=2)] == ["post#1", "post#2"]


def test_long_paragraphs_are_cut_at_sentence_ends() -> None:
    sentence = "The wind off the river cuts through every layer you own. "
    chunks = chunk_text(sentence * 40, source="notes", max_words=50)
    assert len(chunks) > 1
    assert all(c.text.endswith("own.") for c in chunks)
    assert all(len(c.text.split()) <= 50 for c in chunks)


_word = st.text(alphabet="abcdefghij", min_size=1, max_size=8)
_paragraph = st.lists(_word, min_size=1, max_size=30).map(" ".join)


@given(st.lists(_paragraph, min_size=1, max_size=12), st.integers(min_value=5, max_value=40))
def test_every_word_lands_in_exactly_one_chunk_in_order(paras: list[str], max_words: int) -> None:
    # The slow, obvious reference: the words of the text, in order.
    text = "\n\n".join(paras) + "\n"
    chunks = chunk_text(text, source="s", max_words=max_words)
    assert [w for c in chunks for w in c.text.split()] == text.split()
    assert len({c.id for c in chunks}) == len(chunks)
