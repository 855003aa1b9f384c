"""Answers to questions about where the plan stands and what the planner just did, from the
session's state and the last turns' tool results, never from a model's words.

"did you add it?", "is Siam Orchid on my list?", "what did you search for?", "how many
places are on the shortlist now?", "did it book?": a question no tool is asked for. A model
answers it by imitating the planner's confirmations ("Added ... to the shortlist"), true or
not. So code answers it:

- what it asks about is read by meaning (`asked_about`, over the core's gate,
  `draftguard.understanding.state_questions`: the sentence embedding's nearest examples of
  each topic, clearly ahead of examples of requests and other questions), and only where
  the message asks (a question mark, or a question word or auxiliary first) and wants
  nothing done (no modal, no verb in the imperative: "can you add it?" and "add it to my
  list" are requests, left to the reader);
- the answer is written from the record: the shortlist as it stands (and whether a venue the
  question names is on it), the preferences of the last search and what it found, and the
  tool runs of the person's last turn. The planner books nothing: a question whether it did
  is answered no, with what it can do.

A miss returns None and the message goes on as it would have.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.sessions.state import State

from draftguard.claims._record import ToolRun
from draftguard.language import ExemplarIndex, parse
from draftguard.understanding.state_questions import (
    DEFAULT_MARGIN,
    DEFAULT_MAX_WORDS,
    DEFAULT_MIN_SCORE,
    asked_topic,
    one_sentence,
    told_done,
)
from draftguard_adk.claims._record import turn_runs
from event_planning.catalog import Venue, venue_by_id
from event_planning.state_keys import LAST_RESULTS_KEY, PREFERENCES_KEY, SHORTLIST_KEY
from event_planning.venue_grounding import catalogue_names
from event_planning.venue_names import plain

__all__ = ["DEFAULT_MARGIN", "DEFAULT_MAX_WORDS", "DEFAULT_MIN_SCORE", "answer_about_plan",
           "asked_about", "last_acts", "shortlist_answer"]

log = logging.getLogger("event_planning.state_answers")

LISTED = "listed"
SEARCHED = "searched"
DONE = "done"
BOOKED = "booked"
_OTHER = "other"

#: Examples of each topic, and of messages that ask or want something else.
_EXAMPLES: dict[str, tuple[str, ...]] = {
    LISTED: ("what is on my shortlist", "which venues are on the list", "is it on my list",
             "how many venues are shortlisted", "what have I saved so far",
             "is that restaurant in my shortlist", "how many are on my list now",
             "do we have that place saved"),
    SEARCHED: ("what did you search for", "what was the last search", "what did you look "
               "up", "which preferences did you use", "what were you searching"),
    DONE: ("did you add it", "did that go through", "what did you just do", "did it work",
           "was it added", "did you take it off", "has it been removed", "what changed"),
    BOOKED: ("did it book", "is the table reserved", "did you make the reservation",
             "is my booking confirmed", "have you booked it"),
    # requests ("add it to my list", "can you add it") are screened by their grammar first
    _OTHER: ("find thai food", "which is cheaper",
             "what do you recommend", "is it open on monday", "how many seats does it have",
             "what is the address", "is it expensive", "does it have parking",
             "what can you do", "where should we eat", "what cuisine is it",
             "can you book it", "how much does it cost", "is it good for groups"),
}

@cache
def _index() -> ExemplarIndex:
    return ExemplarIndex(_EXAMPLES)


def _names_topic(topic: str, tokens: Sequence[Any]) -> bool:
    """An act asked about is told as done ("what do you search for?" asks of none)."""
    return topic not in (DONE, BOOKED, SEARCHED) or told_done(tokens)


def asked_about(message: str, *, max_words: int = DEFAULT_MAX_WORDS,
                min_score: float = DEFAULT_MIN_SCORE,
                margin: float = DEFAULT_MARGIN) -> tuple[str, bool] | None:
    """What `message` asks about the plan's state or the planner's last acts, and whether it
    asks yes or no; None when it is no such question."""
    return asked_topic(message, _index(), other=_OTHER, names=_names_topic,
                       max_words=max_words, min_score=min_score, margin=margin)


def _names(ids: Sequence[Any]) -> list[str]:
    venues = (venue_by_id(str(i)) for i in ids)
    return [v.name for v in venues if v is not None]


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _count(n: int) -> str:
    return f"{n} venue{'s' if n != 1 else ''}"


def shortlist_answer(shortlist: Sequence[str], named: Sequence[Venue], *, yes_no: bool) -> str:
    """The shortlist as it stands, and whether the venues a question names are on it."""
    if named:
        on = [v.name for v in named if v.name in shortlist]
        off = [v.name for v in named if v.name not in shortlist]
        said = []
        if on:
            said.append(f"{'Yes: ' if yes_no and not off else ''}{_listed(on)} "
                        f"{'is' if len(on) == 1 else 'are'} on your shortlist.")
        if off:
            said.append(f"{'No: ' if yes_no and not on else ''}{_listed(off)} "
                        f"{'is' if len(off) == 1 else 'are'} not on your shortlist.")
        return " ".join(said) + " " + shortlist_answer(shortlist, (), yes_no=False)
    if not shortlist:
        return ("Your shortlist is empty. Say \"add it to my shortlist\" after a search to "
                "keep a venue.")
    return f"Your shortlist holds {_count(len(shortlist))}: {_listed(shortlist)}."


def _run_words(run: ToolRun) -> str | None:
    """What one tool run did, in plain words; None for a run that changed nothing worth
    telling."""
    ok = run.result.get("status") == "ok"
    if run.tool == "add_to_shortlist":
        return (f"I added {run.result.get('added')} to your shortlist" if ok else
                f"nothing was added to your shortlist: {run.result.get('error')}")
    if run.tool == "remove_from_shortlist":
        return ("I took a venue off your shortlist" if ok else
                "nothing was taken off your shortlist")
    if run.tool == "search_venues":
        return (f"I searched and found {_count(int(run.result.get('count') or 0))}" if ok
                else "the search did not run")
    if run.tool == "plan_summary":
        return "I showed you the plan"
    if run.tool == "forget_preference" and ok:
        return f"I dropped your {run.result.get('removed') or 'preference'!s} preference"
    return None


#: The tools that change what the plan holds.
_CHANGES = frozenset({"add_to_shortlist", "remove_from_shortlist", "forget_preference"})


def last_acts(runs: Sequence[ToolRun], *, yes_no: bool) -> str:
    """What the tool runs of the person's last turn did."""
    said = [w for w in (_run_words(r) for r in runs) if w]
    if not said:
        return (f"{'No: ' if yes_no else ''}I did nothing after your last message: no search "
                "ran and your shortlist did not change.")
    changed = any(r.result.get("status") == "ok" and r.tool in _CHANGES for r in runs)
    if yes_no and not changed:  # "did you add it?" after a search: it was not
        return f"No: your shortlist did not change after your last message; {'; '.join(said)}."
    return f"{'Yes: a' if yes_no else 'A'}fter your last message {'; '.join(said)}."


