"""The planner's words read by meaning: dishes, price and occasion words, and the catalogue's
features (BYOB, outdoor seating, wheelchair access, a private room, the days it opens).

The words are data (`lexicon.toml`), found on the parse by lemma, typos by edit distance.
A food word no entry names is compared with the catalogue's dishes per cuisine: a clear best
is read, two close ones are a question. Negation comes from the parse ("nothing too fancy").

`read_meaning` is what the core's planner reader calls (`PlannerVocabulary.meaning`); a
message over `MAX_MEANING_CHARS` is left to the lexical reader, which is linear."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from draftguard.language import ExemplarIndex, embed, parse, word_frequency
from draftguard.language._parser import parse_many
from draftguard.understanding import SlotHints
from event_planning import clauses as denials
from event_planning.clauses import denied_expense, free_clauses, still_unexplained, taken
from event_planning.corrections import (
    no_limit,
    one_of,
    swapped,
    terms_read,
)
from event_planning.counts import NOT_PARTY_AFTER, party_size, people_added
from event_planning.dishes import hyphened_words, known_for, settled, typo_of_a_common_word
from event_planning.intents import PREFERENCE_EXAMPLES
from event_planning.weekdays import CALENDAR_WORDS, WEEKDAYS, day_tokens, open_day
from event_planning.word_table import lexicon, lexicon_words, request_word_set, request_words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = [
    "DEFAULT_DISH_ASK_SCORE",
    "DEFAULT_DISH_MARGIN",
    "DEFAULT_DISH_SCORE",
    "FEATURES",
    "MAX_MEANING_CHARS",
    "MeaningReader",
    "read_meaning",
]

CATALOG_PATH = Path(__file__).with_name("data") / "venues.json"

#: The longest message read by meaning (parse and similarity); longer ones are read by the
#: lexical reader only, which is linear in the message.
MAX_MEANING_CHARS = 1_000
#: Cosine a food word needs with a cuisine's nearest dish to be read as that cuisine.
DEFAULT_DISH_SCORE = 0.65
#: How far ahead of the next cuisine the best one must be to be read without asking.
DEFAULT_DISH_MARGIN = 0.08
#: Below `DEFAULT_DISH_SCORE` but at least this: ask which of the two best cuisines.
DEFAULT_DISH_ASK_SCORE = 0.58
#: The largest lone number read as a party size ("we r 5"); bigger ones must say "people".
DEFAULT_MAX_BARE_PARTY = 60
#: Words this common in English (Zipf; "morning", "number", "problem") are everyday words,
#: not dishes no lexicon entry names: they are never compared with dishes.
DEFAULT_DISH_MAX_ZIPF = 4.8
#: In a message that asks for a search, a food phrase of everyday words ("butter chicken")
#: this near a cuisine is asked about, not dropped.
DEFAULT_DISH_SEARCH_ASK_SCORE = 0.5
#: A food word this rare in English (Zipf; "carnitas" is 0) is one no reader may drop: in
#: a message that asks for a search, it is placed or asked about, never left out.
DEFAULT_DISH_UNKNOWN_ZIPF = 1.0
#: A cuisine at `DEFAULT_DISH_ASK_SCORE` or more this far ahead of the next is read without
#: asking ("croque monsieur": French at 0.61, 0.19 ahead).
DEFAULT_DISH_WIDE_MARGIN = 0.15
#: Noun phrases compared with dishes per message (each is one embedding).
_MAX_DISH_PHRASES = 3
#: Next to a word English does not know, a word rarer than this (Zipf; "tofu") is part of
#: the same name ("mapo tofu").
_NAME_WORD_ZIPF = 3.5
#: Unknown words shorter than this are not read as part of a dish ("rn", "nvm").
_MIN_UNKNOWN_LETTERS = 4
#: A clause no lexicon word covers is read as a price or a feature at this cosine with the
#: nearest of its words or example clauses ...
DEFAULT_CLAUSE_SCORE = 0.6
#: ... this far ahead of the next. Unread at ASK_SCORE or more, it is about the place
DEFAULT_CLAUSE_MARGIN = 0.1  # wanted ("we wanna sit out in the sun"): a search would guess.
DEFAULT_CLAUSE_ASK_SCORE = 0.4
#: A word no entry covers this rare in English (Zipf; "upmarket" is 0) is compared with
#: the price words on its own, as a clause is.
DEFAULT_RARE_PRICE_ZIPF = 2.0
#: A clause of everyday words ("we want a room just for us") is a price or feature only at
#: this cosine ("I need a place for the party" is 0.70 to a private room) ...
DEFAULT_PLAIN_CLAUSE_SCORE = 0.72
#: ... and this far ahead of the next.
DEFAULT_PLAIN_CLAUSE_MARGIN = 0.25
#: A lexicon word rarer than this (Zipf; "bougie" 2.3, "byob" 2.2) is read by the lexicon
#: only: the encoder places it by its letters ("rieu" is 0.62 to "ritzy").
_MIN_EXAMPLE_ZIPF = 2.5
#: Clauses compared per message (each is one embedding).
_MAX_CLAUSES = 2
#: Lexicon sections that, in a message, make it a search (so a dish in it is not dropped).
_SEARCH_SECTIONS = frozenset({"neighborhood", "feature", "price"})
_PLACE_SECTIONS = _SEARCH_SECTIONS | {"cuisine", "generic"}

#: Search filters the catalogue records: slot -> what the reply calls it.
FEATURES = {"byob": "BYOB", "outdoor": "outdoor seating", "wheelchair": "wheelchair access",
            "private_room": "a private room"}
_DISH_POS = frozenset({"NOUN", "PROPN"})


@cache
def _dishes() -> ExemplarIndex:
    """Each cuisine's dishes: the catalogue's ("Known for ...") and the lexicon's words."""
    dishes: dict[str, set[str]] = defaultdict(set)
    for venue in json.loads(CATALOG_PATH.read_text(encoding="utf-8")):
        cuisine = str(venue["cuisine"])
        dishes[cuisine].add(f"{cuisine} food")
        dishes[cuisine].update(known_for(str(venue.get("description", ""))))
    for cuisine, words in lexicon_words("cuisine").items():
        dishes[cuisine].update(words)
    return ExemplarIndex({c: sorted(d) for c, d in sorted(dishes.items())})


