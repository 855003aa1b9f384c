"""The clauses of a planner message that no lexicon word names anything in: what the reader
by meaning compares with the price and feature examples ("... where we can bring a bottle",
"nothing that'll break the bank")."""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from typing import TYPE_CHECKING

from draftguard.language import parse
from draftguard.language._exemplars import Ranked
from event_planning.corrections import NEGATORS, undenied

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from draftguard.language import Term
    from draftguard.understanding import SlotHints

__all__ = [
    "denied_dear_words",
    "denied_dearness",
    "denied_expense",
    "free_clauses",
    "read_plain",
    "still_unexplained",
    "taken",
]

#: A denied clause nearest the cheapest level at this cosine or more, below the reader's
#: `clause_score` ("nothing that'll break the bank": 0.58), is read as cheap when, its
#: negation left out, it is `DENIAL_SHIFT` further from cheap: the encoder reads a denial
#: weakly, the parse says what is denied.
DENIED_SCORE = 0.5
DENIAL_SHIFT = 0.1
#: The fewest words of a clause worth comparing.
MIN_CLAUSE_WORDS = 3
#: Dependencies that open a clause inside a stretch between commas.
_CLAUSE_DEPS = frozenset({"relcl", "advcl", "acl", "ccomp"})
#: Dependencies by which a word describes a word for a place ("a swanky place",
#: "somewhere bougie"), as a dish's name does not ("table for five" after "chowder").
_DESCRIBES = frozenset({"amod", "advmod"})
#: The price levels that are dear: denied, they say no price (`denied_dearness`).
_DEAR = frozenset({"price.$$$", "price.$$$$"})


def free_clauses(doc: Doc, named: Set[int], covered: Set[int], *,
                 known: Set[str], plain: bool = False,
                 courtesy: Set[str] = frozenset()) -> list[str]:
    """A stretch between commas, or a relative or adverbial clause inside one, none of whose
    tokens are in `named`, with a verb, no number ("party of 2" is a party size, not a party
    room), no price in symbols ("$$ is fine": the price) and a word that is neither common,
    nor `covered`, nor in `known` ("add it to my shortlist" is not compared). A clause that
    is the whole message (its closing marks aside) is given as typed: the same text a
    reading by example embeds.

    `plain`: the clauses of everyday words the above leaves out ("we want a room just for
    us", "no stairs please"): any word but a stop word counts, a verb is not needed, and a
    clause joined by "and" counts; the reader reads these only when they are very clearly one
    feature or price (`MeaningReader.plain_clause_score`).

    A courtesy at either end of a clause ("... break the bank pls": `courtesy`) is left out:
    it changes nothing the clause says, but would move it away from every example."""
    segments: list[tuple[int, int]] = []
    start = 0
    for token in doc:
        if token.is_punct:
            segments.append((start, token.i))
            start = token.i + 1
    segments.append((start, len(doc)))
    found: list[str] = []
    for lo, hi in segments:
        spans = [(lo, hi)] + [
            (max(t.left_edge.i, lo), min(t.right_edge.i + 1, hi))
            for t in doc[lo:hi] if t.dep_ in _CLAUSE_DEPS
            or (plain and t.dep_ == "conj" and t.pos_ in ("VERB", "AUX"))]
        for a, b in spans:
            while plain and a < b and doc[a].dep_ == "cc":
                a += 1  # "... and we want a room": the clause, not its "and"
            while a < b and doc[a].lower_ in courtesy:
                a += 1
            while b > a and doc[b - 1].lower_ in courtesy:
                b -= 1
            kept = b == hi and a == lo
            clause = doc[a:b]
            if (b - a >= MIN_CLAUSE_WORDS and not named & set(range(a, b))
                    and (plain or any(t.pos_ in ("VERB", "AUX") for t in clause))
                    and not any(t.like_num or _dollars(t.text) for t in clause)
                    and any(t.is_alpha and not t.is_stop and (plain or (
                        t.i not in covered and t.lower_ not in known)) for t in clause)):
                whole = kept and a == 0 and all(t.is_punct for t in doc[b:])
                found.append(doc.text if whole else clause.text)
                break
    return found


def _dollars(word: str) -> bool:
    """A price level in symbols ("$$ is fine": the clause states the price, as a number
    would a party size)."""
    return bool(word) and not word.strip("$")


def denied_expense(clause: str, label: str, score: float,
                   rank: Callable[[str], Sequence[Ranked]]) -> bool:
    """"nothing that costs an arm and a leg", "we don't want to blow a fortune": a clause
    nearest (`label`, at `score`) the cheapest level that its negation moved there: without
    the negation (from the parse) it is `DENIAL_SHIFT` further from cheap (`rank`)."""
    if label != "price.$" or score < DENIED_SCORE:
        return False
    plain = undenied(parse(clause.replace("-", " "), entities=False))
    if not plain:
        return False
    again = {r.label: r.score for r in rank(plain)}
    return score - again.get(label, 0.0) >= DENIAL_SHIFT


