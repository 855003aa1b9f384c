"""What in a text is no prose to ask about: a caption, a salutation, a sign-off.

A page carries words that are not what it teaches: "Yours faithfully, Daniel Okoro",
"Dear Sir or Madam,", "Ref: order 55120", "Image: Otter tracks in the mud", "Label text by
the volunteers, 2024.". Read from the layout and the parse, not from a list of phrases:

- a paragraph of at most `SIGN_OFF_WORDS` words that does not end as a sentence does (no
  full stop, question or exclamation mark, quotation or bracket) is a salutation, a
  sign-off or a reference line;
- a sentence with no verb of its own (no finite verb and no order) is a caption or a list
  line when a label heads it ("Image: ...", `_labels.layout_label_ids`) or when it is all
  its paragraph says.

Such words make no term, question, card or node; the prose around them is read as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

__all__ = ["SIGN_OFF_WORDS", "prose_sentences"]

#: A paragraph this short that does not end as a sentence does is a salutation or sign-off.
SIGN_OFF_WORDS = 8
_SENTENCE_ENDS = (".", "!", "?", "\"", "'", "\u201d", "\u2019", ")", "\u2026")
_FINITE = frozenset({"VBD", "VBZ", "VBP", "MD"})


def prose_sentences(doc: Doc, labels: frozenset[int]) -> list[Span]:
    """The sentences of one paragraph (`doc`) that are prose, in order."""
    text = doc.text.strip()
    if len(text.split()) <= SIGN_OFF_WORDS and not text.endswith(_SENTENCE_ENDS):
        return []  # "Yours faithfully, Daniel Okoro", "Dear Sir or Madam,"
    said = [s for s in doc.sents if not all(t.i in labels or t.is_punct for t in s)]
    out = []
    for sent in said:
        labelled = any(t.i in labels for t in sent) or (
            sent.start > 0 and doc[sent.start - 1].i in labels)
        if not _has_verb(sent, labels) and (labelled or len(said) == 1):
            continue  # "Image: Otter tracks in the mud ...", "Contents: one jug, ..."
        out.append(sent)
    return out


def _has_verb(sent: Span, labels: frozenset[int]) -> bool:
    """Whether a sentence has a verb of its own, outside its label ("What you need:"):
    finite, or an order ("Plug the cable")."""
    return any(t.pos_ in {"VERB", "AUX"} and t.i not in labels and (t.tag_ in _FINITE or (
        t.tag_ == "VB" and (t.dep_ == "ROOT" or t.head.i in labels))) for t in sent)
