"""Quizzes, flashcards and mind maps asked for in a clause, with their counts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blogger.intents import unclear
from blogger.reading_asked import in_topic, wished
from blogger.reading_counts import numbers
from blogger.reading_turn import Turn
from draftguard.understanding._frames import YOU, Clause, suggested
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["ARTIFACTS", "artifact_requests"]

ARTIFACTS = {"artifact.quiz": Intent.QUIZ, "artifact.flashcards": Intent.FLASHCARDS,
             "artifact.mindmap": Intent.MINDMAP}
_WH = ("WP", "WRB", "WDT")


def artifact_requests(turn: Turn, clause: Clause, *, asked: bool = False
                      ) -> list[Interpretation] | None:
    """The quizzes, flashcards and mind maps `clause` asks for, each with the count said
    nearest it (or the count asked for last, "same number"); None: it names none.
    `asked`: the clause is known to ask ("I'd love flashcards"), not only to name them."""
    # "a post about his first cricket Test": the artifact's word is the post's topic
    found = [t for t in clause.terms if t.concept in ARTIFACTS and
             not in_topic(turn, turn.doc[t.start])]
    if not found:
        return None
    if clause.head is not None and _asks_what(turn, clause.head):
        return _what_it_makes(clause.head)  # "what can you do apart from flashcards?"
    same = next((t.start for t in clause.terms if t.concept == "number.same"), None)
    if same is not None and any(t.start < same for t in found):
        # "flashcards, as many as the quiz": the artifact after it is the one measured by
        found = [t for t in found if t.start < same]
    tokens = clause.tokens
    if clause.head is None and not asked and not suggested(tokens) and not wished(
            turn.doc[found[0].end - 1]) and (any(
            t.tag_ in _WH for t in tokens) or any(t.lemma_ == "be" for t in tokens)):
        return None  # "what's a flashcard?" (but "what about a mind map?" asks for one)
    first = turn.doc[found[0].start]
    determiner = [c.lower_ for c in first.children if c.dep_ in ("det", "poss")]
    if determiner and determiner[0] in ("the", "that", "this", "my") and any(
            t.pos_ == "ADJ" or t.tag_ in ("JJR", "RBR") for t in tokens if t.i > first.i):
        return [unclear([Intent.QUIZ])]  # "make the quiz harder"
    # "one quiz of 5 questions": "one" says which quiz, not its size
    said = [(t, n) for t, n in numbers(turn, tokens) if not (
        n == 1 and t.dep_ in ("nummod", "det") and turn.is_(t.head, "artifact.") and
        not turn.is_(t.head, "artifact.flashcards") and
        not turn.is_(t.head, "artifact.unit"))]
    counts: dict[int, int] = {}
    countable = [t for t in found if t.concept != "artifact.mindmap"]
    for token, n in said:
        if countable:
            near = min(countable, key=lambda a: (abs(a.start - token.i), a.start))
            counts.setdefault(near.start, n)
    out: list[Interpretation] = []
    for term in found:
        intent = ARTIFACTS[term.concept]
        if any(o.intent is intent for o in out):
            continue
        # "test me ..., so a quiz would be handy, seven questions": one quiz, its count
        # said by whichever of its words it is nearest
        count = next((counts[t.start] for t in found if ARTIFACTS[t.concept] is intent
                      and t.start in counts), None)
        if count is None and intent is not Intent.MINDMAP and (
                clause.has("relation.same") or clause.has("number.same")):
            count = turn.memory.count  # "the same again as flashcards", "same number"
        out.append(Interpretation(intent=intent, slots={"count": count} if count else {}))
    return out


def _asks_what(turn: Turn, verb: Token) -> bool:
    """Whether the verb's object is what is asked ("what ...", "what sort of stuff ..."),
    not an artifact ("what quiz can you make?" asks for a quiz)."""
    return any(c.dep_ == "dobj" and (c.tag_ == "WP" or (any(
        d.tag_ in ("WP", "WDT") for d in c.children) and not turn.is_(c, "artifact.")))
        for c in verb.children)


def _what_it_makes(verb: Token) -> list[Interpretation]:
    """"what can you do besides quizzes?": what it can make is asked (help), the artifact
    named beside it; "what should I make, a quiz?" asks nothing of it."""
    you = any(c.dep_ == "nsubj" and c.lower_ in YOU for c in verb.children)
    return [Interpretation(intent=Intent.HELP)] if you else []