def denied_dearness(clause: str, ranked: Sequence[Ranked],
                    rank: Callable[[str], Sequence[Ranked]], *, cheap_score: float) -> bool:
    """"nothing too glitzy", "not too dressy": a clause not itself clearly cheap (`ranked`
    best at `cheap_score` or more) that denies what, its negation left out (from the parse),
    is nearest a dear level ($$$ or more). It says no price, as a denied price word of the
    lexicon does ("nothing too swanky"): never a dear search, and nothing to ask about."""
    if ranked and ranked[0].label == "price.$" and ranked[0].score >= cheap_score:
        return False
    plain = undenied(parse(clause.replace("-", " "), entities=False))
    if not plain:
        return False
    again = rank(plain)
    if again and again[0].label in _DEAR:
        return True
    # "don't want anything extortionate": what is denied is what describes, not the wanting
    said = " ".join(t.text for t in parse(plain, entities=False)
                    if t.pos_ in ("ADJ", "ADV", "NOUN") and not t.is_stop)
    again = rank(said) if said and said != plain else []
    return bool(again) and again[0].label in _DEAR


def denied_dear_words(doc: Doc, rank: Callable[[str], Sequence[Ranked]], *,
                      cheap_score: float) -> set[str]:
    """The words after a negator up to the next mark ("nothing too dressy, pls": "too",
    "dressy", "pls") when what they deny is dearness (`denied_dearness`): no price, and
    nothing to ask about."""
    found: set[str] = set()
    for token in doc:
        if token.lower_ in NEGATORS or token.dep_ == "neg":
            end = next((t.i for t in doc[token.i:] if t.is_punct), len(doc))
            said = doc[token.i:end].text
            if end - token.i > 1 and denied_dearness(said, rank(said), rank,
                                                      cheap_score=cheap_score):
                found |= {t.lower_ for t in doc[token.i + 1:end]}
    return found


def read_plain(clauses: Sequence[str], hints: SlotHints,
               rank: Callable[[str], Sequence[Ranked]], *, score: float, margin: float) -> None:
    """A clause of everyday words ("we want a room just for us") is read only when it is
    very clearly one price or feature (at `score` or more, `margin` ahead of the next); else
    it says nothing (never asked about). A denied dearness is no price ("nothing too
    dressy")."""
    for clause in clauses:
        ranked = rank(clause)
        if len(ranked) > 1 and ranked[0].score >= score and \
                ranked[0].score - ranked[1].score >= margin and \
                not denied_dearness(clause, ranked, rank, cheap_score=0):
            taken(ranked[0], hints, features=True)


def still_unexplained(hints: SlotHints, doc: Doc, dish_words: set[str],
                      terms: Sequence[Term]) -> None:
    """What `_clauses` left unread and still asks: a clause with no dish word the reader
    took ("croque monsieur and a glass of wine"), or, when no price was read, a rare word
    that describes the place: a word a word for a place hangs on or that hangs on one
    ("somewhere bougie"), not a dish's name ("rogan josh", "mole poblano"). A clause that
    states no preference ("any food is fine") narrows nothing, so it never asks."""
    places = {t.start for t in terms if t.concept == "generic.place"}
    loose = {doc[t.start].lower_ for t in terms if t.concept == "generic.no_preference"}
    adjectives = {t.lower_ for t in doc if (t.head.i in places and t.dep_ in _DESCRIBES)
                  or any(c.i in places and c.dep_ in _DESCRIBES for c in t.children)}
    priced = "price_level" in hints.values or "price_level" in hints.cleared
    hints.unexplained[:] = [
        said for said in hints.unexplained
        if not set(said.split()) & (loose | dish_words) and (
            " " in said or (said in adjectives and not priced))]


def taken(best: Ranked, hints: SlotHints, *, features: bool) -> bool:
    """The price or feature a clause was read as (`best`) into `hints`, unless already
    said; False for a feature when `features` is off."""
    section, _, name = best.label.partition(".")
    if section == "occasion":
        return True  # small talk: nothing of the place wanted, explained
    if section == "feature" and not features:
        return False
    if section == "price" and "price_level" not in hints.values:
        hints.cleared.add("price_level") if name == "any" else hints.values.update(
            price_level=name)
    elif section == "feature" and name not in hints.values.keys() | hints.cleared:
        hints.values[name] = True
    hints.confidence = min(hints.confidence, best.score)
    return True