class MeaningReader:
    """`read_meaning` with its thresholds as named settings."""

    def __init__(self, *, dish_score: float = DEFAULT_DISH_SCORE,
                 dish_margin: float = DEFAULT_DISH_MARGIN,
                 dish_ask_score: float = DEFAULT_DISH_ASK_SCORE,
                 max_chars: int = MAX_MEANING_CHARS,
                 max_party: int = DEFAULT_MAX_BARE_PARTY,
                 dish_max_zipf: float = DEFAULT_DISH_MAX_ZIPF,
                 dish_unknown_zipf: float = DEFAULT_DISH_UNKNOWN_ZIPF,
                 dish_wide_margin: float = DEFAULT_DISH_WIDE_MARGIN,
                 clause_score: float = DEFAULT_CLAUSE_SCORE,
                 clause_margin: float = DEFAULT_CLAUSE_MARGIN,
                 clause_ask_score: float = DEFAULT_CLAUSE_ASK_SCORE,
                 rare_price_zipf: float = DEFAULT_RARE_PRICE_ZIPF,
                 dish_search_ask_score: float = DEFAULT_DISH_SEARCH_ASK_SCORE,
                 plain_clause_score: float = DEFAULT_PLAIN_CLAUSE_SCORE,
                 plain_clause_margin: float = DEFAULT_PLAIN_CLAUSE_MARGIN) -> None:
        self.dish_score = dish_score
        self.dish_margin = dish_margin
        self.dish_ask_score = dish_ask_score
        self.max_chars = max_chars
        self.max_party = max_party
        self.dish_max_zipf = dish_max_zipf
        self.dish_unknown_zipf = dish_unknown_zipf
        self.dish_wide_margin = dish_wide_margin
        self.clause_score = clause_score
        self.clause_margin = clause_margin
        self.clause_ask_score = clause_ask_score
        self.rare_price_zipf = rare_price_zipf
        self.dish_search_ask_score = dish_search_ask_score
        self.plain_clause_score = plain_clause_score
        self.plain_clause_margin = plain_clause_margin

    def warm_up(self) -> None:
        """The example tables' vectors built now (the first read would pay ~1 s for them)."""
        for index in (_dishes(), _preference_examples()):
            index.rank("dinner")

    def prepare(self, texts: Sequence[str], /) -> None:
        """The texts of one message's parts parsed in one batch (`parse` then finds them)."""
        parse_many([_parsed_text(t) for t in texts if t.strip() and len(t) <= self.max_chars],
                   entities=False)

    def __call__(self, text: str, /, *, similar: bool = True) -> SlotHints:
        """The hints of `text`; `similar=False`: the lexicon and the parse only."""
        hints = SlotHints()
        if not text.strip() or len(text) > self.max_chars:
            return hints
        doc = parse(_parsed_text(text), entities=False)
        terms = lexicon().terms(doc)
        covered = {i for term in terms for i in range(term.start, term.end)} | day_tokens(doc)
        prices, cuisines = terms_read(doc, terms, hints)
        prices = prices or ({"$$$$": True} if no_limit(doc, terms) else {})
        one_of(hints, "price_level", prices)
        party, day = self._party_and_day(doc, terms, hints)
        cuisines = swapped(doc, terms, hints, cuisines)
        places = {t.start for t in terms if t.concept == "generic.place"}
        dishes = (self._dish_phrases(doc, covered | _needing(doc, terms), places)[
            :_MAX_DISH_PHRASES] if similar else [])
        # Beside a cuisine the lexicon read, a dish is only compared to see if it is that
        # cuisine's ("gnocchi and veal saltimbocca"): then it asks nothing.
        dishes, beside = ([], dishes) if cuisines else (dishes, [])
        # A day it must open read, the clause that says so is explained ("one that isn't
        # closed on sundays").
        clauses = _clauses_of(doc, terms)[:_MAX_CLAUSES] if similar and not prices \
            and day is None else []
        rare = self._rare_words(doc, covered, hints, text) if similar and not prices else []
        named = self._named_dishes(doc, terms, covered) if similar and (
            "cuisine" in hints.values or "cuisine" in hints.ambiguous) else []
        # Only in a message about the place wanted (a preference or a word for a place).
        plain = [c for c in _clauses_of(doc, terms, plain=True) if c not in clauses][
            :_MAX_CLAUSES] if similar and any(t.concept.partition(".")[0] in _PLACE_SECTIONS
                                              for t in terms) else []
        if dishes or beside or clauses or rare or named or plain:
            # Every text this message compares, through the encoder in one call (cached):
            # with the message itself when its words state nothing, as the core then
            # compares it with the example requests.
            said = hints.values or hints.cleared or hints.ambiguous or prices or cuisines
            whole = [] if said or text in clauses else [text]
            embed([_words_text(w) for w in dishes + beside] + clauses + rare + named + plain
                  + whole)
        if dishes:
            searching = party is not None or any(
                t.concept.partition(".")[0] in _SEARCH_SECTIONS for t in terms) or any(
                t.like_num for t in doc)
            self._dish(dishes, hints, searching=searching)
        denials.read_plain(plain, hints, _preference_examples().rank,
                           score=self.plain_clause_score, margin=self.plain_clause_margin)
        if clauses or rare:
            # A rare word as a clause's subject is who does something ("my flatmates are
            # tagging along"), not what the place must have.
            unknown = {t.lower_ for t in doc if t.lower_ in rare and "subj" not in t.dep_}
            self._clauses(clauses + rare, hints, prices_only=len(clauses), rare=unknown)
            eaten = dishes + [w for w in beside if self._placed(w) in cuisines]
            still_unexplained(hints, doc, {t.lower_ for w in eaten for t in w}, terms)
        for phrase in named:
            if "cuisine" in hints.values:
                self._check_dish(phrase, hints)
            settled(doc, terms, phrase, hints, _dishes().rank)
        return hints

    def _party_and_day(self, doc: Doc, terms: list[Any],
                       hints: SlotHints) -> tuple[int | None, str | None]:
        """The party size and the day it must open, into `hints`; a number of people added
        with no total is unexplained."""
        party, corrected = party_size(doc, max_party=self.max_party)
        if party is not None:
            hints.values["party_size"] = party
            if corrected:
                hints.replaces.add("party_size")
        hints.unexplained += [] if corrected else people_added(doc)
        day = open_day(doc, terms)
        if day is not None:
            hints.values["open_on"] = day
        return party, day

    def _placed(self, words: list[Token]) -> str | None:
        """The cuisine a dish is clearly of (`dish_score`, `dish_margin`), else None."""
        ranked = _dishes().rank(_words_text(words))
        clear = len(ranked) > 1 and ranked[0].score >= self.dish_score and \
            ranked[0].score - ranked[1].score >= self.dish_margin
        return ranked[0].label if clear else None

    def _named_dishes(self, doc: Doc, terms: list[Any], covered: set[int]) -> list[str]:
        """A dish the lexicon names with a word English does not know before it ("massaman
        curry"): a kind of that dish, which may be another cuisine's."""
        return [doc[t.start - 1:t.end].text for t in terms
                if t.concept.startswith("cuisine.") and t.start > 0
                and self._unknown(doc[t.start - 1], covered)][:1]

    def _check_dish(self, phrase: str, hints: SlotHints) -> None:
        """The lexicon's cuisine for a kind of dish stands when the whole phrase is clearly
        nearest to it; else the two nearest cuisines are one question."""
        ranked = _dishes().rank(phrase)
        read = hints.values.get("cuisine")
        if len(ranked) < 2 or (ranked[0].label == read
                               and ranked[0].score - ranked[1].score >= self.dish_margin):
            return
        hints.values.pop("cuisine", None)
        hints.ambiguous["cuisine"] = [ranked[0].label, ranked[1].label]
        hints.words["cuisine"] = phrase
        hints.replaces.add("cuisine")

    def _rare_words(self, doc: Doc, covered: set[int], hints: SlotHints,
                    text: str) -> list[str]:
        """Words no entry covers that English hardly knows ("upmarket"), and words joined
        by hyphens into one ("no-frills") no entry covers: each may be a price word the
        lexicon lacks, compared as a clause is (prices only); one a spelling of one price
        word ("pricy") is read as it (the lexicon's `near`)."""
        joined = hyphened_words(text, food=_food)
        rare = [t.lower_ for t in doc if t.i not in covered and t.is_alpha and not t.is_stop
                and len(t.text) >= _MIN_UNKNOWN_LETTERS
                and word_frequency(t.lower_) < self.rare_price_zipf]
        rare = ([j.strip(".,!?") for j in joined if not lexicon().terms(parse(j, entities=False))]
                + rare)[:_MAX_CLAUSES]
        denied = denials.denied_dear_words(doc, _preference_examples().rank,
                                           cheap_score=self.clause_score) if rare else set()
        rare = [w for w in rare if not set(w.split("-")) <= denied]  # "nothing too glitzy"
        hints.cleared |= {"price_level"} if denied else set()  # no price, and said so
        spelt = {c for w in rare for c in lexicon().concepts("price.") if lexicon().near(w, c)}
        if len(spelt) == 1:
            hints.values["price_level"] = spelt.pop().partition(".")[2]
            return []
        return rare

    def _clauses(self, clauses: list[str], hints: SlotHints, *, prices_only: int,
                 rare: set[str]) -> None:
        """A price or a feature said in a whole clause no lexicon word covers ("where we can
        bring a bottle", "nothing that'll break the bank"): read by similarity to the
        lexicon's words and the app's example clauses, when one is clearly nearest (after
        the first `prices_only` clauses, a price only). A clause unread with a word English
        hardly knows in it (`rare`: "where we can rock up with our own grog") is unexplained
        however far it is from every example: the encoder cannot place what it does not
        know."""
        for at, clause in enumerate(clauses):
            ranked = _preference_examples().rank(clause)
            if len(ranked) < 2:
                continue
            best, second = ranked[0], ranked[1]
            ahead = best.score - second.score
            cheap = denied_expense(clause, best.label, best.score, _preference_examples().rank)
            if not cheap and denials.denied_dearness(clause, ranked, _preference_examples().rank,
                                                     cheap_score=self.clause_score):
                hints.cleared.add("price_level")
                continue  # "nothing too glitzy": no price, nothing to ask
            if (best.score < self.clause_score or ahead < self.clause_margin) and not cheap:
                # Near a feature already read ("no stairs, she uses a walker"): explained.
                # Nearest small talk ("it's for our book club"): no wish for the place.
                if (best.score >= self.clause_ask_score or at >= prices_only
                        or rare & set(clause.split())) and \
                        not hints.values.get(best.label.partition(".")[2]) and \
                        not best.label.startswith("occasion."):
                    hints.unexplained.append(clause)
                continue
            if not taken(best, hints, features=at < prices_only) and at >= prices_only:
                hints.unexplained.append(clause)  # a rare word near a feature: unsure

    def _dish(self, phrases: list[list[Token]], hints: SlotHints, *,
              searching: bool) -> None:
        """A cuisine read from a food word no lexicon entry names (`phrases`). A food word
        English does not know ("carnitas") in a message that asks for a search is never
        dropped: when no cuisine is near enough, the two nearest are one question."""
        for words in phrases:
            phrase = _words_text(words)
            ranked = _dishes().rank(phrase)
            if len(ranked) < 2:
                continue
            best, second = ranked[0], ranked[1]
            ahead = best.score - second.score
            if (best.score >= self.dish_score and ahead >= self.dish_margin) or (
                    best.score >= self.dish_ask_score and ahead >= self.dish_wide_margin):
                hints.values["cuisine"] = best.label
                hints.confidence = min(1.0, best.score)
                return
            unknown = any(self._unknown(t, set()) for t in words)
            if best.score >= self.dish_ask_score or (searching and (
                    unknown or best.score >= self.dish_search_ask_score)):
                # Under `dish_ask_score` the two nearest are no guess ("bibimbap"): the
                # question names the dish and every cuisine the catalogue has.
                hints.ambiguous["cuisine"] = [best.label, second.label] if \
                    best.score >= self.dish_ask_score else sorted(r.label for r in ranked)
                hints.words["cuisine"] = phrase
                return

    def _dish_phrases(self, doc: Doc, covered: set[int],
                      places: set[int]) -> list[list[Token]]:
        """Runs of words no entry covers that may name a dish: the rare nouns of a noun
        phrase (one whose head is a word for a place too: "dan dan noodle spots"), and words
        English does not know that are no typo of a common word (the tagger calls
        "bibimbap" an adjective and "croque" a verb)."""
        picked: set[int] = set()
        for chunk in doc.noun_chunks:
            if chunk.root.i not in covered or chunk.root.i in places:
                picked.update(t.i for t in chunk
                              if t.pos_ in _DISH_POS and self._dish_word(t, covered))
        # A rare word beside a rare one is the same name, whatever the tagger calls it
        # ("som tam", its "som" tagged a verb).
        unknown = [t for t in doc if self._unknown(t, covered) or (
            t.i in picked and word_frequency(t.lower_) < _NAME_WORD_ZIPF)]
        picked.update(t.i for t in unknown)
        picked.update(i for t in unknown for i in self._rare_neighbours(t, covered))
        phrases: list[list[Token]] = []
        for i in sorted(picked):
            if phrases and phrases[-1][-1].i == i - 1:
                phrases[-1].append(doc[i])
            else:
                phrases.append([doc[i]])
        return phrases

    def _dish_word(self, token: Token, covered: set[int]) -> bool:
        """A word that may name a dish; not one a person has ("my flatmates", "our nan"):
        what is owned is a person or a thing of theirs, not the food wanted."""
        return (token.i not in covered and token.is_alpha and not token.like_num
                and not any(c.dep_ == "poss" and c.tag_ == "PRP$" for c in token.children)
                and token.lower_ not in WEEKDAYS
                and token.lemma_.lower() not in CALENDAR_WORDS
                and token.lower_ not in NOT_PARTY_AFTER  # "7pm": a time, no dish
                and word_frequency(token.lower_) < self.dish_max_zipf)

    def _unknown(self, token: Token, covered: set[int]) -> bool:
        """A word English does not know, and no typo of a common word ("lookng") unless
        it stands in a name of rare words ("moules frites", "mapo tofu")."""
        return (self._dish_word(token, covered) and len(token.text) >= _MIN_UNKNOWN_LETTERS
                and word_frequency(token.lower_) < self.dish_unknown_zipf
                and (not typo_of_a_common_word(token.lower_)
                     or bool(self._rare_neighbours(token, covered))))

    def _rare_neighbours(self, token: Token, covered: set[int]) -> list[int]:
        """The words next to `token` that are rare nouns or names ("tofu" by "mapo")."""
        doc = token.doc
        return [i for i in (token.i - 1, token.i + 1) if 0 <= i < len(doc)
                and self._dish_word(doc[i], covered)
                and word_frequency(doc[i].lower_) < _NAME_WORD_ZIPF]


