"""Answers to questions about the post as it stands and about what the app just did, from
the store and the tools' own results, never from a model's words.

"did you save that?", "what r the tags rn", "whats the post called now?", "what did you
just change?": a question no tool is asked for. A small model answers it by imitating the
app's confirmations ("Saved as version 3"), and the claim guard can then only say "Nothing
was changed.", which misleads when the turn before did save. So code answers it:

- which thing it asks about is read by meaning (`asked_about`, over the core's gate,
  `draftguard.understanding.state_questions`: the sentence embedding's nearest examples
  of each topic, clearly ahead of examples of requests and of other questions), and only
  where the message asks (a question mark or a question word first), wants nothing done
  (no modal: "what tags would you suggest?" is no question about the tags it has) and
  names the thing asked about (a title or tag word of the blogger lexicon; for what
  happened, a verb in the past or perfect);
- the answer is written from the record: the post's latest version (`post_title`, its
  front matter's tags) and the tool runs of the author's last turn (`what_happened`: saved
  as version N, or nothing saved and why).

A miss returns None and the message goes on as it would have.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.sessions import Session

from blogger.reading_turn import blogger_lexicon
from blogger.replies import COURTESIES, NO_POST, NOT_CHANGED, diff_summary, version_words
from draftguard.claims._record import ToolRun
from draftguard.edits._frontmatter import read_frontmatter
from draftguard.errors import DraftguardError
from draftguard.language import ExemplarIndex
from draftguard.understanding.state_questions import (
    DEFAULT_MARGIN,
    DEFAULT_MAX_WORDS,
    DEFAULT_MIN_SCORE,
    asked_topic,
    question_words,
    told_done,
)
from draftguard_adk.agents._provenance import is_code_reply
from draftguard_adk.agents._text import content_text
from draftguard_adk.claims._record import turn_runs
from draftguard_adk.edits import post_store
from draftguard_adk.edits._content_tools import post_title

__all__ = [
    "DEFAULT_MARGIN",
    "DEFAULT_MAX_WORDS",
    "DEFAULT_MIN_SCORE",
    "PastTurn",
    "Topic",
    "answer_about_post",
    "asked_about",
    "latest_words",
    "past_turns",
    "tags_answer",
    "title_answer",
    "what_happened",
]

log = logging.getLogger("blogger.state_answers")

Topic = str
TITLE: Topic = "title"
TAGS: Topic = "tags"
DONE: Topic = "done"
_OTHER = "other"

#: Examples of each topic, and of messages that ask or want something else.
_EXAMPLES: dict[str, tuple[str, ...]] = {
    TITLE: ("what is the title now", "what's the post called", "what is the headline at the "
            "moment", "which title does it have"),
    TAGS: ("what tags are on it", "which tags does the post have", "what are the tags now",
           "what categories is it under"),
    DONE: ("did you save that", "is it saved", "what did you just do", "what did you change",
           "has my change been kept", "did the edit go through", "what was the last change",
           "what changed", "did the title change"),
    _OTHER: ("change the title to something shorter", "add a tag", "what tags would you "
             "suggest", "is the title good", "what should I call it", "what do you think of "
             "the title", "make a quiz", "undo that", "how long is the post", "what does the "
             "post say about the garden", "how many versions are there", "what versions are "
             "there", "save it please", "can you save this", "do you like the tags",
             "what can you do", "why is the sky blue", "did I spell it right",
             "is the ending too long", "what about a tag for baking", "why did you do that"),
}

_QUOTES = re.compile(r"[\"“”‘’«»]|(?<!\w)'|'(?!\w)")
_TOPIC_CONCEPTS = {TITLE: frozenset({"part.title", "action.rename"}),
                   TAGS: frozenset({"part.tags"})}


@cache
def _index() -> ExemplarIndex:
    return ExemplarIndex(_EXAMPLES)


def asked_about(message: str, *, max_words: int = DEFAULT_MAX_WORDS,
                min_score: float = DEFAULT_MIN_SCORE,
                margin: float = DEFAULT_MARGIN) -> tuple[Topic, bool] | None:
    """What `message` asks about the post's state ("title", "tags") or the app's last acts
    ("done"), and whether it asks yes or no; None when it is no such question (one that
    quotes words or names a number asks about those, not the post as it stands)."""
    words = question_words(message)
    if _QUOTES.search(message) or any(w.isdigit() for w in words if w not in ("0", "1")):
        return None
    return asked_topic(message, _index(), other=_OTHER, names=_names, max_words=max_words,
                       min_score=min_score, margin=margin)


def _names(topic: Topic, tokens: Sequence[Any]) -> bool:
    """Whether the message names what the topic is about: a title or tag word, or for what
    happened a verb told as done (past, perfect or passive)."""
    if topic == DONE:
        return told_done(tokens)
    lexicon = blogger_lexicon()
    wanted = _TOPIC_CONCEPTS[topic]
    # "what does the post say about the tags on my bike": tags the post tells of, not its own
    return any((lexicon.concept(t.lemma_.lower()) in wanted or
                lexicon.concept(t.lower_) in wanted) and t.dep_ != "pobj" for t in tokens)


def title_answer(title: str | None) -> str:
    """The post's title as it stands."""
    if not title:
        return "The post has no title yet. Say “change the title to …” to give it one."
    return f"The post's title is “{title}”."


