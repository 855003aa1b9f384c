"""Which venues a planner message means: the one venue of a pick or a shortlist change (by
name, by position, as "it", by a word of its name, or the one in focus when a keeping word
stands alone: "shortlist pls"), and the venues a comparison is of."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from draftguard.understanding._planner_slots import SlotReading
from draftguard.understanding._planner_state import FEATURE_NAMES
from draftguard.understanding._planner_venues import (
    MIDDLE,
    all_partly_named,
    first_n,
    focus_asked_about,
    partly_named,
    positions,
    reference,
    references,
    run_of,
)
from draftguard.understanding._planner_words import WordTable, keeps, ranked_by, words_of
from draftguard.understanding._types import Intent, Interpretation

__all__ = ["RankFunction", "ask", "asked_of_focus", "bare_keep", "compared", "described",
           "described_result", "feature_meant", "keeps_venue", "ranked_venue", "venue_meant"]

#: An app's venues ranked by a measure ("price": cheapest first, "size": most seats first),
#: as tiers of venues that measure the same, best first; by a feature (`FEATURES`), one tier
#: of the venues that have it.
RankFunction = Callable[[Sequence[str], str], Sequence[Sequence[str]]]

#: Request words that leave a keeping request without an object when nothing else is said
#: ("shortlist pls", "save it, ta"): it is of the venue in focus.
#: Words for two venues: with more results than two and none named, which two is asked.
_BOTH = frozenset({"two", "2", "both"})
_BARE_KEEP = ("keep", "listed", "list_noun", "onto", "it", "courtesy", "thanks")


#: The features a venue in view can be named by ("the BYOB one", "the one with a patio").
FEATURES = frozenset({"byob", "outdoor", "wheelchair", "private_room"})


def feature_meant(words: WordTable, slots: SlotReading) -> str | None:
    """"is the BYOB one any good?", "the one with the patio": the one feature (and nothing
    else) a message states, of a venue it names with "the" and a word for one ("one",
    "place"); else None."""
    said = words_of(slots.rest)
    if len(slots.values) != 1 or not slots.values.keys() <= FEATURES:
        return None
    if not any(words.says("venue", w) and "the" in said[max(0, i - 4):i]
               for i, w in enumerate(said)):
        return None
    return next(iter(slots.values))


#: Words that bring what a venue described has, after its word for a venue ("the one with
#: the lively bar", "the place that does the duck").
_HAVING = frozenset({"with", "that", "which", "where", "does", "has", "doing", "serving"})
#: Words of a description that say nothing of the venue ("the same one", "the other place").
_NO_DESCRIPTION = frozenset({"the", "a", "an", "other", "same", "new", "one", "last",
                             "next", "only"})


def described(words: WordTable, slots: SlotReading) -> str | None:
    """"the peking duck place", "the one with the lively bar": the words a definite
    description says of a venue (between "the" and a word for a venue, or after the word
    and "with"), or None. Only the app knows which venue they describe (`RankFunction`)."""
    said = words_of(slots.rest)
    for at, word in enumerate(said):
        opened = [i for i in range(max(0, at - 4), at) if said[i] == "the"]
        if not words.says("venue", word) or not opened:
            continue
        before = said[opened[-1] + 1:at]
        after: tuple[str, ...] = ()
        if said[at + 1:at + 2] and said[at + 1] in _HAVING:
            after = tuple(w for w in said[at + 2:at + 7] if not words.says("place_end", w))
        phrase = [w for w in (*before, *after) if w not in _NO_DESCRIPTION
                  and not words.says("venue", w)]
        if phrase:
            return " ".join(phrase)
    return None


def described_result(rank: RankFunction | None, words: WordTable, slots: SlotReading,
                     results: Sequence[str]) -> bool:
    """A description (`described`: "the peking duck place") that some of `results` fit by
    the app's record of them (`rank`); what it says may be read as a cuisine, nothing else."""
    told = slots.values.keys() <= {"cuisine"} and described(words, slots)
    return bool(told and rank is not None and rank(results, told))


def asked_of_focus(words: WordTable, slots: SlotReading) -> bool:
    """A question about the venue in view (`focus_asked_about`) that states nothing but
    what a venue has: "is it shut on Mondays?" (the day it opens, not a date), "is it
    pricey?" (its price, not a new search), "would it fit 14 of us?" (its size, with a word
    of size: not a new party)."""
    rest, says = slots.rest, words.says
    about = {*FEATURE_NAMES, "price_level"}
    about |= {"date"} if says("opening", rest) else set()
    about |= {"party_size"} if says("by_size", rest) else set()
    return slots.values.keys() <= about and focus_asked_about(rest, words)


def ask(intent: Intent, question: str, *, confidence: float = 0.5,
        candidates: tuple[Interpretation, ...] = ()) -> Interpretation:
    """A request that is one question."""
    return Interpretation(intent=intent, question=question, confidence=confidence,
                          candidates=candidates)


