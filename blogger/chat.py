"""The blogger's chat: every message is read by code (`blogger.reading`) before any model.

A command (`/quiz 3`) or a plain request ("can you turn this into a 5-question quiz?") becomes
tool calls of the coordinator's own tools (ADK runs them as if the model had called them), a
hand-over to the split loop, or a reply. Each formatter writes the reply from the tool's
result, so what the author reads is what the tool did. A message that is not a request goes to
the model; one that looks like a request code cannot read goes to a capable model, and on a
small one gets a short reply naming the closest things the app can do. Questions about the
post (how it stands, what the app did, what it says) are answered by code (`blogger.answers`).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from google.adk.agents.callback_context import CallbackContext
from google.adk.models.base_llm import BaseLlm

from blogger.answers import answer_about_post, quoting, sentence_asked
from blogger.chooser import Chooser, build_chooser
from blogger.intents import BLOGGER_COMMANDS as _COMMANDS
from blogger.reading import read_message
from blogger.reading_versions import counted_from_one, version_before
from blogger.replies import COURTESIES, FORMATTERS, NO_POST
from blogger.second_look import second_look
from blogger.state_keys import MEMORY_KEY
from blogger.unplaced import ask_where
from draftguard.artifacts import MAX_ITEMS
from draftguard.commands import Command, CommandSpec, help_text
from draftguard.errors import InputError
from draftguard.model_profile import ModelProfile
from draftguard.settings import load_settings
from draftguard.textio import read_workspace_text
from draftguard.understanding import (
    Intent,
    Interpretation,
    Memory,
    Reading,
)
from draftguard_adk.artifacts import STATE_RESULT
from draftguard_adk.chat import (
    Action,
    Call,
    CommandRouter,
    Handler,
    ModelTurn,
    Prose,
    Reply,
    Steps,
    Transfer,
    Understand,
)
from draftguard_adk.edits import post_store
from draftguard_adk.llm import model_profile
from draftguard_adk.split import parse_split_request
from draftguard_adk.split import state_keys as keys

__all__ = [
    "BLOGGER_COMMANDS",
    "blogger_intents",
    "build_blogger_router",
    "split_the_post",
]

SPLITTER = "content_splitter"
log = logging.getLogger("blogger.chat")

BLOGGER_COMMANDS: tuple[CommandSpec, ...] = _COMMANDS

_INTRO = "\n".join([
    "I help you with one blog post. Paste it after a line like “here is my post:”, then ask "
    "in your own words, for example:",
    "- “change ‘four winters’ to ‘five winters’”, “cut the paragraph about the flask”",
    "- “undo that”, “what versions are there?”, “go back to the first version”",
    "- “make a 5-question quiz”, “flashcards please”, “sketch a mindmap of it”",
    "- “split it by this outline: Gear; Routes; Weather”",
    "- “does it meet the brief: a beginner's guide to winter cycling?”",
    "- “here are my notes from the interview:” and the notes, to keep them as a source",
    "The same as commands, for those who like them:",
])
_UNITS = {"quiz": "questions", "flashcards": "cards"}


async def _post_text(ctx: CallbackContext) -> tuple[int, str] | None:
    post = await post_store().current(ctx)
    return (post.version, post.text) if post is not None else None


#: A version named by a change no version made.
NO_SUCH_CHANGE = ("None of the post's versions {change}, so nothing was undone. Say “what "
                  "versions are there?” to see them.")
_CHANGE_WORDS = {"delete": "took words out", "insert": "added words", "replace": "changed words",
                 "heading": "changed a heading", "title": "changed the title",
                 "tags": "changed the tags"}

#: A whole new post, or one rewritten from scratch, asked of a small model.
NEW_POST_BEYOND = (
    "I can't write a whole post for you, new or rewritten from scratch: the small model I run "
    "on can't write one worth keeping, so nothing was done. Write it in your own words and "
    "paste it after “here is my post:”, and I can change it, make a quiz, flashcards or a mind "
    "map of it, or check it against a brief.")

#: A split asked for in words with no headings to split by.
SPLIT_NEEDS_OUTLINE = ("To split the post I need the headings to split it by. Say them after "
                       "a colon, like: split the post by these headings: Getting there; The "
                       "food; Going home.")

# --- /split -------------------------------------------------------------------------------

async def _load_named(value: str, ctx: CallbackContext, *, what: str, max_bytes: int) -> str:
    """The text of artifact `value` of this session, else of file `value`."""
    store = post_store()
    try:
        named = await store.current(ctx, store.check_name(value))
    except InputError:  # not a plain artifact name: a path
        named = None
    if named is not None:
        return named.text
    # Only a document inside the folder the app runs in: never a dotfile, config, key or
    # database, and a control character in the name is refused (draftguard.textio's rules).
    return read_workspace_text(value, root=Path.cwd(), what=f"{what} {value}",
                               max_bytes=max_bytes)


async def _outline(value: str, ctx: CallbackContext, max_bytes: int) -> str:
    """`outline="A; B; C"` as one item a line; a value naming a file or artifact is read."""
    if ";" not in value and "\n" not in value:
        try:
            return await _load_named(value, ctx, what="outline", max_bytes=max_bytes)
        except InputError:
            pass  # not a file: the words are the outline
    return "\n".join(item.strip() for item in re.split(r"[;\n]", value) if item.strip())


async def split(cmd: Command, ctx: CallbackContext) -> Action:
    """Draft and outline from the message's sections, the options, or the current post."""
    max_bytes = load_settings().agents.content_splitter.max_draft_bytes
    sections = parse_split_request(cmd.text)
    outline = sections.get(keys.OUTLINE) or ""
    if not outline.strip() and "outline" in cmd.options:
        outline = await _outline(cmd.options["outline"], ctx, max_bytes)
    if not outline.strip():
        return Reply('/split needs an outline: outline="A; B; C", or OUTLINE: and DRAFT: '
                     "lines.")
    draft = sections.get(keys.RAW_DRAFT) or ""
    if not draft.strip() and "draft" in cmd.options:
        draft = await _load_named(cmd.options["draft"], ctx, what="draft", max_bytes=max_bytes)
    store = post_store()
    post = await store.current(ctx)
    if not draft.strip():
        if post is None:
            return Reply(NO_POST)
        draft = post.text
    elif post is None or post.text != draft:
        # The draft being split becomes the post, so /quiz, /edit and /check see it too.
        async with store.lock(ctx):
            await store.save(ctx, draft, base=await store.current(ctx), kind="split_input")
    return Transfer(SPLITTER, state={keys.RAW_DRAFT: draft, keys.OUTLINE: outline})


