"""Labels: the "KEEPER:" of a script, the "Caller:" of a phone-in transcript, and the
"Stage 2:", "In the box:" or "Warning:" that heads a step, a list or a notice.

A label names who speaks; it is no term of the text, no card's back and no blank of a
cloze. Read from the parse, not from a list of roles: a noun phrase of at most
`MAX_LABEL_WORDS` words that opens a sentence and stands right before a colon is a label
when it is one of a script: the same words stand before a colon more than once, or what
follows the colon is speech (a first- or second-person pronoun, a question). Once one such
label shows the text is a script, every such opening is one ("Tom:" beside "Anna: We ...").
A glossary's "Compost: decomposed organic matter" is said once and is no speech: it stays a
term with its definition.

A layout label (`layout_label_ids`) heads a step, a list or a notice, not speech: an
opening of at most `MAX_LABEL_WORDS` words (and a number) before a colon that is numbered
("Stage 2:", "Case 4:"), or is no name ("In the box:", "Pictured:", "Warning:" read as a
verb), or is a name followed by a clause or a list rather than by what defines it ("Tip:
Freeze some ...", "Contents: one jug, one lid and ..."); an opening clause that leaves its
verb's object to the colon ("What you need:", "You will need:") heads the list after it. A
label is never a term, a back, an answer, an option or a node: what it heads is read on its
own.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = ["MAX_LABEL_WORDS", "label_chars", "label_ids", "layout_label_ids"]

MAX_LABEL_WORDS = 3
_NAMING = frozenset({"PROPN", "NOUN"})
#: A verb that makes a clause of its own: finite, or an order ("Plug the cable ...").
_FINITE = frozenset({"VBD", "VBZ", "VBP", "MD"})
#: Items a list after a colon has at least ("one jug, one lid and this leaflet").
_MIN_LIST_ITEMS = 3


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
    return frozenset(i for key, ids, _ in openings if key in speakers for i in ids) | (
        layout_label_ids(doc))


def layout_label_ids(doc: Doc) -> frozenset[int]:
    """The token indices of `doc` that label a step, a list or a notice (the colon
    included): see the module's docstring."""
    out: set[int] = set()
    for colon in doc:
        if colon.text != ":":
            continue
        words = doc[colon.sent.start: colon.i]
        after = _after(colon)
        if (1 <= len(words) <= MAX_LABEL_WORDS + 1 and len(after) > 0
                and not any(t.is_punct for t in words) and _heads(words, after)):
            out |= {*(t.i for t in words), colon.i}
    return frozenset(out)


def _heads(words: Span, after: Span) -> bool:
    """Whether the opening `words` before a colon label what follows (`after`)."""
    if any(t.tag_ in _FINITE for t in words):
        # "What you need: ..." leaves its verb's object to the list; "There was one rule:
        # no phones" and "He said: we leave at dawn" are sentences of their own
        verbs = [t for t in words if t.tag_ in _FINITE or t.pos_ == "VERB"]
        open_object = not any(c.dep_ in {"dobj", "attr"} and c.tag_ not in {"WP", "WDT"}
                              and c.i < words.end for v in verbs for c in v.children)
        return open_object and not _clause(after)
    named = sum(t.pos_ in _NAMING for t in words)
    if any(t.like_num for t in words) or named < len(words):
        return True  # "Stage 2:", "In the box:", "Pictured:"
    return _clause(after) or _items(after) >= _MIN_LIST_ITEMS


def _after(colon: Token) -> Span:
    """What follows a colon up to the end of its sentence (or of the next one, when the
    parser made the label a sentence of its own)."""
    doc = colon.doc
    end = colon.sent.end
    if end == colon.i + 1 and end < len(doc):
        end = doc[end].sent.end
    return doc[colon.i + 1: end]


def _clause(span: Span) -> bool:
    """Whether `span` holds a clause of its own: a finite verb or an order at its top."""
    inside = {t.i for t in span}
    tops = [t for t in span if t.head.i not in inside or t.head.i == t.i]
    tops += [c for t in tops for c in t.children if c.dep_ == "conj" and c.i in inside]
    return any(t.pos_ in {"VERB", "AUX"} and (t.tag_ in _FINITE or t.tag_ == "VB" or any(
        c.dep_ in {"aux", "auxpass"} and c.tag_ in _FINITE for c in t.children))
               for t in tops)


def _items(span: Span) -> int:
    """How many items a list in `span` has: its top noun and the nouns set beside it."""
    inside = {t.i for t in span}
    return 1 + sum(t.dep_ in {"conj", "appos"} and t.head.i in inside for t in span)


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
