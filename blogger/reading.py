"""The blogger's reader: a message about one post, read as typed requests by code.

`BloggerReader().read(message, post=..., memory=...)` masks the quotations, spells the
lexicon's words right, parses the request part with the language layer, cuts it into
clauses on the parse, and reads each clause by its verb, its objects and the lexicon
(`lexicon.toml`); what the lexicon misses is read by similarity to example requests
(`intents.EXEMPLARS`). It never applies anything: it returns the `Reading` and the `Memory`
the caller keeps for the next message (the question asked and its candidates, the last
intent). Below `min_confidence` it asks one question instead of acting.
"""

from __future__ import annotations

from typing import Any

from blogger.beyond import cannot_do
from blogger.intents import BLOGGER_COMMANDS, EXEMPLARS, SAID, unclear
from blogger.reading_clauses import ClauseReader
from blogger.reading_complaints import unless_complained
from blogger.reading_content import read_content
from blogger.reading_corrections import corrected
from blogger.reading_dictation import undictated
from blogger.reading_edits import _carry
from blogger.reading_facts import stated_change
from blogger.reading_fields import cleared_field
from blogger.reading_lists import unnumbered, with_unread_items
from blogger.reading_order import object_first, without_comment
from blogger.reading_picks import picked
from blogger.reading_spelling import spelling_fix
from blogger.reading_tags import in_turn
from blogger.reading_turn import REQUESTED, Turn, blogger_lexicon, view_of
from blogger.reading_unknown import (
    in_words,
    outside_request,
    thanked,
    unknown_request,
    unless_unknown,
)
from blogger.reading_verbs import guess_action, respelt
from draftguard.commands import parse_command
from draftguard.edits._plan import ReplaceOp
from draftguard.errors import CommandError
from draftguard.language import ExemplarIndex, parse
from draftguard.text import number_value
from draftguard.understanding._asking import (
    DEFAULT_MIN_CONFIDENCE,
    ask,
    choose_between,
    pick_index,
)
from draftguard.understanding._edit_words import parse_edit_request
from draftguard.understanding._frames import Clause, clauses, correct_typos
from draftguard.understanding._placing import edit_request, op_slots, place_phrase
from draftguard.understanding._quotes import PLACEHOLDER, mask_quotes
from draftguard.understanding._types import Intent, Interpretation, Memory, Read, Reading

__all__ = ["BloggerReader", "read_message", "split_by_confidence"]

#: The longest request part parsed; a longer message is content (a post, notes).
MAX_REQUEST_CHARS = 1_000
#: The cosine a message must reach with an intent's example to be read as that intent.
DEFAULT_EXEMPLAR_SCORE = 0.62
#: How far ahead of the next intent the best must be.
DEFAULT_EXEMPLAR_MARGIN = 0.06
#: Below `DEFAULT_EXEMPLAR_SCORE`, the cosine at which an intent clearly ahead of small talk
#: is asked about ("Do you want me to undo the last change?") rather than dropped.
DEFAULT_EXEMPLAR_ASK_SCORE = 0.4

_INDEX: list[ExemplarIndex] = []


def _exemplars() -> ExemplarIndex:
    if not _INDEX:
        _INDEX.append(ExemplarIndex(EXEMPLARS))
    return _INDEX[0]


