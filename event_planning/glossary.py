"""The planner's own words explained by code: a question about what a feature word means
here ("what does BYOB mean exactly?", "what's a private room here?") is answered from a small
glossary kept as data (`data/glossary.toml`), never by the model, and states no preference.

A message asks the meaning of a word when it is a question that names one glossary word (a
lexicon concept, typos matched) and either says a word of defining (`request.define` in the
lexicon: "mean", "stand for") or asks "what is" of that word alone ("what's a private room
here?": nothing else in the question but function words)."""

from __future__ import annotations

import tomllib
from functools import cache
from itertools import pairwise
from pathlib import Path

from draftguard.language import parse
from event_planning.word_table import lexicon, lexicon_words, request_words

__all__ = ["GLOSSARY_PATH", "glossary", "meaning_of", "words_asked_about"]

GLOSSARY_PATH = Path(__file__).with_name("data") / "glossary.toml"
#: A message longer than this is no question about one word.
MAX_QUESTION_CHARS = 200
#: Parts of speech that carry no content of their own in "what's a private room here?".
_FUNCTION_POS = frozenset({"DET", "AUX", "PUNCT", "PART", "ADV", "PRON", "SCONJ", "ADP",
                           "INTJ", "CCONJ", "SPACE"})
#: The glossary key of the price level's own marks ("what does $$$ mean?").
PRICE_KEY = "price"
#: English's question words (a closed class): a message opening with one may ask a meaning.
_WH_WORDS = frozenset({"what", "what's", "whats", "which", "who", "how", "where", "when",
                       "why"})


@cache
def glossary() -> dict[str, str]:
    """Glossary key (a lexicon concept, or "price") -> the answer."""
    table = tomllib.loads(GLOSSARY_PATH.read_text(encoding="utf-8"))
    return {key: " ".join(str(entry["answer"]).split()) for key, entry in table.items()}


def meaning_of(key: str) -> str:
    return glossary()[key]


def words_asked_about(text: str) -> list[str]:
    """The glossary keys `text` asks the meaning of (at most one), else []."""
    if len(text) > MAX_QUESTION_CHARS or not _may_ask(text):
        return []
    doc = parse(text, entities=False)
    tokens = [t for t in doc if not t.is_space]
    if not tokens:
        return []
    question = text.rstrip().endswith("?") or tokens[0].tag_ in ("WP", "WDT", "WRB")
    if not question:
        return []
    known = glossary()
    terms = [t for t in lexicon().terms(doc) if t.concept in known]
    price = [t for t in tokens if t.text and set(t.text) == {"$"}]
    keys = list(dict.fromkeys([t.concept for t in terms] + [PRICE_KEY for _ in price]))
    if len(keys) != 1:
        return []
    covered = {i for t in terms for i in range(t.start, t.end)} | {t.i for t in price}
    define = set(request_words().get("define", ()))
    said = {t.lemma_.lower() for t in tokens} | {t.lower_ for t in tokens}
    pairs = {f"{a.lemma_.lower()} {b.lower_}" for a, b in pairwise(tokens)}
    if said & define or pairs & define:
        return keys
    # "what's a private room here?", "what is outdoor seating?": "what" and the word (with
    # a word for a place or its seating, the lexicon's `generic.place`), nothing else.
    whats = any(t.lower_ == "what" for t in tokens)
    places = set(lexicon_words("generic").get("place", ()))
    alone = all(t.i in covered or t.pos_ in _FUNCTION_POS or t.lemma_.lower() in places
                for t in tokens)
    return keys if whats and alone else []


def _may_ask(text: str) -> bool:
    """Whether `text` may ask what a word means, before any parse (a message of several
    parts is parsed once, in a batch, by the reader): it ends in a question mark, opens
    with a question word, or holds a word of the lexicon's `request.define` ("mean")."""
    words = [w.strip(".,!;:") for w in text.lower().replace("?", " ").split()]
    if not words:
        return False
    said = f" {' '.join(words)} "
    return text.rstrip().endswith("?") or words[0] in _WH_WORDS or any(
        f" {phrase} " in said for phrase in request_words().get("define", ()))