def _searched(state: State, describe: Callable[[Mapping[str, Any]], str]) -> str:
    last = state.get(LAST_RESULTS_KEY)
    if last is None:
        return "I have not searched yet. Tell me what to eat or where, and for how many."
    prefs = dict(state.get(PREFERENCES_KEY) or {})
    return (f"The last search was for {describe(prefs)}; it showed "
            f"{_count(len(_names(last)))}.")


BOOK_NO = ("No: I cannot book, reserve or pay for anything. I find venues and keep your "
           "shortlist; to book, call the venue (its phone number is in its details).")


def _last_turn_runs(ctx: CallbackContext) -> tuple[ToolRun, ...]:
    """The tool runs of the person's turn before this one."""
    turns = [e.invocation_id for e in ctx.session.events
             if e.author == "user" and e.invocation_id != ctx.invocation_id]
    return turn_runs(ctx.session, turns[-1]) if turns else ()


def _counts(message: str) -> bool:
    """The question asks how many ("how many are on it", "how much is saved")."""
    tokens = [t for t in parse(message, entities=False) if t.is_alpha]
    return any(t.tag_ == "WRB" and t.i + 1 < len(t.doc) and t.doc[t.i + 1].tag_ == "JJ"
               for t in tokens)


def _unnamed(message: str, found: Sequence[tuple[Venue, int, int]]) -> str:
    """The message with each venue it names said as "it" (a name reads as no question
    word to the examples): "is Siam Orchid on my list?" is "is it on my list?". Names are
    found in its plain form (`venue_names.plain`); one sentence only."""
    if not found or not one_sentence(message):
        return message if not found else ""
    text = plain(message)
    for _, start, end in sorted(found, key=lambda f: -f[1]):
        text = f"{text[:start]}it{text[end:]}"
    return text.replace(";", " ").strip() + ("?" if "?" in message else "")


async def answer_about_plan(message: str, ctx: CallbackContext,
                            describe: Callable[[Mapping[str, Any]], str]) -> str | None:
    """Code's answer to a question about where the plan stands or what the planner just did
    (`describe` writes preferences in words); None when `message` is no such question."""
    found = catalogue_names().named(message)
    named = list({v.id: v for v, _, _ in found}.values())
    try:
        asked = await asyncio.to_thread(asked_about, _unnamed(message, found))
    except Exception:  # a reader bug must not take the turn down: the message goes on
        log.exception("reading a question about the plan failed")
        return None
    if asked is None:
        return None
    topic, yes_no = asked
    shortlist = _names(ctx.state.get(SHORTLIST_KEY) or [])
    if topic == BOOKED:
        return f"{BOOK_NO} {shortlist_answer(shortlist, named, yes_no=False)}"
    if topic == SEARCHED:
        return _searched(ctx.state, describe)
    if topic == LISTED and not (yes_no or named or _counts(message)):
        return None  # "what's on the shortlist?": the plan check answers it, with warnings
    if named or (topic == LISTED and not yes_no):
        return shortlist_answer(shortlist, named, yes_no=yes_no)
    runs = _last_turn_runs(ctx)
    last = list(ctx.state.get(LAST_RESULTS_KEY) or [])
    if not runs and len(last) == 1 and (one := venue_by_id(str(last[0]))) is not None:
        return shortlist_answer(shortlist, [one], yes_no=yes_no)  # "it": the venue picked
    return f"{last_acts(runs, yes_no=yes_no)} {shortlist_answer(shortlist, (), yes_no=False)}"