class BloggerReader:
    """Reads blogger messages; holds only its settings (the lexicon is shared)."""

    def __init__(self, *, min_confidence: float = DEFAULT_MIN_CONFIDENCE,
                 exemplar_score: float = DEFAULT_EXEMPLAR_SCORE,
                 exemplar_margin: float = DEFAULT_EXEMPLAR_MARGIN,
                 exemplar_ask_score: float = DEFAULT_EXEMPLAR_ASK_SCORE) -> None:
        self.min_confidence = min_confidence
        self.exemplar_score = exemplar_score
        self.exemplar_margin = exemplar_margin
        self.exemplar_ask_score = exemplar_ask_score

    def read(self, message: str, *, post: str | None = None,
             memory: Memory | dict[str, Any] | None = None) -> Read:
        """The requests in `message` about `post`, and the memory for the next message."""
        last = Memory.load(memory)
        reading = with_unread_items(self._read(message.strip(), post, last), message.strip(),
                                    lambda item: self._read(item, post, last))  # "1) X 2) Y"
        return Read(reading=reading, memory=Memory.after(reading, last))

    def _read(self, text: str, post: str | None, memory: Memory) -> Reading:
        if not text:
            return Reading()
        if text.startswith("/"):
            command = self._slash(text, post, memory)
            if command is not None:
                return Reading(requests=(command,))
        substitution = _substitution(text, post) or cleared_field(text)  # "s/a/b/", "-tags"
        if substitution is not None:
            return Reading(requests=(substitution,))
        content = read_content(text, blogger_lexicon())
        if content is not None:
            return Reading(requests=tuple(self._with_content(text, content, memory)))
        request = unnumbered(undictated(_request_part(text), blogger_lexicon()))  # "1) a 2) b"
        if len(request) > MAX_REQUEST_CHARS:
            return Reading(requests=(_too_long(len(request)),))
        turn = self._turn(request, post, memory)
        respelt = turn.masked.restore(turn.masked.text)  # "waht versons": "what versions"
        said, fixed = turn, corrected(turn)
        if fixed is not None:  # "make 6 cards — actually no, 8": read as corrected
            if not fixed:
                return Reading()  # "cut X, no wait, forget that"
            turn = self._turn(fixed, post, memory)
        reordered = object_first(turn) or without_comment(turn)
        if reordered is not None:  # "Description you update to: X"
            turn = self._turn(reordered, post, memory)
        turn.message = text
        follow = self._follow_up(turn) or spelling_fix(turn)  # "'seperate' is misspelt"
        if follow is not None:
            return Reading(requests=(follow,))
        found = clauses(turn.doc, turn.lexicon, requests=REQUESTED)
        if _only_discourse(turn, found):
            return Reading()  # "thanks!", "lol ok", "cool": nothing to compare with examples
        requests = ClauseReader(turn).read_all(found)
        unframed = _unframed(said, turn, found, requests)
        if unframed is not None:
            return Reading(requests=(unframed,))
        if requests is None:
            which = self._which_action(turn, post, memory)
            if which is not None:  # "zap the sock line": like two actions, asked
                return Reading(requests=(which,))
            by_example = self._by_example(respelt)
            verb = unknown_request(turn, found)
            if verb is not None and all(r.question is not None for r in by_example.requests):
                # "email it to my sister": said, rather than a guess asked about
                return Reading(requests=(cannot_do(verb),))
            return unless_complained(by_example, turn, found)  # "the middle section drags"
        verb = unknown_request(turn, found) if not requests else None
        if verb is not None:  # "could you ring Trevor and tell him it's up?"
            return Reading(requests=(cannot_do(verb),))
        readable = [r for r in requests if r.intent is not Intent.UNCLEAR]
        if readable:
            requests = readable
        elif len(requests) > 1:
            merged = sorted({c for r in requests for c in r.slots["closest"]})
            requests = [unclear([Intent(c) for c in merged])]
        return unless_complained(Reading(requests=tuple(unless_unknown(turn, [
            _in_headings(turn, r) for r in in_turn(requests, post)]))), turn, found)

    def _with_content(self, text: str, content: Interpretation,
                      memory: Memory) -> list[Interpretation]:
        """The content handed over and what else the lead-in of a pasted post asks
        ("here's my post, save it and give me a 3-question quiz on it:"), read against
        the post it hands over; a lead-in word nobody knows is asked about."""
        lead = text.partition("\n")[0].partition(":")[0]
        if content.intent is not Intent.SAVE_POST or "text" not in content.slots:
            turn = self._turn(lead, None, memory)
            return unless_unknown(turn, [content])
        turn = self._turn(lead, str(content.slots["text"]), memory)
        found = ClauseReader(turn).read_all(
            clauses(turn.doc, turn.lexicon, requests=REQUESTED)) or []
        # "scrap that, here's one I wrote:": the post handed over replaces what was asked
        # before; going back a version beside saving one is no request
        return unless_unknown(turn, [content, *(
            r for r in found if r.intent not in (Intent.UNCLEAR, Intent.EDIT,
                                                 Intent.SAVE_POST, Intent.NEW_POST,
                                                 Intent.UNDO, Intent.REVERT)
            and r.question is None)])

    def _turn(self, text: str, post: str | None, memory: Memory) -> Turn:
        masked = mask_quotes(text)
        lexicon = blogger_lexicon()
        view = view_of(post) if post is not None else None
        fixed = correct_typos(masked.text, lexicon, skip_prefix=PLACEHOLDER,
                              keep=view.words if view is not None else ())
        if fixed != masked.text:
            masked = mask_quotes(masked.restore(fixed))
        doc = parse(masked.text, entities=False)
        guess = guess_action(doc, lexicon)
        if guess is not None and guess.action is not None:  # "nix the flask line"
            masked = mask_quotes(masked.restore(respelt(masked.text, guess.verb, guess.action,
                                                        lexicon)))
            doc = parse(masked.text, entities=False)
        return Turn(masked, doc, view, memory, lexicon, message=text)

    def _which_action(self, turn: Turn, post: str | None,
                      memory: Memory) -> Interpretation | None:
        """For a rare verb whose meaning is like no one action clearly: one question naming
        the two closest readings (the message read with each action's word), else None."""
        guess = guess_action(turn.doc, turn.lexicon)
        if guess is None or guess.action is not None:
            return None
        readings: list[tuple[str, Interpretation]] = []
        for action in guess.ranked[:2]:
            said = respelt(turn.masked.text, guess.verb, action, turn.lexicon)
            got = self._read(turn.masked.restore(said), post, memory).requests
            if len(got) == 1 and got[0].question is None and \
                    got[0].intent is not Intent.UNCLEAR:
                readings.append((in_words(got[0]) or SAID.get(got[0].intent, ""), got[0]))
            if len(readings) == 2:
                return choose_between(*readings, confidence=0.0)
        return ask(f"I don't know the word “{guess.verb.text}”, so I haven't done anything "
                   "yet. Could you say it another way?", intent=Intent.UNCLEAR,
                   slots={"closest": []})

    def _by_example(self, text: str) -> Reading:
        """A message the lexicon finds no request in: the intent it is most like, when one
        is near and clear; two close ones are one question; else not a request."""
        ranked = _exemplars().rank(text)
        best = ranked[0]
        if best.label == "chat":
            return Reading()
        if best.score < self.exemplar_score:
            chat = next(r.score for r in ranked if r.label == "chat")
            if best.score < self.exemplar_ask_score or best.score - chat < self.exemplar_margin:
                return Reading()
            # near an intent, clearly not small talk, but not sure: asked, never acted on;
            # one that only shows something (help, the versions) changes nothing, so it is
            # shown rather than asked about ("what are you able to help me with?")
            maybe = Interpretation(intent=Intent(best.label), confidence=_unit(best.score))
            if maybe.intent in _SHOWING and best.score - ranked[1].score >= \
                    self.exemplar_margin:
                return Reading(requests=(maybe,))
            return Reading(requests=(ask(
                f"Do you want me to {SAID.get(maybe.intent, best.label)}? Say yes (or "
                "\u201cthe first\u201d) if so.", (maybe,), intent=maybe.intent),))
        second = ranked[1]
        request = Interpretation(intent=Intent(best.label), confidence=_unit(best.score))
        if best.score - second.score >= self.exemplar_margin and (
                best.score >= self.min_confidence or request.intent in _SHOWING):
            return Reading(requests=(request,))  # what only shows is safe to show
        if second.label == "chat":
            return Reading()
        other = Interpretation(intent=Intent(second.label), confidence=_unit(second.score))
        return Reading(requests=(choose_between(
            (SAID.get(request.intent, best.label), request),
            (SAID.get(other.intent, second.label), other), confidence=_unit(best.score)),))

    def _follow_up(self, turn: Turn) -> Interpretation | None:
        """An answer to the question asked last, or a new count for the artifact just made."""
        words = [t.text for t in turn.doc if not t.is_punct]
        if turn.memory.candidates:
            index = pick_index(words, len(turn.memory.candidates))
            if index is not None:
                try:
                    return Interpretation.model_validate(turn.memory.candidates[index])
                except ValueError:
                    return None  # a memory that no longer reads: start afresh
            chosen = picked(turn)  # "the one w the suitcase", "both of them"
            if chosen is not None:
                return chosen
        if turn.memory.intent in ("quiz", "flashcards"):
            counts = [t for t in turn.doc if t.like_num or number_value(t.lower_) is not None]
            # the number is the artifact's new size only when nothing else in the message
            # names what it numbers: "back one" steps back, "version one" is a version
            others = [t for t in turn.doc if not t.like_num and not _sizes(turn.concept(t))]
            if len(counts) == 1 and not others and len(words) <= 6:
                n = number_value(counts[0].lower_)
                if n is not None:
                    return Interpretation(intent=Intent(turn.memory.intent), slots={"count": n})
        return None

    def _slash(self, text: str, post: str | None, memory: Memory) -> Interpretation | None:
        specs = {s.name: s for s in BLOGGER_COMMANDS}
        try:
            cmd = parse_command(text, specs)
        except CommandError as err:
            return ask(f"{err}. Type /help for the commands.", intent=Intent.UNCLEAR,
                       slots={"closest": []})
        if cmd is None:
            return None
        if cmd.name in ("quiz", "flashcards"):
            slots: dict[str, Any] = {}
            if cmd.args:
                n = number_value(cmd.args[0])
                if n is None:
                    return ask(f"/{cmd.name} takes a number, not {cmd.args[0]!r}.",
                               intent=Intent.UNCLEAR, slots={"closest": [cmd.name]})
                slots["count"] = n
            return Interpretation(intent=Intent(cmd.name), slots=slots)
        if cmd.name == "split":
            below = text.partition("\n")[2]
            slots = {"text": text} if below.strip() else {}
            slots.update(cmd.options)
            return Interpretation(intent=Intent.SPLIT, slots=slots)
        if cmd.name == "edit":
            strict = _strict_edit(cmd.text, post)
            if strict is not None:
                return strict
            turn = self._turn(cmd.text, post, memory)
            found = ClauseReader(turn).read_all(clauses(turn.doc, turn.lexicon, requests=REQUESTED))
            edits = [r for r in found or [] if r.intent is Intent.EDIT]
            return edits[0] if len(edits) == 1 else unclear([Intent.EDIT])
        if cmd.name == "check":
            return Interpretation(intent=Intent.CHECK,
                                  slots={"goal": cmd.text.strip()} if cmd.text.strip() else {})
        return Interpretation(intent=Intent(cmd.name))


