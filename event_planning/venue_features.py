"""What a reply sentence says of a venue's recorded features, and which of its words are only
conditions. No ADK here.

The catalogue records four features per venue: BYOB, outdoor seating, wheelchair access and
a private room. A sentence states one with the planner lexicon's words for it (`feature.*` in
`event_planning/lexicon.toml`), found on the parse: "is BYOB", "has a lovely patio", "is not
wheelchair accessible", "a private room for 0". Its description records one setting too
("with a rooftop deck", "a lively bar scene"): a setting said in lowercase words (`SETTINGS`:
"a rooftop terrace", "a buzzing bar") must be the venue's. Words inside a venue's name
("Garden Terrace", "Bar Nonna Rosa") state nothing, and what a condition names ("if you want
BYOB") or a clause hedged by "may", "might" or "could" says ("though a rooftop may be hard
with a wheelchair") is no fact about a venue.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from event_planning.catalog import Venue

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["SETTINGS", "StatedFeatures", "both_subject", "every_subject", "has_feature",
           "stated_features", "without_conditions", "without_denials"]

#: A subject that speaks of every venue it stands for ("Both have a patio").
_EVERY = frozenset({"both", "they", "all", "each", "these", "those"})
_CONDITIONS = frozenset({"if", "unless", "whether"})
_NONE = frozenset({"0", "zero", "none"})


@dataclass(frozen=True)
class StatedFeatures:
    #: (feature, negated): "byob", "outdoor", "wheelchair", "private_room".
    features: tuple[tuple[str, bool], ...]
    #: The subject speaks of every venue it stands for ("Both have ...").
    every: bool


#: The setting each venue's description records, one a venue ("with a rooftop deck"), by
#: the catalogue's words for it first, then the words a reply may say it in. A venue has a
#: setting when its description holds the first; a reply that gives it another is wrong.
SETTINGS: dict[str, tuple[str, ...]] = {
    "rooftop": ("rooftop", "roof terrace", "roof deck", "roof garden", "roof"),
    "bar": ("bar scene", "bar", "cocktail bar", "wine bar"),
    "open kitchen": ("open kitchen", "open-plan kitchen", "kitchen counter"),
    "candlelit": ("candlelit", "candle-lit", "candlelight", "candles"),
    "long table": ("long table", "communal table", "shared table", "family-style"),
    "upstairs": ("upstairs", "upstairs room"),
    "brick": ("exposed-brick", "exposed brick", "brick", "bare brick"),
}


def has_feature(venue: Venue, feature: str) -> bool:
    """Whether the catalogue records `feature` (a `feature.*` concept, or a setting of
    `SETTINGS`) for the venue."""
    if feature in SETTINGS:
        return SETTINGS[feature][0] in venue.description.lower()
    return {"byob": venue.byob, "outdoor": venue.outdoor_seating,
            "wheelchair": venue.wheelchair_accessible,
            "private_room": venue.private_room_seats > 0}.get(feature, True)


def _settings(doc: Doc) -> list[tuple[str, Token]]:
    """The settings the sentence names, each with its first word ("a buzzing bar": bar)."""
    found: list[tuple[str, Token]] = []
    for token in doc:
        for setting, words in SETTINGS.items():
            for word in words:
                parts = word.split()
                span = list(doc[token.i: token.i + len(parts)])
                if len(span) == len(parts) and all(
                        t.lower_ == p or t.lemma_.lower() == p
                        for t, p in zip(span, parts, strict=True)) \
                        and all(s != setting for s, _ in found):
                    found.append((setting, token))
    return found


#: Negative pronouns as a subject deny what the verb says of them ("Neither of them has ...").
_NO_ONE = frozenset({"neither", "none", "nobody", "nothing"})


def _negated(token: Token) -> bool:
    """"not BYOB", "no private room", "without a patio", "isn't accessible", "Neither of
    them has a private room"."""
    current: Token | None = token
    for _ in range(6):
        if current is None:
            return False
        if any(k.dep_ == "neg" or (k.dep_ == "det" and k.lower_ == "no") or (
                k.dep_ in ("nsubj", "nsubjpass") and k.lower_ in _NO_ONE)
               for k in current.children):
            return True
        if current.dep_ == "pobj" and current.head.lower_ == "without":
            return True
        if current.head is current:
            return False
        current = current.head
    return False