def tags_answer(frontmatter: Mapping[str, Any]) -> str:
    """The post's tags as they stand (its front matter's `tags`)."""
    raw = frontmatter.get("tags")
    tags = [str(t).strip() for t in (raw if isinstance(raw, list) else
                                     str(raw or "").split(",")) if str(t).strip()]
    if not tags:
        return "The post has no tags yet. Say “add the tag …” to give it some."
    quoted = [f"“{t}”" for t in tags]
    listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]
    return f"The post's tag is {listed}." if len(tags) == 1 else \
        f"The post's tags are {listed}."


#: The tools that change the post, with the result status that says they did.
_CHANGED = {"content_write": "saved", "edit_ops": "applied", "edit_metadata": "applied",
            "revert_to_version": "reverted"}
#: What a tool that does not change the post did, in the author's words.
_OTHER_ACTS = {"make_artifact": "made {made}", "check_delivery":
               "checked the post against your brief", "list_versions": "listed the versions",
               "source_ingest": "kept a source", "read_source": "listed your sources",
               "read_content": "read the post"}
_MADE = {"quiz": "a quiz", "flashcards": "flashcards", "mindmap": "a mind map"}
#: What made a version, by the kind its store recorded.
_KIND_WORDS = {"content_write": "the post as it was saved", "edit_ops": "an edit of the text",
               "edit_metadata": "a change to the post's details",
               "split_input": "the post saved for a split"}


def _act(run: ToolRun) -> str:
    """What a run that changed the post did, and the version it saved."""
    saved = f"saved it as {version_words(run.result.get('version'))}"
    if run.tool == "content_write":
        return f"saved the post as {version_words(run.result.get('version'))}"
    if run.tool == "revert_to_version":
        return (f"brought back {version_words(run.result.get('reverted_to'))} and "
                f"{saved}")
    if run.tool == "edit_metadata":
        fields = sorted({*(run.args.get("set_fields") or {}),
                         *(run.args.get("remove_fields") or [])})
        named = " and ".join(f"the {f}" for f in fields) or "the post's details"
        return f"changed {named} and {saved}"
    return f"changed {diff_summary(str(run.result.get('diff') or ''))} and {saved}"


def _why_not(run: ToolRun) -> str:
    """Why a run that would have changed the post did not, in plain words."""
    if run.result.get("status") == "already_applied":
        return "the post already read that way"
    why = NOT_CHANGED.get(str(run.result.get("reason")))
    if why:
        return why.rstrip(".")
    reason = str(run.result.get("error") or "the change could not be made")
    # the part before a ";" is for the author; what follows is advice for models
    return reason.removeprefix("not saved: ").split(";")[0].strip()


def latest_words(latest: int | None, kind: str | None, reverted_to: Any = None) -> str:
    """The post's latest version and what made it."""
    if latest is None:
        return ""
    made = (f"{version_words(reverted_to)} brought back" if kind == "revert" else
            _KIND_WORDS.get(str(kind), ""))
    return f"The latest version is {version_words(latest)}" + (f": {made}." if made else ".")


@dataclass(frozen=True)
class PastTurn:
    """One earlier turn of the author's: what they wrote, the tools that ran, and code's
    reply ("" when a model answered)."""

    said: str
    runs: tuple[ToolRun, ...] = ()
    replied: str = ""

    def changed(self) -> list[ToolRun]:
        return [r for r in self.runs if r.tool in _CHANGED and
                _CHANGED[r.tool] == r.result.get("status")]

    def tried(self) -> list[ToolRun]:
        return [r for r in self.runs if r.tool in _CHANGED]


