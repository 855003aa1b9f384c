"""The planner's request words: an app's table of the words its requests are made with,
read word for word on the message as typed (no pattern, no parse), and the small rules over
those words that say what a message asks (a value taken back, a preference cleared by its
category's name, a search, a removal, ...)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = [
    "CATEGORY_WORDS",
    "WordTable",
    "adds_to_list",
    "also",
    "asks_best",
    "asks_in_general",
    "asks_search",
    "asks_unsupported_act",
    "categories_cleared",
    "chosen",
    "compares",
    "help_alone",
    "keeps",
    "list_alone",
    "looks_like_request",
    "ranked_by",
    "removes",
    "taken_back",
    "words_of",
]

#: How many words after "any" a word for places still asks for them ("any cosy little
#: places near the river").
_ANY_WINDOW = 8

#: A preference named as a whole ("the price", "the area"), for taking it back.
CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "cuisine": ("cuisine", "food", "kind of food", "type of food"),
    "price_level": ("price", "budget", "price level", "price range"),
    "neighborhood": ("neighborhood", "neighbourhood", "area", "location", "part of town"),
    "party_size": ("party size", "group size", "headcount", "number of people", "guest count"),
    "date": ("date", "day"),
}
#: What a venue's name is replaced with in the text the rules read.
_MASK = "|"
#: "not" as `words_of` leaves it: "not", and "n't" split off ("doesn't" -> "doesn", "t").
_NOT = frozenset({"not", "t", "doesnt", "dont"})


@lru_cache(maxsize=512)
def words_of(text: str) -> tuple[str, ...]:
    """The words of lower-case `text`: runs of letters, digits and "$" (an apostrophe or
    hyphen parts words: "let's" is "let", "s"), as a word boundary reads them."""
    return tuple("".join(c if c.isalnum() or c == "$" else " " for c in text).split())


def respelt(text: str, spellings: Mapping[str, str]) -> str:
    """`text` (plain: lower case, straight quotes) with each word `spellings` knows spelt as
    the tables spell it ("o'" -> "of", "tae" -> "to"), and a dropped "g" put back ("wantin'"
    -> "wanting")."""
    if not spellings and "in'" not in text:
        return text
    out = []
    for word in text.split(" "):
        bare = word.rstrip(".,!?;:")
        tail = word[len(bare):]
        if bare in spellings:
            word = spellings[bare] + tail
        elif bare.endswith("in'") and len(bare) > 4:
            word = bare[:-1] + "g" + tail
        out.append(word)
    return " ".join(out)


#: What `words_of` splits off a contraction ("let's" -> "let", "s"; "don't" -> "don", "t").
_CLITICS = frozenset({"s", "t", "d", "ll", "re", "ve", "m"})


def _unapostrophed(words: tuple[str, ...]) -> set[tuple[str, ...]]:
    """A phrase's words, and the same words as typed without the apostrophe ("let's see"
    is also "lets see", "don't want" also "dont want")."""
    out = {words}
    for i in range(1, len(words)):
        if words[i] in _CLITICS:
            out |= _unapostrophed((*words[:i - 1], words[i - 1] + words[i], *words[i + 1:]))
    return out


class WordTable:
    """Concept -> words or short phrases, read word for word on lower-case text."""

    def __init__(self, table: Mapping[str, Sequence[str]]) -> None:
        self.table = table
        self._requests = {concept: frozenset(v for w in words for v in _unapostrophed(words_of(w)))
                          for concept, words in table.items()}

    def said_at(self, concept: str, text: str) -> list[int]:
        """Where (word positions in `words_of(text)`) `text` uses a word or phrase of
        `concept`, whole words only."""
        phrases = self._requests.get(concept)
        if not phrases:
            return []
        words = words_of(text)
        lengths = {len(p) for p in phrases}
        return [i for i in range(len(words))
                if any(tuple(words[i:i + n]) in phrases for n in lengths)]

    def spans(self, concept: str, text: str) -> list[tuple[int, int]]:
        """(start, end) word positions in `words_of(text)` of each word or phrase of
        `concept` that `text` uses."""
        phrases = self._requests.get(concept, frozenset())
        words = words_of(text)
        lengths = sorted({len(p) for p in phrases})
        return [(i, i + n) for i in range(len(words)) for n in lengths
                if words[i:i + n] in phrases]

    def says(self, concept: str, text: str) -> bool:
        """Whether `text` uses a word or phrase of `concept`."""
        return bool(self.said_at(concept, text))

    def opens_with(self, concept: str, text: str) -> bool:
        """Whether `text`'s first words are a word or phrase of `concept`."""
        words = words_of(text)
        return any(words[:len(p)] == p for p in self._requests.get(concept, ()))

    def ends_with(self, concept: str, text: str) -> bool:
        """Whether `text`'s last words are a word or phrase of `concept`."""
        words = words_of(text)
        return any(len(words) >= len(p) and words[len(words) - len(p):] == p
                   for p in self._requests.get(concept, ()))


