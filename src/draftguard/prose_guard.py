"""`ProseGuard`: what a small model's words may say to a person in a turn no tool ran.

A 135M model handed a message that is no request writes prose, and three kinds of sentence
in it are never true there, whatever the message:

- **its echo**: the person's own message repeated as the reply's first sentences, and any
  sentence repeating one the person wrote earlier (`earlier`: a post pasted, retold by the
  model with a fact changed, is no answer to "cheers");
- **an apology or a promise for a confusion that never happened**: no tool ran and the model
  made no earlier answer it could be correcting ("I apologize for the confusion", "I'll be
  more careful next time"); found by meaning (`ExemplarIndex`), beside sympathy ("sorry to
  hear that") which stays;
- **a "can't"**: the model does not know what the app can do, so a sentence saying the
  assistant (or "it") cannot, is unable, or has no way to do something is dropped, found on
  the parse (a negated "can", "able", "possible", "allowed", or "have" with "ability");
- **an offer or a promise of its own**: for the same reason, what the model says it can or
  will do ("I can definitely do that", "I'll be happy to help you edit it", "I'm here to
  assist with grammar") is not said: the subject "I" or "we" with "can", "will" or
  "shall", or with "happy", "glad", "ready" or "here" and a verb to do.

What is left is shown; when nothing is, `fallback` (the app's short true line) is said
instead. Claims of what was done are the claim guard's (`draftguard.claims`); JSON and other
raw text the raw-output guard's (`draftguard.reply_guard`).

A `TextFilter` (`feed`/`flush`): a small model's prose is short (its budget is
`chat.prose_max_tokens`), so the whole reply is held and judged at `flush`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from draftguard.language import ExemplarIndex, parse

__all__ = ["DEFAULT_ECHO_OVERLAP", "ProseGuard", "echoes", "false_sentences", "negated_ability",
           "offers"]

#: The share of the message's words a first line must repeat to be its echo, and the share
#: of the line's own words that must be the message's (an answer reuses a question's words,
#: among its own).
DEFAULT_ECHO_OVERLAP = 0.7
DEFAULT_ECHO_OWN = 0.6
#: A first sentence of this many words or more, every one of them the message's, is a part
#: of the message said back.
_MIN_PART_ECHO = 3
#: Words that make a sentence of the message's words an answer to it.
_ANSWERING = frozenset({"yes", "no", "not", "n't", "yeah", "nope", "never"})
#: A sentence the person wrote before is repeated only when it has this many words.
_MIN_RETOLD_WORDS = 4
#: How near an apology's or a promise's examples a sentence must be, and how far ahead of
#: the sentences that are neither (sympathy, an answer, a goodbye).
DEFAULT_APOLOGY_SCORE = 0.55
DEFAULT_APOLOGY_MARGIN = 0.08

_SORRY = "sorry"
_OTHER = "other"
_EXAMPLES: dict[str, tuple[str, ...]] = {
    _SORRY: ("I apologize for the confusion", "sorry for the misunderstanding",
             "my apologies for the mix-up", "I'm sorry, I made a mistake",
             "sorry about the error in my last answer", "I apologise for any inconvenience",
             "I'm sorry if my answer was unclear", "please forgive my mistake",
             "I'll be more careful next time", "I will try to be clearer in the future",
             "I'll make sure it doesn't happen again", "I will do better from now on",
             "thank you for correcting me", "I understand my mistake now",
             "I'll remember that for the future"),
    _OTHER: ("I'm sorry to hear that", "sorry to hear about your day", "that sounds lovely",
             "you're welcome", "glad I could help", "have a good evening",
             "the tide comes in twice a day", "let me know if you need anything else",
             "I hope the weather clears up", "thank you for sharing", "that is a good question",
             "seals often follow boats", "enjoy your dinner", "it depends on the recipe",
             "take care", "what would you like to do next"),
}

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|(?=\n)|$)|\n")
#: Words that say an ability; "able" and kin are negated by "not" or are negative themselves.
_ABILITY = frozenset({"can", "could", "able", "possible", "capable", "allowed", "permitted"})
_NO_ABILITY = frozenset({"unable", "impossible", "incapable", "cannot"})
_MEANS = frozenset({"ability", "capability", "access", "power", "means", "way", "option"})
_SELF = frozenset({"i", "we"})
_OFFERING = frozenset({"can", "will", "'ll", "shall", "wo"})
_WILLING = frozenset({"happy", "glad", "ready", "here", "able", "pleased", "willing"})


@cache
def _index() -> ExemplarIndex:
    return ExemplarIndex(_EXAMPLES)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("\u2019", "'"))


def echoes(message: str, line: str, *, overlap: float = DEFAULT_ECHO_OVERLAP,
           own: float = DEFAULT_ECHO_OWN) -> bool:
    """Whether `line` repeats `message`: most of its words, and little else."""
    said, written = set(_words(message)), _words(line)
    if not said or not written or (set(written) - said) & _ANSWERING:
        return False  # "No, it's not rude to ..." answers "is it rude to ...?"
    mine = sum(w in said for w in written) / len(written)
    if len(written) >= _MIN_PART_ECHO and mine == 1.0:
        return True  # a part of the message said back ("I'm off now")
    return len(said & set(written)) / len(said) >= overlap and mine >= own


def negated_ability(sentence: str) -> bool:
    """Whether `sentence` says someone cannot do something ("I can't help with that", "It's
    not possible to change ...", "I am unable to ...", "I don't have the ability to ...")."""
    for token in parse(sentence, entities=False):
        if token.lower_ in _NO_ABILITY:
            return True
        if not any(c.dep_ == "neg" for c in (*token.children, *token.head.children)):
            continue
        if token.lemma_.lower() in _ABILITY or token.lower_ in _ABILITY:
            return True
        if token.lemma_ == "have" and any(c.dep_ == "dobj" and c.lemma_.lower() in _MEANS
                                          for c in token.children):
            return True
    return False


def offers(sentence: str) -> bool:
    """Whether `sentence` says what the speaker can or will do ("I can do that", "I'll be
    happy to help", "we're here to assist")."""
    for token in parse(sentence, entities=False):
        if token.dep_ not in ("nsubj", "nsubjpass") or token.lower_ not in _SELF:
            continue
        verb = token.head
        if any(c.dep_ == "aux" and c.lower_ in _OFFERING for c in verb.children):
            return True
        willing = [c for c in verb.children
                   if c.dep_ in ("acomp", "advmod", "attr") and c.lower_ in _WILLING]
        to_do = [x for w in willing for x in (*w.children, *verb.children)
                 if x.dep_ in ("xcomp", "advcl")]
        if to_do:
            return True
    return False


def _apologises(sentence: str, *, score: float, margin: float) -> bool:
    ranked = _index().rank(sentence)
    sorry = next(r.score for r in ranked if r.label == _SORRY)
    other = next(r.score for r in ranked if r.label == _OTHER)
    return sorry >= score and sorry >= other + margin


def _sentences(text: str) -> list[str]:
    return [m.group(0) for m in _SENTENCE.finditer(text) if m.group(0)]


def _echo_length(message: str, sentences: list[str], *, overlap: float) -> int:
    """How many of the reply's first sentences say the message back (0: none)."""
    said = max(1, len(_sentences(message.strip())))
    spoken = [i for i, s in enumerate(sentences) if s.strip() and s != "\n"]
    for count in range(1, min(said + 1, len(spoken)) + 1):
        head = " ".join(sentences[i] for i in spoken[:count])
        if echoes(message, head, overlap=overlap):
            return spoken[count - 1] + 1
    return 0


def _retold(sentence: str, earlier: list[str], *, overlap: float) -> bool:
    return len(_words(sentence)) >= _MIN_RETOLD_WORDS and any(
        echoes(said, sentence, overlap=overlap) for said in earlier)


def false_sentences(message: str, text: str, *, earlier: Iterable[str] = (),
                    echo_overlap: float = DEFAULT_ECHO_OVERLAP,
                    apology_score: float = DEFAULT_APOLOGY_SCORE,
                    apology_margin: float = DEFAULT_APOLOGY_MARGIN) -> list[tuple[str, bool]]:
    """Each sentence of `text` (line breaks kept as sentences of their own) and whether it is
    one a small model's no-tool reply may not say; `earlier`: what the person wrote before."""
    said_before = [s for t in earlier for s in _sentences(t)
                   if len(_words(s)) >= _MIN_RETOLD_WORDS]
    sentences = _sentences(text)
    echoed = _echo_length(message, sentences, overlap=echo_overlap)
    out: list[tuple[str, bool]] = []
    for i, sentence in enumerate(sentences):
        if not sentence.strip():
            out.append((sentence, False))
            continue
        bad = (i < echoed or _retold(sentence, said_before, overlap=echo_overlap)
               or negated_ability(sentence) or offers(sentence)
               or _apologises(sentence, score=apology_score, margin=apology_margin))
        out.append((sentence, bad))
    return out


class ProseGuard:
    """A `TextFilter` over a small model's no-tool reply to `message`: its echo (and its
    repeats of what the person wrote `earlier`), apologies and promises for a confusion that
    never happened, its "can't"s and its offers are dropped; `fallback` is said when nothing
    is left."""

    def __init__(self, message: str, *, fallback: str, earlier: Iterable[str] = (),
                 echo_overlap: float = DEFAULT_ECHO_OVERLAP) -> None:
        self.message = message
        self.earlier = list(earlier)
        self.fallback = fallback
        self.echo_overlap = echo_overlap
        self._held: list[str] = []

    def feed(self, chunk: str) -> str:
        self._held.append(chunk)
        return ""

    def flush(self) -> str:
        text, self._held = "".join(self._held), []
        if not text.strip():
            return text
        kept = _join(s for s, bad in false_sentences(self.message, text, earlier=self.earlier,
                                                     echo_overlap=self.echo_overlap)
                     if not bad)
        return kept if kept.strip() else self.fallback


def _join(sentences: Iterable[str]) -> str:
    lines = "".join(sentences).splitlines()
    return "\n".join(" ".join(line.split()) for line in lines if line.strip())
