"""The facts a parsed sentence states besides its claims: its quantities (each number, in
digits or words, with the noun it counts or names: "version 3", "3 lines", "five hundred",
and "no repairs" as none) and its proper names ("Bar Nonna Rosa", "draft.md")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from draftguard.claims._calendar import time_spans
from draftguard.claims._numbers import value_of, word_amounts
from draftguard.claims._verb_forms import coined_stem

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from draftguard.language import Lexicon

__all__ = ["NAME_LINKS", "Quantity", "identifiers", "names", "quantities", "rounding_words"]

_DIGITS = re.compile(r"[+-]?\d+(?:[.,]\d+)*")
_FILE = re.compile(r"[\w-]+\.[a-z]{1,5}")
#: An identifier: letters, then digits, with at most one hyphen between ("t-8812", "HX-4471",
#: "ABC123"); a version in short ("v3") is a version number instead.
_ID = re.compile(r"[A-Za-z]{1,6}-?\d[A-Za-z0-9]{0,8}")
_SHORT_VERSION = re.compile(r"[vV](\d{1,4})")
#: A release number of three or four parts ("3.2.1"): an identifier, not a decimal.
_RELEASE = re.compile(r"\d{1,4}(?:\.\d{1,4}){2,3}")
#: The fewest characters of an identifier.
_MIN_ID = 3
#: Nouns that count ("a couple of", "a dozen", "half a dozen").
_COUNT_NOUNS = {"couple": 2.0, "pair": 2.0, "dozen": 12.0}
#: Spans of time named in one word, in the unit the texts count them in ("a fortnight" is
#: 14 days, "three decades" 30 years); a count of times in one word ("twice").
_SPANS = {"fortnight": (14.0, "day"), "decade": (10.0, "year")}
_TIMES = {"once": 1.0, "twice": 2.0, "thrice": 3.0}
#: Units a rate is "per" ("seven days a week": the whole week, not a count of days).
_PER = frozenset({"day", "week", "month", "year", "hour", "night"})
#: Words that count without a digit or a number word, for the guard's pre-screen.
COUNT_WORDS = frozenset({*_COUNT_NOUNS, *_SPANS, *(w + "s" for w in _SPANS), *_TIMES})
#: Small words inside a name ("Bar of Gold", "Barnes and Noble").
NAME_LINKS = frozenset({"of", "de", "del", "la", "le", "el", "los", "di", "&", "and", "at"})


@dataclass(frozen=True)
class Quantity:
    value: float
    #: The noun it counts or names ("line", "version", "question"), lemma; None if none.
    noun: str | None
    #: It names one ("version 3"), rather than counts them ("3 versions").
    label: bool = False
    #: The verb whose object or subject it is, lemma ("added three lines": "add").
    act: str | None = None
    #: The noun it is "of" ("a high of 14 degrees": "high", "three rounds of repairs":
    #: "repair"), lemma.
    of: str | None = None
    #: Told as rounded ("roughly 292 euros": "about") or as a bound near it ("just under
    #: eight hours": "under", "over"); "" when told as exact.
    rounded: str = ""
    #: The whole it is a part of ("eight out of ten": 10), a score told as a fraction;
    #: None when it is none.
    out_of: float | None = None
    #: For a count of times ("twice", "two times", "once"), the verb it is said of, lemma
    #: ("was repaired two times": "repair").
    times_of: str | None = None
    #: The noun of capacity what it counts is "for" ("room for 30 people": "room"), lemma;
    #: None when it has none ("It's for 28 people", "dinner for 28 people").
    held_by: str | None = None

    def readings(self) -> tuple[Quantity, Quantity]:
        """A part out of a whole read both ways: the count, and the fraction as a score."""
        count = replace(self, out_of=None)
        return count, replace(count, value=self.value / (self.out_of or 1), noun=None)


def _noun_of(token: Token, doc: Doc) -> str | None:
    """The noun a number counts or names: its head when it modifies one ("3 lines"), the
    noun before it ("version 3"), or the next noun past other numbers ("+2 -2 lines")."""
    def numeric(t: Token) -> bool:
        return t.like_num or _DIGITS.fullmatch(t.text) is not None

    if token.dep_ == "nummod" and token.head.pos_ in ("NOUN", "PROPN") and \
            not numeric(token.head):
        return token.head.lemma_.lower()
    start = doc[0].i
    for nxt in doc[token.i - start + 1: token.i - start + 4]:
        if nxt.pos_ in ("NOUN", "PROPN") and not numeric(nxt):
            return nxt.lemma_.lower()
        if not (numeric(nxt) or nxt.is_punct):
            break
    if token.dep_ == "dobj" and token.head.dep_ == "conj":  # "added 3 lines and removed 2"
        earlier = next((k for k in token.head.head.children if k.dep_ == "dobj"), None)
        if earlier is not None and any(k.dep_ == "nummod" for k in earlier.children):
            return earlier.lemma_.lower()
    before = doc[token.i - start - 1] if token.i > start else None
    if before is not None and before.is_alpha and not before.is_stop and \
            before.pos_ in ("NOUN", "PROPN", "VERB"):
        return before.lemma_.lower()
    return None


def rounding_words(lexicon: Lexicon) -> dict[str, str]:
    """The words that tell a number as rounded ("roughly") or as a bound near it ("under"),
    one-word ones, with how ("about", "under", "over")."""
    return {w: how for how in ("about", "under", "over")
            for w in lexicon.words_for(f"approximate.{how}") if " " not in w}


def quantities(doc: Doc, rounding: Mapping[str, str] | None = None) -> list[Quantity]:
    """Each number of `doc` with what it counts; told as rounded when a word of `rounding`
    (the claims lexicon's `approximate` words, with how) modifies it."""
    out: list[Quantity] = []
    tokens = list(doc)
    clock = time_spans(doc.text)
    i = 0
    while i < len(tokens):
        t = tokens[i]
        short = _SHORT_VERSION.fullmatch(t.text)
        if short is not None:  # "the post is now at v3"
            out.append(Quantity(float(short.group(1)), "version", label=True))
            i += 1
            continue
        is_digits = _DIGITS.fullmatch(t.text) is not None
        if not is_digits and not (t.like_num and t.pos_ == "NUM"):
            i += 1
            continue
        j = i + 1
        if not is_digits:  # a run of number words is one number ("one hundred and twenty")
            while j < len(tokens):
                nxt = tokens[j]
                if nxt.like_num and _DIGITS.fullmatch(nxt.text) is None:
                    j += 1
                elif nxt.text in ("-", "and") and j + 1 < len(tokens) and \
                        tokens[j + 1].like_num and _DIGITS.fullmatch(tokens[j + 1].text) is None:
                    j += 2
                else:
                    break
        words = [x.text for x in tokens[i:j] if x.text != "-"]
        value = value_of(" ".join(words)) or value_of(" ".join(w for w in words if w != "and"))
        half = [x.lower_ for x in tokens[j:j + 3]] == ["and", "a", "half"]
        if value is not None and half:  # "seven and a half hours"
            value, j = value + 0.5, j + 3
        if value is not None and not _in_date(tokens[i]) and not _reference(tokens[j - 1]) \
                and not any(a <= t.idx - doc[0].idx < b for a, b in clock):
            before = tokens[i - 1] if i > 0 else None
            last = tokens[j - 1]
            # "version 3" names one; "got four versions" counts them (the verb before it
            # names nothing when the number modifies a noun after it)
            label = before is not None and before.pos_ in ("NOUN", "PROPN", "VERB") and \
                before.is_alpha and not before.is_stop and not (
                    before.pos_ == "VERB" and last.dep_ == "nummod" and last.head.i > last.i)
            noun = _noun_of(last, doc)
            if noun in _SPANS and not label:
                value, noun = value * _SPANS[noun][0], _SPANS[noun][1]
            if not _rate(last):
                rounded = next((rounding[k.lower_] for n in tokens[i:j] for k in n.children
                                if k.dep_ in ("advmod", "quantmod") and k.lower_ in rounding
                                ), "") if rounding else ""
                whole = _out_of(tokens, j)
                out.append(_tied(Quantity(abs(value), noun, label=label, rounded=rounded,
                                          out_of=None if whole is None else whole[0]), last))
                if whole is not None:
                    j = whole[1]
        i = j
    return out + _word_counts(tokens) + _word_amounts(tokens, rounding or {})


def _tied(quantity: Quantity, last: Token) -> Quantity:
    """`quantity` with what the parse ties its last token to: the verb it is the object or
    subject of, the noun it is "of" or "for", the verb it counts the times of."""
    return replace(quantity, act=_act_of(last), of=_of_noun(last), held_by=_held_by(last),
                   times_of=_verb_of(_counted(last)) if quantity.noun == "time" else None)


def _word_amounts(tokens: list[Token], rounding: Mapping[str, str]) -> list[Quantity]:
    """Amounts told with "a" or "an" before a unit ("The induction lasts half an hour",
    "weighs half a ton"), in the smaller unit when it has one (half an hour: 30 minutes).
    Not told as rounded or as a bound ("just over a ton", "in under an hour"), and no rate
    ("ten a week")."""
    words = [t.lower_ for t in tokens]
    out: list[Quantity] = []
    for i in range(len(tokens)):
        amounts = word_amounts(words, i)
        if not amounts:
            continue
        first = i - (1 if i >= 1 and words[i - 1] in ("half", "quarter") else
                     3 if i >= 3 and words[i - 1] == "of" and words[i - 3] == "a" else 0)
        before = tokens[first - 1] if first >= 1 else None
        if before is not None and (before.lower_ in rounding or before.like_num or
                                   before.lower_ in ("just", "than", "per", "every") or
                                   before.pos_ == "NOUN"):
            continue
        value, unit = amounts[-1]
        out.append(Quantity(value, unit))
    return out


def _out_of(tokens: list[Token], at: int) -> tuple[float, int] | None:
    """The whole of a part told as "N out of M" ("eight out of ten"), read from `at` (just
    after N), with where it ends; None when none follows."""
    if [t.lower_ for t in tokens[at:at + 2]] != ["out", "of"] or at + 2 >= len(tokens):
        return None
    whole = tokens[at + 2]
    if not (whole.like_num or _DIGITS.fullmatch(whole.text) is not None):
        return None
    value = value_of(whole.text)
    return None if not value else (value, at + 3)


def _word_counts(tokens: list[Token]) -> list[Quantity]:
    """Counts told in words, not numbers: "in a fortnight", "twice", "with no repairs", "a
    couple of documents", "half a dozen places", "Your shortlist is empty"."""
    out: list[Quantity] = []
    for t in tokens:  # "in a fortnight", "twice"
        if t.lower_ in _TIMES and t.pos_ == "ADV" and not any(
                k.dep_ == "nsubj" and k.lower_ in ("i", "we") for k in t.head.children):
            # of a thing or a person ("delivered twice", "You rinse them twice"); the app's
            # own reading is no count a record keeps ("I read your brief twice")
            out.append(Quantity(_TIMES[t.lower_], "time", times_of=_verb_of(t)))
        if t.pos_ == "NOUN" and t.lemma_.lower() in _SPANS and t.i > 0 and \
                t.doc[t.i - 1].lower_ == "a":
            span, unit = _SPANS[t.lemma_.lower()]
            out.append(Quantity(span, unit))
    for t in tokens:  # "Your shortlist is empty": it holds none
        if t.lower_ == "empty" and t.dep_ == "acomp" and t.head.lemma_ == "be":
            subject = next((k for k in t.head.children if k.dep_ == "nsubj"), None)
            if subject is not None and subject.pos_ == "NOUN" and not any(
                    k.dep_ == "neg" for k in t.head.children):
                out.append(Quantity(0.0, subject.lemma_.lower()))
    for t in tokens:  # "with no repairs": none of them
        if t.lower_ == "no" and t.dep_ == "det" and t.head.pos_ == "NOUN":
            out.append(Quantity(0.0, t.head.lemma_.lower()))
    for t in tokens:  # "a couple of documents", "half a dozen places"
        if t.pos_ == "NOUN" and t.lower_ in _COUNT_NOUNS and t.i > 0 and \
                t.doc[t.i - 1].lower_ == "a":
            value = _COUNT_NOUNS[t.lower_] / (2 if t.i > 1 and t.doc[t.i - 2].lower_ == "half"
                                              else 1)
            of = next((g for k in t.children if k.dep_ == "prep" and k.lower_ == "of"
                       for g in k.children if g.dep_ == "pobj"), None)
            counted = of if of is not None else t.head if t.dep_ == "nummod" else None
            out.append(Quantity(value, counted.lemma_.lower() if counted is not None else None,
                                act=_act_of(counted) if counted is not None else None))
    return out


def _counted(token: Token) -> Token:
    """The noun a number counts, or the number itself."""
    return token.head if token.dep_ == "nummod" else token


def _act_of(token: Token) -> str | None:
    """The verb whose object or subject the number (or what it counts) is."""
    counted = _counted(token)
    if counted.dep_ in ("dobj", "nsubjpass", "nsubj") and counted.head.pos_ == "VERB":
        return counted.head.lemma_.lower()
    return None


def _verb_of(token: Token) -> str | None:
    """The verb a count of times hangs on ("repaired two times", "needed fixing twice")."""
    head = token.head
    return head.lemma_.lower() if token.dep_ in ("advmod", "npadvmod") and \
        head.pos_ == "VERB" else None


#: Nouns of how many a place takes: what the people they are "for" count is its size
#: ("room for 30 people", "space for forty"), not the group's ("dinner for 28 people").
_CAPACITY = frozenset({"room", "space", "capacity", "seating", "seat"})


def _held_by(token: Token) -> str | None:
    """The noun of capacity the number, or what it counts, is "for" ("room for 30")."""
    counted = _counted(token)
    head = counted.head
    if counted.dep_ == "pobj" and head.lower_ == "for" and head.head.lemma_.lower() in _CAPACITY:
        return head.head.lemma_.lower()
    return None


def _of_noun(token: Token) -> str | None:
    """The noun the number, or what it counts, is "of" ("a high of 14 degrees"), or that
    it counts "of" ("three rounds of repairs")."""
    measure = next((k for k in token.children if k.dep_ == "quantmod" and k.pos_ == "NOUN"),
                   None)
    if measure is not None:  # the parser's other reading: "a low of 5" with "low" on the 5
        return measure.lemma_.lower()
    counted = _counted(token)
    head = counted.head
    if counted.dep_ == "pobj" and head.lower_ == "of" and head.head.pos_ == "NOUN":
        return head.head.lemma_.lower()
    inner = next((g for k in counted.children if k.dep_ == "prep" and k.lower_ == "of"
                  for g in k.children if g.dep_ == "pobj" and g.pos_ == "NOUN"), None)
    return inner.lemma_.lower() if inner is not None else None


def _reference(token: Token) -> bool:
    """A number standing for things already named, not counting them ("whichever of the
    two", "the biggest of the four")."""
    if token.lower_ == "one" and _pronoun_one(token):
        return True  # "the only one with a private room", "the only BYOB one"
    return token.dep_ in ("pobj", "nsubj", "dobj", "nsubjpass") and any(
        k.dep_ == "det" and k.lower_ == "the" for k in token.children)


def _pronoun_one(token: Token) -> bool:
    """"one" standing for a thing ("the only one", "the cheaper one", "the budget one"): a
    definite phrase before it and no noun after it."""
    doc = token.doc
    after = doc[token.i + 1] if token.i + 1 < len(doc) else None
    if after is not None and after.pos_ in ("NOUN", "PROPN"):
        return False
    for back in range(token.i - 1, max(token.i - 4, -1), -1):
        word = doc[back]
        if word.lower_ in ("the", "this", "that", "which"):
            return True
        if word.pos_ not in ("ADJ", "ADV", "PROPN", "NOUN"):
            return False
    return False


def _rate(token: Token) -> bool:
    """A number of something per a unit of time ("seven days a week", "twice a day"): a
    rate, not a count the record holds. A sum of money per a unit ("£25 a month") is still a
    sum the record must hold."""
    before = token.doc[token.i - 1] if token.i > 0 else None
    if (before is not None and before.tag_ == "$") or any(k.tag_ == "$" for k in token.children):
        return False
    counted = token.head if token.dep_ == "nummod" else token
    return any(k.dep_ == "npadvmod" and k.lemma_.lower() in _PER and any(
        d.lower_ in ("a", "an", "per", "each") for d in k.children) for k in counted.children)


def _in_date(token: Token) -> bool:
    """A day of a month or a year ("March 3", "2024") is a date, not a count."""
    return token.ent_type_ in ("DATE", "TIME") and token.head.pos_ == "PROPN"


def identifiers(doc: Doc) -> frozenset[str]:
    """The identifiers `doc` states ("task t-8812", "code HX-4471"): a word of letters then
    digits, three characters at least (a letter and a digit is text-speak: "b4" is
    "before"), not a version in short ("v3": `quantities`), or a release number ("3.2.1")."""
    return frozenset(t.text for t in doc if (_ID.fullmatch(t.text) is not None
                     and len(t.text) >= _MIN_ID and _SHORT_VERSION.fullmatch(t.text) is None)
                     or _RELEASE.fullmatch(t.text) is not None)


def names(doc: Doc) -> list[str]:
    names: list[str] = []
    run: list[Token] = []

    def close() -> None:
        while run and run[-1].lower_ in NAME_LINKS:
            run.pop()
        if run and not (len(run) == 1 and run[0].i == doc[0].i):
            names.append(" ".join(t.text for t in run))
        run.clear()

    for t in doc:
        if (t.pos_ == "PROPN" and t.text[:1].isupper() and coined_stem(t.text) is None) or (
                run and t.lower_ in NAME_LINKS):  # "RSVP'd" is a verb, not a name
            run.append(t)
        else:
            close()
            if _FILE.fullmatch(t.text):
                names.append(t.text)
    close()
    return names