def _strict_edit(text: str, post: str | None) -> Interpretation | None:
    """`/edit replace "X" with "Y" [in SECTION]; delete "Z"`: the command's own grammar
    (escapes and several ops in one plan), when every anchor stands once in the post."""
    try:
        request = parse_edit_request(text)
    except (CommandError, ValueError):
        return None
    ops = [op_slots(op) for op in request.ops]
    if post is not None:
        view = view_of(post)
        if request.scope is not None and view.region(request.scope) is None:
            return None  # not a section the patcher knows: the reader locates it
        if request.scope is None and any(len(view.occurrences(op["anchor"])) > 1
                                         for op in ops):
            return None  # an anchor standing twice: the reader asks which
    return edit_request(ops, scope=request.scope)


def _substitution(text: str, post: str | None) -> Interpretation | None:
    """`s/old/new/` (`g` at the end: every place), the substitution marker of editors: the
    post's words `old` replaced with `new`, where they stand once (or everywhere)."""
    if not text.startswith("s/") or "\n" in text:
        return None
    parts = text[2:].split("/")
    if len(parts) != 3 or parts[2] not in ("", "g") or not parts[0].strip():
        return None
    old, new = parts[0], parts[1]
    if post is None:
        return edit_request([op_slots(ReplaceOp(anchor=old, text=new))])
    return place_phrase(view_of(post), old, lambda a: [op_slots(ReplaceOp(
        anchor=a, text=_carry(a, old, new)))], everywhere=parts[2] == "g")


