"""A change asked of the post that code could not place, answered with one short question.

"make the bridge lower" on a post with two bridges, "fix the seal bit pls": the author asks
for a change, names a thing the post holds, and gives no words code can write (or no place
it can tell). The reader reads no request, or one it cannot read; a small model would then
apologise and list what the app can do. Code asks instead, in the post's own words: which of
the places the thing is named, quoting each, or, when it is named once, what the words there
should be. Nothing is changed.

A message is taken as asking a change on its parse: said to the reader (a verb with no
subject, or "can/could/would you ..."), or said of the thing with "should", "must", "needs
to" or "wants to". A question that asks (who, what, how, ...) is not one: the post or the
model answers it. The thing is a noun of the message that is none of the post's parts the
app's lexicon names (title, paragraph, line, ...), found in the post by its word or lemma.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Token

from blogger.reading_turn import blogger_lexicon
from draftguard.language import parse

__all__ = ["DEFAULT_MAX_PLACES", "DEFAULT_WINDOW", "ask_where"]

#: Places quoted in the question at most (a thing named more often: the first ones).
DEFAULT_MAX_PLACES = 4
#: Words quoted on each side of the thing.
DEFAULT_WINDOW = 4

_ASKING_TAGS = frozenset({"WP", "WP$", "WRB", "WDT"})
_TO_THE_READER = frozenset({"you", "u", "ya", "ye"})
_MODAL_OF_CHANGE = frozenset({"should", "must", "ought", "need", "want", "has", "have"})
_MODAL_OF_ASKING = frozenset({"can", "could", "would", "will"})


def _asks_change(doc: Doc) -> bool:
    """Whether the message asks the reader for a change (not a question of fact)."""
    if any(t.tag_ in _ASKING_TAGS for t in doc):
        return False
    for root in (t for t in doc if t.dep_ == "ROOT"):
        subjects = [c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")]
        if root.pos_ in ("VERB", "AUX") and root.tag_ == "VB" and not subjects:
            return True  # "make the bridge lower"
        auxes = {c.lower_ for c in root.children if c.dep_ == "aux"}
        if auxes & _MODAL_OF_ASKING and any(s.lower_ in _TO_THE_READER for s in subjects):
            return True  # "can u move the slipway ..."
        if auxes & _MODAL_OF_CHANGE or root.lemma_ in _MODAL_OF_CHANGE:
            return bool(subjects) and all(s.lower_ not in ("i", "we") for s in subjects)
    return False


def _things(doc: Doc) -> list[Token]:
    lexicon = blogger_lexicon()
    return [t for t in doc if t.pos_ in ("NOUN", "PROPN") and not t.is_stop
            and not lexicon.concept(t.lower_) and not lexicon.concept(t.lemma_.lower())]


#: Words too small to tell a place by: the example pairs the thing with another word.
_SMALL = frozenset({"a", "an", "the", "of", "to", "and", "or", "from", "at", "in", "on", "for",
                    "with", "by", "my", "our", "your", "his", "her", "their", "its", "this",
                    "that"})
_SENTENCES = re.compile(r"[^.!?\n]+[.!?]*")


def _places(thing: Token, post: str, window: int) -> list[tuple[str, str]]:
    """Each place `thing` is named in the post: the words around it, and the thing with a
    word next to it (for an example of the answer), in order."""
    forms = sorted({thing.lower_, thing.lemma_.lower()}, key=len, reverse=True)
    word = re.compile(r"\b(?:" + "|".join(map(re.escape, forms)) + r")(?:e?s)?\b",
                      re.IGNORECASE)
    places = []
    for found in _SENTENCES.finditer(post):
        text = " ".join(found.group(0).lstrip("# ").split())
        for m in word.finditer(text):
            before, after = text[:m.start()].split(), text[m.end():].split()
            head = "…" if len(before) > window else ""
            tail = "…" if len(after) > window else ""
            right = re.match(rf"\S*(?:\s+\S+){{0,{window}}}", text[m.end():])
            around = " ".join([*before[-window:], m.group(0) + (right.group(0) if right else "")])
            near = ([w for w in before[-1:] if w.lower() not in _SMALL] or
                    [w.strip(",.;:!?") for w in after[:1] if w.lower() not in _SMALL])
            pair = " ".join([*near, m.group(0)] if near and near[0] in before else
                            [m.group(0), *near])
            places.append((f"{head}{around.strip()}{tail}", pair))
    return places


def ask_where(message: str, post: str, *, max_places: int = DEFAULT_MAX_PLACES,
              window: int = DEFAULT_WINDOW) -> str | None:
    """The one question for a change asked of a thing the post names; None when `message`
    asks no change, or names nothing the post holds."""
    doc = parse(message, entities=False)
    if not _asks_change(doc):
        return None
    for thing in _things(doc):
        places = _places(thing, post, window)
        if len(places) > 1:
            listed = " ".join(f"{i}. “{p}”" for i, (p, _) in enumerate(places[:max_places], 1))
            return (f"Which “{thing.text}” do you mean, and what should it say instead? "
                    f"{listed} Say it with the words, like: change “{places[0][1]}” to “…”.")
        if places:
            return (f"What should “{places[0][0]}” say instead? Say it with the words, like: "
                    f"change “{places[0][1]}” to “…”.")
    return None
