"""Which venue a planner request means when it does not spell its name: a position in the
results ("the second one", "#3", "the last", "the first two"), or one word of a name the
conversation has shown ("remove the Siam one")."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from draftguard.language import word_frequency
from draftguard.text import number_value
from draftguard.understanding._planner_words import WordTable, removes, words_of
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = [
    "DEFAULT_ACT_MARGIN",
    "DEFAULT_ACT_SCORE",
    "MIDDLE",
    "ORDINALS",
    "acts_on_venue",
    "all_partly_named",
    "asks",
    "asks_plan",
    "clauses_after",
    "each_venue",
    "first_n",
    "focus_asked_about",
    "object_pointed",
    "partly_named",
    "positions",
    "reference",
    "references",
    "removes_listed",
    "result_asked_about",
    "run_of",
    "swapped",
    "venues_pointed",
]

ORDINALS = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3,
            "4th": 3, "fifth": 4, "5th": 4, "top": 0}
_ORD_WORDS = ("first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|top|last|former|latter"
              "|middle")
#: The position "the middle one" stands for: which result it is depends on how many there
#: are (`middle_of`).
MIDDLE = 99
_ORD_NOUNS = "one|option|place|venue|restaurant|spot|choice|pick|result|on the list"
_ORDINAL = re.compile(
    rf"\b(?:the|that|this)\s+(?:very\s+)?({_ORD_WORDS})\b"
    rf"|\b({_ORD_WORDS})\s+(?:{_ORD_NOUNS})\b"
    r"|(?:\bnumber|\bno\.|\boption|\bchoice|#)\s*([1-5]|one|two|three|four|five)\b")
#: "number three": a result by its number in words.
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_FIRST_N = re.compile(r"\b(first|top|last|bottom)\s+(two|three|2|3)\b")
#: A word of a venue's name this common in English (Zipf) does not name it alone ("the",
#: "bar", "kitchen", "room").
MAX_NAME_WORD_ZIPF = 4.0
#: The largest bare number read as a position among the results ("put 1 and 3 on my list").
_MAX_POSITION = 9
#: A question longer than this is not parsed for "it" or "they" (`focus_asked_about`).
MAX_FOCUS_QUESTION_CHARS = 1_000
#: A request about one venue is an act on it no tool does ("get us money off at X", "ring
#: the second one") when the app's `act` examples are this near (cosine) ...
DEFAULT_ACT_SCORE = 0.35
#: ... and this far ahead of its `pick` examples (asking about the venue).
DEFAULT_ACT_MARGIN = 0.15


def reference(text: str) -> int | None:
    """The result a message points at by position ("the second one", "#3", "the last")."""
    found = references(text)
    return found[0] if len(found) == 1 else None


def result_asked_about(text: str) -> bool:
    """A result by position is what a verb says something of ("does the first one let you
    bring wine?", "is the second one step-free"): a question about that venue, not a
    preference for a new search."""
    from draftguard.language import parse

    return any("subj" in t.dep_ and reference(" ".join(w.text for w in t.subtree)) is not None
               for t in parse(text, entities=False))


def focus_asked_about(text: str, words: WordTable | None = None) -> bool:
    """A question (a "?" at its end, or opened by an auxiliary, a modal or a question
    word: "are they shut on tuesdays", "wud it fit 14 of us") asked of the venue in view:
    its subject is "it" or "they", or a word for a venue with "this" or "that" ("this
    restaurant is open in sunday?", "is that one open on a monday?"); or it asks of what is
    "there" ("what's good to order there?", "would my grandad manage there") or of "it",
    "that one" after a preposition ("can we bring a bottle to that one?"): not a
    preference for a new search."""
    from draftguard.language import parse

    if len(text) > MAX_FOCUS_QUESTION_CHARS:
        return False
    doc = parse(text, entities=False)
    return _asks(doc, words) and any(_of_focus(t, words) for t in doc)


def asks(text: str, words: WordTable | None = None) -> bool:
    """A question: a "?" at its end, or opened by an auxiliary, a modal or a question word
    ("whats the best way to get there from the station")."""
    from draftguard.language import parse

    return len(text) <= MAX_FOCUS_QUESTION_CHARS and _asks(parse(text, entities=False), words)


#: Question words that open a question ("what's it like in there").
_QUESTION_TAGS = frozenset({"MD", "WP", "WRB", "WDT"})


def _asks(doc: Doc, words: WordTable | None) -> bool:
    """A question: a "?" at its end, or its first word an auxiliary, a modal (also as
    spelt informally, the request table's `modal`) or a question word."""
    first = next((t for t in doc if not t.is_punct), None)
    if first is None:
        return False
    return bool(doc.text.rstrip().endswith("?") or first.pos_ == "AUX" or (
        first.tag_ in _QUESTION_TAGS) or (words is not None and words.says("modal", first.lower_)))


def _of_focus(token: Token, words: WordTable | None) -> bool:
    """`token` stands for the venue in view: "it" or "they" as a subject (or "it" after a
    preposition), "there" of a verb, or a word for a venue with "this" or "that" as a
    subject or after a preposition ("that one" parsed as "that" and "one": either)."""
    lower, dep = token.lower_, token.dep_
    if lower == "there":
        return dep == "advmod"  # not "is there ...?"
    if "subj" in dep and lower in ("it", "they"):
        return True
    if dep == "pobj" and lower in ("it", "them"):
        return True
    pointed = any(c.dep_ == "det" and c.lower_ in ("this", "that") for c in token.children)
    venue_word = lower == "one" or (words is not None and words.says("venue", lower))
    if venue_word and pointed and ("subj" in dep or dep in ("pobj", "attr")):
        return True
    # "is that one open ...?": "that" the subject, "one" beside it
    return "subj" in dep and lower in ("this", "that") and any(
        c.lower_ == "one" for c in token.head.children if c.i == token.i + 1)


def object_pointed(text: str) -> bool:
    """A verb's object points at a venue ("chuck it on the list", "stick that on", "keep
    that one"), as "what I put on my list" does not."""
    from draftguard.language import parse

    # "keep that one": the object is "one" with "that" or "this" as its determiner
    return any(t.dep_ in ("dobj", "obj") and (t.lower_ in ("it", "that", "this") or (
        t.lower_ == "one" and any(c.dep_ == "det" and c.lower_ in ("that", "this")
                                  for c in t.children)
        and not any(c.i < t.i and (c.lower_ in ORDINALS or c.lower_ in (
            "last", "former", "latter")) for c in t.children)))  # "that first one": a position
               for t in parse(text, entities=False))


def references(text: str) -> list[int]:
    found: list[int] = []
    for m in _ORDINAL.finditer(text):
        word = m.group(1) or m.group(2)
        if word is not None and word[0].isdigit() and text[:m.start()].rstrip().endswith(
                " on"):
            continue  # "let's do it on the 3rd": a day of the month, not a result
        if m.group(1) is not None and _ranks_other(text, m.start(1)):
            continue  # "the last app I tried", "the first time we went": no result
        number = m.group(3)
        index = (_NUMBER_WORDS.get(number, 0) or int(number)) - 1 if word is None \
            else -1 if word in ("last", "latter") else 0 if word == "former" \
            else MIDDLE if word == "middle" else ORDINALS[word]
        if index not in found:
            found.append(index)
    return found


#: The nouns an ordinal may rank without naming something else than a result.
_RESULT_NOUNS = frozenset(_ORD_NOUNS.split("|")) | {"choice", "pick", "result", "list", "|"}


def _ranks_other(text: str, at: int) -> bool:
    """The ordinal at `at` ranks a noun that is no word for a result ("the last app", "the
    first time", "the second week"), so it points at no result."""
    from draftguard.language import parse

    if len(text) > MAX_FOCUS_QUESTION_CHARS:
        return False
    token = next((t for t in parse(text, entities=False) if t.idx == at), None)
    return token is not None and token.dep_ == "amod" and token.head.pos_ == "NOUN" and \
        token.head.i > token.i and token.head.lower_ not in _RESULT_NOUNS


def first_n(text: str) -> int | None:
    """"the first two", "top 3": how many results from the top; "the last two": as many
    from the end, negative; or None."""
    found = _FIRST_N.search(text)
    if found is None:
        return None
    n = {"two": 2, "three": 3}.get(found.group(2)) or int(found.group(2))
    return -n if found.group(1) in ("last", "bottom") else n


def run_of(results: Sequence[str], n: int) -> list[str]:
    """The first `n` results, or for a negative `n` the last -`n`."""
    return list(results[:n]) if n > 0 else list(results[n:])


def all_partly_named(words: Sequence[str], shown: Sequence[str]) -> list[str]:
    """Every venue of `shown` that `words` name by a word of its name that is no everyday
    word ("the two Banh Mi places": both whose names have "banh" and "mi"), in order."""
    said = {w for w in words if word_frequency(w) < MAX_NAME_WORD_ZIPF}
    return [v for v in shown if said & {w.strip(".,'&") for w in words_of(_unaccented(v))}]


def partly_named(words: Sequence[str], shown: Sequence[str]) -> str | None:
    """The one venue of `shown` (the shortlist, the results) that `words` (the message's,
    lower case) name by a word of its name that is no everyday word ("the Siam one"), or
    None."""
    said = {w for w in words if word_frequency(w) < MAX_NAME_WORD_ZIPF}
    # as the message is read: lower case, accents off ("xochitl" is "Xóchitl")
    hits = {venue for venue in shown
            if said & {w.strip(".,'&") for w in words_of(_unaccented(venue))}}
    return hits.pop() if len(hits) == 1 else None


def _unaccented(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower())
                   if not unicodedata.combining(c))


def removes_listed(words: WordTable, rest: str, venues: Sequence[str], shortlist: Sequence[str],
                   picked: str | None, *, parse: bool = True,
                   meant: Sequence[str] = ()) -> bool:
    """A removal from the shortlist: "take X off my list", "remove it", "take the 2nd back
    off" (`meant`: the venue a position means); a venue on the shortlist named with a
    removing verb ("drop X", "remove the Siam one"), or meant by "it" ("take it off again",
    "ditch that one": one thing, not "them"; read on the parse when `parse`)."""
    named = [*venues, *filter(None, [partly_named(words_of(rest), shortlist)])]
    if removes(words, rest) and (words.says("listed", rest) or named or meant or (
            parse and picked in shortlist and _one_thing(words, rest))):
        return True
    return words.says("take_away", rest) and (any(v in shortlist for v in named) or (
        parse and not named and picked in shortlist and _one_thing(words, rest)))


def _one_thing(words: WordTable, rest: str) -> bool:
    """`rest` says "it", "that" or "this" of one thing (the parse's singular), not "them"
    ("take them out for a meal" is about people)."""
    if not words.says("it", rest):
        return False
    from draftguard.language import parse

    return any(words.says("it", t.lower_) and t.morph.get("Number", []) == ["Sing"]
               for t in parse(rest, entities=False))


def venues_pointed(words: WordTable, named: int, text: str, shown: Sequence[str] = ()) -> int:
    """How many venues `text` points at: the `named` ones, those meant by position ("the
    second"), one meant by "it" or "that one" (not "that second one") and those of `shown`
    (the results and the shortlist) it names by a word of their name each ("drop Xochitl
    and save Paloma")."""
    said = words_of(text)
    partly = 0 if named else sum(partly_named((w,), shown) is not None for w in set(said))
    # "swap them - drop X": "them" beside venues named is those venues, not one more
    it = any((i + 1 >= len(said) or said[i + 1] not in (*ORDINALS, "last", "very"))
             and not (said[i] == "them" and named + partly) for i in words.said_at("it", text))
    return named + len(references(text)) + int(it) + partly


def positions(text: str) -> list[int]:
    """Every result position `text` names when it names two or more ("the second and the
    third", "1 and 3", "the first and last", "number one and number three"): ordinal words
    and small numbers, in order
    (-1: the last); else []."""
    found: list[int] = []
    said = words_of(text)
    if first_n(text) is not None:
        return []  # "the last 2": a run from one end (`first_n`), not two positions
    for at, word in enumerate(said):
        index = (-1 if word == "last" else ORDINALS.get(word) if word != "top"
                 else None)
        if index is None and at and said[at - 1] == "number":  # "number one and number three"
            word = str(number_value(word) or word)
        if index is None and word.isdigit() and 0 < int(word) <= _MAX_POSITION:
            index = int(word) - 1
        if index is not None and index not in found:
            found.append(index)
    return found if len(found) > 1 else []


#: A word for every one of two results.
_BOTH = frozenset({"both"})


def each_venue(venues: Sequence[str], rest: str, results: Sequence[str], *,
               asked: bool, focus: str | None = None,
               words: WordTable | None = None) -> list[str]:
    """The venues one shortlist change is made for, each once: those named and listed with
    "and" when the reading `asked` which one (with "or", or anything else between them, the
    question stands), or the results at two or more positions ("save the first and the
    third"), or the first N ("the first two", "the top three"), or both of two results
    ("add both"), or the venue in `focus` as the verb's
    object and one position ("stick that on the list, and the first one too"); else []."""
    named = list(dict.fromkeys(venues))
    between = [p.strip(" ,") for p in rest.split("|")[1:-1]]
    if named:
        return named if asked and len(named) > 1 and len(between) == len(venues) - 1 \
            and all(_only_joins(words, b) for b in between) else []
    at = positions(rest)
    top = first_n(rest)
    if not at and top is not None and abs(top) <= len(results):
        return run_of(results, top)  # "add the first two", "save the last three"
    if not at and len(results) == 2 and _BOTH & set(words_of(rest)):
        return list(results)  # "add both of them": the two results shown
    one = references(rest)
    if not at and focus and len(one) == 1 and -len(results) <= one[0] < len(results) \
            and object_pointed(rest):
        return list(dict.fromkeys([focus, results[one[0]]]))
    if not at or not results or any(i >= len(results) for i in at):
        return []
    return list(dict.fromkeys(results[i] for i in at))


def _only_joins(words: WordTable | None, between: str) -> bool:
    """Whether the words between two venues named for one keeping verb only join them ("and",
    "plus", "also"), with the list they go on named or not ("to the shortlist, and")."""
    if words is None:
        return between in ("and", "")
    said = words_of(between)
    listed = {i for s, e in words.spans("listed", between) for i in range(s, e)}
    listed |= {i for s, e in words.spans("list_noun", between) for i in range(s, e)}
    if listed:  # the list's own words, and the "to the" that brings it
        first = min(listed)
        listed |= {i for i in range(first) if words.says("onto", said[i])
                   or said[i] in ("the", "my", "our")}
    return all(i in listed or words.says("joined", w) for i, w in enumerate(said))


def acts_on_venue(examples: Callable[[str], Sequence[tuple[str, float]]] | None, rest: str, *,
                  act_score: float = DEFAULT_ACT_SCORE,
                  act_margin: float = DEFAULT_ACT_MARGIN) -> bool:
    """Whether a request about a venue asks for an act on it no tool does, by similarity
    to the app's example requests labelled `act` against those labelled `pick` (an app
    without them never says so)."""
    if examples is None or not _asks_the_app(rest):
        return False
    scores = dict(examples(rest))
    if "act" not in scores or "pick" not in scores:
        return False
    return scores["act"] >= act_score and scores["act"] - scores["pick"] >= act_margin


def _asks_the_app(rest: str) -> bool:
    """A verb the app is asked to carry out: an imperative ("get us 20% off at X") or one
    whose subject is "you" ("could you ring X"); a question about the venue ("does X have a
    patio?", opened by its auxiliary) asks nothing of the app and is not compared."""
    from draftguard.language import parse

    for verb in parse(rest, entities=False):
        if verb.dep_ != "ROOT" or verb.pos_ != "VERB":
            continue
        subjects = [c.lower_ for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        opened = any(c.dep_ == "aux" and c.i < verb.i for c in verb.children)
        return subjects == ["you"] or (not subjects and not opened)
    return False


def asks_plan(vocabulary: WordTable, rest: str, *, named: bool) -> bool:
    """"what's on my shortlist?", "show me the plan", "have we saved anything", "recap":
    a word that asks to see (or a question opened by "have" or "did") and a word naming
    the plan or the list, or what "we" have ("what have we got?"), about no one venue (none
    `named`), with no comparing word and no keeping verb but the list's own name. What names
    neither ("where are we at?") is read by example."""
    if named or reference(rest) is not None or vocabulary.says("compare", rest):
        return False
    listed = vocabulary.said_at("listed", rest)
    if any(i not in listed for i in vocabulary.said_at("keep", rest)):
        return False  # "should we save it to the list?": a keeping verb asks to keep
    asks = vocabulary.says("plan_ask", rest) or vocabulary.opens_with("plan_asked", rest)
    return asks and (vocabulary.says("plan", rest) or vocabulary.says("listed", rest)
                     or (vocabulary.says("plan_we", rest)
                         and vocabulary.says("plan_have", rest)))


def clauses_after(rest: str) -> str:
    """The clauses after the one that names the last venue in `rest` (masked as "|"):
    "take | back off, and what's in the plan now?" -> "what's in the plan now?"."""
    tail = rest.rsplit("|", 1)[-1]
    for joint in (",", ";", " and ", " then ", " - ", " – ", " — "):
        tail = tail.replace(joint, "\n")
    return " ".join(tail.split("\n")[1:]).strip()


def swapped(words: WordTable, venues: Sequence[str], rest: str, shortlist: Sequence[str],
            picked: str | None) -> list[Interpretation]:
    """"swap it for Lemongrass Lane", "replace Siam Orchid with Kaze": the venue on the
    shortlist (named first, or "it" for the one in view, `picked`, when it is listed) taken
    off, then the one named after it put on; nothing when the words are not those."""
    if not words.says("swap", rest):
        return kept_only(words, venues, rest, shortlist)
    named = list(dict.fromkeys(venues))
    if len(named) == 2 and named[0] in shortlist and named[1] not in shortlist:
        old, new = named
    elif len(named) == 1 and named[0] not in shortlist and words.says("it", rest) and (
            picked in shortlist):
        old, new = str(picked), named[0]
    else:
        return []
    return [Interpretation(intent=Intent.SHORTLIST, slots={"venue": old, "action": "remove"}),
            Interpretation(intent=Intent.SHORTLIST, slots={"venue": new, "action": "add"})]


def kept_only(words: WordTable, venues: Sequence[str], rest: str,
              shortlist: Sequence[str]) -> list[Interpretation]:
    """"take Siam Orchid off, just Lemongrass Lane", "scrap X - only keep Y": a removal that
    names, last, the one venue kept (right after a word that keeps it alone): the listed
    venues named before it taken off, then it put on when it is not listed yet; nothing
    when the words are not those."""
    named = list(dict.fromkeys(venues))
    pieces = rest.split("|")  # the words before each venue named, and after the last
    head = "|".join(pieces[:-2])  # up to the venue before the one kept
    if len(named) < 2 or len(pieces) != len(venues) + 1 or not words.ends_with(
            "kept_only", pieces[-2].strip(" ,.;-")) or not (
            removes(words, head) or words.says("take_away", head)):
        return []
    kept, gone = named[-1], [v for v in named[:-1] if v in shortlist]
    if not gone or kept in gone:
        return []
    return [Interpretation(intent=Intent.SHORTLIST, slots={"venue": v, "action": "remove"})
            for v in gone] + ([] if kept in shortlist else [
                Interpretation(intent=Intent.SHORTLIST, slots={"venue": kept, "action": "add"})])