def _food(word: str) -> bool:
    """`word` is a food the lexicon names (not a cuisine's own name: "thai")."""
    return word.isalpha() and any(t.concept.startswith("cuisine.") and not t.concept.endswith(
        f".{word}") for t in lexicon().terms(parse(word, entities=False)))


def _needing(doc: Doc, terms: list[Any]) -> set[int]:
    """The subjects of clauses that name a feature ("grandad's in a wheelchair"): who needs
    it, no dish."""
    features = {i for t in terms if t.concept.startswith("feature.")
                for i in range(t.start, t.end)}
    return {t.i for t in doc if "subj" in t.dep_ and features
            & set(range(t.head.left_edge.i, t.head.right_edge.i + 1))}


def _parsed_text(text: str) -> str:
    """"bring-your-own-bottle", "mid-range": hyphens join words the lexicon holds apart;
    a plus between words is "and" ("me + 5 coworkers")."""
    return text.replace("-", " ").replace(" + ", " and ")


def _words_text(words: list[Token]) -> str:
    return " ".join(t.text for t in words)


def _clauses_of(doc: Doc, terms: list[Any], *, plain: bool = False) -> list[str]:
    """The clauses of `doc` no lexicon word names anything in (`free_clauses`)."""
    named = {i for t in terms if not t.concept.startswith(("generic.", "price_noun."))
             for i in range(t.start, t.end)} | day_tokens(doc)
    covered = {i for t in terms for i in range(t.start, t.end)}
    return free_clauses(doc, named, covered, known=request_word_set(), plain=plain,
                        courtesy=frozenset(request_words()["courtesy"]))


@cache
def _preference_examples() -> ExemplarIndex:
    """The lexicon's price and feature words, with the app's example clauses."""
    table: dict[str, list[str]] = defaultdict(list)
    for section in ("price", "feature"):
        for concept, words in lexicon_words(section).items():
            table[f"{section}.{concept}"].extend(
                w for w in words if " " in w or word_frequency(w) >= _MIN_EXAMPLE_ZIPF)
    for label, clauses in PREFERENCE_EXAMPLES.items():
        table[label].extend(clauses)
    return ExemplarIndex(table)


#: The reader the app hands to the core (default settings).
read_meaning = MeaningReader()
