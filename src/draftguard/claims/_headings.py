"""A list under a heading that says its items are still to be done ("Still to do: a date and
a head count", "Left to settle - the day and the group size"): the heading names no noun
of its own that is needed, it says the items after it are. Read as the claim it is, the
items are what the sentence says is still needed (`Reading.pending`), held to a plan check's
list of what is missing as "You still need a date" is."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["heading_items"]

#: The marks that end a heading before its list.
_MARKS = frozenset({":", "-", "–", "—"})
#: Words that say a heading's list is empty or done ("Nothing left to do: ...").
_NONE = frozenset({"no", "nothing", "none", "nobody", "done", "finished", "sorted"})


def _separator(doc: Doc) -> Token | None:
    """The first mark that ends a heading: after a word, with words after it (a dash with
    spaces around it, not a hyphen)."""
    return next((t for t in doc if t.text in _MARKS and 0 < t.i < len(doc) - 1 and (
        t.text == ":" or (t.whitespace_ and doc[t.i - 1].whitespace_))), None)


def _to_do(heading: Iterable[Token]) -> bool:
    """A heading of things to be done: an infinitive with no subject ("To sort out",
    "Yet to decide", "Left to settle")."""
    return any(t.tag_ == "TO" and t.head.tag_ == "VB" and t.head.i > t.i and not any(
        k.dep_ in ("nsubj", "nsubjpass") for k in t.head.children) for t in heading)


def heading_items(doc: Doc, pending_at: Iterable[int]) -> set[str]:
    """The nouns of a list after a heading that says they are still to be done: the heading
    holds a word of what is pending (`pending_at`: their token indexes) or an infinitive of
    things to do, and no word that says none is. Empty when the sentence is no such list."""
    mark = _separator(doc)
    if mark is None:
        return set()
    heading = doc[:mark.i]
    if any(t.dep_ in ("nsubj", "nsubjpass") and t.pos_ == "PRON" for t in heading) or \
            any(t.lower_ in _NONE or t.dep_ == "neg" for t in heading):
        return set()  # "You need: ..." is a sentence; "Nothing left to do: ..." lists none
    if not (any(i < mark.i for i in pending_at) or _to_do(heading)):
        return set()
    return {t.lemma_.lower() for t in doc[mark.i + 1:] if t.pos_ in ("NOUN", "PROPN")}
