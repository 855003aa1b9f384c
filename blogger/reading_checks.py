"""Checks read from the parse: "check the post", "does this meet the brief: X", "would this
work as a guide to X?", "is it OK as a guide for X?", "is it ready?", with the goal the
author names (in the clause, or in a sentence of its own after it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from blogger.reading_turn import Turn
from draftguard.understanding._frames import Clause
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["CheckFrames"]

#: A goal that only points back at one said before ("check it against that").
_BACK = ("that", "this", "it", "those", "them", "these", "the above")
_ABOUT_POST = ("this", "it", "post", "draft", "article", "piece", "we", "blog")
#: The prepositions that name what the post should serve as.
_LIKENESS = ("as", "like")


class CheckFrames:
    """The check frames of one message (`turn`)."""

    def __init__(self, turn: Turn) -> None:
        self.t = turn

    def goal_after(self, clause: Clause,
                    out: list[Interpretation]) -> list[Interpretation] | None:
        """"check whether it fits the brief? the brief was: X": the goal in its own clause."""
        if not out or out[-1].intent is not Intent.CHECK or out[-1].slots or \
                not clause.has("part.brief"):
            return None
        tokens = clause.tokens
        at = next((i for i, t in enumerate(tokens) if t.text == ":" or t.lemma_ == "be"), None)
        if at is None:
            return None
        goal = self.t.lone_quote(tokens[at + 1:], clause) or self.t.clean(tokens[at + 1:],
                                                                          clause)
        if goal:
            out[-1] = Interpretation(intent=Intent.CHECK, slots={"goal": goal})
        return []

    def read(self, clause: Clause) -> list[Interpretation] | None:
        """"check the post", "does this meet the brief: X", "would this work as a guide to
        X?", "is it ready?": a check, with the goal the author names."""
        tokens = clause.tokens
        if clause.head_concept != "action.check" and (not self.about_the_post(clause) or any(
                t.tag_ in ("WRB", "WP") for t in tokens[:2])):
            return None  # "how do you know when an essay is finished?"
        start: int | None = None
        for i, t in enumerate(tokens):
            if self.t.is_(t, "part.brief") or t.lower_ == "against":
                start = i + 1
        fit = [t for t in tokens if self.means(clause, t, "check.fit")]
        serves = self.serves_as(clause)
        if not fit and serves is not None:
            fit = [serves]  # "is it OK as a guide for X?": what follows "as"
        if start is None and fit:
            at = tokens.index(fit[0])
            start = next((i + 1 for i in range(at + 1, len(tokens))
                          if tokens[i].lower_ in ("as", "for") or _as_goal(tokens[i]) or
                          self._published_in(tokens[i], fit[0])), None)
        goal = ""
        if start is not None:
            rest = tokens[start:]
            back = [t for t in rest if not t.is_punct and not self.t.is_(t, "discourse.")]
            if len(back) == 1 and back[0].lower_ in _BACK:
                goal = self._said_before(clause)  # "... as a guide to X? check against that"
                return [Interpretation(intent=Intent.CHECK, slots={"goal": goal} if goal else {})]
            while rest and (rest[0].is_punct or (rest[0].lower_ in ("this", "is", "was", "the",
                                                                    "following") and
                                                  len(rest) > 1 and (rest[1].is_punct or
                                                                     rest[0].lower_ in (
                                                                         "is", "was")))):
                rest = rest[1:]
            goal = self.t.lone_quote(rest, clause) or self.t.clean(self.t.own_words(rest),
                                                                   clause)
        return [Interpretation(intent=Intent.CHECK, slots={"goal": goal} if goal else {})]

    def _said_before(self, clause: Clause) -> str:
        """The goal said earlier in the message, which "check it against that" refers to:
        what the post would serve as ("would it do as a guide to X?"), else ""."""
        start = clause.tokens[0].i
        serving = [t for t in self.t.doc[:start] if _as_goal(t)]
        if not serving:
            return ""
        goal = next(c for c in serving[-1].children if c.dep_ == "pobj")
        words = list(self.t.doc[goal.left_edge.i:start])  # "to X" may hang on the verb
        end = next((n for n, t in enumerate(words) if t.text in (",", ";", ".", "?", "!", "(")),
                   len(words))
        return self.t.clean(words[:end])

    def _published_in(self, token: Token, fit: Token) -> bool:
        """Whether `token` is the "in" of the place the post would appear, said on the verb
        of fitting ("would it pass muster in the society newsletter"), not a part of the
        post ("does it work in the intro")."""
        return token.lower_ == "in" and token.dep_ == "prep" and token.head == fit and any(
            c.dep_ == "pobj" and not self.t.is_(c, "part.") for c in token.children)

    def serves_as(self, clause: Clause) -> Token | None:
        """A question whether the post serves as something ("is it OK as a guide for X?",
        "would it do as a primer?"), or a check of it ("check it's fine as a guide to X"):
        the verb whose "as" names the goal, else None."""
        asked = clause.head_concept == "action.check"  # "check it's fine as a guide to X"
        if not clause.is_question() and not asked:
            return None
        if asked and clause.head is not None and any(_as_goal(c) for c in clause.head.children):
            return clause.head  # "check it as a newsletter piece for X"
        for tok in clause.tokens:
            # "is this OK as ...": the parser may make "this" a det of the adjective
            judged = tok.dep_ == "det" and tok.head.pos_ == "ADJ" and \
                tok.head.head.pos_ == "AUX" and tok.lower_ in _ABOUT_POST
            if (tok.dep_ in ("nsubj", "nsubjpass") or judged) and self._the_post(clause, tok):
                verb = tok.head.head if judged else tok.head
                if (asked or verb.i < tok.i or any(c.dep_ == "aux" and c.i < tok.i
                                                   for c in verb.children)) and any(
                        _as_goal(c) for c in verb.subtree):
                    return verb
        return None

    def about_the_post(self, clause: Clause) -> bool:
        """A question whose subject is the post, and whose verb or adjective asks whether it
        fits or is ready ("does my post match the brief", "is it ready?")."""
        for tok in clause.tokens:
            # ("would this work as ...": the parser may make "this" a det of the verb)
            if tok.dep_ not in ("nsubj", "nsubjpass", "det") or not self._the_post(clause, tok):
                continue
            verb = tok.head
            if tok.dep_ == "det" and verb.pos_ == "ADJ" and verb.head.pos_ == "AUX":
                verb = verb.head  # "is this OK as ...": "this" hung on the adjective
            if verb.dep_ in ("ccomp", "advcl", "relcl") and any(
                    c.tag_ in ("WP", "WDT") and c.i < tok.i for c in verb.children):
                continue  # "... so my sister sees what it covers": what the post holds
            if self.serves_as(clause) == verb or self.means(clause, verb, "check.fit") or any(
                    self.means(clause, c, "check.ready") or self.means(clause, c, "part.brief")
                    for c in verb.subtree if c.i > tok.i):
                return True
        return False

    def _the_post(self, clause: Clause, tok: Token) -> bool:
        """Whether `tok` names the post: "it", "this", "the post", "the whole thing" (a
        phrase of the lexicon ending on it)."""
        term = next((t for t in clause.terms if t.start <= tok.i < t.end), None)
        return tok.lower_ in _ABOUT_POST or self.t.is_(tok, "part.post") or (
            term is not None and term.concept == "part.post" and term.end == tok.i + 1)

    def means(self, clause: Clause, token: Token, name: str) -> bool:
        """Whether `token` is, alone or in a phrase of the lexicon ("good enough"), a word of
        concept `name`."""
        term = clause.term_at(token)
        concept = term.concept if term is not None else self.t.concept(token) or ""
        return concept == name or (name.endswith(".") and concept.startswith(name))


def _as_goal(token: Token) -> bool:
    """Whether `token` is the "as" (or a learner's "like") naming a goal ("as a guide to
    X", "check if the post is good like an article for X")."""
    return token.lower_ in _LIKENESS and token.dep_ == "prep" and any(
        g.dep_ == "pobj" for g in token.children)