def _in_headings(turn: Turn, request: Interpretation) -> Interpretation:
    """An edit whose words stand only in a heading changes the heading: allowed when the
    author said so (named a heading or the title, or quoted the whole heading: "The heading
    'Day two' I would like to have as 'The second day'"), else asked about first."""
    ops = request.slots.get("ops")
    view = turn.view
    if request.intent is not Intent.EDIT or request.question is not None or view is None or \
            request.slots.get("allow_heading_changes") or not isinstance(ops, list):
        return request
    spans = [span for _, span in view.headings]
    inside: list[tuple[str, str]] = []
    for op in ops:
        found = view.occurrences(str(op.get("anchor", "")))
        if op.get("type") == "insert" or not found:
            continue
        holding = [next((t for t, h in view.headings if h.start <= f.start and f.end <= h.end),
                        None) for f in found]
        if any(h is None for h in holding):
            return request  # words of the body too: the patcher says which it changes
        inside.append((str(op["anchor"]), str(holding[0])))
    if not inside or not spans:
        return request
    allowed = request.model_copy(update={"slots": {**request.slots,
                                                   "allow_heading_changes": True}})
    named = any(turn.is_(t, "part.heading") or turn.is_(t, "part.title") for t in turn.doc)
    if named or all(a.strip().casefold() == h.strip().casefold() for a, h in inside):
        return allowed
    anchor, heading = inside[0]
    return ask(f"“{anchor}” stands in the heading “{heading}”. Do you want me to change the "
               "heading? Say yes if so.", (allowed,))


