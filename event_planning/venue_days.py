"""The days a reply sentence says a venue opens or closes, read on the parse and held to the
catalogue's closed days. No ADK here.

"The Founders Grill opens on Sundays" (it is closed on Sundays), "Saffron Court shuts on
Tuesdays too" (it never closes), "Both open seven days": a verb or adjective of the planner
lexicon's `reply.opens` and `reply.closes` (by lemma: "opens", "shuts", "closes", "closed")
with the weekdays it governs ("on Sundays", "Tuesdays", "Mondays or Tuesdays") or the whole
week ("seven days", "every day", "daily"), or its weekend ("shut at weekends": Saturday and
Sunday). A negation turns it round ("doesn't open on
Mondays" is closed on Mondays), and so does a negative pronoun as its subject ("Neither opens
on a Sunday": each is closed then). A modal or condition of its clause, or a question,
states nothing; nor does a negated noun as its subject ("nothing on your list is closed on
Sundays"), which speaks of venues the sentence may not name.
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from event_planning.venue_dishes import reply_lexicon
from event_planning.venue_features import every_subject

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from event_planning.catalog import Venue

__all__ = ["DaysSaid", "days_said", "wrong_open_days"]

_WEEK = frozenset(d.lower() for d in calendar.day_name)
#: The words for every day of a week, as the number or word that counts or spans it.
_ALL_WEEK = frozenset({"7", "seven", "every", "each", "all"})
_NO_ONE = frozenset({"neither", "none", "nothing", "nobody"})
#: The days a weekend holds.
_WEEKEND = frozenset({"saturday", "sunday"})
_CONDITIONS = frozenset({"if", "unless", "whether"})


@dataclass(frozen=True)
class DaysSaid:
    #: The weekdays, lower case ("sunday"); every day of the week for "seven days".
    days: frozenset[str]
    #: Said to be open on them (after any negation), not closed.
    open: bool
    #: Said of each venue the subject stands for ("Both", "Neither").
    every: bool


def _weekday(token: Token) -> str | None:
    for word in (token.lemma_.lower(), token.lower_, token.lower_.removesuffix("s")):
        if word in _WEEK:
            return word
    return None


def _days(word: Token) -> frozenset[str]:
    """The weekdays `word` (an open or close word) governs, or the whole week."""
    found: set[str] = set()
    near = [*word.children]
    if word.dep_ in ("acomp", "attr"):
        near += [k for k in word.head.children if k is not word]  # "is open on Mondays"
    if word.dep_ == "amod":
        near.append(word.head)  # "closed Tuesdays"
    for kid in near:
        days = [kid, *kid.children] if kid.dep_ == "prep" else [kid]
        for token in days:
            for day in (token, *(c for c in token.conjuncts)):
                name = _weekday(day)
                if name is not None:
                    found.add(name)
                if day.lemma_.lower() == "weekend":
                    found |= _WEEKEND  # "shut at weekends", "open over the weekend"
            if token.lemma_.lower() in ("day", "week") and any(
                    k.lower_ in _ALL_WEEK for k in token.children):
                found |= _WEEK  # "seven days", "every day", "all week"
        if kid.lower_ == "daily":
            found |= _WEEK
    return frozenset(found)


def _heads(word: Token) -> list[Token]:
    """The word, and the verb it completes ("is open", "is closed Tuesdays")."""
    return [word, word.head] if word.dep_ in ("acomp", "amod", "attr") else [word]


def _asserted(word: Token) -> bool:
    """No modal or condition of its own clause governs it ("can't be closed", "if it opens
    on Sundays"); a negation does not stop it, nor a modal of another clause ("..., so
    you'll need a new date")."""
    return not any(k.tag_ == "MD" or (k.dep_ == "mark" and k.lower_ in _CONDITIONS)
                   for h in _heads(word) for k in h.children)


def _negated(word: Token) -> tuple[bool, bool] | None:
    """Whether a negation turns it round, and whether that negation is its subject's
    ("Neither opens ...", "None of them is ...": of each); None when its subject is a
    negated noun ("nothing on your list", "Neither shortlisted place"), which speaks of
    venues other than those it names."""
    kids = [k for h in _heads(word) for k in h.children]
    subjects = [k for k in kids if k.dep_ in ("nsubj", "nsubjpass")]
    if any(k.dep_ == "det" and k.lower_ in (*_NO_ONE, "no") for s in subjects
           for k in s.children):
        return None
    no_one = [s for s in subjects if s.lower_ in _NO_ONE]
    if not no_one and any(t.lower_ in _NO_ONE for t in word.doc):
        return None  # a negative pronoun the parse hangs elsewhere ("Neither shortlisted
        # place opens ...", read with "Neither" the subject of "shortlisted")
    if any(k.dep_ != "prep" or k.lower_ != "of" or any(
            g.pos_ not in ("PRON", "NUM", "DET") and not any(
                d.pos_ in ("NUM", "DET") for d in g.children) for g in k.children)
           for s in no_one for k in s.children):
        return None  # "nothing on your list": not "none of them", "neither of the two"
    return bool(no_one) or any(k.dep_ == "neg" for k in kids), bool(no_one)


def days_said(doc: Doc) -> list[DaysSaid]:
    """The open and closed days the parsed sentence states (module docstring)."""
    if doc.text.rstrip().endswith("?"):
        return []
    out: list[DaysSaid] = []
    every = every_subject(doc)
    for term in reply_lexicon().terms(doc, typos=False):
        if term.concept not in ("reply.opens", "reply.closes", "reply.closed"):
            continue
        word = doc[term.end - 1]
        days = _days(word)
        if not days or not _asserted(word):
            continue
        negation = _negated(word)
        if negation is None:
            continue
        turned, no_one = negation
        out.append(DaysSaid(days, (term.concept == "reply.opens") != turned, every or no_one))
    return out


def wrong_open_days(doc: Doc, venues: Sequence[Venue]) -> list[str]:
    """The open and closed days the sentence states that the venues do not keep: of each
    venue when the subject speaks of every one, else of one of them at least."""
    wrong: list[str] = []
    for said in days_said(doc):
        def keeps(venue: Venue, said: DaysSaid = said) -> bool:
            closed = said.days & set(venue.closed_on)
            return not closed if said.open else said.days <= set(venue.closed_on)

        if venues and not (all if said.every else any)(keeps(v) for v in venues):
            days = "every day" if said.days == _WEEK else ", ".join(sorted(said.days))
            wrong.append(f"{'open' if said.open else 'closed'} on {days}")
    return wrong
