"""One clause of a blogger message read as a request: the phrasings that come down to an
edit ("X should be Y", "'a' with 'b' and 'c' with 'd'"), the simple intents (undo, versions,
check, split, a new post) and study material; what no rule reads becomes the closest things
the app can do.

`ClauseReader` is the part of `BloggerConversation` (`_blogger`) that reads a clause; the
conversation splits the message into clauses and keeps what the session remembers.
"""

from __future__ import annotations

import re

from rapidfuzz import process
from rapidfuzz.distance import OSA

from draftguard.text import number_value
from draftguard.understanding._blogger_edits import EditReader
from draftguard.understanding._blogger_locate import clean_words
from draftguard.understanding._blogger_phrases import (
    AND_THE_ONE,
    ARTIFACT,
    ARTIFACT_VERB,
    CHANGE_ARTIFACT,
    CHECK,
    GOAL,
    HELP,
    INSTEAD,
    LIST_VERB,
    NEW_POST,
    PAIR,
    PAIRS_ONLY,
    PLACE_SHOULD,
    POST_TARGET,
    QUESTION,
    RATHER,
    REVERT,
    REWRITE,
    SHOULD,
    SPLIT_WORDS,
    TWO_PAIRS,
    UNCLEAR_ARTIFACT,
    UNCLEAR_EDIT,
    UNCLEAR_VERSION,
    UNDO,
    UNDO_WORDS,
    VERSIONS,
    WANT_BETTER,
    WORD_PREFIX,
)
from draftguard.understanding._slots import (
    Masked,
    count_in,
    quote_of,
    strip_polite,
    unmask,
)
from draftguard.understanding._types import Intent, Interpretation

__all__ = ["ClauseReader", "closest_reply", "unclear"]

_CAPABILITIES = {
    Intent.EDIT: 'change the post: replace "X" with "Y", delete "X", insert "Y" after "X", '
                 "rename the post",
    Intent.QUIZ: "make a quiz, flashcards or a mindmap (/quiz 5)",
    Intent.UNDO: "undo the last change, or list and restore versions",
    Intent.SPLIT: "split the post by an outline",
    Intent.CHECK: "check the post against a brief",
    Intent.SAVE_POST: 'save a post you paste after "save my post:"',
}

def closest_reply(closest: list[str]) -> str:
    """The deterministic answer to a request code cannot read: the nearest things it can do."""
    lines = ["I could not read that as something I can do. Closest:"]
    for value in closest:
        intent = Intent(value)
        if intent in _CAPABILITIES:
            lines.append(f"- {_CAPABILITIES[intent]}")
    lines.append("Type /help for every command.")
    return "\n".join(lines)


def unclear(closest: list[Intent]) -> Interpretation:
    values = [c.value for c in closest]
    return Interpretation(intent=Intent.UNCLEAR, slots={"closest": values}, confidence=0.0,
                          question=closest_reply(values))


