"""Short questions about where things stand: "did you save that?", "what are the tags rn",
"is it on my list?", "what did you search for?". No tool is asked for; an app answers them
from its own record, never from a model's words.

`asked_topic` reads which topic such a message asks about, by meaning: the sentence
embedding's nearest example of each topic (`draftguard.language.ExemplarIndex`), clearly
ahead of the examples of requests and of other questions (the app's `other` label). It reads
one only where the message

- is short and one sentence (a longer one asks more than one thing);
- asks (a question mark, or a question word or an auxiliary first: learner English drops
  the "?"), and not why;
- wants nothing done: no modal ("what tags would you suggest?", "can you add it?") and no
  verb in the imperative ("what are the tags, and add cycling");
- names what the topic is about, as the app tells (`names`; `told_done` for what happened:
  a verb told as done, past or perfect).

Each app keeps its own examples and answers (`blogger/state_answers.py`,
`event_planning/state_answers.py`). Framework-free; a miss returns None and the message goes
on as it would have.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from draftguard.language import ExemplarIndex, parse

__all__ = [
    "DEFAULT_MARGIN",
    "DEFAULT_MAX_WORDS",
    "DEFAULT_MIN_SCORE",
    "asked_topic",
    "one_sentence",
    "question_words",
    "told_done",
]

#: Longer messages ask more than one short question.
DEFAULT_MAX_WORDS = 14
#: The cosine the message must reach with a topic's nearest example, and its lead over
#: every other label's nearest example. Measured on the blogger's short questions: a topic's
#: own 0.5 to 0.95, a request about the same thing ("can you add a tag") 0.6 against its
#: example's 0.9.
DEFAULT_MIN_SCORE = 0.5
DEFAULT_MARGIN = 0.05

_WORD = re.compile(r"[^\W_]+(?:'[^\W\d_]+)?")
#: Marks that end a sentence when whitespace or the end of the message follows them.
_SENTENCE_ENDS = (".", "!", "?", ";")
_ASKING_TAGS = frozenset({"WP", "WP$", "WRB", "WDT"})
#: A first word that asks a yes/no question ("did you save it", "is it saved", "has it").
_ASKING_AUX = frozenset({"do", "be", "have"})
_OWN_SUBJECT = ("nsubj", "aux", "auxpass", "nsubjpass")

#: Whether the message's tokens name what a topic is about (the topic, the tokens).
Names = Callable[[str, Sequence[Any]], bool]


def question_words(text: str) -> list[str]:
    """The words of `text` ("what's", "u", "2"), without marks."""
    return _WORD.findall(text)


def one_sentence(text: str) -> bool:
    """Whether `text` is at most one sentence ("is it saved. great, now cut the last line"
    is two): a sentence ends at a word ending in a stop, "!", "?" or ";", and counts when
    it holds more than those marks."""
    sentences, said = 0, False
    for word in text.split():
        said = said or bool(word.rstrip("".join(_SENTENCE_ENDS)))
        if word.endswith(_SENTENCE_ENDS):
            sentences, said = sentences + said, False
    return sentences + said <= 1


def told_done(tokens: Sequence[Any]) -> bool:
    """Whether a verb of `tokens` is told as done: past, perfect or passive ("did you save
    it", "has it been removed")."""
    return any(t.tag_ in ("VBD", "VBN") for t in tokens)


def _asks(tokens: Sequence[Any], text: str) -> bool:
    """A question: a question mark, or a question word or an auxiliary first."""
    first = tokens[0]
    return "?" in text or first.tag_ in _ASKING_TAGS or first.lemma_.lower() in _ASKING_AUX


def _bidden(token: Any) -> bool:
    """A verb in the imperative ("add it, is it on the list?"): its base form with no
    subject and no auxiliary of its own."""
    return token.tag_ == "VB" and token.dep_ in ("ROOT", "conj") and not any(
        c.dep_ in _OWN_SUBJECT for c in token.children)


def asked_topic(message: str, examples: ExemplarIndex, *, other: str, names: Names,
                max_words: int = DEFAULT_MAX_WORDS, min_score: float = DEFAULT_MIN_SCORE,
                margin: float = DEFAULT_MARGIN) -> tuple[str, bool] | None:
    """The topic (a label of `examples` other than `other`) that `message` asks about, and
    whether it asks yes or no; None when it is no such question."""
    text = message.strip()
    words = question_words(text)
    if not words or len(words) > max_words or not one_sentence(text):
        return None
    tokens = [t for t in parse(text, entities=False) if not t.is_punct and not t.is_space]
    if not tokens or not _asks(tokens, text) or tokens[0].lower_ == "why" or \
            any(t.tag_ == "MD" or _bidden(t) for t in tokens):
        return None  # it asks nothing, asks why, or wants something done ("would", "add")
    ranked = examples.rank(" ".join(words))
    best = ranked[0]
    if best.label == other or best.score < min_score or best.score - ranked[1].score < margin:
        return None
    if not names(best.label, tokens):
        return None
    return best.label, tokens[0].tag_ not in _ASKING_TAGS
