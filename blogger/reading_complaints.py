"""A part of the post complained of with no verb of acting ("the bit about the parking is a
bit much, no?", "the middle section drags"): one short question offering to cut that part or
reword it, quoting it; nothing is done, and nothing is left unsaid.

The part is named by a noun of the post's parts (sentence, paragraph, intro ...) and found as
a delete would find it. Whether the rest of the message finds fault with it is read by
meaning: the message with the part said as "it" ("it drags", "it is a bit much, no?") is
compared with examples of fault found, of praise and of plain statements
(`draftguard.language.ExemplarIndex`); only fault clearly ahead of the others asks.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from blogger.reading_edits import EditFrames
from blogger.reading_turn import Turn
from draftguard.language import ExemplarIndex
from draftguard.understanding._asking import ask, snippet
from draftguard.understanding._frames import Clause
from draftguard.understanding._types import Intent, Interpretation, Reading

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["DEFAULT_FAULT_MARGIN", "DEFAULT_FAULT_SCORE", "complained_of", "unless_complained"]

#: The cosine the message (the part said as "it") must reach with an example of fault found.
DEFAULT_FAULT_SCORE = 0.5
#: How far ahead of praise and of a plain statement the fault must be.
DEFAULT_FAULT_MARGIN = 0.05

#: Said of a part of the post: fault found, praise, and plain statements about it.
_JUDGED = {
    "fault": ["it is too long", "it drags", "it is boring", "it is a bit much", "it feels off",
              "it doesn't work", "it is clunky", "it goes on and on", "it is repetitive",
              "it is weak", "it sounds wrong", "it is cringe",
              "it feels unnecessary", "it is awkward", "I don't like it", "it sounds mean",
              "it is too harsh", "it is a bit dull", "it rambles", "it is over the top"],
    "praise": ["it is great", "it is perfect", "it works well", "I love it",
               "it is my favourite", "it is fine", "it is lovely", "it reads nicely",
               "it is funny", "it is spot on", "it is good as it is"],
    "plain": ["what does it say", "it is about the weather", "it was written last year",
              "it mentions my uncle", "where is it", "it is in the second section",
              "it is true", "it happened in May", "I'm not sure about it yet",
              "I haven't decided about it", "I will think about it"],
}
#: The words of the post's parts that a complaint names.
_PARTS = ("part.sentence", "part.paragraph", "part.intro", "part.conclusion")
#: Parts of speech of the words naming a part before its noun.
_NAMING = ("DET", "ADJ", "NOUN", "PROPN", "NUM")
_CUT_OR_REWORD = ("Do you want me to cut “{part}”, or reword it? Say yes to cut it, or give "
                  "me the new words in quotes.")
_WHICH_PART = ("Do you want me to cut or reword part of the post? Tell me which part: quote "
               "its first words.")


@cache
def _judged() -> ExemplarIndex:
    return ExemplarIndex(_JUDGED)


def _part(turn: Turn, clause: Clause) -> list[Token] | None:
    """The words naming a part of the post in `clause` ("the bit about the parking"), when a
    noun of the parts heads them and no verb of the clause acts on them."""
    noun = next((t for t in clause.tokens if t.pos_ in ("NOUN", "PROPN") and any(
        turn.is_(t, p) for p in _PARTS) and t.dep_ != "npadvmod" and not any(
            c.dep_ == "det" and c.lower_ in ("a", "an") for c in t.children)), None)
    if noun is None:
        return None
    # its words before it however the parser hung them ("that tholeens sentence", "the
    # costs part"), and what hangs after it ("the bit where I moan about X")
    start = noun.i
    while start > clause.tokens[0].i and noun.doc[start - 1].pos_ in _NAMING:
        start -= 1
    end = max(noun.i, max(t.i for t in noun.subtree))
    return [t for t in clause.tokens if start <= t.i <= end]


def unless_complained(reading: Reading, turn: Turn, found: list[Clause]) -> Reading:
    """`reading`, or, when it asks for nothing, the question a complaint asks."""
    if reading.requests:
        return reading
    asked = complained_of(turn, found)
    return Reading(requests=(asked,)) if asked is not None else reading


def complained_of(turn: Turn, found: list[Clause], *,
                  min_score: float = DEFAULT_FAULT_SCORE,
                  margin: float = DEFAULT_FAULT_MARGIN) -> Interpretation | None:
    """One question offering to cut or reword the part of the post the message finds fault
    with (quoting it when it is found), else None."""
    if turn.view is None or len(found) != 1 or turn.masked.quotes:
        return None
    clause = found[0]
    part = _part(turn, clause)
    if not part:
        return None
    start, end = part[0].idx, part[-1].idx + len(part[-1].text)
    said = f"{turn.masked.text[:start]}it{turn.masked.text[end:]}".strip()
    ranked = _judged().rank(said)
    if ranked[0].label != "fault" or ranked[0].score < min_score or \
            ranked[0].score - ranked[1].score < margin:
        return None
    cut = EditFrames(turn).delete(clause, part, None) or []
    ops = cut[0].slots.get("ops") if len(cut) == 1 and cut[0].question is None else None
    if not isinstance(ops, list) or len(ops) != 1:
        return ask(_WHICH_PART, intent=Intent.EDIT)
    quoted = snippet(str(ops[0].get("anchor", "")))
    return ask(_CUT_OR_REWORD.format(part=quoted), (cut[0],), intent=Intent.EDIT)
