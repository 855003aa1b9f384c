"""`ClaimGuard`: each reply sentence held against the turn's record.

`judge(sentence, record)` parses the sentence (the language layer), reads its claims
(`_reading`) and checks them:

- an asserted claim of an action (`action.*`) needs a run this turn that succeeded and whose
  tool declares that action (or whose kind the sentence's subject names: "the check found");
  an `impossible.*` action (book, email, publish, ...) needs a tool that declares it;
- a verdict ("passes", "meets the brief", "is ready", "fails") needs a check that ran this
  turn and said so (`verdict_field`);
- its numbers must be the record's: version numbers those of the runs it claims (or the
  session's), line counts a run's or the post's, other counts and facts a number the runs,
  the session's texts or its collections hold;
- its proper names must be in the record, and a name said to be in a collection (the
  shortlist) must be in it.

A question, a hedge, a plan or an instruction claims nothing. Anything else is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from draftguard.claims._acted_by import (
    denied,
    misplaced,
    of_the_text,
    others_act,
    record_words,
    said_in_document,
    speaks_of_record,
    unasked,
    unfound,
    unlisted,
    unlisted_backing,
    unnamed,
    untouched,
)
from draftguard.claims._facts import COUNT_WORDS
from draftguard.claims._folded import words_of
from draftguard.claims._identities import identified, unlike_identity
from draftguard.claims._item_counts import miscounted
from draftguard.claims._lexicon_words import claim_forms
from draftguard.claims._links import unrecorded_link
from draftguard.claims._lists import list_miss, list_sizes
from draftguard.claims._made_text import made_miss
from draftguard.claims._numbers import UNITS
from draftguard.claims._places import general_talk, world_place
from draftguard.claims._prescreen import CALENDAR, name_runs, named_in, stop_words, told_done
from draftguard.claims._reading import QUOTE, Claim, Reading, read_sentence
from draftguard.claims._record import (
    DEFAULT_MIN_QUOTED_WORDS,
    ToolRun,
    TurnRecord,
    holds_id,
    numbers_in,
    strings_in,
)
from draftguard.claims._roles import told_verbs, unlike_document
from draftguard.claims._stance import unbacked_stance
from draftguard.claims._terms import DEFAULT_TERM_LIKENESS, untrue_of_term
from draftguard.claims._unlisted import UNLISTED
from draftguard.claims._verb_forms import inflections, irregular_verbs
from draftguard.claims._verdict_likeness import (
    DEFAULT_VERDICT_LIKENESS,
    DEFAULT_VERDICT_MARGIN,
    unlike_check,
)
from draftguard.claims._view import RecordView
from draftguard.language import Lexicon, parse
from draftguard.language._parser import parse_many
from draftguard.text import NUMBER_WORDS

__all__ = [
    "ClaimGuard",
    "ClaimKind",
    "Judgement",
    "claims_lexicon",
]

#: A name counts as in the record at this rapidfuzz partial ratio (0-100).
DEFAULT_NAME_CUTOFF = 90.0
#: How far a number told as rounded ("about 500 words") may be from the record's (473), as
#: a fraction of the record's, when it has at most two significant digits (`told_about`).
DEFAULT_APPROXIMATE_TOLERANCE = 0.1
#: The longest sentence read; a longer one is kept as it is (it is no short claim).
DEFAULT_MAX_SENTENCE_CHARS = 600


class ClaimKind(StrEnum):
    ACTION = "action"
    IMPOSSIBLE = "impossible"
    VERDICT = "verdict"
    RESULT = "result"
    FACT = "fact"
    LINK = "link"
    TERM = "term"


@dataclass(frozen=True)
class Judgement:
    """Whether a sentence is backed by the record; when not, which kind of claim failed and
    why (for logs, never shown)."""

    supported: bool
    kind: ClaimKind | None = None
    reason: str = ""
    #: The concept of the failed claim ("impossible.book").
    concept: str = ""


_OK = Judgement(True)


@cache
def claims_lexicon() -> Lexicon:
    """The claims lexicon (`draftguard/claims/lexicon.toml`), loaded once."""
    return Lexicon.from_toml(Path(__file__).with_name("lexicon.toml"), skip=("short",))


_WORDS = re.compile(r"[^\W\d_]+|\d")
_FILE = re.compile(r"[\w-]+\.[a-z]{1,5}\b")
_NUMBER_WORDS = frozenset({*NUMBER_WORDS, "thirty", "forty", "fifty", "sixty", "seventy",
                           "eighty", "ninety", "hundred", "thousand", "dozen", "no",
                           *COUNT_WORDS, *UNITS, "empty"})  # "an hour", "is empty"


class ClaimGuard:
    """Judges reply sentences against a `TurnRecord` (see the module docstring)."""

    def __init__(
        self,
        *,
        lexicon: Lexicon | None = None,
        name_cutoff: float = DEFAULT_NAME_CUTOFF,
        max_sentence_chars: int = DEFAULT_MAX_SENTENCE_CHARS,
        verdict_likeness: float = DEFAULT_VERDICT_LIKENESS,
        verdict_margin: float = DEFAULT_VERDICT_MARGIN,
        min_quoted_words: int = DEFAULT_MIN_QUOTED_WORDS,
        approximate_tolerance: float = DEFAULT_APPROXIMATE_TOLERANCE,
        term_likeness: float = DEFAULT_TERM_LIKENESS,
    ) -> None:
        self.lexicon = lexicon or claims_lexicon()
        self.name_cutoff = name_cutoff
        self.max_sentence_chars = max_sentence_chars
        self.min_quoted_words = min_quoted_words
        self.verdict_likeness = verdict_likeness
        self.verdict_margin = verdict_margin
        self.approximate_tolerance = approximate_tolerance
        self.term_likeness = term_likeness

    # -- the lexicon's reading of a tool's name ----------------------------------------------
    def concept_of(self, word: str) -> str | None:
        concept = self.lexicon.concept(word)
        return concept.partition(".")[2] if concept is not None and not \
            concept.startswith("verdict.") else None

    def _may_claim(self, text: str, record: TurnRecord) -> bool:
        """Whether the parse could find anything to check in the sentence: a word the claims
        lexicon needs (`_claim_forms`), a number or "no", a file name, a kind of thing a
        tool makes, a first word the record holds (a name that may tell what someone did),
        or a name the record does not hold word for word. A cheap test before
        the parse, on the sentence's words alone; it may say yes too often, never no wrongly:
        without these, every check of `judge` passes."""
        words = _WORDS.findall(text)
        forms = claim_forms(self.lexicon)
        kinds = {f for d in record.claims.values() for o in d.objects
                 for f in (*inflections(o), o + o[-1] + "es")}  # "cards", "quizzes"
        for word in words:
            low = word.lower()
            if word[0].isdigit() or low in forms or low in kinds or low in _NUMBER_WORDS:
                return True
        if _FILE.search(text) or QUOTE.search(text) or told_done(words) or (
                record.session.document and not (told_verbs(record.session.document) |
                                                  identified(record.session.document)
                                                  ).isdisjoint(w.lower() for w in words)):
            return True  # ... or a verb the post tells who did ("only teaches foil")
        view = RecordView(record, self)
        if view.checks():
            return True  # a verdict in other words may judge the work (`_verdict_likeness`)
        first = words[0] if words else ""
        if first[:1].isupper() and first.lower() not in stop_words() and \
                any(named_in(first, t) for t in view.texts()):
            return True  # a name of the record may open it ("Dev lent you ...")
        if first[:1].isupper() and any(
                first.lower() in words_of(text) for run in record.runs
                for text in strings_in(run.args)):
            return True  # someone a run reached may open it ("Sam replied ...")
        runs = name_runs(words)
        if not runs:
            return False
        after = words[len(runs[0]):len(runs[0]) + 1] if runs[0][0] is first else []
        if after and after[0].lower() not in stop_words() and (
                after[0].endswith("ed") or after[0].lower() in irregular_verbs()):
            return True  # a name opens it, then a past verb ("Mrs Patel repainted it ...")
        if any(key in {w.lower() for w in words} for key in record.session.collections):
            return True  # a name said to be on a list: the parse says which
        for run in runs:
            name = " ".join(run)
            if len(run) == 1 and run[0].lower() in CALENDAR:
                return True  # a month or a weekday: one of the record's dates must fall in it
            if not view.holds_exactly(name):
                return True
        return False

    def parses_for(self, sentence: str, record: TurnRecord) -> bool:
        """Whether `judge` parses `sentence` (the pre-screen could not clear it)."""
        text = sentence.strip()
        return bool(text) and len(text) <= self.max_sentence_chars and \
            any(c.isalnum() for c in text) and self._may_claim(text, record)

    def prepare(self, sentences: Iterable[str], record: TurnRecord) -> None:
        """Parse, in one batch, those of `sentences` `judge` would parse: a reply's sentences
        judged together cost a fraction of each parsed alone."""
        todo = [t for s in sentences if (t := s.strip()) and len(t) <= self.max_sentence_chars
                and self._may_claim(t, record)]
        if len(todo) > 1:
            parse_many(todo, entities=False)

    def read(self, sentence: str) -> Reading:
        return read_sentence(parse(sentence, entities=False), self.lexicon)

    def judge(self, sentence: str, record: TurnRecord) -> Judgement:
        """Whether `sentence` is backed by `record`: its claims, then its links (a link the
        record does not hold is made up, in any mood: `_links`)."""
        judged = self._judge(sentence, record)
        link = unrecorded_link(sentence, record) if judged.supported else None
        if link is not None:
            return Judgement(False, ClaimKind.LINK, f"no run or text holds the link {link!r}")
        term = untrue_of_term(sentence.strip(), record.session.terms,
                              min_likeness=self.term_likeness) if judged.supported and \
            len(sentence) <= self.max_sentence_chars else None
        if term is not None or not judged.supported:
            return judged if term is None else Judgement(
                False, ClaimKind.TERM, f"what it says {term!r} is is not the app's meaning")
        stance = unbacked_stance(sentence, RecordView(record, self))
        return _OK if stance is None else Judgement(  # `_stance`: a promise, a grade, ...
            False, ClaimKind(stance.concept.partition(".")[0]), stance.reason, stance.concept)

    def _judge(self, sentence: str, record: TurnRecord) -> Judgement:
        text = sentence.strip()
        if not text or len(text) > self.max_sentence_chars or not any(c.isalnum() for c in text):
            return _OK
        if not self._may_claim(text, record) or record.session.says_back(
                text, min_words=self.min_quoted_words):
            return _OK  # nothing to check (no claim word, number, name, made thing), or the
            # post's own words said back: its "we" is the author's, its facts the post's
        reading = self.read(text)
        view = RecordView(record, self)
        backing: list[ToolRun] = []
        words = frozenset(w.lower() for w in _WORDS.findall(text))
        for claim in reading.claims:
            verdict = self._claim(claim, view, backing, words)
            if verdict is not None:
                return verdict
        if reading.question and not reading.asserted:
            return _OK  # it asks; what it takes as done is checked with its facts
        made = made_miss(parse(text, entities=False), reading, view, self.lexicon)
        if made is not None:  # "spot on at the first attempt" after two repairs
            return Judgement(False, ClaimKind.RESULT, made)
        said = None if reading.hedged else unlike_check(
            parse(text, entities=False), reading, view, min_score=self.verdict_likeness,
            margin=self.verdict_margin)
        if said is not None:  # a verdict in other words the check did not give
            return Judgement(False, ClaimKind.VERDICT, "the check this turn said otherwise",
                             "verdict.pass" if said else "verdict.fail")
        presented = view.unmade(reading.presents)
        if presented:
            return Judgement(False, ClaimKind.ACTION, f"no run this turn made {presented}",
                             "action.make")
        needed = view.still_needed(reading)
        if needed is not None:
            return Judgement(False, ClaimKind.RESULT,
                             f"the check this turn does not list the {needed} as missing")
        if reading.hedged and not reading.asserted:
            # A number a result's field is named for restates it, whatever the mood
            # ("Expect a high of 14 degrees" after a forecast of 11).
            tied = next((q for q in reading.quantities if view.field_named(q)), None)
            return _OK if tied is None or view.number_backed(tied, backing) else Judgement(
                False, ClaimKind.RESULT, f"{tied.value:g} is not the run's {tied.of or tied.noun}")
        about_record = bool(backing) or bool(reading.asserted) or view.mentions(reading) or \
            any(view.counts(q.noun) or view.counts(q.of) or view.named_field(q)
                for q in reading.quantities) or \
            reading.to_person or view.keeps_time(reading) or bool(reading.ids) or (
                bool(reading.reported or reading.denied) and speaks_of_record(reading, view)) \
            or (any(
                q.value % 1 for q in reading.quantities) and any(  # "It came in at 0.68"
                v % 1 for r in view.record.runs for _, v in numbers_in(r.result)))
        if not about_record:
            return _OK
        document = view.record.session.document
        moved = None if any(not c.by_person and self._about_app(c) for c in reading.asserted) \
            or reading.hedged or not document else \
            unlike_document(parse(text, entities=False), document) or \
            unlike_identity(parse(text, entities=False), document)
        if moved is not None:  # "The salle only teaches foil" (foil and épée)
            return Judgement(False, ClaimKind.FACT, moved)
        return self._facts(reading, view, backing, text)

    def _facts(self, reading: Reading, view: RecordView, backing: list[ToolRun],
               text: str = "") -> Judgement:
        """The facts of a sentence that speaks of the record: its numbers, quotes, what it
        says a text says, dates, times, names and collection members."""
        sizes = list_sizes(view, reading)
        counted = reading.subject in view.record.session.collections
        miscount = miscounted(view, reading)
        if miscount is not None:  # "Just the one steakhouse came up" after a search of two
            return Judgement(False, ClaimKind.RESULT,
                             f"{miscount.value:g} {miscount.noun or ''} is not the run's count")
        # A number a text is said not to hold ("doesn't mention three kilos") is the denial's.
        for quantity in () if reading.denied else reading.quantities:
            if quantity.value in sizes:
                continue
            if counted and not quantity.label and (
                    quantity.value or quantity.noun == reading.subject):
                # "Your shortlist is down to one place": a count of what it holds
                return Judgement(False, ClaimKind.RESULT,
                                 f"the {reading.subject} does not hold {quantity.value:g}")
            if quantity.value == 0 and not view.counts(quantity.noun):
                continue  # "no changes": only a count the record keeps is checked
            if not view.number_backed(quantity, backing):
                return Judgement(False, ClaimKind.RESULT if backing or reading.asserted
                                 else ClaimKind.FACT,
                                 f"{quantity.value:g} {quantity.noun or ''} is not in the record")
        kind = ClaimKind.RESULT if backing or reading.asserted else ClaimKind.FACT
        for quote in () if reading.hedged else reading.quotes:
            if not view.holds_exactly(quote):
                return Judgement(False, ClaimKind.FACT, f"no text of the record says {quote!r}")
        # "The check says it meets your brief": the verdict is held against the check.
        judged = any(c.kind == "verdict" for c in reading.asserted)
        reported = reading.reported - record_words(view) if reading.reported else frozenset()
        unsaid = "" if judged else view.unsaid(reported) or \
            unfound(view, reading.subject, reading.findings -
                    {q.noun for q in reading.quantities if q.noun})
        if unsaid:
            return Judgement(False, ClaimKind.FACT, f"no text of the record says {unsaid!r}")
        if said_in_document(view, reading):
            return Judgement(False, ClaimKind.FACT,
                             f"the {reading.subject} does say what it denies")
        for ident in sorted(reading.ids):
            if not holds_id(view.record, ident):
                return Judgement(False, kind, f"no run or text of the record has {ident!r}")
        for date in reading.dates:
            if not view.date_backed(date):
                return Judgement(False, kind, f"the date {date} is not in the record")
        for time in reading.times:
            if not view.time_backed(time):
                return Judgement(False, kind, f"the time {time} is not in the record")
        general = general_talk(view.record.session, reading, backed=bool(backing))
        for name in reading.names:
            if not view.name_backed(name) and not (general and world_place(text, name)):
                return Judgement(False, ClaimKind.RESULT if reading.asserted else ClaimKind.FACT,
                                 f"{name!r} is not in the record")
        miss = list_miss(view, reading)
        return _OK if miss is None else Judgement(False, ClaimKind.RESULT, miss)

    def _about_app(self, claim: Claim) -> bool:
        """A claim of the app's own doing: said by it ("I", "we"), of a thing done to
        ("was saved", "Saved as ..."), or of a run ("the check found")."""
        if claim.voice in ("passive", "bare"):
            return True
        if claim.voice == "state":
            return claim.kind == "impossible"  # "is confirmed" is never how things stand
        if claim.kind == "impossible" and claim.past and not claim.dated:
            return True  # by anyone ("The manager confirmed your booking"): no run did it;
            # dated by a year or a day, it is history ("The band released it in 1999")
        subject = claim.subject or ""
        concept = self.lexicon.concept(subject)
        # A run's kind as the subject ("the check found") does what runs do; no run books
        # ("the shortlist holds two venues" holds no table).
        return concept is not None and (concept.startswith("self.") or (
            concept.startswith("action.") and claim.kind != "impossible"))

    def _claim(self, claim: Claim, view: RecordView, backing: list[ToolRun],
               said: frozenset[str] = frozenset()) -> Judgement | None:
        if not claim.asserted or claim.by_person:
            return None
        if claim.concept == UNLISTED:
            why = None if claim.negated else unlisted(view, claim)
            if why is None:
                backing.extend(unlisted_backing(view, claim))
                return None
            return Judgement(False, ClaimKind.ACTION, why, UNLISTED)
        if claim.kind == "refusal":  # "The change was turned down": a run was refused
            if claim.negated or not self._about_app(claim) or any(
                    not d.success(r.result) for r, d in view.declared):
                return None
            return Judgement(False, ClaimKind.RESULT, "no run this turn was refused",
                             claim.concept)
        why = None if self._about_app(claim) else others_act(view, claim)
        if why is not None:  # "Your bank has moved the money"
            return Judgement(False, ClaimKind.ACTION, why, claim.concept)
        if claim.voice == "state" and claim.kind == "action" and not claim.negated:
            # "It's saved as version 2" after a run of this turn saved version 3: how things
            # stand after this turn's act is that act's result
            backing.extend(view.backing(claim))
            return None
        if claim.kind != "verdict" and not self._about_app(claim):
            return None
        if claim.kind == "verdict":
            return _verdict(claim, view, backing)
        runs = view.backing(claim)
        if claim.negated:  # "I didn't change anything in the post" after an edit
            return Judgement(False, ClaimKind.ACTION, f"a run this turn did {claim.concept}",
                             claim.concept) if denied(view, claim, runs, said) else None
        if not runs:
            kind = ClaimKind.IMPOSSIBLE if claim.kind == "impossible" and \
                not view.declares(claim.name) else ClaimKind.ACTION
            return Judgement(False, kind, f"no run this turn did {claim.concept}", claim.concept)
        name = unnamed(view, claim, runs)
        if name is not None:
            return Judgement(False, ClaimKind.RESULT,
                             f"no run this turn did {claim.concept} to {name!r}", claim.concept)
        part = untouched(view, claim, runs)
        if part is not None:
            return Judgement(False, ClaimKind.ACTION,
                             f"no run this turn did {claim.concept} to the {part}",
                             claim.concept)
        asked = unasked(claim, runs)
        if asked is not None:
            return Judgement(False, ClaimKind.IMPOSSIBLE,
                             f"no run this turn asked for the {asked}", claim.concept)
        place = misplaced(view, claim, runs)
        if place is not None:
            return Judgement(False, ClaimKind.ACTION,
                             f"no run this turn did {claim.concept} with the {place}",
                             claim.concept)
        backing.extend(runs)
        return None


def _verdict(claim: Claim, view: RecordView, backing: list[ToolRun]) -> Judgement | None:
    """A verdict needs a check of this turn that said so (it then backs the sentence's
    results); said of a thing the post tells of, it is none."""
    if of_the_text(view, claim.subject):
        return None  # "The radishes were ready in a month": a fact of the post's
    polarity = (claim.name == "pass") != claim.negated
    checks = view.checks(claim.subject)
    if not checks:
        return Judgement(False, ClaimKind.VERDICT, "no check ran this turn", claim.concept)
    if not any(bool(run.result.get(field)) == polarity for run, field in checks):
        return Judgement(False, ClaimKind.VERDICT, "the check this turn said otherwise",
                         claim.concept)
    backing.extend(run for run, _ in checks)
    return None