async def split_the_post(callback_context: CallbackContext) -> None:
    """`before_agent_callback` of the split loop: it splits the current post.

    `/split` makes its draft the post before handing over; a hand-over the model makes
    itself must not split a draft left in state by an earlier split.
    """
    post = await post_store().current(callback_context)
    if post is not None:
        callback_context.state[keys.RAW_DRAFT] = post.text


# --- /quiz, /flashcards, /mindmap -----------------------------------------------------------

def _artifact_handler(kind: str) -> Handler:
    async def handler(cmd: Command, ctx: CallbackContext) -> Action:
        count = cmd.args[0] if cmd.args else None
        if count is not None and (not count.isdigit() or not 1 <= int(count) <= MAX_ITEMS):
            return Reply(f"/{kind} takes a number from 1 to {MAX_ITEMS}, not {count!r}.")
        if await _post_text(ctx) is None:
            return Reply(NO_POST)
        unit = _UNITS.get(kind)
        request = (f"{count} {unit} on the main ideas of the post" if count and unit
                   else f"a {kind} of the main ideas of the post")
        return Call("make_artifact", {"artifact_type": kind, "request": request})

    return handler


# --- /edit ----------------------------------------------------------------------------------

async def edit(cmd: Command, ctx: CallbackContext) -> Action | None:
    post = await _post_text(ctx)
    reading = read_message(f"/edit {cmd.text}", post=post[1] if post else None).reading
    request = reading.requests[0]
    if request.intent is not Intent.EDIT:
        return None  # not an edit code can read: the model plans it (the patcher checks)
    if post is None:
        return Reply(NO_POST)
    return _edit_action(request, post[0])