def _clipped(text: str, *, words: int = 8) -> str:
    said = text.split()
    return " ".join(said[:words]) + ("…" if len(said) > words else "")


def _first_sentence(text: str) -> str:
    first = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]
    return first if first.endswith((".", "!", "?")) else first + "."


def _turn_said(turn: PastTurn) -> str:
    """What a turn that asked for a change did: the versions it saved, or why none."""
    changed = turn.changed()
    if changed:
        return "I " + "; then I ".join(_act(r) for r in changed) + "."
    return f"nothing was saved: {_why_not(turn.tried()[-1])}."


def what_happened(turns: Sequence[PastTurn], *, latest: int | None, kind: str | None = None,
                  reverted_to: Any = None, yes_no: bool = True) -> str:
    """What the author's last turns (`turns`, newest first) did to the post, and where it
    stands (`latest`: its latest version, made by `kind`)."""
    if latest is None:
        return NO_POST
    where = latest_words(latest, kind, reverted_to)
    last = turns[0] if turns else PastTurn("")
    if last.changed():
        return f"{'Yes: a' if yes_no else 'A'}fter your last message {_turn_said(last)} {where}"
    if last.tried():
        return (f"{'No, n' if yes_no else 'N'}othing was saved after your last message: "
                f"{_why_not(last.tried()[-1])}. {where}")
    others = [_OTHER_ACTS[r.tool].format(made=_MADE.get(
        str(r.result.get("artifact_type")), "something for the post"))
              for r in last.runs if r.tool in _OTHER_ACTS]
    said = "I changed nothing in the post after your last message" + (
        f" (I only {' and '.join(dict.fromkeys(others))})" if others else "") + "."
    if last.replied and not last.runs:
        said += f" My answer to it was: {_first_sentence(last.replied)}"
    earlier = next((t for t in turns[1:] if t.tried()), None)
    if earlier is not None:  # "that" may be the change before: say what it did
        said += f" Before it, when you wrote “{_clipped(earlier.said)}”, {_turn_said(earlier)}"
    elif yes_no:
        said = f"No, {said[0].lower()}{said[1:]}"
    return f"{said} {where}"


def _frontmatter(text: str) -> Mapping[str, Any]:
    """The post's front matter ({} when it has none or it does not parse)."""
    try:
        return read_frontmatter(text)
    except DraftguardError:
        return {}


#: Earlier turns read for what the app did (the newest first).
MAX_TURNS = 6


def past_turns(session: Session, invocation_id: str, *,
               limit: int = MAX_TURNS) -> list[PastTurn]:
    """The author's turns before this one, newest first: what they wrote, the tools that
    ran, and code's own reply."""
    order: list[str] = []
    said: dict[str, str] = {}
    replied: dict[str, str] = {}
    for event in session.events:
        turn = event.invocation_id
        if turn == invocation_id:
            continue
        text = content_text(event.content)
        if event.author == "user":
            order.append(turn)
            said[turn] = text
        elif text and is_code_reply(event.custom_metadata, turn, text):
            replied[turn] = replied.get(turn, "") + text
    return [PastTurn(said[t], turn_runs(session, t), _why_replied(said[t], replied.get(t, "")))
            for t in reversed(order[-limit:])]


def _why_replied(said: str, replied: str) -> str:
    """Code's reply to a turn, when it may say why nothing changed: not a courtesy, and not
    an answer to a question like this one."""
    if not replied or replied in COURTESIES.values() or asked_about(said) is not None:
        return ""
    return replied


async def answer_about_post(message: str, ctx: CallbackContext) -> str | None:
    """Code's answer to a question about the post as it stands or what the app just did;
    None when `message` is no such question."""
    try:
        asked = await asyncio.to_thread(asked_about, message)
    except Exception:  # a reader bug must not take the turn down: the message goes on
        log.exception("reading a question about the post failed")
        return None
    if asked is None:
        return None
    topic, yes_no = asked
    post = await post_store().current(ctx)
    if post is None:
        return NO_POST
    if topic == TITLE:
        return title_answer(post_title(post.text))
    if topic == TAGS:
        return tags_answer(_frontmatter(post.text))
    return what_happened(past_turns(ctx.session, ctx.invocation_id), latest=post.version,
                         kind=post.metadata.get("kind"),
                         reverted_to=post.metadata.get("reverted_to"), yes_no=yes_no)
