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

import calendar
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date as Date
from enum import StrEnum
from functools import cache
from importlib.resources import files
from typing import Any

from rapidfuzz import fuzz

from draftguard.claims._numbers import numbers_of_text
from draftguard.claims._reading import Claim, Reading, read_sentence
from draftguard.claims._record import ToolClaims, ToolRun, TurnRecord, numbers_in, strings_in
from draftguard.language import Lexicon, parse
from draftguard.text import NUMBER_WORDS

__all__ = [
    "ClaimGuard",
    "ClaimKind",
    "Judgement",
    "claims_lexicon",
]

_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
#: A collection named after these is left, not joined ("off your shortlist").
_LEAVING = frozenset({"off", "from", "out"})
#: A name counts as in the record at this rapidfuzz partial ratio (0-100).
DEFAULT_NAME_CUTOFF = 90.0
#: The longest sentence read; a longer one is kept as it is (it is no short claim).
DEFAULT_MAX_SENTENCE_CHARS = 600


class ClaimKind(StrEnum):
    ACTION = "action"
    IMPOSSIBLE = "impossible"
    VERDICT = "verdict"
    RESULT = "result"
    FACT = "fact"


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
    path = files("draftguard.claims").joinpath("lexicon.toml")
    import tomllib

    from draftguard.language._lexicon import _flatten

    table: dict[str, list[str]] = {}
    _flatten(tomllib.loads(path.read_text(encoding="utf-8")), "", table)
    return Lexicon(table)