class ClauseReader(EditReader):
    """Reads one clause of a message; `BloggerConversation` keeps the session."""

    _last_intent: str | None

    def _clause(self, raw: str, masked: Masked) -> list[Interpretation]:
        clause = _fix_verb(strip_polite(raw))
        if not clause:
            return []
        two = TWO_PAIRS.match(clause)
        if two is not None:
            verb = two.group("verb")
            first = f"{verb} {two.group('a')} {two.group('c1')} {two.group('b')}"
            return [*self._clause(first, masked), *self._clause(f"{verb} {two.group('rest')}",
                                                                masked)]
        one = AND_THE_ONE.match(clause)
        if one is not None:
            verb, unit = one.group("verb"), one.group("unit")
            return [*self._clause(f"{verb} {one.group('first')}", masked),
                    *self._clause(f"{verb} the {unit} {one.group('rest')}", masked)]
        pairs = PAIR.findall(clause)
        if len(pairs) > 1 and PAIRS_ONLY.match(clause):
            # "replace 'a' with 'b' and 'c' with 'd'": one edit per pair.
            return [r for x, y in pairs for r in self._clause(f"replace {x} with {y}", masked)]
        rather = RATHER.match(clause)
        if rather is not None:
            clause = f"replace {rather.group('x')} with {rather.group('y')}"
        clause = WORD_PREFIX.sub("", clause)
        should = SHOULD.search(clause)
        if should is not None:
            clause = f"replace {should.group('x')} with {should.group('y')}"
        place = PLACE_SHOULD.match(clause)
        if place is not None:
            where = place.group("place").strip()
            scope = "" if re.fullmatch(r"(?:it|the\s+post|this|my\s+post)", where, re.I) \
                else f"in {where}, "
            clause = f"{scope}replace {place.group('x')} with {place.group('y')}"
        instead = INSTEAD.match(clause)
        if instead is not None:
            clause = f"replace {instead.group('x')} with {instead.group('y')}"
        listed = LIST_VERB.match(clause)
        if listed is not None:
            verb = listed.group("verb")
            return [r for token in re.findall(r"«\d+»", listed.group("items"))
                    for r in self._clause(f"{verb} {token}", masked)]
        if self._last_intent == "edit":
            pair = re.match(r"^(?P<x>«\d+»)\s+(?:to|with|for|->|→|=>)\s+(?P<y>«\d+»)$", clause)
            if pair is not None:
                clause = f"replace {clause}"
        artifact = self._artifact(clause)
        if artifact is not None:
            return artifact
        found = self._clause_one(raw, clause, masked)
        return [found] if found is not None else []

    def _clause_one(self, raw: str, clause: str, masked: Masked) -> Interpretation | None:
        words = _squash_spaces(clause)
        if HELP.match(clause):
            return Interpretation(intent=Intent.HELP)
        m = REVERT.match(clause)
        if m is not None:
            if m.group("orig"):
                return Interpretation(intent=Intent.REVERT, slots={"version": 0})
            n = number_value(m.group("n"))
            if n is not None:
                return Interpretation(intent=Intent.REVERT, slots={"version": n})
        if UNDO.match(words) or UNDO_WORDS.match(words):
            return Interpretation(intent=Intent.UNDO)
        if VERSIONS.match(clause):
            return Interpretation(intent=Intent.VERSIONS)
        if CHECK.match(clause):
            return self._check(clause, masked)
        split = SPLIT_WORDS.match(clause)
        if split is not None:
            return self._split(split.group("rest"), masked)
        if QUESTION.match(clause):
            return None
        if REWRITE.match(clause):
            return Interpretation(intent=Intent.NEW_POST, slots={"rewrite": True})
        m = NEW_POST.match(clause)
        if m is not None:
            topic = clean_words(unmask(m.group("t") or "", masked).strip('"'))
            return Interpretation(intent=Intent.NEW_POST, slots={"topic": topic} if topic else {})
        found = self._edit_clause(clause, masked)
        if found is not None:
            return found
        if UNCLEAR_ARTIFACT.search(clause) and ARTIFACT_VERB.search(clause):
            return unclear([Intent.QUIZ])
        if WANT_BETTER.search(clause):
            return unclear([Intent.EDIT])
        if UNCLEAR_VERSION.search(clause):
            return unclear([Intent.UNDO])
        if UNCLEAR_EDIT.search(clause) and not clause.endswith("?"):
            return unclear([Intent.EDIT])
        if re.match(r"^(?:can|could|would|will)\s+(?:you|u)\b", raw.strip(), re.I) and \
                POST_TARGET.search(clause):
            return unclear([Intent.EDIT])
        return None

    # -- simple intents ----------------------------------------------------------------------
    def _check(self, clause: str, masked: Masked) -> Interpretation:
        m = GOAL.search(clause)
        goal = ""
        if m is not None:
            goal = unmask(m.group("g") or m.group("g2") or "", masked)
            quoted = quote_of(m.group("g") or m.group("g2") or "", masked)
            goal = quoted if quoted is not None else clean_words(goal)
        return Interpretation(intent=Intent.CHECK, slots={"goal": goal} if goal else {})

    def _split(self, rest: str, masked: Masked) -> Interpretation:
        _, colon, items = rest.partition(":")
        if not colon:
            m = re.search(r"\b(?:outline|sections|parts)\s+(?P<o>«\d+».*|[A-Z].*)$", rest)
            items = m.group("o") if m else ""
        items = unmask(items, masked).replace('"', "")
        parts = [clean_words(p) for p in re.split(r"[;\n]|,\s*(?:and\s+)?|\s+and\s+", items)]
        outline = "\n".join(p for p in parts if p)
        return Interpretation(intent=Intent.SPLIT, slots={"outline": outline} if outline else {})

    def _artifact(self, clause: str) -> list[Interpretation] | None:
        kinds = list(ARTIFACT.finditer(clause))
        if not kinds or not ARTIFACT_VERB.search(clause):
            return None
        if QUESTION.match(clause) and not re.search(r"\b(?:can|could|would)\s+you\b", clause,
                                                      re.I):
            return None
        if CHANGE_ARTIFACT.search(clause):
            return [unclear([Intent.QUIZ])]
        out: list[Interpretation] = []
        # "a quiz with 2 questions and a mindmap": each kind owns the words up to the next.
        starts = [0, *(m.start() for m in kinds[1:]), len(clause)]
        for i, m in enumerate(kinds):
            kind = m.group("kind").lower()
            if kind.startswith("test") and not re.search(
                    r"\btest\s+(?:me|on|with|of)\b|\b\d+[- ]question", clause, re.I):
                continue
            intent = (Intent.FLASHCARDS if kind.startswith(("flash", "card")) else
                      Intent.MINDMAP if kind.startswith(("mind", "concept")) else Intent.QUIZ)
            if any(o.intent is intent for o in out):
                continue
            if intent is Intent.MINDMAP:
                out.append(Interpretation(intent=intent))
                continue
            n = count_in(clause[starts[i]:starts[i + 1]])
            out.append(Interpretation(intent=intent, slots={"count": n} if n else {}))
        return out or None


_VERB_LEXICON = ("replace", "change", "swap", "switch", "substitute", "delete", "remove",
                 "insert", "append", "rename", "retitle", "create", "generate", "revert",
                 "restore", "undo", "split", "check", "make", "write")


def _fix_verb(clause: str) -> str:
    """The clause with a mistyped first verb ("chnage", "delte") spelt right: one edit away
    (a swap of two letters counts as one), and only for words of five letters or more, as
    shorter ones are too often other words ("take" is not "make")."""
    clause = re.sub(r"^(\w+)\s*:\s+", r"\1 ", clause)  # "Delete: 'x'"
    head, sep, rest = clause.partition(" ")
    word = head.lower()
    if word.endswith("ing") and len(word) > 5:  # "would you mind replacing ..."
        for base in (word[:-3], word[:-3] + "e", word[:-4]):
            if base in _VERB_LEXICON or base in ("cut", "add", "swap", "drop", "put"):
                return base + sep + rest
    if len(word) < 5 or word in _VERB_LEXICON or not word.isalpha():
        return clause
    best = process.extractOne(word, _VERB_LEXICON, scorer=OSA.distance, score_cutoff=1)
    if best is None:
        return clause
    return best[0] + sep + rest


def _squash_spaces(clause: str) -> str:
    return re.sub(r"\s+", " ", clause).strip()
