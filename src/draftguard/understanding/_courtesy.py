"""Courtesies: a message that only thanks, greets, says goodbye or acknowledges.

Such a message asks for nothing, and on a small model it is better answered by a short line
of code's than by seconds of the model's babble. `courtesy` says which kind a message is, by
sentence-embedding similarity to examples of each kind and of messages that say more (an
opinion, a question, a request); every part of the message must be a courtesy, so "thanks! is
the ending too long though?" is not one. A miss returns None and the message goes on as it
would have.
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
                      "brilliant, thanks", "you're a star", "you've been very helpful"),
    Courtesy.GREETING: ("hello", "hi there", "good morning", "hey", "hiya",
                        "good evening", "hello again"),
    Courtesy.FAREWELL: ("bye", "goodbye", "see you later", "good night", "that's all for now",
                        "I'm done for today", "talk to you tomorrow", "signing off"),
    Courtesy.ACKNOWLEDGEMENT: ("ok", "okay cool", "great", "nice one", "got it",
                               "sounds good", "perfect", "that works", "is good now", "lovely",
                               "fair enough", "all good"),
    _MORE: ("is the ending too long", "what do you think of the intro", "I love baking bread",
            "tell me about composting", "why does bread need yeast", "change the title",
            "the paragraph about the garden is boring", "I'm not sure about the ending yet",
            "how many words is it", "find me a restaurant for four", "make a quiz",
            "can you help me", "what can you do", "my sister read it last night",
            "undo that", "no, the other one", "yes please do it", "add a line at the end",
            "I was thinking about the title", "what time is it", "the second one"),
}

#: Longer messages say more than a courtesy, whatever they are near.
DEFAULT_MAX_WORDS = 12
#: The cosine a part must reach with a courtesy's nearest example, and its lead over the
#: nearest example that says more (the kinds of courtesy may be close to each other: "that's
#: brilliant" thanks and acknowledges at once).
DEFAULT_MIN_SCORE = 0.5
DEFAULT_MARGIN = 0.1

#: Parts of a message: between sentence ends, commas, dashes and semicolons.
_PARTS = re.compile(r"[.!?,;:\u2013\u2014]+")
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


@cache
def _index() -> ExemplarIndex:
    return ExemplarIndex(_EXAMPLES)


def courtesy(
    text: str,
    *,
    max_words: int = DEFAULT_MAX_WORDS,
    min_score: float = DEFAULT_MIN_SCORE,
    margin: float = DEFAULT_MARGIN,
) -> Courtesy | None:
    """The courtesy `text` is and nothing more ("cheers mate 👍", "Thank you very much, is
    good now."), thanks first when it has several kinds; None when any part says more."""
    if len(_WORD.findall(text)) > max_words:
        return None
    kinds: list[Courtesy] = []
    for part in _PARTS.split(text):
        words = " ".join(_WORD.findall(part))
        if not words:
            continue  # an emoji, a mark
        ranked = _index().rank(words)
        more = next(r.score for r in ranked if r.label == _MORE)
        best = next(r for r in ranked if r.label != _MORE)
        if best.score < min_score or best.score < more + margin:
            return None
        kinds.append(Courtesy(best.label))
    if not kinds:
        return None
    return min(kinds, key=list(Courtesy).index)