def _edit_action(request: Interpretation, version: int) -> Action:
    if request.question is not None:
        return Reply(request.question)
    slots = request.slots
    if "ops" not in slots:
        return Call("edit_metadata", {"base_version": version,
                                      "set_fields": slots.get("set_fields") or {},
                                      "remove_fields": slots.get("remove_fields") or []})
    args: dict[str, Any] = {"ops": slots["ops"], "base_version": version,
                            "scope": slots.get("scope")}
    if slots.get("allow_heading_changes"):
        args["allow_heading_changes"] = True
    return Call("edit_ops", args)


# --- /undo, /versions -----------------------------------------------------------------------

async def undo(cmd: Command, ctx: CallbackContext) -> Action:
    store = post_store()
    post = await store.current(ctx)
    if post is None:
        return Reply(NO_POST)
    # A revert stands for the version it restored, so a second /undo goes further back
    # instead of redoing the edit the first one undid.
    effective = post.version
    if post.metadata.get("kind") == "revert":
        effective = int(post.metadata.get("reverted_to", post.version))
    if effective < 1:
        return Reply("Nothing to undo: this is the first version.")
    return Call("revert_to_version", {"version": effective - 1})


async def versions(cmd: Command, ctx: CallbackContext) -> Action:
    return Call("list_versions", {})


# --- /check ---------------------------------------------------------------------------------

async def check(cmd: Command, ctx: CallbackContext) -> Action:
    if await _post_text(ctx) is None:
        return Reply(NO_POST)
    criteria = ["the post is a complete, readable blog post"]
    outcome = ctx.state.get(STATE_RESULT)
    if isinstance(outcome, Mapping) and outcome.get("ok"):
        criteria.append(f"the {outcome.get('artifact_type')} matches the post")
    goal = cmd.text.strip() or "Deliver the blog post and any study material made for it"
    return Call("check_delivery", {"primary_goal": goal, "success_criteria": criteria,
                                   "expected_formats": ["md", "json"]})


# --- a pasted post ---------------------------------------------------------------------------

def blogger_intents(message: str) -> Command | None:
    """A plain message as a command, read with no post (`"save my post:"` and the post, a
    quiz, undo, a split): kept for callers that have no session."""
    reading = read_message(message).reading
    if len(reading.requests) != 1 or reading.requests[0].question is not None:
        return None
    request = reading.requests[0]
    if request.intent is Intent.SAVE_POST:
        return Command(name="save", text=str(request.slots["text"]))
    if request.intent in (Intent.UNDO, Intent.MINDMAP):
        return Command(name=request.intent.value)
    if request.intent in (Intent.QUIZ, Intent.FLASHCARDS):
        count = request.slots.get("count")
        return Command(name=request.intent.value, args=[str(count)] if count else [])
    if request.intent is Intent.SPLIT and "text" in request.slots:
        return Command(name="split", text=str(request.slots["text"]))
    return None


async def save(cmd: Command, ctx: CallbackContext) -> Action:
    # Code read a pasted post: it is the author's text, and it replaces the post.
    return Call("content_write", {"markdown": cmd.text, "replace_post": True})


async def sources(cmd: Command, ctx: CallbackContext) -> Action:
    return Call("read_source", {})


