"""Corrections and denials read on the parse: which of the lexicon's words are meant, not
denied or taken back (`terms_read`); a verb of change puts one value in another's place
("swap the steak for seafood"; `swapped`); of several values one is read or they are a
question (`one_of`); and a price denied as a limit is a splurge ("price is really not a
concern")."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from draftguard.understanding import SlotHints

__all__ = [
    "NEGATORS",
    "corrected_to",
    "negated",
    "no_limit",
    "one_of",
    "swapped",
    "swapped_in",
    "taken_back",
    "terms_read",
    "undenied",
    "verb_with_object",
]

#: Words that deny what follows them ("no patio", "not a concern"), with the Scots and
#: Northern forms ("nae need for anything posh", "it disnae need tae be dear", "nowt fancy").
NEGATORS = frozenset({"no", "not", "n't", "never", "without", "nothing", "none", "nae",
                      "nane", "nowt", "naething", "dinnae", "didnae", "disnae", "doesnae",
                      "cannae", "canna", "couldnae", "wouldnae", "widnae", "shouldnae",
                      "isnae", "wasnae", "willnae", "arenae", "wontae"})
#: After a verb of change, the preposition that brings the new value.
_NEW_VALUE_PREPOSITIONS = frozenset({"for", "with", "to", "into"})


def no_limit(doc: Doc, terms: list[Any]) -> bool:
    """"price is really not a concern", "money's no issue": a price named, then a noun that
    is denied, with nothing but "be", a negation, articles and adverbs between (the price
    is no limit: a splurge). "The price doesn't matter" (a verb) takes the price back."""
    for term in terms:
        if term.concept != "price_noun.price_noun":
            continue
        for token in doc[term.end:]:
            if token.pos_ == "NOUN":
                between = doc[term.end:token.i]
                return any(t.lower_ in NEGATORS or t.dep_ == "neg" for t in between)
            if token.pos_ not in ("AUX", "PART", "DET", "ADV") or token.is_punct:
                break
    return False


def swapped_in(doc: Doc, terms: list[Any], section: str) -> str | None:
    """"swap the steak for seafood", "change thai to italian": after a verb of change, the
    value its "for", "with", "to" or "into" brings (the words before it, articles aside);
    None when not exactly one. By word order: the parse often tags the new value a verb."""
    verbs = [t.start for t in terms if t.concept == "change.change"]
    if not verbs:
        return None
    new = set()
    for term in terms:
        if not term.concept.startswith(section + ".") or term.start < min(verbs):
            continue
        before = term.start - 1
        while before > 0 and doc[before].pos_ == "DET":
            before -= 1
        if before > min(verbs) and doc[before].lower_ in _NEW_VALUE_PREPOSITIONS:
            new.add(term.concept.partition(".")[2])
    return new.pop() if len(new) == 1 else None


#: Dependencies through which a word's verb denies it ("doesn't have to be fancy").
_COMPLEMENTS = frozenset({"acomp", "xcomp", "attr", "dobj"})
#: ... and through which a price word is denied further off ("no need for anything posh",
#: "dinnae want anything fancy", "don't need it to be fancy"); not an apposition ("we don't
#: want thai, something fancy").
_PRICE_COMPLEMENTS = _COMPLEMENTS | {"amod", "pobj", "prep", "advmod", "acl", "advcl",
                                     "ccomp"}


def negated(doc: Doc, start: int, *, price: bool = False) -> bool:
    """A negator just before the words ("no patio", "nothing too fancy", "not BYOB"), or on
    the verb the words complement ("it doesn't have to be fancy"; not "we don't want thai,
    something fancy"). A `price` word is denied from further off too (four steps, with no
    mark between): "no need for anything posh", "dinnae want anything fancy"."""
    before = doc[max(0, start - 3):start]
    if any(t.lower_ in NEGATORS or t.dep_ == "neg" for t in before):
        return True
    token = doc[start]
    deps = _PRICE_COMPLEMENTS if price else _COMPLEMENTS
    for _ in range(4 if price else 3):
        head = token.head
        if token.dep_ not in deps or head is token or (price and any(
                t.is_punct for t in doc[min(token.i, head.i) + 1:max(token.i, head.i)])):
            return False  # "no patio, somewhere posh": a mark between is no complement
        token = head
        if any(c.dep_ == "neg" for c in token.children) or (price and (
                token.lower_ in NEGATORS or any(c.dep_ in ("det", "nsubj", "compound")
                                                and c.lower_ in NEGATORS
                                                for c in token.children))):
            return True
    return False


def taken_back(doc: Doc, start: int, terms: list[Any]) -> bool:
    """"forget the patio thing": the words hang from a verb that takes them back (any word
    of it: "never mind the price" hangs from "mind")."""
    verbs = {i for t in terms if t.concept == "take_back.take_back" for i in range(t.start, t.end)}
    return any(a.i in verbs for a in doc[start].ancestors)


def verb_with_object(doc: Doc, start: int, end: int) -> bool:
    """"we fancy some lobster": a price word used as a verb that takes an object; also one
    that opens its clause (after nothing, a mark or a personal pronoun) and an article
    follows ("fancy a curry tonight?", which the tagger may call an adjective), as no
    adjective does ("somewhere fancy", "something posh the kids will like")."""
    if end - start != 1:
        return False
    token: Token = doc[start]
    opens = start == 0 or doc[start - 1].is_punct or doc[start - 1].tag_ == "PRP"
    if opens and end < len(doc) and doc[end].pos_ == "DET":
        return True
    return token.pos_ == "VERB" and any(c.dep_ in ("dobj", "obj") for c in token.children)


def undenied(doc: Doc) -> str | None:
    """`doc`'s text with its negations left out ("nothing that costs a fortune" -> "that
    costs a fortune"), or None when nothing in it denies."""
    kept = [t.text_with_ws for t in doc if not (t.lower_ in NEGATORS or t.dep_ == "neg")]
    return "".join(kept).strip() if len(kept) < len(doc) else None


