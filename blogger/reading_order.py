"""Word orders of other languages read in English's: the object said first, then "you" and
the verb ("Description you update to: X", "One line you add after the X sentence: Y"), as
French, Polish or Hindi speakers may put it, and a comment after the request with its "it"
left out ("..., delete it, is too technical"). The message is read as the same words with
the verb before its object ("update description to: X"), or without the comment; nothing
else of it changes."""

from __future__ import annotations

from blogger.reading_turn import Turn
from draftguard.understanding._frames import YOU

__all__ = ["object_first", "without_comment"]

#: Tags of a verb in the present said to "you" ("you update", "you add"), not a past
#: ("the line you added" tells of something done).
_PRESENT = ("VB", "VBP")


def object_first(turn: Turn) -> str | None:
    """The message with its verb put before its fronted object, when it opens (after
    words of discourse) with a noun phrase that a verb of the lexicon's actions, said to
    "you" in the present, describes; else None."""
    doc = turn.doc
    start = 0
    while start < len(doc) and (turn.is_(doc[start], "discourse.") or doc[start].is_punct):
        start += 1
    for verb in doc[start:]:
        if verb.pos_ in ("VERB", "AUX") and verb.dep_ != "relcl":
            return None  # a verb of the message's own comes first: English order
        if verb.pos_ != "VERB" or verb.dep_ != "relcl":
            continue
        noun, you = verb.head, verb.i - 1
        # ("put", "cut", "set": a past the tagger may pick, spelt as the present)
        present = verb.tag_ in _PRESENT or verb.lower_ == verb.lemma_.lower()
        if not present or noun.i < start or noun.i >= verb.i or \
                doc[you].lower_ not in YOU or doc[you].dep_ != "nsubj" or \
                not turn.is_(verb, "action."):
            return None
        said = [t for t in doc[start:you] if noun.left_edge.i <= t.i]
        if not said or said[0].i != start:
            return None
        words = "".join(t.text_with_ws for t in doc[:start]) + verb.text_with_ws + \
            "".join(t.text_with_ws for t in said) + \
            "".join(t.text_with_ws for t in doc[verb.i + 1:])
        return turn.masked.restore(words.strip())
    return None


def without_comment(turn: Turn) -> str | None:
    """The message without its last part, when that part (after a comma) is a comment with
    its subject left out ("..., delete it, is too technical") and a request of the
    lexicon's actions comes before it; else None."""
    doc = turn.doc
    commas = [t.i for t in doc if t.text == ","]
    if not commas:
        return None
    part = [t for t in doc[commas[-1] + 1:] if not t.is_punct]
    before = doc[:commas[-1]]
    if len(part) < 2 or part[0].lemma_ != "be" or part[0].pos_ != "AUX" or any(
            t.dep_ in ("nsubj", "expl") and t.i > commas[-1] for t in doc) or not any(
            turn.is_(t, "action.") and t.pos_ == "VERB" for t in before):
        return None
    return turn.masked.restore(before.text_with_ws.strip() if len(before) else "") or None