HANDLERS: dict[str, Handler] = {
    "save": save,
    "split": split,
    "quiz": _artifact_handler("quiz"),
    "flashcards": _artifact_handler("flashcards"),
    "mindmap": _artifact_handler("mindmap"),
    "edit": edit,
    "undo": undo,
    "versions": versions,
    "check": check,
    "sources": sources,
}

# --- every plain message ---------------------------------------------------------------------

async def _action(request: Interpretation, ctx: CallbackContext, profile: ModelProfile,
                  post: tuple[int, str] | None) -> Action | None:
    """What the app does for one request; None: the model's turn."""
    intent, slots = request.intent, request.slots
    if intent is Intent.UNCLEAR:
        # A capable model may make sense of it; a small one would only babble or invent
        # tool arguments, so it gets the closest things the app can do. A message too long
        # to read as requests is code's to refuse, whatever the model (issue 25 class 4), and
        # so is a request for something the app has no tool for ("email it to my sister").
        if profile.holds_conversation and "read_limit" not in slots and "cannot" not in slots:
            return None
        return Reply(str(request.question))
    if intent is Intent.NEW_POST:
        # A capable model writes it (content_write knows the author asked); a small one
        # writes nothing worth keeping, and its refused attempts only cost the author time.
        return Reply(NEW_POST_BEYOND) if profile.small else None
    if intent is Intent.HELP:
        return Reply("\n".join([_INTRO, help_text(list(BLOGGER_COMMANDS))]))
    if intent is Intent.SAVE_POST:
        if "text" not in slots:  # handed over nothing visible (issue 25 #6)
            return Reply(str(request.question))
        return Call("content_write", {"markdown": slots["text"], "replace_post": True})
    if intent is Intent.EDIT:
        if post is None:
            return Reply(NO_POST)
        return _edit_action(request, post[0])
    if intent is Intent.REVERT:
        if "before" in slots:  # "the version before the heading change": found by its change
            if post is None:
                return Reply(NO_POST)
            version = version_before(await post_store().versions(ctx), str(slots["before"]))
            if version is None:
                said = str(slots["before"])
                return Reply(NO_SUCH_CHANGE.format(change=_CHANGE_WORDS.get(
                    said, f"changed the {said}")))
            return Call("revert_to_version", {"version": version})
        listed = await post_store().versions(ctx) if post is not None else []
        version, note = counted_from_one(int(slots["version"]), max(
            (int(v["version"]) for v in listed), default=None), far=bool(slots.get("furthest")))
        call = Call("revert_to_version", {"version": version})
        return (Steps((Reply(note), call)) if version is not None else Reply(note)) if note \
            else call
    if intent is Intent.SPLIT:
        earlier = ctx.state.get(keys.OUTLINE)
        if not slots and post is not None and isinstance(earlier, str) and earlier.strip():
            # "split it again", "sort my post by that outline": the outline given before.
            return Transfer(SPLITTER, state={keys.RAW_DRAFT: post[1], keys.OUTLINE: earlier})
        options = {k: str(v) for k, v in slots.items() if k in ("draft", "outline")}
        if not options and not str(slots.get("text", "")).strip():
            return Reply(SPLIT_NEEDS_OUTLINE)  # asked in words: answered in words
        return await split(Command(name="split", text=str(slots.get("text", "")),
                                   options=options), ctx)
    if intent is Intent.CHECK:
        return await check(Command(name="check", text=str(slots.get("goal", ""))), ctx)
    if intent is Intent.INGEST_SOURCE:
        return Call("source_ingest", {k: str(v) for k, v in slots.items() if k in ("text", "path")})
    count = slots.get("count")
    command = Command(name=intent.value, args=[str(count)] if count else [])
    return await HANDLERS[intent.value](command, ctx)


def _cannot_place(request: Interpretation) -> bool:
    """A request the reader could not read, that is not one for what the app cannot do."""
    return (request.intent is Intent.UNCLEAR and "cannot" not in request.slots
            and "read_limit" not in request.slots)


