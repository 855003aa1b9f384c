"""Speaker labels: the "KEEPER:" of a script or the "Caller:" of a phone-in transcript.

A label names who speaks; it is no term of the text, no card's back and no blank of a
cloze. Read from the parse, not from a list of roles: a noun phrase of at most
`MAX_LABEL_WORDS` words that opens a sentence and stands right before a colon is a label
when it is one of a script: the same words stand before a colon more than once, or what
follows the colon is speech (a first- or second-person pronoun, a question). Once one such
label shows the text is a script, every such opening is one ("Tom:" beside "Anna: We ...").
A glossary's "Compost: decomposed organic matter" is said once and is no speech: it stays a
term with its definition.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = ["MAX_LABEL_WORDS", "label_chars", "label_ids"]

MAX_LABEL_WORDS = 3
_NAMING = frozenset({"PROPN", "NOUN"})


def label_ids(doc: Doc) -> frozenset[int]:
    """The token indices of `doc` that are speaker labels (the colon included)."""
    openings: list[tuple[str, list[int], bool]] = []
    for colon in doc:
        if colon.text != ":":
            continue
        words = doc[colon.sent.start: colon.i]
        if not 1 <= len(words) <= MAX_LABEL_WORDS or any(
                t.pos_ not in _NAMING for t in words):
            continue
        openings.append((words.text.casefold(), [*(t.i for t in words), colon.i],
                         _speech_after(colon)))
    said = Counter(key for key, _, _ in openings)
    speakers = {key for key, _, speech in openings if speech or said[key] > 1}
    if speakers:
        speakers = set(said)
    return frozenset(i for key, ids, _ in openings if key in speakers for i in ids)


def _speech_after(colon: Token) -> bool:
    """Whether what follows the colon is someone speaking: a first- or second-person pronoun
    or a question, up to the end of the next sentence."""
    doc = colon.doc
    end = colon.sent.end
    if end == colon.i + 1 and end < len(doc):
        end = doc[end].sent.end  # "KEEPER:" parsed as a sentence of its own
    after = doc[colon.i + 1: end]
    return any(t.text == "?" or (t.pos_ == "PRON" and set(t.morph.get("Person", [])) & {"1", "2"})
               for t in after)


def label_chars(sent: Span, labels: frozenset[int]) -> int:
    """How many characters of a speaker's label (`label_ids`) open the sentence (0 for
    none): its text is what was said."""
    inside = [t for t in sent if t.i in labels]
    return inside[-1].idx + len(inside[-1]) - sent.start_char if inside else 0