def corrected_to(terms: list[Any], section: str) -> str | None:
    """"chinese in chinatown - sorry, I meant vietnamese": of the values of `section` named,
    the last one after a word of correction that follows another value; None when none."""
    values = [t for t in terms if t.concept.startswith(section + ".")]
    fixes = [t.start for t in terms if t.concept == "correction.correction"]
    if len(values) < 2 or not any(values[0].start < f < values[-1].start for f in fixes):
        return None
    return str(values[-1].concept.partition(".")[2])


def swapped(doc: Doc, terms: list[Any], hints: SlotHints,
             cuisines: dict[str, bool]) -> dict[str, bool]:
    """"swap the steak for seafood", "swap old city for queen village": of two values, the
    one a verb of change brings (the cuisines then meant, after the one read)."""
    if sum(cuisines.values()) > 1:
        swapped = swapped_in(doc, terms, "cuisine") or corrected_to(terms, "cuisine")
        if cuisines.get(str(swapped)):
            cuisines = {c: c == swapped for c in cuisines}
    one_of(hints, "cuisine", cuisines, cleared=False)
    place = swapped_in(doc, terms, "neighborhood") or corrected_to(terms, "neighborhood")
    if place is not None:
        hints.values["neighborhood"] = place
    return cuisines


def one_of(hints: SlotHints, name: str, said: dict[str, bool], *,
            cleared: bool = True) -> None:
    """The value of `name` the words mean (value -> meant, not denied): one is read, two
    or more are a question, only denied ones take the preference back (when `cleared`)."""
    meant = [v for v, yes in said.items() if yes]
    if len(meant) == 1:
        hints.values[name] = meant[0]
    elif len(meant) > 1:
        hints.ambiguous[name] = sorted(meant, key=len) if name == "price_level" else meant
    elif said and cleared:
        hints.cleared.add(name)


def terms_read(doc: Doc, terms: list[Any],
                hints: SlotHints) -> tuple[dict[str, bool], dict[str, bool]]:
    """The lexicon's words in `doc`: features into `hints` (a denied one cleared); prices
    and cuisines as value -> meant (not denied or taken back), for `one_of`."""
    prices: dict[str, bool] = {}
    cuisines: dict[str, bool] = {}
    for term in terms:
        section, _, name = term.concept.partition(".")
        denied = negated(doc, term.start, price=section == "price")
        if section == "feature" and (denied or taken_back(doc, term.start, terms)):
            hints.cleared.add(name)
        elif section == "feature":
            hints.values[name] = True
        elif section == "price" and not verb_with_object(doc, term.start, term.end):
            # "forget the budget thing": a price word a verb takes back.
            back = denied or taken_back(doc, term.start, terms)
            prices[name] = prices.get(name, False) or not back
        elif section == "cuisine":
            cuisines[name] = cuisines.get(name, False) or not denied
        elif section == "price_noun" and taken_back(doc, term.start, terms):
            hints.cleared.add("price_level")  # "never mind the price"
    return prices, cuisines