#: What links a value to the words after it that take it back.
_LINKS = frozenset({"is", "are", "s", "would", "will", "be", "seems", "sounds", "looks"})


def taken_back(vocabulary: WordTable, before: str, after: str) -> bool:
    """Whether the words right before a value take it back ("not Thai", "instead of
    Thai", "no more pizza", "nothing too fancy"; a filler word may stand between) or the
    words right after it do ("Fishtown is out", "Fishtown doesn't work")."""
    if before.rstrip()[-1:].isalnum():  # the words reach the value (no mark between)
        words = words_of(before)
        if words and vocabulary.says("negate_filler", words[-1]) and \
                vocabulary.ends_with("negate_before", " ".join(words[:-1])):
            return True
        if vocabulary.ends_with("negate_before", before):
            return True
    if not after.lstrip()[:1].isalpha() or after[:1] not in ("", " "):
        return False
    words = words_of(after)
    while words and words[0] in _LINKS:
        words = words[1:]  # "Fishtown is out", "$$$ would be too pricey"
    return vocabulary.opens_with("negate_after", " ".join(words))


def categories_cleared(vocabulary: WordTable, text: str) -> set[str]:
    """The preferences `text` takes back as a whole, by their category's name: "forget
    (about) the area", "any day", "the price doesn't matter", "no budget limit"."""
    words = words_of(text)
    out: set[str] = set()
    for name, phrases in CATEGORY_WORDS.items():
        for phrase in phrases:
            named = words_of(phrase)
            for start in range(len(words) - len(named) + 1):
                end = start + len(named)
                if words[start:end] == named and _clears(vocabulary, words, start, end):
                    out.add(name)
    return out


def _clears(vocabulary: WordTable, words: tuple[str, ...], start: int,
            end: int) -> bool:
    """Whether the category named at `words[start:end]` is taken back by the words around
    it: a clearing verb before it (past "about" and a determiner), "any" or "whatever" just
    before it, "no" before it and "preference" or "limit" after, or "not ... matter" after."""
    says = vocabulary.says
    before = start
    if before and says("clear_det", words[before - 1]):
        before -= 1
    if before and says("clear_about", words[before - 1]):
        before -= 1
    if before and says("clear", words[before - 1]):
        return True
    if start and says("whatever", words[start - 1]):
        return True
    if start and words[start - 1] == "no" and end < len(words) and \
            says("no_limit", words[end]):
        return True
    after = words[end:end + 3]
    return "matter" in after and any(w in _NOT for w in after[:after.index("matter")])


def help_alone(words: WordTable, part: str) -> bool:
    """"help", "help me!": a message of help words alone (phrased requests for help,
    "what can you do?", are read by example)."""
    said = words_of(part)
    return bool(said) and words.says("help", part) and all(
        words.says("help_alone", w) for w in said)


def list_alone(words: WordTable, part: str) -> bool:
    """"list pls", "my list?", "shortlist": a message of a list's name and courtesy words
    alone asks to see the list."""
    said = words_of(part)
    return bool(said) and words.says("list_noun", part) and all(
        words.says("list_alone", w) for w in said)


def asks_search(words: WordTable, rest: str) -> bool:
    """"show me what you have", "any good places?", "where can we eat", "we need a
    restaurant": a searching word or phrase; "what" with "you" and "have" or "got";
    "any" then, a few words on, places; "where" + can/should + "we" + eat/go; a wanting
    word, "a" or "some", and a place."""
    says, at = words.says, words.said_at
    if says("search", rest):
        return True
    said = words_of(rest)
    if "what" in said and says("search_you", rest) and says("search_have", rest):
        return True
    places = at("search_places", rest)
    if any(0 < p - i <= _ANY_WINDOW for i in at("search_any", rest) for p in places):
        return True
    for _, end in words.spans("search_where", rest):
        after = said[end:end + 3]
        if len(after) == 3 and says("search_may", after[0]) and after[1] == "we" and \
                says("search_go", after[2]):
            return True
    for _, end in words.spans("search_want", rest):
        if said[end:end + 1] in (("a",), ("some",)) and \
                says("search_place", " ".join(said[end + 1:end + 2])):
            return True
    return False


