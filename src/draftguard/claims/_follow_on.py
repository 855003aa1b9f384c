"""What goes with a claim: the lines that only make sense after an act, and the list or
block a removed sentence introduces.

A model copying the app's confirmations copies their follow-on lines too: an offer to take
the change back, a pointer to a command that shows the new state, a bare cheer that the job
is done. Each claims nothing by its own grammar, yet after no act it tells the person one
happened. `after_act` reads such a line:

- an offer to revert, in any mood but a question (the claims lexicon's `action.revert` words,
  a phrasal verb too: "take it back"); going back to a version it names ("You can go back to
  any of them", "restore version 0") needs no change this turn;
- a pointer to one of the app's commands (a word written "/plan") told for looking at how
  things stand (a purpose infinitive or an imperative of the `_LOOK` verbs);
- a short line with no subject that reads as a job finished: the likeness of its words to
  short done exemplars, ahead of greetings, thanks and opinions (MiniLM cosine,
  `ExemplarIndex.best`; thresholds `min_score`, `margin`).

`ClaimFilter` removes such a line when no run of this turn changed anything, or when the
reply's claim of an act was removed. A removed sentence that introduces a list or a block
(it ends with ":" or the next line is a numbered or bulleted item) takes that list with it
(`ListDrop`).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from draftguard.language import ExemplarIndex, Lexicon, parse

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["DEFAULT_DONE_LIKENESS", "DEFAULT_DONE_MARGIN", "DONE_EXEMPLARS", "ITEM",
           "after_act", "introduces"]

#: The cosine a short line must reach with its nearest done exemplar.
DEFAULT_DONE_LIKENESS = 0.5
#: How far ahead of the nearest other exemplar it must be.
DEFAULT_DONE_MARGIN = 0.08

#: Short lines with no subject: a job told as finished, and what else such a line says.
DONE_EXEMPLARS: dict[str, tuple[str, ...]] = {
    "done": ("All done!", "Done.", "Finished!", "All finished.", "Job complete.",
             "Everything is ready.", "That's taken care of.", "All fixed!", "Completed.",
             "All wrapped up.", "Mission accomplished!"),
    "other": ("Thanks!", "Thank you.", "Great question!", "Sounds good.", "Good luck!",
              "Happy writing!", "Nice!", "Have fun!", "Good idea.", "Of course!", "Hello!",
              "Enjoy!", "No problem.", "Sure.", "Interesting.", "Lovely post!", "Cheers!",
              "Not yet.", "Maybe later."),
}
#: Verbs of looking at how things stand: a command pointed to for them shows a result.
_LOOK = frozenset({"see", "view", "look", "check", "show", "review", "inspect", "read"})
#: A line that is an item of a list: a bullet, a number or a letter and its mark.
ITEM = re.compile(r"^[ \t]*(?:[-*+•]|\d{1,3}[.)]|[A-Za-z][.)]|\(\w{1,3}\))[ \t]+")
_COMMAND = re.compile(r"(?:^|\s)/[a-z][\w-]*", re.IGNORECASE)
_MAX_SHORT_WORDS = 4


@cache
def _done_index() -> ExemplarIndex:
    return ExemplarIndex(DONE_EXEMPLARS)


@cache
def _revert_stems(lexicon: Lexicon) -> frozenset[str]:
    """The first three letters of each revert word's first word ("und" of "undo", "undid")."""
    return frozenset(w.split()[0][:3] for w in lexicon.words_for("action.revert"))


def _names_target(verb: Token) -> bool:
    """Whether a revert names where it goes ("back to an earlier version", "restore version
    0"): a way back the person may take at any time, not this turn's change taken back."""
    near = [verb, *(c for c in verb.children if c.dep_ in ("prt", "advmod"))]
    return any((c.dep_ == "prep" and c.lower_ == "to") or (
        c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN", "NUM"))
        for t in near for c in t.children)


def introduces(sentence: str) -> bool:
    """Whether `sentence` introduces what follows it (it ends with a colon)."""
    return sentence.rstrip().rstrip("*_").rstrip().endswith(":")


def after_act(sentence: str, lexicon: Lexicon, *, min_score: float = DEFAULT_DONE_LIKENESS,
              margin: float = DEFAULT_DONE_MARGIN) -> bool:
    """Whether `sentence` only makes sense after an act (module docstring)."""
    text = ITEM.sub("", sentence).strip()
    if not text or text.endswith("?") or len(text) > 300:
        return False
    low = text.lower()
    if not (_COMMAND.search(text) or len(low.split()) <= _MAX_SHORT_WORDS
            or any(stem in low for stem in _revert_stems(lexicon))):
        return False  # no word of the three readings: nothing to parse
    doc = parse(text, entities=False)
    for token in doc:
        phrase = token.lemma_.lower()
        # A phrasal verb with its particle, which the parser may call an adverb ("roll it back").
        if any(lexicon.concept(p) == "action.revert" for p in (phrase, *(
                f"{phrase} {c.lower_}" for c in token.children if c.dep_ in ("prt", "advmod")))) \
                and not _names_target(token):
            return True  # taking the change back; going back to a version needs no change
    if _COMMAND.search(text) and any(t.lemma_.lower() in _LOOK for t in doc):
        return True
    words = [t for t in doc if t.is_alpha]
    if introduces(text) or not words or len(words) > _MAX_SHORT_WORDS or any(
            t.dep_ in ("nsubj", "nsubjpass") and t.pos_ not in ("PRON", "DET") for t in doc):
        return False
    best = _done_index().best(text, min_score=min_score, margin=margin)
    return best is not None and best.label == "done"
