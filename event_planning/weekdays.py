"""Weekdays and calendar words in a planner message: the day a venue must be open ("open on
Mondays", "which ones open sundays"), and the words that name a date, never a dish. (In a
reply, the days a venue is said to open or close are `venue_days`'.)"""

from __future__ import annotations

import calendar
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


__all__ = ["CALENDAR_WORDS", "DAY_PARTS", "DAY_WORDS", "WEEKDAYS", "WORD_DAYS", "day_tokens",
           "open_day"]

WEEKDAYS = {name.lower(): name.lower() for name in calendar.day_name}
CALENDAR_WORDS = frozenset({*WEEKDAYS, *(m.lower() for m in calendar.month_name if m),
                            *(m.lower() for m in calendar.month_abbr if m)})
#: Words the date reader reads a day from besides those: short day names, relative days as
#: typed, holidays' nicknames and parts of a day ("sat nite", "tmrw night", "hogmanay"). A
#: clause or word of these names a day: it is neither a dish nor a price or feature unread.
DAY_WORDS = frozenset({*CALENDAR_WORDS, "tue", "tues", "thu", "thur", "thurs", "fri",
                       "today", "tonight", "tomorrow", "tmr", "tmrw", "tmrow", "tn", "tonite",
                       "2nite", "2day", "2moro", "2morrow", "arvo", "nite", "xmas", "nye",
                       "chrissie", "chrissy", "crimbo", "hogmanay", "weekend", "fortnight"})
#: Short day names that are also words ("we sat in the sun"), and "eve": day words only
#: beside a part of a day or a day ("sat nite", "sun lunch", "wed eve").
WORD_DAYS = frozenset({"mon", "wed", "sat", "sun", "eve"})
DAY_PARTS = frozenset({"night", "nite", "evening", "eve", "morning", "afternoon", "arvo",
                       "lunch", "lunchtime", "dinner", "brunch"})


#: Between an open word and its weekday, only words of these kinds ("open on a monday",
#: "open every sunday"); a weekday further on is the dinner's ("serving unagi ..., for a
#: party of three on Saturday").
_BETWEEN = frozenset({"ADP", "DET", "ADV", "PART", "AUX"})
#: How many such words at most.
_MAX_BETWEEN = 3


def open_day(doc: Doc, terms: list[Any]) -> str | None:
    """The weekday a venue must be open ("open on Mondays", "which ones open sundays", "one
    that isn't closed on sundays": a closed day denied): a weekday right after an open word,
    with at most a preposition, an article or an adverb between, or one said before it that
    "that day" after it points back to."""
    days: set[str] = set()
    landmarks = {i for t in terms if t.concept.startswith("landmark.")
                 for i in range(t.start, t.end)}
    places = {i for t in terms if t.concept == "generic.place" for i in range(t.start, t.end)}
    for term in terms:
        if not (term.concept == "open.open" or (term.concept == "open.closed"
                                                and _denied(doc[term.start]))):
            continue
        if _said_of(doc[term.start], landmarks, places):
            continue  # "is the Italian Market open on Sundays?": a sight's hours
        for token in doc[term.end:term.end + _MAX_BETWEEN + 1]:
            day = _weekday(token)
            if day is not None:
                days.add(day)
                break
            if token.lemma_.lower() == "day" and token.i > 0 and doc[token.i - 1].pos_ == "DET":
                # "we meet on Tuesdays so it can't be closed that day": the day said before.
                days.update(d for t in doc[:term.start] if (d := _weekday(t)) is not None)
                break
            if token.pos_ not in _BETWEEN:
                break
    return next(iter(days)) if len(days) == 1 else None


def _said_of(token: Token, landmarks: set[int], places: set[int]) -> bool:
    """Whether `token` (an open word) is said of a landmark of the lexicon: one named before
    it in its sentence, with no word for a place or "one" there ("is the Italian Market open
    on Sundays?" asks about the world; "any places near the Liberty Bell open on mondays?"
    and "one near City Hall that opens sundays" want a venue open)."""
    before = range(token.sent.start, token.i)
    return bool(landmarks.intersection(before)) and not any(
        i in places or token.doc[i].lower_ in _ONES for i in before)


#: Words that stand for a venue wanted.
_ONES = frozenset({"one", "ones", "somewhere", "anywhere", "anything", "something"})


def _weekday(token: Token) -> str | None:
    return WEEKDAYS.get(token.lemma_.lower()) or WEEKDAYS.get(token.lower_.rstrip("s"))


def _denied(token: Token) -> bool:
    """`token`, the verb it hangs from or their auxiliaries carry a negation ("isn't
    closed"), or it describes a place the sentence rules out ("anywhere that's shut on
    Mondays is no good", "places closed on sundays won't work")."""
    near = [token, token.head, *(c for t in (token, token.head) for c in t.children
                                 if c.dep_ in ("aux", "auxpass"))]
    return any(c.dep_ == "neg" for t in near for c in t.children) or _ruled_out(token)


def _ruled_out(token: Token) -> bool:
    """`token` is (in a clause describing) the subject of a predicate that rules it out:
    the predicate is negated or says a word of the lexicon's `request.negate_after` ("is no
    good", "is out", "doesn't work")."""
    from event_planning.word_table import request_words  # the planner lexicon's words

    at = token
    while at.dep_ in ("relcl", "acl", "amod", "advcl", "conj", "appos") and at.head is not at:
        at = at.head
    if "subj" not in at.dep_:  # "shut" itself may be the subject, as parsed
        return False
    verb = at.head
    said = " ".join(t.lower_ for t in verb.subtree if t not in set(at.subtree))
    negated = any(c.dep_ == "neg" for c in verb.children)
    return negated or any(f" {w} " in f" {said} " for w in request_words()["negate_after"])


def day_tokens(doc: Doc) -> set[int]:
    """The words of `doc` that name a day ("tmrw night"; `DAY_WORDS`), and a short day name
    that is also a word beside a part of a day ("wed eve", "sun lunch"; `WORD_DAYS`): no
    dish, and no clause a reader by meaning compares."""
    days = {t.i for t in doc if t.lower_ in DAY_WORDS}
    for part in (t for t in doc if t.lower_ in DAY_PARTS and t.i > 0):
        # the word typed before it, as typed: the tagger splits "wed" into "we", "d"
        before = doc.text[:part.idx].split()[-1:]
        if before and before[0].lower() in WORD_DAYS | DAY_WORDS:
            start = doc.char_span(part.idx - len(before[0]) - 1, part.idx,
                                  alignment_mode="expand")
            days |= {part.i, *(t.i for t in start or ())}
    return days