def _unframed(said: Turn, turn: Turn, found: list[Clause],
              requests: list[Interpretation] | None) -> Interpretation | None:
    """What a message no frame reads as a request asks: something of the world outside
    the post ("can u email the post to my aunt": no tool does it), or a number of the post
    corrected (`said`, as typed: "the spring winder was 42 pounds no 38"); else None."""
    if any(r.intent is not Intent.UNCLEAR for r in requests or []):
        return None
    outside = outside_request(turn, found)
    return cannot_do(outside) if outside is not None else stated_change(said)


def _too_long(length: int) -> Interpretation:
    """A first paragraph too long to read as requests: said, never guessed at (a message of
    hundreds of requests gets this, not hundreds of actions)."""
    return Interpretation(intent=Intent.UNCLEAR, confidence=0.0,
                          slots={"closest": [], "read_limit": MAX_REQUEST_CHARS},
                          question=(
        f"That is more than I read as requests at once ({length:,} characters before a "
        f"blank line; I read up to {MAX_REQUEST_CHARS:,}), so nothing was done. If it is "
        "your post, put “here is my post:” on the line above it; otherwise send a few "
        "requests at a time."))


def _only_discourse(turn: Turn, found: list[Clause]) -> bool:
    """Whether every word of the message is politeness, a filler or a greeting the
    lexicon knows (its `discourse` words), so it asks for nothing."""
    words = [t for t in turn.doc if not t.is_punct and not t.is_space and any(
        c.isalnum() for c in t.text)]  # "v1 pls": "v1" is a word too
    if not words or any(turn.quote(t) for t in turn.doc):
        return False
    covered = {i for c in found for term in c.terms if term.concept.startswith("discourse.")
               and term.concept != "discourse.retract" for i in range(term.start, term.end)}
    return all(t.i in covered for t in words) or thanked(turn, covered)


#: What may stand beside a new count for the artifact just made ("make it 8", "actually
#: 12 questions", "do 6 instead pls").
_BESIDE_A_COUNT = ("action.create", "artifact.unit", "relation.be", "relation.instead",
                   "relation.new", "number.")


#: What only shows something and changes nothing: safe to do when it is the likeliest reading.
_SHOWING = (Intent.HELP, Intent.VERSIONS, Intent.SOURCES)


def _sizes(concept: str | None) -> bool:
    """Whether a word of `concept` may stand beside a new count for the last artifact."""
    return concept is None or concept.startswith(("discourse.", *_BESIDE_A_COUNT))


def _unit(score: float) -> float:
    """A cosine as a confidence (float error can put it a hair over 1)."""
    return min(1.0, max(0.0, score))


def _request_part(text: str) -> str:
    """The words of a message that may hold requests: the first paragraph."""
    head, _, _ = text.partition("\n\n")
    return head.strip()


_DEFAULT = BloggerReader()


def read_message(message: str, *, post: str | None = None,
                 memory: Memory | dict[str, Any] | None = None) -> Read:
    """`BloggerReader().read` with the default settings."""
    return _DEFAULT.read(message, post=post, memory=memory)


def split_by_confidence(
    reading: Reading, *, min_confidence: float = DEFAULT_MIN_CONFIDENCE
) -> tuple[tuple[Interpretation, ...], tuple[Interpretation, ...]]:
    """For a capable model: the requests code may act on by itself (no question, confidence
    at least `min_confidence`), and the rest, each with code's candidate readings (and its
    question), to hand to the model as context."""
    sure = tuple(r for r in reading.requests
                 if r.question is None and r.confidence >= min_confidence)
    return sure, tuple(r for r in reading.requests if r not in sure)
