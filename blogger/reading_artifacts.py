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
#: A count said relative to the one before, in halves ("twice as many": 4 halves of it).
_RELATIVE = {"number.same": 2, "number.twice": 4, "number.half": 1}
#: Signs that join one terse request to the next ("mm + quiz", "cards & quiz").
_JOINING = ("+", "&")


def artifact_requests(turn: Turn, clause: Clause, *, asked: bool = False
                      ) -> list[Interpretation] | None:
    """The quizzes, flashcards and mind maps `clause` asks for, each with the count said
    nearest it (or the count asked for last, "same number"); None: it names none.
    `asked`: the clause is known to ask ("I'd love flashcards"), not only to name them."""
    # "a post about his first cricket Test": the artifact's word is the post's topic
    found = [t for t in clause.terms if t.concept in ARTIFACTS and
             not in_topic(turn, turn.doc[t.start]) and not _hesitation(turn, turn.doc[t.start])]
    if not found:
        return None
    if clause.head is not None and _asks_what(turn, clause.head):
        return _what_it_makes(clause.head)  # "what can you do apart from flashcards?"
    relative = next((t for t in clause.terms if t.concept in _RELATIVE), None)
    same = relative.start if relative is not None else None
    if relative is not None and same is not None and any(t.start < same for t in found):
        # "flashcards, as many as the quiz": the artifact after "as" is the one measured
        # by ("a quiz of nine and the same number of flashcards" asks for both)
        found = [t for t in found if t.start < same or not any(
            w.lower_ in ("as", "than") for w in turn.doc[relative.end:t.start])]
    tokens = clause.tokens
    # "you know what, flashcards instead": a question word before a comma asks nothing
    # of the artifact named after it
    opened = [t.i for t in tokens if t.text == "," and t.i < found[0].start]
    part = [t for t in tokens if not opened or t.i > opened[-1]]
    if clause.head is None and not asked and not suggested(tokens) and not wished(
            turn.doc[found[0].end - 1]) and (any(
            t.tag_ in _WH for t in part) or any(t.lemma_ == "be" and not _subordinate(t)
                                                for t in part)):
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
                clause.has("relation.same") or any(clause.has(c) for c in _RELATIVE)):
            count = _relative_count(turn, clause)  # "the same again as flashcards"
        out.append(Interpretation(intent=intent, slots={"count": count} if count else {}))
    return out


def _relative_count(turn: Turn, clause: Clause) -> int | None:
    """The count said as the one asked for before ("the same number", "twice as many"):
    the last count said earlier in this message ("a quiz of nine questions and the same
    number of flashcards"), else the last one asked for, times the multiple said."""
    term = next((t for t in clause.terms if t.concept in _RELATIVE), None)
    end = term.start if term is not None else clause.tokens[0].i
    earlier = numbers(turn, list(turn.doc[:end]))
    base = earlier[-1][1] if earlier else turn.memory.count
    if base is None or term is None:
        return base
    return max(1, base * _RELATIVE[term.concept] // 2)


def _hesitation(turn: Turn, word: Token) -> bool:
    """Whether an artifact's word is a sound of hesitation ("mm, not sure"; "mm" is also
    short for a mind map): the tagger reads it as an interjection, or it is two letters
    long, with no verb asking for it ("make a mm") and no sign joining it to another
    request ("mm + 7 q quiz" asks for both)."""
    if word.pos_ != "INTJ" and len(word.text) > 2:
        return False
    if word.head.i != word.i and turn.is_(word.head, "action.create"):
        return False
    doc = word.doc
    beside = [doc[i] for i in (word.i - 1, word.i + 1) if 0 <= i < len(doc)]
    return not any(t.text in _JOINING for t in beside)


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


def _subordinate(verb: Token) -> bool:
    """Whether `verb` heads a clause of its own under another ("while you're at it"): it
    says when or why, not what the artifact is."""
    return verb.dep_ == "advcl" or any(c.dep_ == "mark" for c in verb.children)