def removes(words: WordTable, rest: str) -> bool:
    """"remove it", "take X off my list": a removing verb, or a taking one with a word of
    away after it."""
    if words.says("remove", rest):
        return True
    verbs = words.said_at("take_away", rest)
    away = words.said_at("away", rest)
    return bool(verbs and away and min(verbs) < max(away))


def also(words: WordTable, rest: str) -> bool:
    """"and Bar Sorrento too": an also word opening or closing the message."""
    return words.opens_with("also_before", rest) or words.ends_with("also_after", rest)


def looks_like_request(words: WordTable, text: str) -> bool:
    """A message about dining that asks ("can you book ...", "...?")."""
    return words.says("about_dining", text) and (
        words.opens_with("asking", text) or text.rstrip().endswith("?"))


def asks_unsupported_act(words: WordTable, text: str) -> bool:
    """Whether the verb of `text` asks for an act no tool does ("book", "reserve", "pay"),
    or its object names one ("put down a deposit", "get us a discount"); not a noun naming a
    need ("wheelchair access"). The verbs and objects are the lexicon's `unsupported` and
    `unsupported_act` words."""
    def act(word: str) -> bool:
        return words.says("unsupported", word) or words.says("unsupported_act", word)

    if not act(text):
        return False
    from draftguard.language import parse

    # The tagger may call an opening imperative a proper noun ("book the first one").
    # An opening word that names an act is an imperative ("phone X for me").
    for t in parse(text, entities=False):
        if (t.i == t.sent.start and act(t.lower_)) or (
                t.dep_ == "ROOT" and (t.pos_ == "VERB" or t.i == t.sent.start) and (
                    act(t.lemma_) or any(c.dep_ in ("dobj", "obj") and act(c.lemma_)
                                         for c in t.children))):
            return True
    return False


def adds_to_list(words: WordTable, rest: str) -> bool:
    """"stick it on my list", "chuck the third one onto my shortlist": a verb that is no
    removing one puts something on the list (a word of `onto` whose object names the list,
    hanging from the verb or from its objects); "what's on my list?" has no such verb."""
    if not words.says("listed", rest) or not words.says("onto", rest):
        return False
    from draftguard.language import parse

    # A venue's name (masked) parses as the pronoun it stands for: "pop | and | onto my
    # list" is "pop it and it onto my list", its verb a verb.
    for token in parse(" ".join(rest.split()).replace(_MASK, "it"), entities=False):
        if token.dep_ != "prep" or not words.says("onto", token.lower_) or not words.says(
                "listed", " ".join(t.lower_ for t in token.subtree)) or (
                token.lower_ == "in" and rest.rstrip().endswith("?")):
            continue
        verb = token.head
        for _ in range(3):  # from the object ("stick X and Y on the list") up to its verb
            if verb.pos_ == "VERB" or verb.dep_ not in ("dobj", "obj", "conj"):
                break
            verb = verb.head
        # Its object: a word, or a venue's name (masked as "|" in `rest`).
        # "stick both on my list": the parser may hang "both" on the preposition.
        if verb.pos_ == "VERB" and (any(c.dep_ in ("dobj", "obj") or c.text == _MASK
                                        for c in verb.children) or words.says("both", rest)) \
                and not words.says("take_away", verb.lower_) \
                and not words.says("remove", verb.lower_):
            return True
    return False


#: Dependencies by which a placing verb says where a thing goes ("put X side by side", "put
#: X against Y", "next to each other"); "for me" says for whom, "pop it in" nowhere else.
_WHERE = frozenset({"npadvmod", "agent", "prep"})


#: A text longer than this is not parsed for a request to list one venue (such a request is
#: short; the parser's tokenizer is slow on long runs of punctuation).
MAX_LIST_ONE_CHARS = 1_000


def _lists_one(words: WordTable, rest: str) -> bool:
    """"list that one for us", "shortlist it": a verb whose noun names the list (`listed`)
    with one venue as its object, by "it", "one" or its name; "list the options" shows."""
    from draftguard.language import parse

    if len(rest) > MAX_LIST_ONE_CHARS:
        return False
    return any(t.pos_ == "VERB" and words.says("listed", f"the {t.lemma_.lower()}") and any(
        c.dep_ in ("dobj", "obj") and (c.lower_ in ("it", "one") or c.text == _MASK)
        for c in t.children) for t in parse(rest, entities=False))


def _points_at_venue(words: WordTable, token: Token) -> bool:
    """"the second", "not the other one" hung on a placing verb say which venue, not where
    it goes ("side by side")."""
    from draftguard.understanding._planner_venues import ORDINALS

    return token.dep_ == "npadvmod" and any(
        words.says("venue", w.lower_) or w.lower_ in ORDINALS for w in token.subtree)


