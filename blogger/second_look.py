"""A second look at what the reader did not read, or read as the bare name of a kind of
value, before the app answers: a value named by its kind ("change the date to 14th") is
asked about with the post's values of that kind (`blogger.kind_targets`), and a request for
something the app cannot do ("publish it to my blog") is told so (`blogger.beyond`).

The reader (`blogger.reading`) reads requests; this looks only at what it left: a reading
with no request, an `unclear` one that is no "cannot" already, or an edit of a field the post
does not have. Whatever it finds is a question or a refusal in words, never an action.
"""

from __future__ import annotations

from collections.abc import Mapping

from blogger.beyond import beyond_reach, cannot_reply
from blogger.kind_targets import KINDS, kind_target, units_of
from blogger.main_verb import WRITE_BEYOND, asks_new_words, lacking_verb, only_told
from draftguard.edits._frontmatter import read_frontmatter
from draftguard.understanding import Intent, Interpretation, Reading

__all__ = ["second_look"]

#: The requests the reader finds by the noun that names a tool, with the part of it the app
#: does, as offered when the verb over it is beyond the app (what, and how to ask it).
_TOOLS: dict[Intent, tuple[str, str]] = {
    Intent.QUIZ: ("make the quiz", "make a quiz"),
    Intent.FLASHCARDS: ("make the flashcards", "make flashcards"),
    Intent.MINDMAP: ("make the mind map", "make a mindmap"),
    Intent.CHECK: ("check the post against a brief", "check it against: ..."),
    Intent.NEW_POST: ("change the post you paste after “here is my post:”",
                      "here is my post: ..."),
    Intent.SPLIT: ("split the post by an outline", "split it by: A; B; C"),
}


def _names_a_kind(request: Interpretation, post: str, message: str) -> bool:
    """Whether `request` is an edit of a kind's bare name: a field the post does not have
    ("change the date to 14th" setting a `date` the post never had), the word itself ("fix
    the day to 14th" replacing "day"), or a word the message never says (the reader's
    guess at a place: "update the year to 2020" respelt as the post's "near")."""
    if request.intent is not Intent.EDIT:
        return False
    if request.question is not None:  # "I could not find “time” in the post": no offer
        return not request.candidates and not request.slots
    fields = request.slots.get("set_fields") or {}
    ops = request.slots.get("ops") or []
    if fields:
        return all(k in KINDS and k not in read_frontmatter(post) for k in fields)
    said = message.casefold()
    counted = {unit for lemma, said_as in units_of(post).items()  # "the kilos", "4 kilos"
               for unit in (lemma, said_as[0].split()[-1].casefold())} if ops else set()
    return bool(ops) and all(isinstance(op, Mapping) and (
        (anchor := str(op.get("anchor", "")).casefold()) in KINDS.keys() | counted or
        anchor not in said) for op in ops)


def second_look(message: str, reading: Reading, post: str | None) -> Reading:
    """What the reader did not read, or read as the bare name of a kind of value, looked at
    again: a value named by its kind ("change the date to 14th") is asked about with the
    post's values of that kind (`blogger.kind_targets`); a request for what the app cannot
    do ("publish it to my blog") is told so (`blogger.beyond`). Anything else stays."""
    unread = all(r.intent is Intent.UNCLEAR and not {"cannot", "read_limit"} & set(r.slots)
                 for r in reading.requests)
    at_a_kind = all(_names_a_kind(r, post, message) for r in reading.requests) \
        if post is not None else False
    if post is not None and (unread or at_a_kind):
        asked = kind_target(message, post)
        if asked is not None:
            return Reading(requests=(asked,))
    tools = [r.intent for r in reading.requests if r.intent in _TOOLS]
    if tools and len(tools) == len(reading.requests) and only_told(message):
        return Reading(requests=())  # "I posted the last one on facebook": said, not asked
    if tools and (name := lacking_verb(message)) is not None:
        return Reading(requests=(cannot_reply(name, offer=_TOOLS[tools[0]]),))
    if (unread or not reading.requests) and asks_new_words(message, unread=bool(
            reading.requests)):  # "write me a new intro": the small model writes none
        return Reading(requests=(Interpretation(
            intent=Intent.UNCLEAR, slots={"closest": [], "writes": True}, confidence=0.0,
            question=WRITE_BEYOND),))
    # Only a request the reader could not read: a message that asks nothing ("my editor
    # will email me her notes tomorrow") is no request to refuse.
    if unread and reading.requests and (name := beyond_reach(message)) is not None:
        return Reading(requests=(cannot_reply(name),))
    return reading
