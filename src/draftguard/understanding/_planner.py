"""The planner's conversation, read by code: preferences over several turns, corrections,
searches, picks, comparisons, the shortlist, the plan so far and help.

When is there enough to search? See `enough_to_search`. A price alone adds to a search but
does not start one. After a first search every change of preference searches again, and
"show me what you have" searches with whatever is known.

Slots, per intent (JSON values; preference keys are the vocabulary's values):

- `preferences`: the preferences this message changes; `None` takes one back.
- `search`: every preference the search uses (what was kept plus what the message says).
- `pick`: `{"venue": NAME}`; `compare`: `{"venues": [NAME, ...], "by": "price"|"size"|None}`.
- `shortlist`: `{"venue": NAME, "action": "add"|"remove"}`.
- `plan`, `help`, `unclear`: `{}`; a question about the app's own words, none (`defined`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from datetime import date as Date
from typing import Any

from draftguard.understanding._asking import which_day, which_value
from draftguard.understanding._planner_beyond import asks_about_world, beyond_tools
from draftguard.understanding._planner_cuts import once, unset, verb_phrases
from draftguard.understanding._planner_days import day_answered, day_picked
from draftguard.understanding._planner_examples import ExampleReader, best_example
from draftguard.understanding._planner_meant import (
    RankFunction,
    ask,
    asked_of_focus,
    compared,
    described_result,
    feature_meant,
    keeps_venue,
    ranked_venue,
    venue_meant,
)
from draftguard.understanding._planner_slots import (
    PREFERENCE_NAMES,
    PlannerVocabulary,
    SlotReading,
    plain_text,
    read_parts,
    warm_up,
)
from draftguard.understanding._planner_state import (
    FEATURE_NAMES,
    PlannerState,
    SearchFunction,
    enough_to_search,
    remember,
)
from draftguard.understanding._planner_unexplained import unless_unexplained
from draftguard.understanding._planner_venues import (
    acts_on_venue,
    asks_plan,
    clauses_after,
    each_venue,
    object_pointed,
    reference,
    references,
    removes_listed,
    result_asked_about,
    swapped,
    venues_pointed,
)
from draftguard.understanding._planner_words import (
    also,
    asks_best,
    asks_in_general,
    asks_search,
    compares,
    help_alone,
    keeps,
    list_alone,
    ranked_by,
    removes,
    respelt,
    words_of,
)
from draftguard.understanding._types import Intent, Interpretation, Reading

__all__ = ["PlannerConversation", "PlannerState", "enough_to_search"]

#: The score a reading by example needs to be acted on ...
DEFAULT_EXAMPLE_SCORE = 0.6
#: ... and how far ahead of the next label it must be.
DEFAULT_EXAMPLE_MARGIN = 0.06
#: Below the acting score but at least this: one question naming the two best readings.
DEFAULT_EXAMPLE_ASK_SCORE = 0.5
#: A message longer than this is read by the lexicon only (no parse, no similarity), so a
#: huge message costs time linear in its length and nothing more.
DEFAULT_MAX_MEANING_CHARS = 1_000

_ABOUT_VENUES = frozenset({Intent.PICK, Intent.SHORTLIST, Intent.COMPARE})
#: A sentence mark ends a request, but not an initial's full stop ("s. philly").
_SENTENCE = re.compile(r"(?<=[.!?;])(?<!\b[a-z]\.)\s+|,?\s+(?:and then|then)\s+")

#: What a planner says to a request no tool does, unless the app gives its own words.
DEFAULT_CAPABILITIES = ("That is not something I can do here. Say what you would like to "
                        "find, or type /help.")


class PlannerConversation:
    """`Conversation` for the planner: reads a message in the light of what came before."""

    def __init__(
        self,
        vocabulary: PlannerVocabulary,
        *,
        today: Date,
        search: SearchFunction | None = None,
        state: PlannerState | None = None,
        examples: ExampleReader | None = None,
        example_score: float = DEFAULT_EXAMPLE_SCORE,
        example_margin: float = DEFAULT_EXAMPLE_MARGIN,
        example_ask_score: float = DEFAULT_EXAMPLE_ASK_SCORE,
        max_meaning_chars: int = DEFAULT_MAX_MEANING_CHARS,
        capabilities: str = DEFAULT_CAPABILITIES,
        glossary: Callable[[str], Sequence[str]] | None = None,
        rank: RankFunction | None = None,
    ) -> None:
        #: The app's ranking of venues by price or size ("add the roomier one").
        self.rank = rank
        #: The app's glossary reader: text -> the keys of its words it asks the meaning of.
        self.glossary = glossary
        #: The app's reply to a request no tool does (its help text, in its words).
        self.capabilities = capabilities
        self.examples = examples
        self.example_score = example_score
        self.example_margin = example_margin
        self.example_ask_score = example_ask_score
        self.max_meaning_chars = max_meaning_chars
        self.vocabulary = vocabulary
        self.today = today
        self.search = search
        self.state = state.model_copy(deep=True) if state is not None else PlannerState()
        self._named: str | None = None  # the one venue an earlier part of a message named
        # The first read of each kind of date loads the date library's tables (~0.3 s): pay
        # that here, once per day, not in the middle of a message.
        warm_up(vocabulary, today)

    def read(self, message: str) -> Reading:
        """The requests `message` makes, in order; none when it is not a request."""
        text = respelt(plain_text(message), self.vocabulary.spellings)
        if not text or text.startswith("/"):
            return Reading()
        if (day := day_picked(text, *self._offer)) is not None:
            return Reading(requests=self._day_chosen(day))  # "the second" to "Which day?"
        by_meaning = len(text) <= self.max_meaning_chars
        parts, defined = self._parts(text, by_meaning=by_meaning)
        requests: list[Interpretation] = []
        prefs_at: int | None = None
        changes: dict[str, Any] = {}
        questions: list[Interpretation] = []
        asked = acted = general = False
        sure, self._named = 1.0, None
        readings = read_parts(parts, self.vocabulary, today=self.today, meaning=by_meaning,
                              known=self.state.preferences.get("date"))
        for part, slots in zip(parts, readings, strict=True):
            stated = {**dict.fromkeys(slots.cleared), **slots.values}
            sure = min(sure, slots.confidence) if stated else sure
            unsupported = self.vocabulary.words.says("unsupported", part)
            other = self._request(part, slots, by_example=by_meaning and not stated
                                  and not unsupported)
            acted = acted or (other is not None and other.intent is Intent.PICK and by_meaning
                              and not unsupported and acts_on_venue(self.examples, slots.rest))
            other, in_general = self._in_general(part, slots, other)
            general = general or in_general
            if (other is not None and other.intent in _ABOUT_VENUES) or in_general:
                stated = {}  # "which is cheapest?", "what's BYOB?"
                slots.ambiguous.clear()
            if other is None and not unsupported and asks_search(self.vocabulary.words,
                                                                 slots.rest):
                asked = True
            if (stated or slots.ambiguous or (asked and other is None)) and prefs_at is None:
                prefs_at = len(requests)
            if other is not None:
                requests += self._each_venue(other, slots)
            self._named = slots.venues[0] if len(set(slots.venues)) == 1 else self._named
            changes.update(stated)
            questions += [self._which(n, vs, slots) for n, vs in slots.ambiguous.items()]
        if self.state.asking in changes:  # the answer: with what its question held
            changes = {**self.state.held, **day_answered(changes, *self._offer)}
            asked = asked or not self.state.offered  # asked for a search's missing value
        # A question about one preference holds the others the message stated ("chirashi
        # fishtown 2 wed": Fishtown, 2 and Wednesday wait for the cuisine).
        preference = questions[0].model_copy(update={"slots": changes}) if questions \
            else self._preferences(changes, asked=asked)
        if preference is not None and preference.question is None and sure < 1.0:
            preference = preference.model_copy(update={"confidence": sure})
        if preference is not None:
            requests.insert(prefs_at or 0, preference)
        if (parts or not defined) and (requests or not general):
            # A question about the world asks nothing of the app: the model answers.
            requests = beyond_tools(requests, text, self.vocabulary.words, acted=acted,
                                    capabilities=self.capabilities, parsed=by_meaning,
                                    parts=parts)
        requests = once(unless_unexplained(requests, readings, self.vocabulary))
        return Reading(requests=tuple(requests), defined=defined, unset=unset(requests, readings))

    def _request(self, part: str, slots: SlotReading, *, by_example: bool
                 ) -> Interpretation | None:
        """The request one part makes of a tool: by its words, else (when `by_example`: a
        part that states no preference and asks nothing no tool does, "can you book a
        table?") by the nearest example."""
        other = self._other(part, slots)
        if not by_example or slots.ambiguous or (
                other is not None and (other.question is None or len(slots.venues) < 2)):
            return other
        guess = self._by_example(slots)
        # Two venues named: comparing them, or the question; never a third request.
        if guess is not None and (other is None or guess.intent is Intent.COMPARE):
            return guess
        return other

    def _in_general(self, part: str, slots: SlotReading, other: Interpretation | None
                    ) -> tuple[Interpretation | None, bool]:
        """Whether `part` asks about things in general (`asks_in_general`) or about the city
        ("how old is the Liberty Bell?": `asks_about_world`), and its request then: none
        when it names no venue ("is it customary to tip?", "how do I get there from the
        airport?" with a venue in view are about the world, no pick)."""
        focus = other is not None and other.intent is Intent.PICK and not slots.values
        if not asks_in_general(self.vocabulary.words, part) and not (
                (slots.values or focus) and not slots.venues and (other is None or focus)
                and asks_about_world(self.examples, slots.rest, words=self.vocabulary.words)):
            return other, False
        return (None if not slots.venues and not references(slots.rest) else other), True

    def _which(self, name: str, values: list[str], slots: SlotReading) -> Interpretation:
        """One question between the values a preference may take, in the person's words."""
        if name == "date":
            return which_day(values, today=self.today)
        return which_value(name, values, slots.words.get(name), labels=[
            v if name == "price_level" else self.vocabulary.label(v) for v in values])

    @property
    def _offer(self) -> tuple[str | None, list[str]]:
        return self.state.asking, self.state.offered

    def _day_chosen(self, day: str) -> list[Interpretation]:
        """The search (or preference) a day chosen from a question's offer makes."""
        answered = self._preferences({**self.state.held, "date": day}, asked=False)
        return [answered] if answered is not None else []

    def _parts(self, text: str, *, by_meaning: bool) -> tuple[list[str], tuple[str, ...]]:
        """One part per request, and the glossary keys of the parts that ask what the app's
        own words mean ("what's a private room here?": answered, no preference)."""
        parts = [q for p in _SENTENCE.split(text) if p.strip(" .!?;,")
                 for q in self._verb_phrases(p)] or [text]
        meant = {p: self.glossary(p) if self.glossary and by_meaning else [] for p in parts}
        keys = tuple(dict.fromkeys(k for p in parts for k in meant[p]))
        return [p for p in parts if not meant[p]], keys

    def _verb_phrases(self, part: str) -> list[str]:
        """"put X on the shortlist and tell me about Y": one request per coordinated verb
        phrase, when the part names two venues and each phrase one."""
        if len(part) > self.max_meaning_chars:
            return [part]
        shown = [*self.state.shortlist, *self.state.results]
        return verb_phrases(part, lambda text: venues_pointed(self.vocabulary.words, len(
            {v for v, _, _ in self.vocabulary.venues_named(text)}), text, shown))

    def _preferences(self, changes: Mapping[str, Any], *, asked: bool) -> Interpretation | None:
        known = self.state.preferences
        real = {k: v for k, v in changes.items() if v is not None or k in known}
        merged = {**known, **real}
        merged = {k: merged[k] for k in PREFERENCE_NAMES if merged.get(k) is not None}
        if not merged and (asked or real):
            return ask(Intent.SEARCH, "What would you like: a cuisine, a neighbourhood, or "
                                       "both (and for how many, and when)?")
        if not real and not asked:
            return None
        if asked or self.state.searched or enough_to_search(merged):
            return Interpretation(intent=Intent.SEARCH, slots=merged)
        return Interpretation(intent=Intent.PREFERENCES, slots=real)

    def _other(self, part: str, slots: SlotReading) -> Interpretation | None:
        """A request in `part` that is not a preference: shortlist, compare, pick, plan,
        help, or a request code cannot read."""
        rest = slots.rest
        words = self.vocabulary.words
        says = words.says
        if help_alone(words, part) or (says("help", rest) and not says("thanks", rest)
                                       and not slots.values and not slots.venues
                                       and not asks_search(words, rest)):
            return Interpretation(intent=Intent.HELP)
        if list_alone(words, part) and not slots.venues and (
                not keeps(words, rest) or part.rstrip().endswith("?")):
            # "list pls", "my list?", "shortlist?"; "shortlist pls" keeps (the venue in
            # view, or asks)
            return Interpretation(intent=Intent.PLAN)
        if self._removes(rest, slots):
            return self._venue_request(Intent.SHORTLIST, slots, action="remove")
        if keeps_venue(words, slots, self.state.results):
            if asks_plan(self.vocabulary.words, rest, named=bool(slots.venues)) and (
                    len(rest) > self.max_meaning_chars or not object_pointed(rest)):
                return Interpretation(intent=Intent.PLAN)  # "show me what I put on my list"
            return self._venue_request(Intent.SHORTLIST, slots, action="add")
        if asks_plan(self.vocabulary.words, rest, named=bool(slots.venues)):
            return Interpretation(intent=Intent.PLAN)
        if self._ranks(slots):  # "tell me about the pricier one", "take the cheap one off"
            removing = self._removes(rest, slots) or (bool(self.state.shortlist) and (
                removes(words, rest) or (says("take_away", rest) and not says("keep", rest))))
            return self._venue_request(
                Intent.SHORTLIST if removing or keeps(words, rest) else Intent.PICK, slots,
                action="remove" if removing else "add")
        if not slots.venues and not self._narrows(slots) and asks_best(words, part):
            # "cheapest?", "which of those is biggest"; before any results, a question.
            return self._compare(part, slots)
        if compares(words, rest, named=len(set(slots.venues))) and (
                slots.venues or self.state.results) and (
                slots.values.items() <= self.state.preferences.items() or slots.venues
                or reference(rest) is not None
                or (says("among", rest) and not self._narrows(slots))):
            return self._compare(rest, slots)
        if self.state.picked and asked_of_focus(words, slots):  # "is it shut on Mondays?"
            return Interpretation(intent=Intent.PICK, slots={"venue": self.state.picked})
        if slots.venues or (reference(rest) is not None and self.state.results and (
                # "does the second one do Sunday dinners?": the day it opens
                not slots.values or (slots.values.keys() <= {*FEATURE_NAMES, "date"}
                                     and len(rest) <= self.max_meaning_chars
                                     and result_asked_about(rest)))):
            intent = self.state.pending or Intent.PICK
            if also(words, rest) and self.state.last in (Intent.SHORTLIST, Intent.PICK):
                intent = self.state.last  # "and Bar Sorrento too"
            return self._venue_request(Intent(intent), slots)
        if reference(rest) is not None and ((not slots.values and says("venue", rest)) or (
                not self.state.results and len(rest) <= self.max_meaning_chars
                and result_asked_about(rest))):
            return ask(Intent.PICK, "Which search results do you mean? Tell me what to "
                                     "eat or where first, and I will search.")
        return None

    def _ranks(self, slots: SlotReading) -> bool:
        """A venue named by a measure ("the roomier one"), with results to rank and no
        preference but the price word itself."""
        words = self.vocabulary.words
        # "which of those is cheapest" compares; "the cheapest of those, tell me more"
        # names one (a definite noun phrase opens the message)
        among = words.says("among", slots.rest) and words_of(slots.rest)[:1] != ("the",)
        measured = slots.values.keys() <= {"price_level"} and ranked_by(words, slots.rest)
        return self.rank is not None and not slots.venues and not among and bool(
            measured or feature_meant(words, slots) or described_result(  # "the duck place"
                self.rank, words, slots, self.state.results)) and (
            len(self.state.results) > 1 or len(self.state.shortlist) > 1)

    def _narrows(self, slots: SlotReading) -> bool:
        """The message states a preference besides a price that the last search did not
        have ("which is the cheapest italian place in old city" after Thai): a new search,
        not a question about the results."""
        known = self.state.preferences
        return any(name != "price_level" and known.get(name) != value
                   for name, value in slots.values.items())

    def _each_venue(self, other: Interpretation, slots: SlotReading) -> list[Interpretation]:
        """"put X and Y on my list", "save 1 and 3": one change per venue (`each_venue`);
        "which is bigger, and which is cheaper": one comparison per measure, in word order."""
        if other.intent is Intent.COMPARE and other.question is None:
            at = {by: self.vocabulary.words.said_at(f"by_{by}", slots.rest)
                  for by in ("size", "price")}
            if all(at.values()):
                return [other.model_copy(update={"slots": {**other.slots, "by": by}})
                        for by in sorted(at, key=lambda by: min(at[by]))]
        if swap := swapped(self.vocabulary.words, slots.venues, slots.rest,
                           self.state.shortlist, self.state.picked):
            return swap  # "swap it for X" (read as a pick of X, or a change): off, then on
        if other.intent is not Intent.SHORTLIST:
            return [other]
        if other.question is None and asks_plan(self.vocabulary.words, clauses_after(
                slots.rest) if slots.venues else slots.rest, named=False):
            # "chuck it on ... and show me", "take X back off, and what's in the plan now?"
            return [other, Interpretation(intent=Intent.PLAN)]
        action = "remove" if other.slots.get("action") == "remove" or self._removes(
            slots.rest, slots) else "add"
        says = self.vocabulary.words.says
        if action == "add" and says("take_away", slots.rest) and not says("keep", slots.rest):
            # "nah drop X" of a venue not on the list: no add, whatever was asked before.
            return [ask(Intent.SHORTLIST, "That one is not on your shortlist.")]
        venues = each_venue(slots.venues, slots.rest, self.state.results,
                            asked=other.question is not None, focus=self.state.picked,
                            words=self.vocabulary.words)
        focus = self.state.picked
        if not venues and action == "add" and focus and other.question is None and \
                self._ranks(slots) and object_pointed(slots.rest):
            # "pop that one and the cheapest on my list": the venue in view, then the one
            # the comparison picks out
            venues = list(dict.fromkeys([focus, str(other.slots["venue"])]))
        return [Interpretation(intent=Intent.SHORTLIST, slots={"venue": v, "action": action})
                for v in venues] or [other]

    def _removes(self, rest: str, slots: SlotReading) -> bool:
        """A removal; a venue meant by position counts as named ("take the 2nd back off")."""
        at, results = reference(rest), self.state.results
        meant = [results[at]] if at is not None and -len(results) <= at < len(results) else []
        return removes_listed(self.vocabulary.words, rest, slots.venues, self.state.shortlist,
                              self.state.picked, parse=len(rest) <= self.max_meaning_chars,
                              meant=meant)

    def _by_example(self, slots: SlotReading) -> Interpretation | None:
        """What the lexical reading missed, by similarity to the app's example requests: a
        clear best is read, two close ones are one question naming both, else None."""
        best = best_example(self.examples, slots.rest, score=self.example_score,
                            margin=self.example_margin, ask_score=self.example_ask_score)
        if not isinstance(best, tuple):
            return best
        label, score = best
        read = self._as_label(label, slots)
        # Read by example: as sure as the score (a capable model gets what is not sure).
        return read if read.question else read.model_copy(update={"confidence": min(1.0, score)})

    def _as_label(self, label: str, slots: SlotReading) -> Interpretation:
        if label == "plan":
            return Interpretation(intent=Intent.PLAN)
        if label == "help":
            return Interpretation(intent=Intent.HELP)
        if label == "compare":
            return self._compare(slots.rest, slots)
        action = "remove" if label == "shortlist_remove" else "add"
        return self._venue_request(Intent.SHORTLIST, slots, action=action)

    def _venue_request(self, intent: Intent, slots: SlotReading,
                       action: str | None = None) -> Interpretation:
        state = self.state
        venue, question = ranked_venue(
            self.rank, self.vocabulary.words, slots,
            state.shortlist if action == "remove" else state.results)
        if venue is None and not question:
            venue, question = venue_meant(slots, self.vocabulary.words, results=state.results,
                                          picked=self._named or state.picked,
                                          shortlist=state.shortlist)
        if venue is None:
            return ask(intent, question)
        chosen: dict[str, Any] = {"venue": venue}
        if intent is Intent.SHORTLIST:
            chosen["action"] = action or "add"
        return Interpretation(intent=intent, slots=chosen)

    def _compare(self, rest: str, slots: SlotReading) -> Interpretation:
        return compared(rest, slots, self.vocabulary.words, results=self.state.results,
                        picked=self.state.picked)

    # -- committing ------------------------------------------------------------------

    def commit(self, reading: Reading) -> None:
        """Remember what the app acted on (`remember`)."""
        remember(self.state, reading, search=self.search)
