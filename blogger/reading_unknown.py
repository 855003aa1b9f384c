"""Words of a request nobody knows: a reading that leaves one out is a guess, so it is asked
about, never acted on.

A word is known when the lexicon holds it (or it is a typo of one of its words), English
holds it (`Lexicon.knows`), the post holds it (or a word one edit from it: "speceis"), a
request carries it as its words ("swap basil for pasley" writes "pasley"), or it is a name
(capitalised inside a sentence), or it describes a part of the post the locator finds by
meaning ("the line where I whinge about X"), or it only opens or closes its sentence as a
greeting or a tag ("Howzit!", "yo can you swap ...", "..., yaar"), outside the request's
clause. Anything else ("make the quiz hadrer",
"blorf 'hum' with 'buzz'") means the reader does not know what part of the message asks,
so it asks.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from blogger.beyond import WAY_OUT
from blogger.intents import SAID
from blogger.reading_turn import Turn
from draftguard.understanding._asking import ask, snippet
from draftguard.understanding._frames import YOU, Clause
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["in_words", "outside_request", "thanked", "unknown_request", "unknown_words",
           "unless_unknown"]

#: Readings that only show something (nothing is made or changed): acting on them is safe.
_SHOWING = (Intent.VERSIONS, Intent.SOURCES, Intent.HELP)
#: How the parser hangs a word that only opens or closes a sentence ("yo", "ngl", "lekker").
_TAG_ROLES = frozenset({"npadvmod", "intj", "discourse", "dep", "vocative"})
#: Words shorter than this are never asked about ("u", "ur", "ok").
_MIN_LENGTH = 3


def unknown_words(turn: Turn, requests: Sequence[Interpretation], *,
                  verbs_only: bool = False) -> list[str]:
    """The words of `turn` nobody knows that none of `requests` carries, as typed (only
    those read as the verb of a clause, when `verbs_only`)."""
    # the words a request carries, and those the message itself quotes ("'skelpy' is my
    # word, skelpy stays"): the author's own words, whatever English makes of them
    carried = " ".join([*(json.dumps(r.slots, ensure_ascii=False) for r in requests),
                        *turn.masked.quotes]).casefold()
    out: list[str] = []
    for token in turn.doc:
        low = token.lower_
        if not token.is_alpha or len(low) < _MIN_LENGTH or turn.quote(token) or \
                low in carried or (token.text[:1].isupper() and not token.is_sent_start):
            continue
        if turn.view is not None and (low in turn.view.words or
                                      turn.view.respell(token.text) is not None):
            continue
        if _describes(turn, token) or _aside(token) or _exclaimed(turn, token) or \
                _judged(token) or _set_apart(turn, token) or _a_reason(turn, token):
            continue  # "the sentence where I whinge about X": found by meaning
        if verbs_only and token.pos_ != "VERB" and token.dep_ != "ROOT":
            continue
        if not turn.lexicon.knows(token.text, lemma=token.lemma_):
            out.append(token.text)
    return list(dict.fromkeys(out))


def _aside(token: Token) -> bool:
    """Whether `token` stands outside its sentence's request: the sentence's only word
    ("Howzit!"), or a word of its own at the sentence's first or last place, hung as a tag
    or set off by a comma ("yo can you ...", "ngl it needs ...", "..., yaar")."""
    words = [t for t in token.sent if not (t.is_punct or t.is_space)]
    if words == [token]:
        return True
    if token.n_lefts or token.n_rights or token not in (words[0], words[-1]):
        return False
    comma = (token.i + 1 < len(token.doc) and token.nbor(1).text == ",") if \
        token == words[0] else (token.i > 0 and token.nbor(-1).text == ",")
    return comma or (token.dep_ in _TAG_ROLES and token.dep_ != "dep")


#: Marks that set a part of a message apart ("och, ah'm a numpty, it was ...", "... (so
#: embarassed)", "... - my mistayk").
_APART = (",", ".", "!", "?", ";", "(", ")", "-", "–", "—")
#: Marks that open an aside of its own: what stands after them is said beside the request.
_ASIDE_OPENS = ("(", "-", "–", "—")


def _set_apart(turn: Turn, token: Token) -> bool:
    """Whether `token`, not a verb, stands in a part of the message set apart by commas or
    stops that names nothing the lexicon knows and quotes nothing, the request being
    elsewhere ("och, ah'm a numpty, it was the laundry. Put it back", "..., nooit I'm
    stopping"): an aside about the author, not a word of the request."""
    doc = turn.doc
    start = next((t.i + 1 for t in reversed(doc[:token.i]) if t.text in _APART), 0)
    if token.pos_ in ("VERB", "AUX") and not (
            start and doc[start - 1].text in _ASIDE_OPENS and not _asks(token)):
        return False  # a verb in brackets or after a dash is the aside's ("(embarrasing)")
    end = next((t.i for t in doc[token.i + 1:] if t.text in _APART), len(doc))
    part = [t for t in doc[start:end] if not t.is_punct]
    if start == 0 and end == len(doc):
        return False  # the whole message: nothing else asks
    return not any(turn.quote(t) is not None or (turn.concept(t) is not None and not (
        turn.is_(t, "discourse.") or turn.is_(t, "relation.be"))) for t in part)


def _a_reason(turn: Turn, token: Token) -> bool:
    """Whether `token` stands in a clause of its own opened by a subordinating word after
    every quotation ("change 'a' to 'b' because I checked the rulebook"): why, not what."""
    clause = next((a for a in [token, *token.ancestors] if a.dep_ == "advcl" and any(
        c.dep_ == "mark" for c in a.children)), None)
    if clause is None:
        return False
    mark = next(c for c in clause.children if c.dep_ == "mark")
    quoted = [t.i for t in turn.doc if turn.quote(t) is not None]
    return bool(quoted) and max(quoted) < mark.i and all(
        turn.quote(t) is None for t in clause.subtree)


def _asks(verb: Token) -> bool:
    """Whether `verb` is said as a request: it has an object and no subject ("- then blorf
    it"), where "(my teachr will be chuffed)" tells."""
    return any(c.dep_ in ("dobj", "dative") for c in verb.children) and not any(
        c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)


def _exclaimed(turn: Turn, token: Token) -> bool:
    """Whether `token` is an exclamation in a sentence of its own that asks nothing: every
    other word of it is politeness or a filler the lexicon knows ("Eish ok.", "slay ty")."""
    others = [t for t in token.sent if t.i != token.i and t.is_alpha]
    return bool(others) and all(turn.is_(t, "discourse.") for t in others)


def _judged(token: Token) -> bool:
    """Whether `token` only says what the author thinks of something ("..., it's a bit
    naff", "that line is kinda mid"): the complement of "be", or of a word under it, with a
    subject; a judgement asks for nothing."""
    for node in (token, *token.ancestors):
        if node.dep_ in ("acomp", "attr") and node.head.lemma_ == "be" and any(
                c.dep_ == "nsubj" for c in node.head.children):
            return True
    return False



def thanked(turn: Turn, covered: set[int]) -> bool:
    """Whether the message is thanks with one word of praise beside it ("slay ty", "legend,
    cheers"): one word the lexicon does not hold, the rest politeness, no quotation."""
    words = [t for t in turn.doc if t.is_alpha]
    rest = [t for t in words if t.i not in covered]
    return len(rest) == 1 and turn.concept(rest[0]) is None and any(
        turn.is_(t, "discourse.polite") for t in words) and not any(
        turn.quote(t) for t in turn.doc)


def _describes(turn: Turn, token: Token) -> bool:
    """Whether `token` is in words describing a part of the post ("the line where I moan
    about X", "the bit about X"), which the locator matches by meaning, word for word or
    not."""
    for node in (token, *token.ancestors):
        if node.dep_ in ("relcl", "acl") or (node.dep_ == "prep" and turn.is_(node.head,
                                                                             "part.")):
            return True
        if node.pos_ == "VERB" and any(c.dep_ == "nsubj" and turn.is_(c, "part.")
                                       for c in node.children):
            return True  # "after the line warning about X": the parser's subject is the part
    return False


def unless_unknown(turn: Turn, requests: list[Interpretation]) -> list[Interpretation]:
    """`requests`, or one question when they would act and the message holds a word nobody
    knows that none of them carries ("make the quiz hadrer": not a plain quiz)."""
    acting = [r for r in requests if r.question is None and r.intent not in _SHOWING]
    if not acting:
        return requests
    # Keeping a pasted post loses nothing (undo takes it back): only a verb nobody knows
    # may ask for something else ("splomp the post: ..."), not "gonnae keep it safe".
    words = unknown_words(turn, requests, verbs_only=all(
        r.intent is Intent.SAVE_POST for r in acting))
    if not words:
        return requests
    said = " or ".join(f"“{w}”" for w in words)
    first = f"I don't know the word {said}, so I haven't done anything yet."
    meant = in_words(acting[0]) if len(acting) == 1 else None
    if meant is None:
        return [ask(f"{first} Could you say it another way?", intent=acting[0].intent)]
    return [ask(f"{first} Do you want me to {meant}? Say yes if so.", (acting[0],),
                intent=acting[0].intent)]


def in_words(request: Interpretation) -> str | None:
    """What `request` would do, as the author would ask it, else None."""
    slots = request.slots
    count = slots.get("count")
    if request.intent in (Intent.QUIZ, Intent.FLASHCARDS) and isinstance(count, int):
        unit = "questions" if request.intent is Intent.QUIZ else "cards"
        return f"{SAID[request.intent]} of {count} {unit}"
    if request.intent is not Intent.EDIT:
        return SAID.get(request.intent)
    ops = slots.get("ops")
    if isinstance(ops, list) and len(ops) == 1 and isinstance(ops[0], dict):
        op = ops[0]
        anchor, text = snippet(str(op.get("anchor", ""))), snippet(str(op.get("text", "")))
        if op.get("type") == "replace":
            return f"change “{anchor}” to “{text}”"
        if op.get("type") == "delete":
            return f"delete “{anchor}”"
        if op.get("type") == "insert":
            return f"add “{text}” {op.get('position', 'after')} “{anchor}”"
    fields = slots.get("set_fields")
    if isinstance(fields, dict) and len(fields) == 1:
        name, value = next(iter(fields.items()))
        shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        return f"set the {name} to “{snippet(shown)}”"
    return None


def unknown_request(turn: Turn, found: list[Clause]) -> str | None:
    """A verb the lexicon does not know, said to the reader with an object and someone or
    somewhere it is for ("email it to my sister", "can you record me a video", "print it
    for me"): what was asked, else None ("love it!!", "thank you")."""
    for clause in found:
        for verb in clause.tokens:
            objects = [c for c in verb.children if c.dep_ == "dobj" and c.lower_ not in YOU]
            # "translate the post to Spanish": the place it goes may hang on the object;
            # "could you ring Trevor?": someone named, asked of "you" with "could"
            if verb.pos_ != "VERB" or verb.dep_ != "ROOT" or turn.concept(verb) is not None \
                    or not objects or not (any(c.dep_ in ("dative", "prep") for c in (
                        *verb.children, *objects[0].children)) or (
                        objects[0].pos_ in ("PROPN", "NOUN") and _asked_of_you(verb))):
                continue
            if any(turn.is_(o, "artifact.") for o in objects):
                continue  # "chuck us a 4 question quiz": the thing made asks by itself
            if any(turn.quote(t) is not None for t in clause.tokens):
                continue  # "chuck this after the bit about X: 'Y'": words for the post
            asked = Clause(clause.tokens, clause.terms, head=verb)
            if asked.said_to_reader() and not any(t.tag_ in ("WP", "WRB", "WDT")
                                                  for t in clause.tokens):
                # with its particle: "I can't look up anything", not "look anything"
                return " ".join([verb.lemma_.lower(), *(c.lower_ for c in verb.children
                                                         if c.dep_ == "prt")])
    return None


def outside_request(turn: Turn, found: list[Clause]) -> str | None:
    """A request of the world outside the post ("can u email the post to my aunt", "look
    up online when it opened", "google whether basil likes sun"): a clause said to the
    reader that names a way out of the app (the lexicon's `beyond` words); its verb as
    said ("look up"), else None."""
    for clause in found:
        if not clause.has(WAY_OUT) or (clause.head_concept or "").startswith("action."):
            continue  # "she phoned, can ye take that change back": the undo is asked
        for verb in clause.tokens:
            if not _asked_verb(turn, clause, verb):
                continue
            particle = [c.lower_ for c in verb.children if c.dep_ == "prt"]
            return " ".join([verb.lemma_.lower(), *particle])
    return None


def _asked_verb(turn: Turn, clause: Clause, verb: Token) -> bool:
    """Whether `verb` is a verb of `clause` asked of the reader, with no subject of its own
    but "you" ("can u email ...", not "ma auntie's just phoned")."""
    if (verb.pos_ != "VERB" and not (verb.dep_ == "ROOT" and verb.pos_ in ("PROPN", "NOUN"))) \
            or turn.is_(verb, "relation."):
        return False
    if any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ not in YOU and
           not turn.is_(c, "spoken.you") for c in verb.children):
        return False
    return Clause(clause.tokens, clause.terms, head=verb).said_to_reader()


def _asked_of_you(verb: Token) -> bool:
    """Whether `verb` is asked of the reader with a modal: "could you ring ...", "can you
    email ..."."""
    return any(c.dep_ == "nsubj" and c.lower_ in YOU for c in verb.children) and any(
        c.dep_ == "aux" and c.lower_ in ("can", "could", "would", "will") for c in
        verb.children)
