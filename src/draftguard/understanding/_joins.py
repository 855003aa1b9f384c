"""Where a value said for one request ends because the next request begins: at words that
join a request of its own ("also", "and can", "and could you", "plus") before an action
verb said to the reader or a part of the post made a subject anew ("the title should be Dice
Night also please delete ...", "I want the title Dice and Pals and can the tags be a, b");
after a field's colon ("title: X"), at such words or at a semicolon ("title: X; cut Y")."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from draftguard.language import Lexicon

__all__ = ["joined_anew"]

#: The fields a colon may give the value of ("title: X", "tags: a, b").
_FIELDS = ("part.title", "part.meta", "part.tags")
#: Words that join a request of its own to the one before, by themselves.
_JOINING = ("discourse.also",)
#: Words between the join and the request's word that say nothing of their own.
_BETWEEN = ("discourse.polite", "discourse.ask", "discourse.filler")


def _concept(token: Token, lexicon: Lexicon) -> str:
    return lexicon.concept(token.lemma_) or lexicon.concept(token.lower_) or ""


def _opens_request(token: Token, lexicon: Lexicon, action: str) -> bool:
    """Whether `token` is what a request opens on: an action verb said as an imperative or
    after a modal ("delete", "could you change"), or a part of the post as the subject of
    a verb after it ("can the tags be")."""
    concept = _concept(token, lexicon)
    if concept.startswith(action):
        return token.pos_ in ("VERB", "AUX") and (token.tag_ == "VB" or (
            token.tag_ == "VBP" and not any(c.dep_ == "nsubj" for c in token.children)))
    return concept.startswith("part.") and token.dep_ in ("nsubj", "nsubjpass") and \
        token.head.i > token.i


def _join_before(token: Token, lexicon: Lexicon) -> int | None:
    """The index where the joining words before `token` begin, when they join a request
    of its own: "also", or "and" then an asking word ("and can", "and would you")."""
    doc, at = token.doc, token.i - 1
    run: list[Token] = []
    while at > 0 and (doc[at].is_punct or doc[at].pos_ in ("DET", "CCONJ") or
                                     _concept(doc[at], lexicon).startswith(
                                         (*_JOINING, *_BETWEEN))):
        if doc[at].text != doc[at].lower_:
            return None  # "Yes and Can Do": words of a title
        run.insert(0, doc[at])
        at -= 1
    if not run or doc[at].is_punct or not any(
            t.pos_ in ("VERB", "AUX") or t.text == ":" for t in doc[:at + 1]):
        return None  # ("tags also, add 'dice'": a part named first, the request's own)
    said = [t.lower_ for t in run]
    joins = any(_concept(t, lexicon) in _JOINING for t in run) or any(
        a == "and" and _concept(run[n + 1], lexicon) == "discourse.ask"
        for n, a in enumerate(said[:-1]))
    return run[0].i if joins else None


def joined_anew(doc: Doc, lexicon: Lexicon, action: str, colon: int) -> set[int]:
    """Token indexes where a request joined to the one before begins; after `colon` only
    when it gives a field's value ("title: X, also ..."), where a semicolon cuts too."""
    fields = [t.i for t in doc if t.text == ":" and t.i >= colon and t.i > 0 and
              _concept(doc[t.i - 1], lexicon) in _FIELDS]  # ("3 things: (a) title: X ...")
    cuts: set[int] = set()
    for token in doc:
        if token.i > colon and not any(f < token.i for f in fields):
            continue
        if token.text == ";" and token.i > colon and token.i + 1 < len(doc):  # after a field
            cuts.add(token.i + 1)
        elif _opens_request(token, lexicon, action):
            start = _join_before(token, lexicon)
            if start is not None:
                cuts.add(start)
    return cuts
