"""What each planner tool may be claimed to have done, and what the session holds: the claim
guard's record for the planner (`draftguard.claims`). No ADK here.

A reply may say it searched only after `search_venues` ran, and with the count it found;
that a venue was shortlisted only after `add_to_shortlist` added it; that the plan is ready
only after `plan_summary` said so. The planner cannot book, reserve, pay, call or send
anything: no tool declares those, so a reply never says they were done. Venue facts (seats,
neighbourhood, days open, price) are the venue grounding filter's (`venue_grounding.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from draftguard.claims import SessionFacts, ToolClaims
from draftguard.language._dictionary import english_word
from event_planning.catalog import venue_by_id
from event_planning.venue_dishes import reply_lexicon
from event_planning.word_table import lexicon_words, request_words

__all__ = ["NEXT_STEP", "PLANNER_TOOL_CLAIMS", "planner_facts", "planner_terms"]

NEXT_STEP = ("Tell me a cuisine, a neighbourhood, a price or your party size, and I will "
             "search the catalogue.")


def _found(result: Mapping[str, Any]) -> str | None:
    count = result.get("count")
    return None if count is None else f"The search found {count} venues."


def _added(result: Mapping[str, Any]) -> str | None:
    added = result.get("added")
    return f"{added} is on your shortlist." if added else None


#: Where the shortlist tools put venues, or take them from ("to your list").
_SHORTLIST = frozenset({"shortlist", "list"})


@cache
def _field_words() -> dict[str, frozenset[str]]:
    """The words a person names the party size by: the people a reply counts ("guests",
    "diners"), the groups a request names ("team", "group"), and how big it is ("a head
    count", "the size of your group")."""
    people = reply_lexicon().words_for("reply.party")
    groups = request_words().get("group", ())
    return {"party_size": frozenset({*people, *groups, "count", "headcount", "size"}
                                    - {"you", "us"})}

PLANNER_TOOL_CLAIMS: dict[str, ToolClaims] = {c.tool: c for c in (
    ToolClaims.of("search_venues", "search", changes=False, summary=_found,
                  field_words=_field_words()),
    ToolClaims.of("add_to_shortlist", "add", "shortlist", "save", summary=_added,
                  places=_SHORTLIST),
    ToolClaims.of("remove_from_shortlist", "remove", places=_SHORTLIST),
    ToolClaims.of("forget_preference", "remove"),
    ToolClaims.of("plan_summary", "check", changes=False, verdict_field="ready",
                  missing_field="missing", field_words=_field_words()),
)}


@cache
def planner_terms() -> dict[str, str]:
    """The planner's own terms, to their meaning: each word of the lexicon's catalogue
    features that is no English word ("byob", "byo"), to the feature's other words ("bring
    your own, corkage, ..."). What a reply says such a term is must be like it."""
    terms: dict[str, str] = {}
    for words in lexicon_words("feature").values():
        for word in words:
            if word.isalpha() and not english_word(word):
                terms[word] = ", ".join(w for w in words if w != word)
    return terms


def planner_facts(
    *, results: Iterable[str], shortlist: Iterable[str], said: Iterable[str] = (),
    party_size: int | None = None,
) -> SessionFacts:
    """What a planner session holds: the venues its tools returned (their catalogue lines,
    addresses and days open a week), the shortlist, what the person said, the party size
    the preferences hold, and the planner's own terms (`planner_terms`)."""
    found = [v for v in (venue_by_id(i) for i in results) if v is not None]
    listed = [v for v in (venue_by_id(i) for i in shortlist) if v is not None]
    return SessionFacts(
        texts=(*(v.line() for v in found), *(f"{v.address}. {v.phone}." for v in found),
               *said),
        # how many days a week each opens ("open seven days"; its line gives days closed)
        counts={"day": tuple(sorted({7 - len(v.closed_on) for v in found})),
                "party_size": () if party_size is None else (party_size,)},
        names=tuple(v.name for v in found),
        collections={"shortlist": tuple(v.name for v in listed)},
        terms=planner_terms(),
        world_places=True,  # its record is one city's venues: other places are chat
    )
