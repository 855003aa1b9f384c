"""Phrases cut from a parse: a span without its leading determiners, a noun with its own
modifiers or compounds, a subtree with parts left out, and the text as written."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = [
    "clean_span", "compound", "core", "cut_quotation", "hyphen_start", "phrase", "said_lower",
    "sentence_case",
    "subtree",
]

_STRIP_LEADING = frozenset({"det", "poss", "predet", "nummod", "punct", "cc", "case"})
_HYPHENS = frozenset({"-", "\u2010", "\u2011"})
_VALUED = frozenset({"DATE", "TIME", "QUANTITY", "MONEY", "PERCENT"})


def clean_span(span: Iterable[Token]) -> list[Token]:
    """A phrase's tokens without leading determiners, possessives and punctuation."""
    tokens = list(span)
    while tokens and not _glued(tokens) and (
            tokens[0].dep_ in _STRIP_LEADING or tokens[0].pos_ in {"DET", "PRON"}
            or tokens[0].is_punct or _degree(tokens[0])) and len(
                tokens) > 1 and not _value_of(tokens):
        tokens = tokens[1:]
    while tokens and (tokens[-1].is_punct or tokens[-1].tag_ == "POS") and len(tokens) > 1:
        tokens = tokens[:-1]
    return tokens


def _glued(tokens: Sequence[Token]) -> bool:
    """Whether the first token is bound by a hyphen to the next ("three-speed",
    "well-known", "18th-century"): a modifier kept or dropped whole, never cut."""
    return len(tokens) > 2 and not tokens[0].whitespace_ and (
        tokens[1].text in _HYPHENS and not tokens[1].whitespace_)


def _degree(token: Token) -> bool:
    """An adverb in front of a phrase ("nearly every country", "only the coins", "very low
    temperature"), not the "about" of a quantity ("about 13,200 houses")."""
    return token.pos_ == "ADV" and not token.head.like_num and not any(
        c.like_num for c in token.head.children)


def _value_of(tokens: Sequence[Token]) -> bool:
    """Whether the first token is the number of a time or a measure the rest belongs to
    ("seven" in "seven o'clock"): the value is the answer, not a modifier to strip."""
    first = tokens[0]
    return (first.dep_ == "nummod" and first.ent_type_ in _VALUED
            and first.head.ent_type_ == first.ent_type_)


def phrase(tokens: Sequence[Token]) -> str:
    """The tokens as written (a gap where tokens were left out closes up)."""
    text = " ".join("".join(t.text_with_ws for t in tokens).split()).strip(" ,;:")
    if text.count("(") != text.count(")"):
        text = text.split("(")[0].strip() if "(" in text else text.replace(")", "").strip()
    return text


_CORE_DEPS = frozenset({"compound", "amod", "det", "poss", "nmod", "nummod", "case"})


def core(token: Token) -> Span:
    """A noun with its own modifiers only ("ATP" in "ATP (adenosine triphosphate)")."""
    inside = {token.i}
    stack = [token]
    while stack:
        for child in stack.pop().children:
            if child.dep_ in _CORE_DEPS:
                inside.add(child.i)
                stack.append(child)
    return token.doc[min(inside): max(inside) + 1]


def compound(token: Token) -> Span:
    """A noun with the nouns compounded before it ("Mr Okafor", "soup kitchen")."""
    left = min([token.i, *(c.i for c in token.children if c.dep_ == "compound")])
    return token.doc[hyphen_start(token.doc, left): token.i + 1]


def hyphen_start(doc: Doc, i: int) -> int:
    """The first token of the hyphenated word that token `i` ends ("three" for the "speed"
    of "three-speed"), or `i` itself."""
    while i >= 2 and doc[i - 1].text in _HYPHENS and not doc[i - 1].whitespace_ and (
            not doc[i - 2].whitespace_):
        i -= 2
    return i


def subtree(token: Token, skip: Iterable[Token] = ()) -> list[Token]:
    """`token`'s subtree without the tokens of `skip` (compared by place)."""
    drop = {t.i for t in skip}
    return [t for t in token.subtree if t.i not in drop]


def sentence_case(text: str) -> str:
    """`text` on one line, its final stop dropped and its first letter capitalised."""
    text = " ".join(text.split()).rstrip(" .!?;,:")
    return text[:1].upper() + text[1:]


def cut_quotation(text: str) -> bool:
    """Whether a text holds half a quotation: an odd number of double quotes, or of single
    ones used as quotation marks ("Who said afterwards, '?"), not as apostrophes ("Reid's",
    "the Hawks' coach": a quote mark after a letter and before one, or after an "s")."""
    if text.count('"') % 2 or (text.count("\u201c") + text.count("\u201d")) % 2:
        return True
    marks = 0
    for at, ch in enumerate(text):
        if ch not in "'\u2018\u2019":
            continue
        before = text[at - 1] if at else " "
        after = text[at + 1] if at + 1 < len(text) else " "
        if not (before.isalnum() and (after.isalnum() or before.lower() == "s")):
            marks += 1
    return marks % 2 == 1


def said_lower(token: Token) -> bool:
    """Whether the text also writes the word in lower case ("magma" beside a sentence's
    "Magma"): a common word that opens a sentence, not a name ("Maya" is never "maya")."""
    lower = token.text.lower()
    return lower != token.text and any(t.text == lower for t in token.doc)