async def _unplaced(message: str, post: tuple[int, str] | None) -> Reply | None:
    """Code's question for a change asked of a thing the post names (`blogger.unplaced`)."""
    if post is None:
        return None
    asked = await asyncio.to_thread(ask_where, message, post[1])
    return Reply(asked) if asked is not None else None


def build_understanding(profile: ModelProfile, chooser: Chooser | None = None) -> Understand:
    """The router's reader: the session's post and memory, read by `blogger.reading`;
    where code hesitates between places, `chooser` (a capable model) may pick one."""

    async def understand(message: str, ctx: CallbackContext) -> Action | None:
        if (known := await answer_about_post(message, ctx)) is not None:
            return Reply(known)  # "did you save that?": from the store and the last turns
        post = await _post_text(ctx)
        memory = Memory.load(ctx.state.get(MEMORY_KEY))
        try:
            read = await asyncio.to_thread(read_message, message,  # CPU work: off the loop
                                           post=post[1] if post else None, memory=memory)
            reading: Reading = await asyncio.to_thread(second_look, message, read.reading,
                                                       post[1] if post else None)
        except Exception:  # a reader bug must not take the turn down: the model answers
            log.exception("reading the message failed; leaving it to the model")
            return None
        sure = load_settings().agents.chat.min_confidence_to_act
        if profile.holds_conversation and any(
                r.question is None and r.confidence < sure for r in reading.requests):
            # A capable model takes what code is not sure of, with code's readings as
            # context; the argument guard still holds its tool calls to the author's words.
            return ModelTurn(reading)
        if chooser is not None and any(r.candidates and r.question for r in reading.requests):
            reading = Reading(requests=tuple([
                await chooser(message, r, ctx) if r.candidates and r.question else r
                for r in reading.requests]))
        ctx.state[MEMORY_KEY] = Memory.after(reading, memory).model_dump(mode="json")
        if not reading.is_request:
            # Open conversation is a capable model's; a small one answers in words only,
            # but a question about the post is answered by code, in the post's own words.
            if profile.holds_conversation:
                return None
            quoted = (None if post is None else
                      await asyncio.to_thread(sentence_asked, message, post[1]))
            if quoted is None:
                return await _unplaced(message, post) or Prose()
            # what "cut that sentence" or "bin it" means next
            ctx.state[MEMORY_KEY] = Memory.after(reading, memory).model_copy(
                update={"discussed": quoted}).model_dump(mode="json")
            return Reply(quoting(quoted))
        if (not profile.holds_conversation and all(map(_cannot_place, reading.requests))
                and (asked := await _unplaced(message, post)) is not None):
            # A change of a thing the post names, with nothing code can write or place:
            # one question in the post's words, not the list of what the app can do.
            return asked
        actions = [await _action(r, ctx, profile, post) for r in reading.requests]
        if len(actions) == 1:
            return actions[0]
        # A request only the split loop or the model can answer takes the whole turn, so
        # nothing is done twice or half done.
        transfers = [a for a in actions if isinstance(a, Transfer)]
        if transfers:
            return transfers[0]
        steps = [s for a in actions for s in (a.actions if isinstance(a, Steps) else (a,))]
        done = [s for s in steps if isinstance(s, (Call, Reply))]
        return Steps(tuple(done)) if len(done) == len(steps) else None

    return understand


def build_blogger_router(model: str | BaseLlm | None = None) -> CommandRouter:
    """The router the blogger's coordinator runs as its `before_model_callback`."""
    profile = model_profile(model if model is not None else "local:smollm2")
    chooser = (build_chooser(model) if model is not None and profile.holds_conversation
               else None)
    return CommandRouter(BLOGGER_COMMANDS, HANDLERS, formatters=FORMATTERS,
                         intents=blogger_intents,
                         understand=build_understanding(profile, chooser), intro=_INTRO,
                         courtesies=COURTESIES)