def _fold(text: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(bare.casefold().split())


_SURFACE = re.compile(r"[A-Za-z]+|\d")
_NUMBER_WORDS = frozenset({*NUMBER_WORDS, "thirty", "forty", "fifty", "sixty", "seventy",
                           "eighty", "ninety", "hundred", "thousand", "dozen"})


@cache
def _claim_forms(lexicon: Lexicon) -> frozenset[str]:
    """Every surface form of the lexicon's words: regular inflections, and the irregular ones
    of the parser's own exception tables ("made", "found", "sent", "undone")."""
    lemmas = {w for phrase in _all_words(lexicon) for w in phrase.split()}
    forms: set[str] = set()
    for lemma in lemmas:
        forms |= {lemma, lemma + "s", lemma + "es", lemma + "ed", lemma + "d", lemma + "ing"}
        if lemma.endswith("e"):
            forms.add(lemma[:-1] + "ing")
        if lemma.endswith("y"):
            forms |= {lemma[:-1] + "ied", lemma[:-1] + "ies"}
        if len(lemma) > 2 and lemma[-1] not in "aeiouwy":  # "drop" -> "dropped"
            forms |= {lemma + lemma[-1] + "ed", lemma + lemma[-1] + "ing"}
    try:
        from draftguard.language import pipeline

        lemmatizer: Any = pipeline().get_pipe("lemmatizer")
        table = lemmatizer.lookups.get_table("lemma_exc")
        for pos in ("verb", "adj", "noun"):
            for form, bases in table[pos].items():
                if any(b in lemmas for b in bases):
                    forms.add(form)
    except (KeyError, AttributeError, ValueError):
        pass
    return frozenset(forms)


def _all_words(lexicon: Lexicon) -> list[str]:
    return [w for concept in lexicon.concepts() for w in lexicon.words_for(concept)]


def _words(text: str) -> list[str]:
    spaced = "".join(c if c.isalnum() or c in ".&" else " " for c in _fold(text))
    return [w for w in (w.strip(".") for w in spaced.split()) if w]


class ClaimGuard:
    """Judges reply sentences against a `TurnRecord` (see the module docstring)."""

    def __init__(
        self,
        *,
        lexicon: Lexicon | None = None,
        name_cutoff: float = DEFAULT_NAME_CUTOFF,
        max_sentence_chars: int = DEFAULT_MAX_SENTENCE_CHARS,
    ) -> None:
        self.lexicon = lexicon or claims_lexicon()
        self.name_cutoff = name_cutoff
        self.max_sentence_chars = max_sentence_chars

    # -- the lexicon's reading of a tool's name ----------------------------------------------
    def concept_of(self, word: str) -> str | None:
        concept = self.lexicon.concept(word)
        return concept.partition(".")[2] if concept is not None and not \
            concept.startswith("verdict.") else None

    def _may_claim(self, text: str, record: TurnRecord) -> bool:
        """Whether the sentence holds anything the parse would check: a word of the claims
        lexicon in any inflection, a number, a capitalised word past the first, or a kind of
        thing a tool makes. A cheap test before the parse; it may say yes too often, never
        no wrongly for those."""
        words = _SURFACE.findall(text)
        if any(w[0].isdigit() for w in words):
            return True
        forms = _claim_forms(self.lexicon)
        kinds = {o for d in record.claims.values() for o in d.objects}
        for i, word in enumerate(words):
            low = word.lower()
            if low in forms or low in kinds or low in _NUMBER_WORDS:
                return True
            if i > 0 and word[0].isupper():
                return True
        return False

    def read(self, sentence: str) -> Reading:
        return read_sentence(parse(sentence, entities=False), self.lexicon)

    def judge(self, sentence: str, record: TurnRecord) -> Judgement:
        """Whether `sentence` is backed by `record`."""
        text = sentence.strip()
        if not text or len(text) > self.max_sentence_chars or not any(c.isalnum() for c in text):
            return _OK
        if not self._may_claim(text, record):
            return _OK  # no claim word, number, name or made thing: nothing to check
        reading = self.read(text)
        if reading.question:
            return _OK
        view = _RecordView(record, self)
        backing: list[ToolRun] = []
        for claim in reading.claims:
            verdict = self._claim(claim, view, backing)
            if verdict is not None:
                return verdict
        presented = view.unmade(reading.presents)
        if presented:
            return Judgement(False, ClaimKind.ACTION, f"no run this turn made {presented}",
                             "action.make")
        if reading.hedged and not reading.asserted:
            return _OK
        about_record = bool(backing) or bool(reading.asserted) or view.mentions(reading) or \
            any(view.counts(q.noun) for q in reading.quantities) or reading.to_person
        if not about_record:
            return _OK
        sizes = view.collection_sizes(reading)
        for quantity in reading.quantities:
            if quantity.value in sizes:
                continue
            if not view.number_backed(quantity.value, quantity.noun, backing,
                                      label=quantity.label):
                return Judgement(False, ClaimKind.RESULT if backing or reading.asserted
                                 else ClaimKind.FACT,
                                 f"{quantity.value:g} {quantity.noun or ''} is not in the record")
        for name in reading.names:
            if not view.name_backed(name):
                return Judgement(False, ClaimKind.RESULT if reading.asserted else ClaimKind.FACT,
                                 f"{name!r} is not in the record")
        return view.collections_backed(reading, backing)

    def _about_app(self, claim: Claim) -> bool:
        """A claim of the app's own doing: said by it ("I", "we"), of a thing done to
        ("was saved", "Saved as ..."), or of a run ("the check found")."""
        if claim.voice in ("passive", "bare"):
            return True
        if claim.voice == "state":
            return claim.kind == "impossible"  # "is confirmed" is never how things stand
        subject = claim.subject or ""
        concept = self.lexicon.concept(subject)
        return concept is not None and (concept.startswith("self.") or
                                        concept.startswith("action."))

    def _claim(self, claim: Claim, view: _RecordView, backing: list[ToolRun]) -> Judgement | None:
        if not claim.asserted or claim.by_person:
            return None
        if claim.kind != "verdict" and not self._about_app(claim):
            return None
        if claim.kind == "verdict":
            polarity = (claim.name == "pass") != claim.negated
            checks = view.checks(claim.subject)
            if not checks:
                return Judgement(False, ClaimKind.VERDICT, "no check ran this turn",
                                 claim.concept)
            if not any(bool(run.result.get(field)) == polarity for run, field in checks):
                return Judgement(False, ClaimKind.VERDICT,
                                 "the check this turn said otherwise", claim.concept)
            backing.extend(run for run, _ in checks)
            return None
        if claim.negated:
            return None
        runs = view.backing(claim)
        if not runs:
            kind = ClaimKind.IMPOSSIBLE if claim.kind == "impossible" and \
                not view.declares(claim.name) else ClaimKind.ACTION
            return Judgement(False, kind, f"no run this turn did {claim.concept}", claim.concept)
        backing.extend(runs)
        return None


class _RecordView:
    """The record, read for one sentence."""

    def __init__(self, record: TurnRecord, guard: ClaimGuard) -> None:
        self.record = record
        self.guard = guard
        self.declared: list[tuple[ToolRun, ToolClaims]] = [
            (run, record.declared(run.tool, guard.concept_of)) for run in record.runs]

    def succeeded(self) -> list[tuple[ToolRun, ToolClaims]]:
        return [(r, d) for r, d in self.declared if d.success(r.result)]

    def declares(self, action: str) -> bool:
        return any(action in d.actions for d in self.record.claims.values())

    def checks(self, subject: str | None = None) -> list[tuple[ToolRun, str]]:
        """The checks that gave a verdict this turn, on `subject` when it is a kind of thing
        a tool makes ("the quiz"), else on the work as a whole."""
        kinds = {o for d in self.record.claims.values() for o in d.objects}
        out: list[tuple[ToolRun, str]] = []
        for run, declared in self.declared:
            field_ = declared.verdict_field
            if field_ is None or field_ not in run.result:
                continue
            if subject in kinds and subject not in self._made(run, declared):
                continue
            if subject not in kinds and declared.objects:
                continue
            out.append((run, field_))
        return out

    def succeeded_or_judged(self) -> list[tuple[ToolRun, ToolClaims]]:
        # A check that found problems answers with its verdict, not with an error.
        return [(r, d) for r, d in self.declared
                if d.success(r.result) or (d.verdict_field and d.verdict_field in r.result
                                           and not r.result.get("error"))]

    def backing(self, claim: Claim) -> list[ToolRun]:
        subject_concept = self.guard.concept_of(claim.subject) if claim.subject else None
        known_objects = {o for d in self.record.claims.values() for o in d.objects}
        wanted_objects = claim.objects & known_objects
        out: list[ToolRun] = []
        for run, declared in self.succeeded_or_judged():
            does = claim.name in declared.did(run) or (
                claim.name == "any" and declared.changes) or (
                subject_concept is not None and subject_concept in declared.did(run))
            if not does:
                continue
            if wanted_objects and not self._makes(run, declared, wanted_objects):
                continue
            out.append(run)
        made: set[str] = set()
        for run in out:
            made |= self._made(run, self.record.declared(run.tool, self.guard.concept_of))
        if not wanted_objects <= made:  # "flashcards and a mindmap": each one made
            return []
        return out

    @classmethod
    def _makes(cls, run: ToolRun, declared: ToolClaims, wanted: frozenset[str]) -> bool:
        return bool(cls._made(run, declared) & wanted)

    @staticmethod
    def _made(run: ToolRun, declared: ToolClaims) -> set[str]:
        made = set(declared.objects)
        if declared.object_field is not None:
            value = run.result.get(declared.object_field, run.args.get(declared.object_field))
            if value is not None:
                word = str(value).lower()
                made = {word, word.removesuffix("s")}
        return made

    # -- numbers ----------------------------------------------------------------------------
    def _field_values(self, runs: Iterable[ToolRun], fields: str) -> set[float]:
        out: set[float] = set()
        for run in runs:
            declared = self.record.declared(run.tool, self.guard.concept_of)
            names = getattr(declared, fields)
            for key, value in [*numbers_in(run.result), *numbers_in(run.args)]:
                if key in names:
                    out.add(abs(value))
        return out

    def number_backed(self, value: float, noun: str | None, backing: list[ToolRun], *,
                      label: bool = False) -> bool:
        session = self.record.session
        runs = backing or list(self.record.runs)
        if noun == "version" and label:
            allowed = self._field_values(runs, "version_fields")
            if not backing:
                allowed |= {float(v) for v in session.versions}
            return value in allowed
        if noun == "version":  # "3 versions": how many there are
            return value in {float(len(session.versions)), *self._fields_of("version")}
        if noun == "line":
            allowed = self._field_values(runs, "line_fields")
            if not backing:  # a run's lines when the sentence claims the run
                allowed |= {float(n) for n in session.counts.get("line", ())}
            return value in allowed
        if noun is not None and value in {float(n) for n in session.counts.get(noun, ())}:
            return True
        if noun is not None and noun in session.collections:
            return value == len(session.collections[noun])
        fields = self._fields_of(noun)
        if fields:  # "3 documents" is the result's document_count
            return value in fields
        pool: set[float] = set()
        for run in self.record.runs:
            pool.update(abs(v) for _, v in numbers_in(run.result))
            pool.update(abs(v) for _, v in numbers_in(run.args))
            for text in [*strings_in(run.result), *strings_in(run.args)]:
                pool |= numbers_of_text(text)
        pool.update(float(v) for v in session.versions)
        for text in session.texts:
            pool |= numbers_of_text(text)
        return value in pool

    # -- names ------------------------------------------------------------------------------
    def _texts(self) -> list[str]:
        session = self.record.session
        texts = [*session.texts, *session.names]
        for items in session.collections.values():
            texts.extend(items)
        for run in self.record.runs:
            texts.extend(strings_in(run.result))
            texts.extend(strings_in(run.args))
        return texts

    def _dates(self) -> list[Date]:
        found: list[Date] = []
        for text in self._texts():
            for m in _ISO_DATE.finditer(text):
                try:
                    found.append(Date.fromisoformat(m.group()))
                except ValueError:
                    continue
        return found

    def name_backed(self, name: str) -> bool:
        """Every word of the name, in order, among a text's words (accents and case aside;
        a word one letter off counts, at the guard's `name_cutoff`). A month or a weekday
        is a date: one of the record's dates must fall in it."""
        wanted = _words(name)
        if not wanted:
            return True
        word = wanted[0] if len(wanted) == 1 else ""
        if word in _MONTHS and any(d.month == _MONTHS[word] for d in self._dates()):
            return True
        if word in _WEEKDAYS and any(d.weekday() == _WEEKDAYS[word] for d in self._dates()):
            return True
        for text in self._texts():
            words = _words(text)
            for i in range(len(words) - len(wanted) + 1):
                window = words[i:i + len(wanted)]
                if all(a == b or fuzz.ratio(a, b) >= self.guard.name_cutoff
                       for a, b in zip(wanted, window, strict=True)):
                    return True
        return False

    def unmade(self, nouns: frozenset[str]) -> str:
        """The first of `nouns` a tool makes that no run made this turn ("" when none)."""
        kinds = {o for d in self.record.claims.values() for o in d.objects}
        made: set[str] = set()
        for run, declared in self.succeeded():
            made |= self._made(run, declared)
        return next((n for n in sorted(nouns & kinds) if n not in made), "")

    def counts(self, noun: str | None) -> bool:
        """The record counts or numbers this noun (versions, lines, a result's fields)."""
        if noun is None:
            return False
        session = self.record.session
        return noun in ("version", "line") or noun in session.counts or \
            noun in session.collections or noun in self._field_words()

    def _fields_of(self, noun: str | None) -> set[float]:
        if noun is None:
            return set()
        out: set[float] = set()
        for run in self.record.runs:
            for key, value in [*numbers_in(run.result), *numbers_in(run.args)]:
                if noun in key.lower().split("_") or noun + "s" in key.lower().split("_"):
                    out.add(abs(value))
        return out

    def _field_words(self) -> set[str]:
        words: set[str] = set()
        for run in self.record.runs:
            for key, _ in [*numbers_in(run.result), *numbers_in(run.args)]:
                words.update(key.lower().split("_"))
        return words

    def mentions(self, reading: Reading) -> bool:
        """The sentence talks about what the record holds (shares a noun with its texts, or
        names one of its collections)."""
        if reading.nouns & set(self.record.session.collections):
            return True
        words: set[str] = set()
        for text in self._texts():
            words.update(_words(text.replace("-", " ")))
        return any(noun in words or noun + "s" in words for noun in reading.nouns)

    def collection_sizes(self, reading: Reading) -> set[float]:
        """The sizes of the collections the sentence names ("your shortlist has 1 venue")."""
        return {float(len(items)) for key, items in self.record.session.collections.items()
                if key in reading.nouns}

    def collections_backed(self, reading: Reading, backing: list[ToolRun]) -> Judgement:
        if reading.hedged or any(c.negated for c in reading.claims) or any(
                c.name == "remove" for c in reading.asserted):
            return _OK
        for key, members in self.record.session.collections.items():
            if key not in reading.nouns or reading.places.get(key) in _LEAVING:
                continue
            folded = [_fold(m) for m in members]
            for name in reading.names:
                if not any(_fold(name) in m or fuzz.ratio(_fold(name), m) >= self.guard.name_cutoff
                           for m in folded):
                    return Judgement(False, ClaimKind.RESULT, f"{name!r} is not on the {key}")
        return _OK

