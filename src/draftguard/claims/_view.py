"""The record, read for one sentence: which runs back a claim, which numbers, names, dates
and collection members the record holds. No framework here."""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterable
from datetime import date as Date
from typing import TYPE_CHECKING

from rapidfuzz import fuzz

from draftguard.claims._calendar import dates_in, same_time, times_in
from draftguard.claims._facts import Quantity
from draftguard.claims._fields import named_field, still_needed, word_fields
from draftguard.claims._folded import fold, joined, name_parts, text_stems, words_of
from draftguard.claims._lexicon_words import short_forms
from draftguard.claims._numbers import counted_in_text, numbers_of_text, told_about
from draftguard.claims._reading import Claim, Reading
from draftguard.claims._record import (
    ToolClaims,
    ToolRun,
    TurnRecord,
    list_lengths,
    numbers_in,
    strings_in,
)
from draftguard.claims._verb_forms import stems

if TYPE_CHECKING:
    from draftguard.claims._guard import ClaimGuard

__all__ = ["RecordView"]

_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}(?:\b|(?=T\d))")  # a date-time's too
_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_PRONOUNS = frozenset({"it", "they", "them", "these", "those", "this", "that", "all", "both"})
#: A collection named after these is left, not joined ("off your shortlist").
#: Claims a run of another action also backs: a booking is a request made, a thing added
#: or changed is saved ("The event was saved under the title Dentist").
_IMPLIED = {"request": frozenset({"book"}), "save": frozenset({"add", "edit"})}