def _to_list(words: WordTable, token: Token) -> bool:
    """"add to list": a preposition of `onto` whose object is the list's name, with no
    article or owner ("to list")."""
    return token.dep_ == "prep" and words.says("onto", token.lower_) and any(
        words.says("list_noun", c.lower_) for c in token.children)


def keeps(words: WordTable, rest: str) -> bool:
    """A request to keep a venue: a keeping word ("save", "add it") or a verb that puts it
    on the list, but not a placing verb ("put", "add": `placing`) that says it goes
    somewhere other than the list ("put X and Y side by side" compares them)."""
    if not (words.says("keep", rest) or adds_to_list(words, rest) or _lists_one(words, rest)
            or chosen(words, rest)):
        return False
    if words.says("listed", rest) or not words.says("placing", rest):
        return True
    from draftguard.language import parse

    for token in parse(" ".join(rest.split()), entities=False):
        if token.pos_ == "VERB" and words.says("placing", token.lower_) and any(
                c.dep_ in _WHERE and not (c.dep_ == "prep" and c.lower_ == "for")
                and not _points_at_venue(words, c) and not _to_list(words, c)
                for t in (token, *token.children) for c in t.children):
            return False
    return True


def chosen(words: WordTable, rest: str) -> bool:
    """"the cheaper one it is", "X it is then": a venue (a word for one, or a name masked
    out of `rest`) and then the words that settle on it (`chosen`) ending the message."""
    said = list(words_of(rest))
    while said and said[-1] in ("then", "so"):
        said.pop()
    for start, end in words.spans("chosen", " ".join(said)):
        if end == len(said):
            head = rest[:rest.rfind(" it")].rstrip(" ,")
            return head.endswith("|") or (start > 0 and words.says("venue", said[start - 1]))
    return False


def compares(words: WordTable, rest: str, *, named: int) -> bool:
    """A comparison: a word of `compare` ("cheaper", "side by side"); a word of `grade`
    before a price or size word ("which is more big?", "the most cheap"); or a `among`
    word ("which") with a price or size word when two venues or more are `named` ("X or Y,
    which'd be kinder on the wallet?"); or, of two venues named, a word of `same` ("is X the
    same place as Y?": side by side, each as the catalogue records it)."""
    if words.says("compare", rest) or (named > 1 and words.says("same", rest)):
        return True
    said = words_of(rest)
    measured = [words.says("by_price", w) or words.says("by_size", w) for w in said]
    if not any(measured):
        return False
    graded = any(words.says("grade", a) and m for a, m in zip(said, measured[1:], strict=False))
    return graded or (named > 1 and words.says("among", rest))


def asks_best(words: WordTable, part: str) -> bool:
    """Which of the results is best by price or size: a superlative ("cheapest?", "the
    biggest one", "most expensive") or "which" with a price or size word ("which is
    cheaper?"). "Anything cheaper?" asks for more results instead."""
    said = words_of(part)
    measured = [words.says("by_price", w) or words.says("by_size", w) for w in said]
    if not any(measured):
        return False
    best = any(m and w.endswith("est") for w, m in zip(said, measured, strict=True)) or any(
        a in ("most", "least") and m for a, m in zip(said, measured[1:], strict=False))
    return best or said[:1] == ("which",) or "which" in said[:3]


def asks_in_general(words: WordTable, part: str) -> bool:
    """A question about things in general, not a wish for this search ("what does BYOB
    mean?", "do Italian places usually have a private room?", "is it rude to bring our own
    wine?"): whatever features it names, they are no preferences."""
    return part.rstrip().endswith("?") and words.says("in_general", part)


def ranked_by(words: WordTable, rest: str) -> tuple[str, bool] | None:
    """"the roomier one", "the cheapest", "the pricier of the two": the measure a
    comparative or superlative word after "the" names a venue by ("price" or "size"), and whether it
    means the far end of the ranking (`rank_last`: "pricier", "smaller"); else None."""
    said = words_of(rest)
    for at, word in enumerate(said):
        if said[at - 1:at] != ("the",):  # "the roomier one", not "a cheaper place"
            continue
        comparing = words.says("compare", word) or word.endswith(("er", "est")) or (
            said[at + 1:at + 2] == ("one",))  # "take the cheap one off"
        for by in ("price", "size"):
            if comparing and words.says(f"by_{by}", word):
                return by, words.says("rank_last", word)
    return None
