"""Price comparisons between venues in a reply sentence, held against the catalogue's price
levels. No ADK here.

"Brasserie Clément is the cheaper of the two" is a claim about levels: the venue said to be
cheaper must cost less than the venues it is compared with. A comparison is a comparative or
superlative of the planner lexicon's `reply.cheaper` / `reply.dearer` words, found on the
parse ("cheaper", "the least expensive", "more affordable", "pricier"). The venues compared
with are those named after "than"; without one, the other venues of the session's results.
A comparative ("cheaper") needs one of them to cost more; a superlative ("cheapest") needs
none to cost less; after "than", each one named must cost more.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from event_planning.catalog import Venue
from event_planning.venue_dishes import reply_lexicon

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["PriceComparison", "price_comparisons", "unbacked_comparisons"]

_MORE = frozenset({"more", "most"})
_LESS = frozenset({"less", "least"})


@dataclass(frozen=True)
class PriceComparison:
    #: True: said to cost less ("cheaper"); False: more ("pricier").
    cheaper: bool
    #: "cheapest" rather than "cheaper".
    superlative: bool
    #: The text after "than" ("Le Mercier"), "" when there is none.
    than: str
    #: The words that compare ("cheaper", "least expensive"): no price level of their own.
    words: str = ""


def _asserted(token: Token) -> bool:
    current: Token | None = token
    for _ in range(6):
        if current is None:
            return True
        if any(k.dep_ == "neg" or k.tag_ == "MD" or (k.dep_ == "mark" and k.lower_ in (
                "if", "unless", "whether")) for k in current.children):
            return False
        if current.head is current:
            return True
        current = current.head
    return True


def price_comparisons(doc: Doc) -> list[PriceComparison]:
    """The price comparisons the parsed sentence asserts (module docstring)."""
    out: list[PriceComparison] = []
    for term in reply_lexicon().terms(doc, typos=False):
        if term.concept not in ("reply.cheaper", "reply.dearer"):
            continue
        word = doc[term.start]
        degree = {k.lower_ for k in word.children if k.dep_ == "advmod"}
        comparative = word.tag_ in ("JJR", "RBR") or bool(degree & {"more", "less"})
        superlative = word.tag_ in ("JJS", "RBS") or bool(degree & {"most", "least"})
        if not (comparative or superlative) or not _asserted(word):
            continue
        cheaper = (term.concept == "reply.cheaper") != bool(degree & _LESS)
        # "than" hangs from the word as a preposition, or marks a clause ("than Bar Nonna
        # Rosa" read as one): what follows it up to the sentence's end is compared with.
        than = next((t for t in doc[word.i + 1:] if t.lower_ == "than"), None)
        said = doc[than.i + 1:].text if than is not None else ""
        start = min([word.i, *(k.i for k in word.children if k.lower_ in _MORE | _LESS)])
        out.append(PriceComparison(cheaper, superlative and not comparative, said,
                                   doc[start: word.i + 1].text))
    return out


def unbacked_comparisons(
    comparisons: Sequence[PriceComparison], subjects: Sequence[Venue],
    others: Sequence[Venue], named_in: Callable[[str], list[Venue]],
) -> list[str]:
    """The comparisons the catalogue's price levels do not back: `subjects` are the venues
    the sentence is about, `others` the session's venues, `named_in(text)` the venues a
    text names."""
    wrong: list[str] = []
    for comparison in comparisons:
        compared = named_in(comparison.than) if comparison.than else []
        about = [v for v in subjects if v.id not in {c.id for c in compared}]
        pool = compared or [v for v in others if v.id not in {s.id for s in about}]
        if not about or not pool:
            continue
        sign = 1 if comparison.cheaper else -1  # cost less: the others cost more

        def above(a: Venue, b: Venue, sign: int = sign) -> bool:
            return sign * (b.price_level - a.price_level) > 0

        if comparison.than:
            ok = all(above(s, c) for s in about for c in pool)
        elif comparison.superlative:
            ok = all(not above(c, s) for s in about for c in pool)
        else:
            ok = all(any(above(s, c) for c in pool) for s in about)
        if not ok:
            wrong.append("price: " + ("cheaper" if comparison.cheaper else "dearer"))
    return wrong
