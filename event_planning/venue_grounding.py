"""Sentences about venues checked against this session's search results. No ADK here.

A small model asked to present search results invents venues and facts ("a Spanish restaurant
in Queenville"). `VenueGroundingFilter` reads the answer sentence by sentence as it streams
(only the unfinished sentence is held back) and judges each finished one:

- it names a catalogue venue the session's tools never returned, or a bold or subject name
  that is no catalogue venue at all: dropped;
- it names result venues but states a neighbourhood, cuisine, price, capacity or closed day
  none of them has: replaced by the catalogue's own line for each venue it names (a venue's
  line at most once per answer; after that the sentence is dropped);
- its subject is a pronoun ("It is in Fishtown, seats 500"): its facts must hold for the
  venue the answer named last (or, before any, for one of the results), else dropped;
  "Both ..." said of more than two venues must hold for some two of them;
- anything else: kept, byte for byte.

A price in words ("a splurge", "cheap") must be within one `$` of a venue's level. Numbers
count in words as in digits ("seats five hundred" is "seats 500"). A subject name that is no
catalogue venue ("Golden Gate Grill seats 500") is read from the parse, and so are the
features the catalogue records (BYOB, a patio, access, a private room: `venue_features`), the
dishes a venue is said to be known for or to serve (`venue_dishes`) and comparisons of price
and size between venues ("cheaper than", "the biggest": `venue_comparisons`). "Both are
closed on Mondays" holds for each venue it stands for.

Venue names are matched with rapidfuzz (`score_cutoff=`, `venue_names`), the longest of
overlapping matches winning ("Bánh Mì Saigon House" is not "Saigon House"). A fact counts as
contradicted only when none of the venues the sentence names has it, so a sentence comparing
two venues stands.
Any internal error lets the text through unchanged (and is reported).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from typing import TYPE_CHECKING, Protocol

from draftguard.dedupe import Piece, PieceKind, UnitScanner
from draftguard.grounding import WEEKDAYS, Vocabulary, dollar_levels
from draftguard.language import language_installed, parse
from event_planning.argument_grounding import NEIGHBORHOODS, PRICE_WORDS_ONLY
from event_planning.catalog import Cuisine, Neighborhood, Venue, venue_by_id
from event_planning.venue_addresses import borrowed_address, unshared_address
from event_planning.venue_capacity import wrong_capacities
from event_planning.venue_comparisons import comparisons, unbacked_comparisons
from event_planning.venue_days import wrong_open_days
from event_planning.venue_dishes import stated_dishes, unserved
from event_planning.venue_features import (
    both_subject,
    every_subject,
    has_feature,
    stated_features,
    without_conditions,
    without_denials,
)
from event_planning.venue_lines import LineLedger, in_place_of
from event_planning.venue_names import (
    DEFAULT_SCORE_CUTOFF,
    VenueNames,
    catalogue_names,
    short_named,
)
from event_planning.venue_names import plain as _plain

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = [
    "DEFAULT_SCORE_CUTOFF",
    "GroundingObserver",
    "SentenceAction",
    "SentenceVerdict",
    "VenueGroundingFilter",
    "VenueNames",
    "catalogue_names",
    "judge_sentence",
]


# Cuisine names as facts (not dishes: "fish tacos" does not make a taqueria a seafood place),
# plus cuisines the catalogue does not have, which no venue can truthfully be.
_CUISINE_FACTS = Vocabulary({
    **{c.value: () for c in Cuisine},
    "steakhouse": ("steak house", "chophouse"),
    "bbq": ("barbecue", "barbeque"),
})
_FOREIGN_CUISINES = (
    "spanish", "korean", "german", "ethiopian", "turkish", "lebanese", "peruvian", "brazilian",
    "caribbean", "cuban", "irish", "british", "polish", "russian", "filipino", "malaysian",
    "indonesian", "moroccan", "argentinian", "portuguese", "jamaican", "nepalese", "pakistani",
)
_SEATS = re.compile(r"(?:\bseats?|\bseating(?: for)?)\s+(?:up to\s+)?(\d{1,4})\b"
                    r"|\b(\d{1,4})\s+seats?\b")
_GUESTS = re.compile(r"\b(?:(?:up to|holds?|fits?|accommodates?|hosts?|capacity of)\s+"
                     r"(exactly\s+|about\s+|around\s+)?(\d{1,4})"
                     r"|for\s+(\d{1,4})\s+(?:people|guests|diners|persons))\b")
_BOLD = re.compile(r"\*\*([^*\n]{3,60}?)\*\*")
_SUBJECT = re.compile(r"^\W*(?:\d{1,3}[.)]\s+)?((?:[A-Z][\w'’&]*\s+){1,5}?[A-Z][\w'’&]*)\s+"
                      r"(?:is|offers|serves|has|features)\b")
# A subject name is taken for a venue only when the sentence talks like it is one.
_VENUE_TALK = re.compile(r"\$|\b(?:restaurant|bistro|trattoria|osteria|eatery|venue|diner|"
                         r"seats?|menu|serves|dishes|cuisine|private room|byob|reservations?|"
                         r"holds?|fits?|accommodates?|hosts?|guests|diners)\b",
                         re.I)
_MAX_PARSED = 600  # longer sentences are not parsed
_NAME_LINKS = {"de", "del", "la", "le", "el", "los", "at", "of", "the", "&", "and", "di"}


class SentenceAction(StrEnum):
    KEPT = "kept"
    DROPPED = "dropped"
    REPLACED = "replaced"


@dataclass(frozen=True)
class SentenceVerdict:
    action: SentenceAction
    text: str
    """What to show instead of the sentence (the sentence itself when kept)."""
    reason: str = ""


class GroundingObserver(Protocol):
    """Where the filter reports what it did; the app turns this into metrics and logs."""

    def on_sentence(self, verdict: SentenceVerdict, sentence: str) -> None: ...
    def on_error(self, error: BaseException) -> None: ...


def _masked(text: str, spans: Iterable[tuple[int, int]]) -> str:
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + " | " + text[end:]
    return text


def _invented_names(sentence: str, names: VenueNames) -> list[str]:
    """Bold or subject names ("**Casa Ferro** ...", "Casa Ferro is ...") that are no venue."""
    found: list[str] = []
    candidates = [m.group(1).strip() for m in _BOLD.finditer(sentence)]
    subject = _SUBJECT.match(sentence)
    if subject is not None and _VENUE_TALK.search(sentence[subject.end(1):]):
        candidates.append(subject.group(1))
    named = _subject_name(sentence)
    if named is not None and named not in candidates and _VENUE_TALK.search(sentence):
        candidates.append(named)
    for phrase in candidates:
        words = phrase.split()
        if len(words) < 2 or phrase[-1] in ":.!?,":
            continue
        if not all(w[0].isupper() or w.lower() in _NAME_LINKS for w in words):
            continue
        plain = _plain(phrase)
        if NEIGHBORHOODS.mentioned(plain) or plain in WEEKDAYS:
            continue
        if not names.is_venue_name(phrase):
            found.append(phrase)
    return found


def _subject_parse(sentence: str) -> Doc | None:
    if not language_installed() or len(sentence) > _MAX_PARSED:
        return None
    return parse(sentence, entities=False)


def _subject_name(sentence: str) -> str | None:
    """The main clause's subject when it is a name of two or more capitalised words
    ("Golden Gate Grill seats 500"), read from the parse."""
    doc = _subject_parse(sentence)
    if doc is None:
        return None
    for root in (t for t in doc if t.dep_ == "ROOT"):
        for kid in root.children:
            if kid.dep_ not in ("nsubj", "nsubjpass"):
                continue
            # The name up to its head noun ("Silver Birch Grill next door": the grill).
            span = doc[kid.left_edge.i: kid.i + 1]
            words = [t for t in span if not t.is_punct]
            if len(words) >= 2 and all(t.text[:1].isupper() or t.lower_ in _NAME_LINKS
                                       for t in words):
                return span.text
    # A name read as the verb ("Bar Nonna Rosa seats 40": "Bar" the root).
    lead: list[Token] = []
    for t in doc:
        if t.text[:1].isupper() or (lead and t.lower_ in _NAME_LINKS):
            lead.append(t)
        else:
            break
    after = doc[len(lead)] if len(lead) < len(doc) else None
    if any(t.pos_ in ("PRON", "AUX") for t in lead):
        return None  # "Should I look for ...", "Can We ...": no name
    if len(lead) >= 2 and (any(t.dep_ == "ROOT" for t in lead) or (
            after is not None and after.dep_ == "ROOT" and after.pos_ in ("VERB", "AUX"))):
        return " ".join(t.text for t in lead)
    return None


def _pronoun_subject(sentence: str) -> bool:
    """The main clause's subject is a pronoun ("It seats 500", "They are in Fishtown",
    "There's a patio"; not "Nothing turned up"), a noun that stands for the venues
    (`_standing_for_venues`), or a number that says every one of the venues it stands for ("All
    four have ...")."""
    doc = _subject_parse(sentence)
    if doc is None:
        return False
    # The parser may hang it from the root's auxiliary ("Both of them are closed").
    return any(kid.dep_ in ("nsubj", "nsubjpass", "expl") and (kid.head.dep_ == "ROOT" or (
        kid.head.dep_ in ("aux", "auxpass") and kid.head.head.dep_ == "ROOT")) and (
        (kid.pos_ == "PRON" and kid.tag_ in ("PRP", "DT", "EX") and
         kid.lower_ not in ("i", "we", "you")) or (kid.pos_ == "NUM" and every_subject(doc))
        or _standing_for_venues(kid))
        for kid in doc)


def _standing_for_venues(subject: Token) -> bool:
    """A common noun that stands for the venues talked of, as a pronoun would: one each of
    them ("Both places", "All three spots") or one of the venue's own ("Its private room",
    "Their patio")."""
    return subject.pos_ == "NOUN" and any(
        (k.dep_ in ("det", "predet") and k.lower_ in ("both", "all", "each")) or (
            k.dep_ == "poss" and k.lower_ in ("its", "their")) for k in subject.children)


def _contradictions(sentence: str, plain: str, venues: Sequence[Venue], *,
                    others: Sequence[Venue] = (), names: VenueNames | None = None) -> list[str]:
    """The facts in the sentence that none of `venues` has; a price comparison is held
    against `others` (the session's venues) or the venues it names after "than"."""
    wrong: list[str] = []
    doc = _subject_parse(sentence)
    every = False
    if doc is not None:
        plain = without_denials(doc, without_conditions(doc, plain, _plain), _plain)
        stated = stated_features(doc)
        every = stated.every
        for feature, negated in stated.features:
            holds = all if stated.every else any
            if not holds(has_feature(v, feature) is not negated for v in venues):
                wrong.append(("no " if negated else "") + feature.replace("_", " "))
        wrong += unserved(stated_dishes(doc), list(venues), _plain)
        wrong += wrong_open_days(doc, venues)
        wrong += wrong_capacities(doc, venues, every=stated.every)
        known = names or catalogue_names()
        compared = comparisons(doc)
        wrong += unbacked_comparisons(compared, venues, others,
                                      lambda text: [v for v, _, _ in known.named(text)])
        for comparison in compared:  # "the least expensive" states no level of its own
            plain = plain.replace(_plain(comparison.words), " ; ")
    street = borrowed_address(plain, venues, others)
    if street is None and every:  # "Both are on Christian Street": each of them
        street = unshared_address(plain, venues)
    if street is not None:
        wrong.append(f"address {street}")
    hoods = NEIGHBORHOODS.mentioned(plain)
    if hoods and not any(Neighborhood(h).covers(v.neighborhood.value) for h in hoods
                         for v in venues):
        wrong.append(f"neighbourhood {', '.join(hoods)}")
    cuisines = _CUISINE_FACTS.mentioned(plain)
    cuisines += [c for c in _FOREIGN_CUISINES if re.search(rf"\b{c}\b", plain)]
    if cuisines and not any(c == v.cuisine.value for c in cuisines for v in venues):
        wrong.append(f"cuisine {', '.join(cuisines)}")
    levels = dollar_levels(sentence)
    if levels and not any(v.price_level in levels for v in venues):
        wrong.append("price " + ", ".join("$" * n for n in sorted(levels)))
    # In words ("a splurge", "cheap") a level is loose: one step either way still stands.
    worded = {len(level) for level in PRICE_WORDS_ONLY.mentioned(plain)}
    if worded and not any(abs(v.price_level - n) <= 1 for n in worded for v in venues):
        wrong.append("price " + ", ".join("$" * n for n in sorted(worded)))
    for m in _SEATS.finditer(plain):
        n = int(m.group(1) or m.group(2))
        if not any(n in (v.seats, v.private_room_seats) for v in venues):
            wrong.append(f"{n} seats")
    for m in _GUESTS.finditer(plain):
        n = int(m.group(2) or m.group(3))
        # "the private room holds 25": the room's own size, not the venue's; "exactly": all
        room = "private room" in plain[max(0, m.start() - 30):m.start()]
        exact = (m.group(1) or "").startswith("exactly")
        if not any((n == size) if exact else (n <= size) for v in venues
                   for size in [v.private_room_seats if room else v.seats]):
            wrong.append(f"room for {n}")
    return wrong


def judge_sentence(
    sentence: str, results: Iterable[str], names: VenueNames, *, shown_lines: set[str],
    referent: Sequence[Venue] = (),
) -> SentenceVerdict:
    """What to do with one finished sentence, given the venue ids the session's tools
    returned. `shown_lines` (venue ids whose catalogue line this answer already holds) is
    updated when the verdict is a replacement. A sentence whose subject is a pronoun ("It
    seats 500") speaks of `referent` (the venues the answer named last), or else of the
    results: its facts must hold for one of them."""
    named = names.named(sentence)
    results = list(results)
    session = [v for v in (venue_by_id(i) for i in results) if v is not None]
    # a venue of the session named short ("Saffron Court"), beside one named in full
    named += [s for s in short_named(_plain(sentence), session, written=sentence)
              if all(s[0] != v and (s[2] <= a or s[1] >= b) for v, a, b in named)]
    if not named:
        invented = _invented_names(sentence, names)
        if invented:
            return SentenceVerdict(SentenceAction.DROPPED, "",
                                   f"names {invented[0]!r}, not a venue from the results")
        if _pronoun_subject(sentence):
            # "Both of them", "they": more than the one venue named last, else the session's
            doc = _subject_parse(sentence)
            plural = doc is not None and every_subject(doc)
            about = list(referent) if len(referent) > plural else session
            wrong = _contradictions(sentence, _plain(sentence), about, others=session,
                                    names=names) if about else []
            if wrong and len(about) > 2 and doc is not None and both_subject(doc) and any(
                    not _contradictions(sentence, _plain(sentence), pair, others=session,
                                        names=names) for pair in combinations(about, 2)):
                wrong = []  # "Both ..." of more than two venues: true of some two of them
            if wrong:
                return SentenceVerdict(
                    SentenceAction.DROPPED, "",
                    f"states {'; '.join(wrong)} of a venue, which the catalogue does not say")
        return SentenceVerdict(SentenceAction.KEPT, sentence)
    allowed = set(results)
    outside = [v for v, _, _ in named if v.id not in allowed]
    if outside:
        return SentenceVerdict(SentenceAction.DROPPED, "",
                               f"names {outside[0].name}, not in this session's results")
    venues = [v for v, _, _ in named]
    plain = _masked(_plain(sentence), [(s, e) for _, s, e in named])
    wrong = _contradictions(sentence, plain, venues, others=session, names=names)
    if not wrong:
        return SentenceVerdict(SentenceAction.KEPT, sentence)
    reason = f"states {'; '.join(wrong)}, which the catalogue does not say"
    fresh = [v for v in venues if v.id not in shown_lines]
    if not fresh:
        return SentenceVerdict(SentenceAction.DROPPED, "", reason)
    shown_lines.update(v.id for v in fresh)
    return SentenceVerdict(SentenceAction.REPLACED, " ".join(v.line() for v in fresh), reason)


class VenueGroundingFilter:
    """A streaming text filter (`feed`/`flush`) that keeps venue talk true to the results."""

    def __init__(
        self,
        results: Iterable[str],
        *,
        names: VenueNames | None = None,
        observer: GroundingObserver | None = None,
        fallback: str = "",
    ) -> None:
        self._results = frozenset(results)
        #: Said when every sentence of the answer was dropped: never silence.
        self._fallback = fallback
        self._kept_any = False
        self._dropped_any = False
        self._names = names or catalogue_names()
        self._observer = observer
        self._scanner = UnitScanner()
        self._lines = LineLedger(self._results)
        self._referent: list[Venue] = []
        self._broken = False
        # Where the last piece left us: at a line start, and whether a sentence was dropped
        # (its line, if it was all of it), so the space it leaves is closed up.
        self._at_line_start = True
        self._dropped: str | None = None

    def feed(self, chunk: str) -> str:
        if self._broken:
            return chunk
        try:
            pieces = self._scanner.feed(chunk)
        except Exception as err:
            return self._fail(err, self._scanner.held + chunk)
        return self._judge_all(pieces)

    def flush(self) -> str:
        if self._broken:
            return ""
        try:
            pieces = self._scanner.finish()
        except Exception as err:
            return self._fail(err, self._scanner.held)
        out = self._judge_all(pieces)
        if self._dropped_any and not self._kept_any and not out.strip() and self._fallback:
            return out + self._fallback
        return out

    def _judge_all(self, pieces: Sequence[Piece]) -> str:
        try:
            return "".join(self._judge(p) for p in pieces)
        except Exception as err:
            return self._fail(err, "".join(p.text for p in pieces) + self._scanner.held)

    def _fail(self, err: BaseException, unshown: str) -> str:
        # What was not shown yet goes out unjudged, and so does the rest of the stream.
        self._broken = True
        if self._observer is not None:
            self._observer.on_error(err)
        return unshown

    def _judge(self, piece: Piece) -> str:
        at_line_start = self._at_line_start
        self._at_line_start = piece.text.endswith("\n")
        if piece.kind is PieceKind.SEPARATOR:
            return self._separator(piece.text)
        # A line is dropped whole when all its sentences so far were.
        line_so_far, self._dropped = self._dropped == "line", None
        if piece.kind is PieceKind.CODE:
            return piece.text
        verdict = self._verdict(piece)
        if self._observer is not None:
            self._observer.on_sentence(verdict, piece.text)
        if verdict.action is SentenceAction.KEPT:
            self._kept_any = True
            return piece.text
        if verdict.action is SentenceAction.DROPPED:
            self._dropped_any = True
            self._dropped = "line" if at_line_start or line_so_far else "sentence"
        else:
            self._kept_any = True
        return in_place_of(piece.text, verdict.text)

    def _verdict(self, piece: Piece) -> SentenceVerdict:
        if piece.kind is PieceKind.SENTENCE and self._lines.said_already(piece.text):
            return SentenceVerdict(SentenceAction.DROPPED, "",
                                   "repeats the catalogue line given above")
        shown = set(self._lines.shown)
        verdict = judge_sentence(piece.text, self._results, self._names,
                                 shown_lines=shown, referent=self._referent)
        named = [v for v, _, _ in self._names.named(piece.text)]
        if named and verdict.action is SentenceAction.KEPT:
            self._referent = named
        if verdict.action is not SentenceAction.REPLACED:
            return verdict
        if piece.kind is not PieceKind.SENTENCE:
            # A catalogue line does not fit in a table row or a heading.
            return SentenceVerdict(SentenceAction.DROPPED, "", verdict.reason)
        self._lines.noted(shown - self._lines.shown)
        return verdict

    def _separator(self, text: str) -> str:
        dropped, self._dropped = self._dropped, None
        if dropped == "line" and text.startswith("\n"):
            self._at_line_start = True
            return text[1:]
        if dropped == "line" and "\n" not in text:
            self._dropped = dropped  # the line's next sentence may go too
        return text.lstrip(" \t") if dropped is not None else text