def venue_meant(slots: SlotReading, words: WordTable, *, results: Sequence[str],
                picked: str | None, shortlist: Sequence[str]) -> tuple[str | None, str]:
    """The one venue a message means, or None and the question to ask."""
    if len(set(slots.venues)) == 1:
        return slots.venues[0], ""
    if len(set(slots.venues)) > 1:
        return None, "Which one: " + " or ".join(dict.fromkeys(slots.venues)) + "?"
    index = reference(slots.rest)
    if index is not None:
        if not results:
            return None, "Which venue? Search first, then pick one by its number or name."
        if index < 0:
            index = len(results) - 1
        if index == MIDDLE:  # "the middle one": of an odd number of results, else asked
            if len(results) % 2 == 0:
                listed = "; ".join(f"{i}. {v}" for i, v in enumerate(results, 1))
                return None, f"Which one? There is no middle one of {len(results)}: {listed}."
            index = len(results) // 2
        if index >= len(results):
            return None, (f"There {'is' if len(results) == 1 else 'are'} only "
                          f"{len(results)} result{'s' if len(results) != 1 else ''}: "
                          "which one do you mean?")
        return results[index], ""
    if words.says("it", slots.rest) or bare_keep(words, slots.rest):
        if picked:
            return picked, ""
        if len(results) == 1:
            return results[0], ""
    partly = partly_named(words_of(slots.rest), [*shortlist, *results])
    if partly is not None:
        return partly, ""
    listed = "; ".join(f"{i}. {v}" for i, v in enumerate(results, 1))
    return None, ("Which venue? " + (f"The results: {listed}." if listed
                                     else "Tell me its name."))


def bare_keep(words: WordTable, rest: str) -> bool:
    """A keeping word and nothing else but courtesies ("shortlist pls", "save, thanks")."""
    said = words_of(rest)
    return words.says("keep", rest) and all(
        any(words.says(concept, word) for concept in _BARE_KEEP) for word in said)


def keeps_venue(words: WordTable, slots: SlotReading, results: Sequence[str]) -> bool:
    """A request to keep a venue: a keeping word (`keeps`) and a venue meant (named, by
    position, as "it", "both", by a word of the name of one of the `results`, or the one
    in focus: "shortlist pls"). A preference with no venue but "it" ("let's do it on the
    3rd") is about the plans, not a venue."""
    rest, says = slots.rest, words.says
    at = positions(rest)  # "add 1st + 3rd", "save 2 & 4"
    if not keeps(words, rest) or (slots.values and not slots.venues and reference(rest) is None
                                  and not says("listed", rest) and not at):
        return False
    return bool(says("listed", rest) or slots.venues or bare_keep(words, rest)
                or reference(rest) is not None or says("it", rest) or says("both", rest)
                or says("choose", rest) or partly_named(words_of(rest), results) or at)


def compared(rest: str, slots: SlotReading, words: WordTable, *, results: Sequence[str],
             picked: str | None) -> Interpretation:
    """The venues a comparison is of, and by what (price, size or neither)."""
    says = words.says
    by = "price" if says("by_price", rest) else "size" if says("by_size", rest) else None
    venues: list[str] = list(dict.fromkeys(slots.venues))
    pointed = [results[i] for i in references(rest) if -len(results) <= i < len(results)]
    venues += [v for v in pointed if v not in venues]
    n = first_n(rest)
    if n is not None:
        venues = run_of(results, n)
    if not venues and len(shared := all_partly_named(words_of(rest), results)) > 1:
        venues = shared  # "the two Banh Mi places": the results with those words
    if len(venues) < 2:
        if venues and picked and picked not in venues:
            venues.insert(0, picked)
        else:
            venues = list(results)
    if len(venues) == 1 and venues == list(results):  # "which is cheapest?" of one
        return Interpretation(intent=Intent.PICK, slots={"venue": venues[0]})
    if len(venues) < 2:
        return ask(Intent.COMPARE, "Which venues should I compare? Name two, or search first.")
    if len(venues) > 2 and _BOTH & set(words_of(rest)):
        # "compare the two", "which of both is cheaper" with more results than two shown
        listed = "; ".join(f"{i}. {v}" for i, v in enumerate(venues, 1))
        return ask(Intent.COMPARE, f"Which two should I compare? The results: {listed}.")
    return Interpretation(intent=Intent.COMPARE, slots={"venues": venues, "by": by})


def ranked_venue(rank: RankFunction | None, words: WordTable, slots: SlotReading,
                 among: Sequence[str]) -> tuple[str | None, str]:
    """"add the roomier one", "tell me about the cheapest": the venue of `among` (the
    results; the shortlist for a removal: "take the cheap one off") a comparison picks out
    (`ranked_by`), or None and the question when two tie; (None, "") when the message names
    no measure or names a venue itself."""
    rest = slots.rest
    feature = feature_meant(words, slots) or described(words, slots)
    by = ranked_by(words, rest) or ((feature, False) if feature else None)
    if rank is None or by is None or slots.venues or references(rest) or len(among) < 2:
        return None, ""
    tiers = [list(t) for t in rank(among, by[0]) if t]
    if by[1]:
        tiers.reverse()
    if not tiers:
        return None, ""
    if len(tiers[0]) > 1:
        level = ("both have it" if len(tiers[0]) == 2 else "all have it") if feature in FEATURES \
            else f"each fit “{feature}”" if feature \
            else "cost the same" if by[0] == "price" else "seat the same"
        return None, "Which one: " + " or ".join(tiers[0]) + f"? They {level}."
    return tiers[0][0], ""
