"""The planner's slots read from one message: what to eat, where, how dear, how many, when,
and which venue. The domain's words come in a `PlannerVocabulary`; nothing here knows venues.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date as Date
from functools import cached_property, lru_cache
from typing import Any, Protocol

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from draftguard.grounding import Vocabulary, dollar_levels
from draftguard.grounding._dates import month_days, without_dates
from draftguard.grounding._numbers import counts_apart
from draftguard.grounding._phrases import normalise_words
from draftguard.text import straighten_quotes
from draftguard.understanding._planner_days import read_day
from draftguard.understanding._planner_names import (
    MIN_TYPO_LENGTH,
    place_names,
    place_unread,
    places_corrected,
    word_span,
    words_corrected,
)
from draftguard.understanding._planner_numbers import (
    numbers_as_digits,
    party_size,
    unread_numbers,
)
from draftguard.understanding._planner_words import (
    WordTable,
    categories_cleared,
    taken_back,
    words_of,
)

__all__ = [
    "DEFAULT_VENUE_CUTOFF",
    "PREFERENCE_NAMES",
    "MeaningReader",
    "PlannerVocabulary",
    "SlotHints",
    "SlotReading",
    "plain_text",
    "read_parts",
    "read_slots",
    "warm_up",
]

#: rapidfuzz ratio (0-100) a stretch of a message needs to name a venue (typos allowed).
DEFAULT_VENUE_CUTOFF = 84.0
#: Edits past which a venue name matched over a longer stretch yields to shorter names.
_MAX_SPAN_EDITS = 2

PREFERENCE_NAMES = ("cuisine", "price_level", "neighborhood", "party_size", "date", "byob",
                    "outdoor", "wheelchair", "private_room", "open_on")
#: Characters before a value that are looked at for a word taking it back (a bounded window
#: keeps reading linear in the message).
_NEGATION_WINDOW = 40

PARTY_NOUNS = ("people", "persons", "guests", "friends", "of us", "adults", "colleagues",
               "coworkers", "diners", "pax", "person", "ppl", "folks", "heads")
PARTY_LEAD_INS = ("party of", "group of", "table for", "table of", "dinner for", "lunch for",
                  "reservation for", "booking for", "for", "make it", "make that",
                  "party size", "headcount", "change it to", "change that to", "x",
                  # "we'll be ten in total": the lead-ins of a bare count, inside a sentence.
                  "we'll be", "we will be", "there'll be", "there will be",
                  # "we're nine, and ...", "we are seven, thai in fishtown"
                  "we're", "we are", "we r")



@dataclass
class SlotHints:
    """What an app's reader by meaning adds to a message's slots: values it read, values it
    hesitates between, and preferences the message takes back."""

    values: dict[str, Any] = field(default_factory=dict)
    ambiguous: dict[str, list[str]] = field(default_factory=dict)
    cleared: set[str] = field(default_factory=set)
    #: Below 1.0 when a value was read by similarity alone (its score).
    confidence: float = 1.0
    #: The person's words behind an ambiguous value ("pozole"), for the question.
    words: dict[str, str] = field(default_factory=dict)
    #: Values (or a question) read from a correction on the parse ("for 5 - no wait, 6",
    #: "massaman curry"): they replace what the words alone read.
    replaces: set[str] = field(default_factory=set)
    #: Clauses and rare words the reader compared and could not read ("where we can take
    #: our own wine in", "bougie"): a request acting on the rest would guess.
    unexplained: list[str] = field(default_factory=list)


class MeaningReader(Protocol):
    """An app's reader by meaning (the parse, a lexicon, similarity): text -> hints. When a
    vocabulary has one, price words are its to read (dollar signs stay the core's)."""

    def __call__(self, text: str, /, *, similar: bool = True) -> SlotHints:
        """The hints of one text; `similar=False`: from the parse and the lexicon only, no
        similarity (what a part about a named venue states is not read as preferences)."""

    def prepare(self, texts: Sequence[str], /) -> None:
        """Called before the texts of one message are read one by one: work they share is
        done for all of them at once (one parse of all the message's parts)."""




def plain_text(text: str) -> str:
    """Lower case, straight quotes, accents off, single spaces."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", straighten_quotes(text))
                   if not unicodedata.combining(c))
    return " ".join(bare.lower().split())


def _name_key(name: str) -> str:
    """A name as its words: letters and digits, single spaces; "&" is "and" ("Pit & Porch"
    is typed "pit and porch" too)."""
    return " ".join("".join(c if c.isascii() and c.isalnum() else " "
                            for c in plain_text(name).lower().replace("&", " and ")).split())


@dataclass(frozen=True, eq=False)  # hashed by identity: built once, cached by callers
class PlannerVocabulary:
    """The words of one planning domain: value -> other names for cuisines, neighbourhoods
    and price levels ("$".."$$$$" -> "cheap", ...), and the venue names it knows."""

    cuisines: Mapping[str, Sequence[str]]
    neighbourhoods: Mapping[str, Sequence[str]]
    price_words: Mapping[str, Sequence[str]]
    venues: Sequence[str] = ()
    labels: Mapping[str, str] = field(default_factory=dict)
    venue_cutoff: float = DEFAULT_VENUE_CUTOFF
    #: Words a party size comes with ("8 people") or after ("table for 8").
    party_nouns: Sequence[str] = PARTY_NOUNS
    party_lead_ins: Sequence[str] = PARTY_LEAD_INS
    meaning: MeaningReader | None = None
    #: The words requests are made with, concept -> words or short phrases, read word for
    #: word as typed (`said_at`): "compare", "shortlist", "it", ... An app's table; without
    #: one the reader reads preferences, searches and venues named, nothing else.
    request_words: Mapping[str, Sequence[str]] = field(default_factory=dict)
    #: Words as regional or informal English spells them -> as the tables do ("o'" -> "of",
    #: "tae" -> "to", "oursels" -> "ourselves"): read before anything else.
    spellings: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def words(self) -> WordTable:
        """`request_words` as a table read word for word."""
        return WordTable(self.request_words)

    @cached_property
    def cuisine_words(self) -> Vocabulary:
        return Vocabulary(self.cuisines)

    @cached_property
    def neighbourhood_words(self) -> Vocabulary:
        return Vocabulary(self.neighbourhoods, join_possessives=True)  # "penn's landing"

    @cached_property
    def price_vocabulary(self) -> Vocabulary:
        return Vocabulary(self.price_words, key=str.strip, include_key=False)

    @cached_property
    def known_words(self) -> frozenset[str]:
        """Every word of the cuisine and neighbourhood phrases, for typo correction."""
        phrases = [*self.cuisines, *self.neighbourhoods,
                   *(p for names in (*self.cuisines.values(), *self.neighbourhoods.values())
                     for p in names)]
        return frozenset(w for p in phrases for w in normalise_words(p).split())

    @cached_property
    def typo_targets(self) -> list[str]:
        # Short words are left alone: "dinner" is one letter from "diner".
        return sorted(w for w in self.known_words if len(w) >= MIN_TYPO_LENGTH)

    def corrected(self, text: str) -> str:
        """`text` with each misspelt vocabulary word put right (`words_corrected`)."""
        return places_corrected(words_corrected(text, self.known_words, self.typo_targets),
                                self.place_names)

    @cached_property
    def place_names(self) -> dict[int, dict[str, str]]:
        """Neighbourhood names and their other names, by how many words they have."""
        return place_names(self.neighbourhoods)

    @cached_property
    def venue_keys(self) -> list[str]:
        return [_name_key(v) for v in self.venues]

    def label(self, value: str) -> str:
        return self.labels.get(value, value.replace("_", " ").title())

    def venues_named(self, text: str) -> list[tuple[str, int, int]]:
        """(venue, start, end) in `_name_key(text)` for every venue the text names, typos
        allowed. Of overlapping names the one that accounts for more of the words wins (its
        length less the edits between it and the words): "pit & porch orthern liberties" is
        "Pit & Porch Northern Liberties", not "Pit & Porch"; "about lberty steak room" is
        "Liberty Steak Room", not "The Liberty Steak Room". A tie names both."""
        key = _name_key(text)
        if not key or not self.venues:
            return []
        cutoff = self.venue_cutoff
        hits = process.extract(key, self.venue_keys, scorer=fuzz.partial_ratio,
                               score_cutoff=cutoff, limit=None)
        found: list[tuple[int, int, str, int, int]] = []
        for _, _, index in hits:
            name = self.venue_keys[index]
            span = word_span(name, key, score_cutoff=cutoff)
            if span is not None:
                edits = Levenshtein.distance(name, key[span[1]:span[2]])
                found.append((len(name) - edits, edits, self.venues[index], span[1], span[2]))
        # The name that covers more of the words typed wins ("ban bangkok street kitchen" is
        # Baan Bangkok Street Kitchen); of two names for the same words, the one spelt closer
        # ("lemongrass lane" is Lemongrass Lane, not Baan Lemongrass Lane; "bnagkok street
        # kitchen" is Bangkok Street Kitchen, though Baan Bangkok Street Kitchen is longer).
        # A long name matched with many edits ("bianchi little hanoi" for "Banh Mi Little
        # Hanoi") does not win over the names spelt out inside it.
        found.sort(key=lambda f: (f[1] > _MAX_SPAN_EDITS, f[3] - f[4], f[1], -f[0]))
        taken: list[tuple[str, int, int]] = []
        best: list[tuple[int, int]] = []
        for matched, edits, venue, start, end in found:
            if all(end <= s or start >= e for _, s, e in taken):
                taken.append((venue, start, end))
                best.append((matched, edits))
            elif (matched, edits) in best and venue not in (t[0] for t in taken):
                # As good a match for the same words ("L Rive Gauche"): both are named, so
                # the caller asks which.
                taken.append((venue, start, end))
        for _, _, venue, _, _ in found:  # a name inside another one said elsewhere too ("is
            # Golden Sichuan Lantern the same as Sichuan Lantern?"), outside the names taken
            masked = "".join("~" if any(s <= i < e for _, s, e in taken) else c
                             for i, c in enumerate(key))
            if venue not in (t[0] for t in taken) and (
                    again := word_span(self.venue_keys[self.venues.index(venue)], masked,
                                       score_cutoff=cutoff)) is not None:
                taken.append((venue, again[1], again[2]))
        taken.sort(key=lambda t: t[1])
        return taken


@dataclass
class SlotReading:
    """What one message says about the preferences: values set, values taken back, values
    it hesitates between, and the venues it names (with their spans masked out)."""

    values: dict[str, Any] = field(default_factory=dict)
    cleared: set[str] = field(default_factory=set)
    ambiguous: dict[str, list[str]] = field(default_factory=dict)
    venues: list[str] = field(default_factory=list)
    rest: str = ""
    #: How sure the reading is: 1.0 from words and the parse, a similarity score when a
    #: value was read by meaning alone ("brisket and ribs" is BBQ at 0.72).
    confidence: float = 1.0
    #: The person's words behind an ambiguous value, when not the values' own names.
    words: dict[str, str] = field(default_factory=dict)
    #: Words of the message the reading leaves unexplained (`SlotHints.unexplained`).
    unexplained: list[str] = field(default_factory=list)
    #: Numbers no value accounts for ("2 kids" when 3 was read): no search runs past them.
    unread: list[str] = field(default_factory=list)


#: A run of dollar signs that is no amount ("$$", not "$40").
_SIGNS = re.compile(r"(?<!\$)\$+(?![$\d])")


def _positives(vocab: Vocabulary, text: str,
               vocabulary: PlannerVocabulary) -> tuple[list[str], list[str]]:
    """Values named in `text`, split into (meant, taken back). A place only set out from
    ("how do we get there from the convention center", "we're coming from Fishtown": the
    request table's `origin`, not "not far from") is neither."""
    meant: list[str] = []
    negated: list[str] = []
    plain = vocab.prepared(text)
    words = vocabulary.words
    for value in vocab.mentioned(plain):
        back, origin = True, vocab is vocabulary.neighbourhood_words
        for start, end in _occurrences(vocab, value, plain):
            before = plain[max(0, start - _NEGATION_WINDOW):start]
            after = plain[end:end + _NEGATION_WINDOW]
            led = " ".join(w for w in words_of(before) if w != "the")
            origin = origin and words.ends_with("origin", led) and not words.ends_with(
                "near", before)
            if not taken_back(words, before, after):
                back = False
        if not origin:
            (negated if back else meant).append(value)
    return meant, negated


def _symbol_levels(text: str, vocabulary: PlannerVocabulary) -> list[int]:
    """The price levels `text` wants in signs ("$$") or words ("two dollar signs"), but a
    level in signs taken back ("no $$$$", "$$$ is out of our budget")."""
    levels = {n for n in dollar_levels(text) if n <= 4}
    for m in _SIGNS.finditer(text):
        if taken_back(vocabulary.words, text[max(0, m.start() - _NEGATION_WINDOW):m.start()],
                      text[m.end():m.end() + _NEGATION_WINDOW]):
            levels.discard(len(m.group()))
    return sorted(levels)


def _occurrences(vocab: Vocabulary, value: str, text: str) -> list[tuple[int, int]]:
    """Where `value` is named in `text` (start, end), by its own phrases."""
    pattern = vocab._own.get(vocab.key(value))  # the same package's compiled phrases
    if pattern is None:
        return []
    return [m.span() for m in pattern.finditer(text)]


def read_slots(message: str, vocabulary: PlannerVocabulary, *, today: Date,
               meaning: bool = True) -> SlotReading:
    """The preferences and venues `message` states (values are the vocabulary's keys);
    `meaning=False` leaves out the vocabulary's reader by meaning (for huge messages)."""
    return read_parts([message], vocabulary, today=today, meaning=meaning)[0]


def read_parts(parts: Sequence[str], vocabulary: PlannerVocabulary, *, today: Date,
               meaning: bool = True, known: str | None = None) -> list[SlotReading]:
    """`read_slots` of each part of one message, the reader by meaning handed all the
    parts' texts first (`MeaningReader.prepare`: one parse for all). A part that names a
    venue is about that venue, so its words are not compared by similarity. `known` is the
    day the conversation has so far, ISO ("make it the day after" counts from it)."""
    day = Date.fromisoformat(known) if known else None
    readings = [_read_words(part, vocabulary, today=today, meaning=meaning, known=day)
                for part in parts]
    reader = vocabulary.meaning if meaning else None
    if reader is not None and len(readings) > 1:
        reader.prepare([r.rest for r in readings])
    for reading in readings:
        corrected = False
        if reader is not None:
            hints = reader(reading.rest, similar=not reading.venues)
            corrected = "party_size" in hints.replaces
            _add_hints(reading, hints)
        for name in categories_cleared(vocabulary.words, reading.rest):
            if name not in reading.values:
                reading.cleared.add(name)
        reading.unread = unread_numbers(reading.rest, reading.values, corrected=corrected)
    return readings


def _read_words(message: str, vocabulary: PlannerVocabulary, *, today: Date,
                meaning: bool, known: Date | None = None) -> SlotReading:
    """What the words of `message` state, before the reader by meaning."""
    text = plain_text(message)
    reading = SlotReading()
    spans = vocabulary.venues_named(text)
    reading.venues = [v for v, _, _ in spans]
    keyed = _name_key(text)
    rest = text
    # Venue names are out of the way: "Fishtown Smokehouse" is no neighbourhood.
    for _, start, end in spans:
        typed = r"[^a-z0-9&]*".join("(?:and|&)" if w == "and" else re.escape(w)
                                    for w in keyed[start:end].split())
        rest = re.sub(typed, " | ", rest, count=1)
    # "7ppl", "party of7", "x7": a count glued to its word is read as the two.
    rest = counts_apart(numbers_as_digits(vocabulary.corrected(rest)),
                        nouns=tuple(vocabulary.party_nouns),
                        lead_ins=tuple(vocabulary.party_lead_ins))
    reading.rest = rest
    for name, vocab in (("cuisine", vocabulary.cuisine_words),
                        ("neighborhood", vocabulary.neighbourhood_words)):
        meant, negated = _positives(vocab, rest, vocabulary)
        if len(meant) == 1:
            reading.values[name] = meant[0]
        elif len(meant) > 1:
            reading.ambiguous[name] = meant
        elif negated:
            reading.cleared.add(name)
    if "neighborhood" not in reading.values and "neighborhood" not in reading.ambiguous:
        reading.unexplained += place_unread(rest, vocabulary.words)
    levels = _symbol_levels(text.lower(), vocabulary)  # "$$$ is too much": none
    if len(levels) == 1:
        reading.values["price_level"] = "$" * levels[0]
    elif len(levels) > 1:
        reading.ambiguous["price_level"] = ["$" * n for n in levels]
    elif vocabulary.meaning is None or not meaning:
        meant, negated = _positives(vocabulary.price_vocabulary, rest, vocabulary)
        if len(meant) == 1:
            reading.values["price_level"] = meant[0]
        elif len(meant) > 1:
            reading.ambiguous["price_level"] = meant
        elif negated:
            reading.cleared.add("price_level")
    size = party_size(rest, nouns=tuple(vocabulary.party_nouns),
                      lead_ins=tuple(vocabulary.party_lead_ins))
    if size is not None:
        reading.values["party_size"] = size
    day, doubt = read_day(rest, today=today, known=known, words=vocabulary.words)
    if doubt:
        reading.ambiguous["date"] = doubt
    # "today" and "tonight" are small talk too ("how are you today?"): a day only when the
    # message also states something else, or says little besides.
    elif day is not None and (not vocabulary.words.says("small_talk_day", rest)
                              or reading.values or len(words_of(rest)) <= 3):
        reading.values["date"] = day
    return reading


def _add_hints(reading: SlotReading, hints: SlotHints) -> None:
    """What the app read by meaning, where the lexical reading said nothing."""
    for name, value in hints.values.items():
        if value in reading.ambiguous.get(name, ()):
            # The parse settled what the words alone left open ("let's not do Mexican, how
            # about ramen": the negation is two words before the cuisine).
            del reading.ambiguous[name]
            reading.values[name] = value
    for name in hints.replaces:
        reading.cleared.discard(name)
        if name in hints.values:
            reading.values[name] = hints.values[name]
            reading.ambiguous.pop(name, None)
        elif name in hints.ambiguous:  # "massaman curry": not the curry the words read
            reading.values.pop(name, None)
            reading.ambiguous[name] = hints.ambiguous[name]
            if name in hints.words:
                reading.words[name] = hints.words[name]
    said = reading.values.keys() | reading.ambiguous.keys() | reading.cleared
    for name, value in hints.values.items():
        if name not in said:
            reading.values[name] = value
            reading.confidence = min(reading.confidence, hints.confidence)
    for name, values in hints.ambiguous.items():
        if name not in said and name not in hints.values:
            reading.ambiguous[name] = values
            if name in hints.words:
                reading.words[name] = hints.words[name]
    reading.cleared |= {n for n in hints.cleared if n not in said}
    reading.unexplained += hints.unexplained
    text = reading.rest.lower()
    if "open_on" in hints.values and not (month_days(text) or without_dates(text) != text):
        # "open on Mondays" is no dinner date; "Monday the 21st" (a day's number) is.
        reading.values.pop("date", None)


@lru_cache(maxsize=4)
def warm_up(vocabulary: PlannerVocabulary, today: Date) -> None:
    """Each kind of date read once (its first read loads the date library's tables, ~0.3 s),
    so no message pays for it."""
    for said in ("thai for 8 next friday", "saturday", "tomorrow or tonight", "on dec 5th",
                 "6/14", "14 june 2027", "2026-06-14", "Bar 9"):
        read_slots(said, vocabulary, today=today)