class RecordView:
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
            if subject not in kinds and subject not in _PRONOUNS and declared.objects:
                continue  # "they passed" may speak of cards made: a pronoun is any of them
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
            did = declared.did(run)
            does = claim.name in did or bool(_IMPLIED.get(claim.name, frozenset()) & did) or (
                claim.name == "any" and declared.changes) or (
                subject_concept is not None and subject_concept in did)
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
        if not out and claim.name == "edit":
            return self._swapped()
        return out

    def _swapped(self) -> list[ToolRun]:
        """Runs that between them took one thing out and put another in: a change made
        ("I swapped X for Y" after a removal and an addition)."""
        runs = [(r, d.did(r)) for r, d in self.succeeded() if d.did(r) & {"remove", "add"}]
        did = {a for _, actions in runs for a in actions}
        return [r for r, _ in runs] if {"remove", "add"} <= did else []

    def named_field(self, quantity: Quantity) -> str | None:
        """The declared field a number is told as, in the field's other words (`_fields`)."""
        return named_field(self.record, quantity)

    def _named_values(self, name: str) -> set[float]:
        """The values the record holds for field `name`: the runs' fields, the session's
        count of it, and the numbers the texts give its words ("for 28 people")."""
        out = {v for run in self.record.runs for key, v in
               (*numbers_in(run.result), *numbers_in(run.args)) if key == name}
        out.update(float(v) for v in self.record.session.counts.get(name, ()))
        for word, field_name in word_fields(self.record).items():
            if field_name == name:
                out |= self._counted(word)
        return out

    def still_needed(self, reading: Reading) -> str | None:
        """A noun the sentence says is still needed that a check of this turn lists no
        longer missing (`_fields.still_needed`)."""
        return still_needed(self.declared, reading, word_fields(self.record))

    @classmethod
    def _makes(cls, run: ToolRun, declared: ToolClaims, wanted: frozenset[str]) -> bool:
        return bool(cls._made(run, declared) & wanted)

    @classmethod
    def made_by(cls, run: ToolRun, declared: ToolClaims) -> set[str]:
        """The kinds of thing `run` made (its tool's one named in its result), not every kind
        its tool can make."""
        return cls._made(run, declared)

    @staticmethod
    def _made(run: ToolRun, declared: ToolClaims) -> set[str]:
        made = set(declared.objects)
        if declared.object_field is not None:
            value = run.result.get(declared.object_field, run.args.get(declared.object_field))
            if value is not None:
                word = str(value).lower()
                # and the kinds it ends in: "flashcards" are "cards", a "mindmap" a "map"
                made = {word, word.removesuffix("s")} | {
                    o for o in declared.objects if word.removesuffix("s").endswith(o)}
        return made

    # -- numbers ----------------------------------------------------------------------------
    def _field_values(self, runs: Iterable[ToolRun], fields: str,
                      act: str | None = None) -> set[float]:
        """The values of the runs' `fields` (a `ToolClaims` attribute); with `act`, those of
        the fields named for that action only when any is ("removed": `lines_removed`)."""
        out: set[float] = set()
        acted: set[float] = set()
        concept = self.guard.concept_of(act) if act else None
        for run in runs:
            declared = self.record.declared(run.tool, self.guard.concept_of)
            names = getattr(declared, fields)
            for key, value in [*numbers_in(run.result), *numbers_in(run.args)]:
                if key in names:
                    out.add(abs(value))
                    if concept is not None and any(
                            self.guard.concept_of(b) == concept
                            for w in key.split("_") for b in stems(w)):
                        acted.add(abs(value))
        return acted or out

    def number_backed(self, quantity: Quantity, backing: list[ToolRun]) -> bool:
        """The record holds this number for what the sentence ties it to: a version, a line
        count (of the action it is the object of), a count of a session's part or
        collection, a result's field named by its noun or the noun it is "of" ("a high of
        14 degrees": `high_c`), or else any number of the runs and texts."""
        if quantity.out_of:  # "eight out of ten": the count itself, or a score of 0.8
            return any(self.number_backed(q, backing) for q in quantity.readings())
        named = self.named_field(quantity)
        if named is not None:  # "It's for 28 people": the party size, not a venue's seats
            return self.about(quantity, self._named_values(named))
        value, noun, label = quantity.value, quantity.noun, quantity.label
        session = self.record.session
        runs = backing or list(self.record.runs)
        if noun == "version" and label:
            allowed = self._field_values(runs, "version_fields")
            if not backing:
                allowed |= {float(v) for v in session.versions}
            return value in allowed
        if noun == "version":  # "3 versions": how many there are (a list's length, not
            # the version numbers it holds)
            return value in {float(len(session.versions)), *list_lengths(runs, "version")}
        if noun == "line":
            allowed = self._field_values(runs, "line_fields", quantity.act)
            if not backing:  # a run's lines when the sentence claims the run
                allowed |= {float(n) for n in session.counts.get("line", ())}
            return value in allowed
        if noun is not None and self.about(quantity, session.counts.get(noun, ())):
            return True
        if noun is not None and noun in session.collections:
            return value == len(session.collections[noun])
        for word in (noun, quantity.of):
            fields = self._fields_of(word)
            if fields:  # "3 documents" is the result's document_count
                return self.about(quantity, fields)
        counted = self._counted(noun) if value != 1 else set()  # "One card asks" picks one
        if counted:  # not "forty minutes" where the texts count 25 minutes (and 40 cars)
            return self.about(quantity, counted)
        pool: set[float] = set()
        for run in self.record.runs:
            pool.update(abs(v) for _, v in numbers_in(run.result))
            pool.update(abs(v) for _, v in numbers_in(run.args))
            for text in [*strings_in(run.result), *strings_in(run.args)]:
                pool |= numbers_of_text(text)
        # A sum of money ("at 40 dollars a head") is not any number of the texts ("seats 40")
        money = not counted and self.guard.lexicon.concept(noun or "") == "money.currency"
        pool.update(float(v) for v in session.versions)
        for text in session.texts:  # as money, any money the texts give ("quid": pounds)
            pool |= self._as_money(text) if money else numbers_of_text(text)
        return self.about(quantity, pool)

    def about(self, quantity: Quantity, pool: Iterable[float]) -> bool:
        """`quantity` is a number of `pool`, or told as rounded, near one (`told_about`)."""
        bound = quantity.rounded in ("under", "over")
        return any((quantity.value == v and not bound) or (bool(quantity.rounded) and told_about(
            v, quantity.value, tolerance=self.guard.approximate_tolerance,
            how=quantity.rounded)) for v in pool)

    # -- names ------------------------------------------------------------------------------
    def texts(self) -> list[str]:
        """Every text of the record: the session's, its names and collections, and the
        runs' arguments and results."""
        return self._texts()

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
        """The name is in the record, or each of the names it joins with "and" is
        ("Bar Nonna Rosa and Enoteca Carmela"; "Barnes and Noble" is one)."""
        parts = name_parts(name)
        keys = {w for run in self.record.runs for key in (*run.result, *run.args)
                for w in str(key).lower().split("_")}
        if set(words_of(name)) <= keys:
            return True  # a field's name, capitalised ("The task ID is ..."), names nothing
        if set(words_of(name)) <= set(self.record.session.terms):
            return True  # the app's own terms ("BYOB")
        return self._one_name_backed(name) or (
            len(parts) > 1 and all(self._one_name_backed(p) for p in parts))

    def _one_name_backed(self, name: str) -> bool:
        """Every word of the name, in order, among a text's words (accents and case aside;
        a word one letter off counts, at the guard's `name_cutoff`). A month or a weekday
        is a date: one of the record's dates must fall in it."""
        wanted = words_of(name)
        if not wanted:
            return True
        short = short_forms()  # "Germantown Avenue" in "Germantown Ave", "Sat" a weekday
        word = wanted[0].removesuffix("s") if len(wanted) == 1 else ""  # "Saturdays"
        word = short.get(word, word)
        if word in _MONTHS and any(d.month == _MONTHS[word] for d in self._dates()):
            return True
        if word in _WEEKDAYS and any(d.weekday() == _WEEKDAYS[word] for d in self._dates()):
            return True
        def same(a: str, b: str) -> bool:
            return a == b or fuzz.ratio(a, b) >= self.guard.name_cutoff or short.get(b) == a

        n = len(wanted)
        for text in self._texts():
            found = words_of(text)
            for i in range(len(found) - n + 1):
                if all(same(a, b) for a, b in zip(wanted, found[i:i + n], strict=True)):
                    return True
                # a title and a surname with the first name between ("Captain Okafor" in
                # "captain Ruth Okafor")
                if n == 2 and i + 2 < len(found) and same(wanted[0], found[i]) and \
                        same(wanted[1], found[i + 2]):
                    return True
        return False

    def holds_exactly(self, name: str) -> bool:
        """Every word of `name`, in order, is in one of the record's texts as it is (accents
        and case aside): the cheap, exact half of `name_backed`."""
        wanted = f" {' '.join(words_of(name))} "
        return any(wanted in joined(text) for text in self._texts())

    def unsaid(self, words: frozenset[str]) -> str:
        """The first of `words` no text of the record holds ("" when all are there)."""
        if not words:
            return ""
        # What the texts hold now: not a run's arguments (an edit's anchor is text it took
        # out, a request's words are the person's).
        session = self.record.session
        texts = [*session.texts, *session.names, *(m for items in session.collections.values()
                                                   for m in items)]
        texts += [t for run in self.record.runs for t in strings_in(run.result)]
        held: set[str] = set()
        for text in texts:
            held |= text_stems(text)
        # the texts' words are folded (accents off, "dun" for "Dún"): so are the sentence's
        return next((w for w in sorted(words) if not stems(fold(w)) & held
                     and fold(w).removesuffix("s") not in held), "")

    def keeps_time(self, reading: Reading) -> bool:
        """The sentence states a date, a month, a weekday or a time, and the record holds
        some: it speaks of the session's ("The dinner is on 17 January.", "It's due
        Wednesday.")."""
        texts = self._texts()
        days = any(n.lower() in _MONTHS or n.lower() in _WEEKDAYS for n in reading.names)
        return bool((reading.dates or days) and any(dates_in(t) for t in texts)) or bool(
            reading.times and any(times_in(t) for t in texts))

    def date_backed(self, date: tuple[int, int]) -> bool:
        """The record states this (month, day): a date of a run or a text of the session."""
        return any(date in dates_in(text) for text in self._texts())

    def time_backed(self, time: tuple[int, bool]) -> bool:
        """The record states this clock time."""
        return any(same_time(time, t) for text in self._texts()
                   for t in times_in(text, held=True))

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
            noun in session.collections or noun in self._field_words() or \
            noun in word_fields(self.record)

    def _counted(self, noun: str | None) -> set[float]:
        """The numbers the record's texts give `noun` ("25 minutes"), none when no text
        counts it (a month or a weekday is a date's: `date_backed`)."""
        if noun is None or noun in _MONTHS or noun in _WEEKDAYS:
            return set()
        out: set[float] = set()
        for text in self._texts():
            counted = counted_in_text(text)
            for key in (noun, noun + "s"):
                out |= counted.get(key, frozenset())
        return out

    def _as_money(self, text: str) -> set[float]:
        """The sums of money `text` gives, in any of the lexicon's currencies."""
        counted = counted_in_text(text)
        return {v for word in self.guard.lexicon.words_for("money.currency")
                for key in (word, word + "s") for v in counted.get(key, frozenset())}

    def field_named(self, quantity: Quantity) -> bool:
        """A number field of a run is named by what the quantity counts or is "of"
        ("a high of 14": `high_c`), versions and lines aside."""
        return any(w not in ("version", "line") and self._fields_of(w)
                   for w in (quantity.noun, quantity.of))

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
        # "the booking" after a run that booked, "the check" after one that judged: the
        # sentence speaks of what it did.
        done = {a for run, declared in self.succeeded_or_judged() for a in declared.did(run)}
        if any((c := self.guard.lexicon.concept(n)) is not None and c.partition(".")[2] in done
               for n in reading.nouns):
            return True
        words: set[str] = set()
        for text in self._texts():
            words.update(words_of(text.replace("-", " ")))
        for run in self.record.runs:  # "the plan" after plan_summary, "the forecast"
            words.update(run.tool.lower().split("_"))
            # a field of its result or arguments as the subject: "The rate was ..."
            if reading.subject is not None and reading.subject in {
                    w for key in (*run.result, *run.args) for w in str(key).lower().split("_")}:
                return True
        return any(noun in words or noun + "s" in words for noun in reading.nouns)
