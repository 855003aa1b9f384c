"""Courtesies: a message that only thanks, greets, says goodbye or acknowledges.

Such a message asks for nothing, and on a small model it is better answered by a short line
of code's than by seconds of the model's babble. `courtesy` says which kind a message is, by
sentence-embedding similarity to examples of each kind and of messages that say more (an
opinion, a question, a request); every part of the message must be a courtesy, so "thanks! is
the ending too long though?" is not one. A miss returns None and the message goes on as it
would have.

Praise is thanks ("great job", "well done"). Slang and regional words of praise or parting
are many, and the encoder knows few of them: a short part it places near nothing (a courtesy
and the messages that say more both below `DEFAULT_UNKNOWN_SCORE`) and that asks nothing is
said in passing beside a courtesy, never one by itself: it neither makes nor breaks the
message, which is then the courtesy of its other parts. Such a part is read word by word too,
so a courtesy word inside it counts ("<praise> thx <pal>"). A message of such parts alone goes
on as before.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cache

from draftguard.language import ExemplarIndex

__all__ = ["Courtesy", "courtesy"]


class Courtesy(StrEnum):
    THANKS = "thanks"
    GREETING = "greeting"
    FAREWELL = "farewell"
    ACKNOWLEDGEMENT = "acknowledgement"


#: The label of the examples that say more than a courtesy.
_MORE = "more"

_EXAMPLES: dict[str, tuple[str, ...]] = {
    Courtesy.THANKS: ("thanks", "thank you very much", "cheers mate", "thanks a lot",
                      "many thanks for your help", "ta", "much appreciated",
                      "thank you so much, you helped me a lot", "you help me a lot", "thx",
                      "brilliant, thanks", "you're a star", "you've been very helpful",
                      # praise is thanks
                      "great job", "well done", "amazing work", "that's fantastic",
                      "excellent stuff", "you're the best", "good work", "you're a genius",
                      "awesome, thank you", "thank you kindly", "appreciate it, friend"),
    Courtesy.GREETING: ("hello", "hi there", "good morning", "hey", "hiya",
                        "good evening", "hello again"),
    Courtesy.FAREWELL: ("bye", "goodbye", "see you later", "good night", "that's all for now",
                        "I'm done for today", "talk to you tomorrow", "signing off",
                        "I'm heading off now", "that's everything from me", "see you soon",
                        "I'm finished for now", "off I go"),
    Courtesy.ACKNOWLEDGEMENT: ("ok", "okay cool", "great", "nice one", "got it",
                               "sounds good", "perfect", "that works", "is good now", "lovely",
                               "fair enough", "all good", "all sorted", "cool", "fine", "nice"),
    _MORE: ("is the ending too long", "what do you think of the intro", "I love baking bread",
            "tell me about composting", "why does bread need yeast", "change the title",
            "the paragraph about the garden is boring", "I'm not sure about the ending yet",
            "how many words is it", "find me a restaurant for four", "make a quiz",
            "can you help me", "what can you do", "my sister read it last night",
            "undo that", "no, the other one", "yes please do it", "add a line at the end",
            "I was thinking about the title", "what time is it", "the second one",
            "that's wrong", "I don't like it", "how are you today", "it is raining here"),
}

#: Longer messages say more than a courtesy, whatever they are near.
DEFAULT_MAX_WORDS = 12
#: The cosine a part must reach with a courtesy's nearest example, and its lead over the
#: nearest example that says more (the kinds of courtesy may be close to each other: "that's
#: brilliant" thanks and acknowledges at once).
DEFAULT_MIN_SCORE = 0.5
DEFAULT_MARGIN = 0.1
#: A part nearer a courtesy than what says more, but not clearly, and below this with every
#: example that says more, is a word the encoder does not place (slang praise measured 0.18
#: to 0.36 with those examples; parts that say more reach 0.45 and up with them).
DEFAULT_UNKNOWN_SCORE = 0.45
#: A part placed near nothing is said in passing only when it is this short.
DEFAULT_MAX_UNKNOWN_WORDS = 3

#: Parts of a message: between sentence ends, commas, dashes and semicolons.
_PARTS = re.compile(r"[.!?,;:\u2013\u2014]+")
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


@cache
def _index() -> ExemplarIndex:
    return ExemplarIndex(_EXAMPLES)


def _kind(words: str, *, min_score: float, margin: float,
          unknown_score: float) -> Courtesy | str | None:
    """The courtesy `words` are; `_MORE` when they say more (or are nearer what does); None
    when the encoder places them near nothing that says more, and near no courtesy clearly."""
    ranked = _index().rank(words)
    more = next(r.score for r in ranked if r.label == _MORE)
    best = next(r for r in ranked if r.label != _MORE)
    if best.score >= min_score and best.score >= more + margin:
        return Courtesy(best.label)
    if more >= unknown_score or more >= best.score:
        return _MORE
    return None


def courtesy(
    text: str,
    *,
    max_words: int = DEFAULT_MAX_WORDS,
    min_score: float = DEFAULT_MIN_SCORE,
    margin: float = DEFAULT_MARGIN,
    unknown_score: float = DEFAULT_UNKNOWN_SCORE,
    max_unknown_words: int = DEFAULT_MAX_UNKNOWN_WORDS,
) -> Courtesy | None:
    """The courtesy `text` is and nothing more ("cheers mate 👍", "Thank you very much, is
    good now."), thanks first when it has several kinds; None when any part says more."""
    if len(_WORD.findall(text)) > max_words or "?" in text:
        return None
    kinds: list[Courtesy] = []
    #: Kinds of words inside parts said in passing: the message's kind only when no whole
    #: part is a courtesy.
    inside: list[Courtesy] = []
    for part in _PARTS.split(text):
        found = _WORD.findall(part)
        if not found:
            continue  # an emoji, a mark
        limits = {"min_score": min_score, "margin": margin, "unknown_score": unknown_score}
        kind = _kind(" ".join(found), **limits)
        if kind is None and len(found) <= max_unknown_words:
            # Said in passing ("<slang praise>, cheers"); a courtesy word inside it counts.
            inside.extend(k for k in (_kind(word, **limits) for word in found)
                          if isinstance(k, Courtesy))
            continue
        if not isinstance(kind, Courtesy):
            return None
        kinds.append(kind)
    kinds = kinds or inside
    if not kinds:
        return None
    return min(kinds, key=list(Courtesy).index)
