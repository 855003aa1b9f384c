"""Verbs the lexicon lacks (slang, rare words: "nix the sulk line", "jettison the bit about
X"): read by meaning, never by a list of them.

A rare word (below `RARE_VERB_ZIPF`) the lexicon does not hold, nor reads as a typo, that
heads a clause said to the reader with an object, is compared by similarity with the words
of each action (`Lexicon.by_meaning`, with its named score and margin). One action clearly
best: the message is read as if the author had used that action's word. Otherwise the reader
asks which of the two closest actions was meant, in the author's words, and does nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.language import Lexicon, word_frequency
from draftguard.understanding._frames import Clause

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["RARE_VERB_ZIPF", "ActionGuess", "guess_action", "rare_verb", "respelt"]

#: A verb at least this common in English (Zipf; "adore" is 3.7, "nix" 0) is a word the
#: author chose (a judgement, a wish), never read as an action it is merely like.
RARE_VERB_ZIPF = 3.5
_ACTION = "action."
_SUBJECTS = ("nsubj", "nsubjpass", "expl")


class ActionGuess:
    """A rare verb and what its meaning says: the action (None when no action is clearly
    best) and the actions ranked best first."""

    def __init__(self, verb: Token, action: str | None, ranked: list[str]) -> None:
        self.verb = verb
        self.action = action
        self.ranked = ranked


def rare_verb(doc: Doc, lexicon: Lexicon) -> Token | None:
    """The clause-heading verb of `doc` the lexicon does not know, rare in English, with an
    object, asked of the reader ("nix the flask line", "could you jettison it"), else None."""
    for token in doc:
        low = token.lower_
        if token.dep_ != "ROOT" or not token.is_alpha or token.pos_ not in (
                "VERB", "PROPN", "NOUN") or lexicon.concept(token.lemma_) is not None or \
                lexicon.concept(low) is not None or lexicon.correct(low) is not None or \
                word_frequency(low) >= RARE_VERB_ZIPF:
            continue
        if not any(c.pos_ in ("NOUN", "PRON", "PROPN") and c.i > token.i and
                   c.dep_ not in _SUBJECTS for c in token.children):  # its object
            continue
        if Clause(list(doc), [], head=token).said_to_reader():
            return token
    return None


def guess_action(doc: Doc, lexicon: Lexicon) -> ActionGuess | None:
    """The rare verb of `doc` and the action it is read as, else None (no such verb)."""
    verb = rare_verb(doc, lexicon)
    if verb is None:
        return None
    action, ranked = lexicon.by_meaning(verb.lower_, _ACTION)
    return ActionGuess(verb, action, ranked)


def respelt(text: str, verb: Token, action: str, lexicon: Lexicon) -> str:
    """`text` (the parsed text) with `verb` written as `action`'s own word."""
    word = lexicon.words_for(action)[0]
    return text[:verb.idx] + word + text[verb.idx + len(verb.text):]