#: Modals that hedge what their clause says ("may be hard with a wheelchair"); "can" states.
_HEDGES = frozenset({"may", "might", "could"})


def _hedged(token: Token) -> bool:
    """The clause the word stands in is hedged by a modal of its own verb."""
    current = token
    for _ in range(8):
        if current.pos_ in ("VERB", "AUX") and current.dep_ not in ("aux", "auxpass"):
            return any(k.tag_ == "MD" and k.lower_ in _HEDGES for k in current.children)
        if current.head is current:
            return False
        current = current.head
    return False


def stated_features(doc: Doc) -> StatedFeatures:
    """The features the parsed sentence says a venue has or lacks (module docstring)."""
    from event_planning.word_table import lexicon

    found: list[tuple[str, bool]] = []
    for term in lexicon().terms(doc, typos=False):
        if not term.concept.startswith("feature."):
            continue
        token = doc[term.start]
        if token.pos_ == "PROPN" and not token.text.isupper():
            continue  # a word of a name
        if _hedged(token):
            continue  # "though a rooftop may be hard with a wheelchair"
        noun = doc[term.end - 1]
        clause = noun.head if noun.head.pos_ in ("VERB", "AUX") else noun
        none = any(t.text in _NONE for t in clause.subtree)  # "a private room for 0"
        found.append((term.concept.removeprefix("feature."), none or _negated(token)))
    for setting, token in _settings(doc):
        if token.text.islower() and not _hedged(token):  # "Bar Nonna Rosa" is a name
            found.append((setting, _negated(token)))
    return StatedFeatures(tuple(found), every_subject(doc))


def every_subject(doc: Doc) -> bool:
    """The subject speaks of every venue it stands for, more than one ("Both of them",
    "They", "All three")."""
    return any(t.dep_ in ("nsubj", "nsubjpass", "appos") and (t.lower_ in _EVERY or any(
        k.dep_ in ("det", "predet", "nummod") and k.lower_ in _EVERY for k in t.children))
        for t in doc)


def both_subject(doc: Doc) -> bool:
    """The subject is "both" ("Both are ...", "Both of them ...", "Both places ...")."""
    return any(t.dep_ in ("nsubj", "nsubjpass") and (t.lower_ == "both" or any(
        k.dep_ in ("det", "predet", "preconj") and k.lower_ == "both" for k in t.children))
        for t in doc)


def without_conditions(doc: Doc, plain: str, plain_of: Callable[[str], str]) -> str:
    """`plain` (the sentence as `plain_of` writes it) without its conditions ("if budget
    isn't a concern", "unless you want a patio")."""
    for clause in doc:
        if clause.dep_ == "advcl" and any(k.dep_ == "mark" and k.lower_ in _CONDITIONS
                                          for k in clause.children):
            said = plain_of(doc[clause.left_edge.i: clause.right_edge.i + 1].text)
            if said:
                plain = plain.replace(said, " ; ")
    return plain


def without_denials(doc: Doc, plain: str, plain_of: Callable[[str], str]) -> str:
    """`plain` without what a negated copula denies of its subject ("Neither is cheap",
    "It isn't pricey": "cheap" and "pricey" state no level): the word it is said to be,
    when the verb is negated or its subject is a negative pronoun."""
    for word in doc:
        if word.dep_ not in ("acomp", "attr") or word.head.lemma_ != "be":
            continue
        verb = word.head
        if any(k.dep_ == "neg" or (k.dep_ in ("nsubj", "nsubjpass") and k.lower_ in _NO_ONE)
               for k in verb.children):
            said = plain_of(doc[word.left_edge.i: word.right_edge.i + 1].text)
            if said:
                plain = f" {plain} ".replace(f" {said} ", " ; ").strip()
    return plain
