"""How many people a planner message says, read on the parse where the words alone do not
settle it: a lone number ("we r 5", "sushi rittenhouse 4 saturday"), of two numbers the one
a correction leaves ("for 5 - no wait, 6", "now 6, not 4"), or people listed ("just me and
my wife")."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from draftguard.text import number_value
from event_planning.corrections import NEGATORS
from event_planning.word_table import lexicon_words, request_words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["NOT_PARTY_AFTER", "party_size", "people_added", "people_counted", "people_listed"]

#: Next to a lone number, words that make it a day, a time, a price or a position.
NOT_PARTY_BEFORE = frozenset({"at", "$", "#", "no", "number", "option", "top", "first",
                              *(m.lower() for m in calendar.month_name if m),
                              *(m.lower() for m in calendar.month_abbr if m)})
NOT_PARTY_AFTER = frozenset({"pm", "am", "p.m.", "a.m.", "o'clock", "oclock", ":", "/", "th", "st",
                             "nd", "rd", "%", "dollar", "dollars", "bucks",
                             # "Saturday 20 February": a day of the month
                             *(m.lower() for m in calendar.month_name if m),
                             *(m.lower() for m in calendar.month_abbr if m)})
#: Units of time: a number before one measures how long ("stuck in an office for forty
#: years", "waited 30 minutes"), never how many people.
TIME_UNITS = frozenset({"minute", "hour", "day", "week", "month", "year", "decade",
                        # and of distance ("we are 3 blocks from fishtown")
                        "block", "mile", "km", "kilometre", "kilometer", "stop"})


def party_size(doc: Doc, *, max_party: int) -> tuple[int | None, bool]:
    """A lone number that can only be how many: the message's one number, not a day of a
    month, a time or a price; or, of two, the one a correction leaves. The flag: it was a
    correction, which replaces what the words read ("for 5" in "for 5 - no wait, 6")."""
    # "on the 5th" is a day, not a count; "one change" a determiner; "cheapest 1?" a position
    numbers = [t for t in doc if (t.like_num or any(c.isdigit() for c in t.text))
               and not ordinal(t.lower_) and not _one_thing(doc, t) and not _ranked(doc, t)
               and not _how_long(doc, t) and not _of_those_shown(doc, t)]
    counted = people_counted(doc, max_party=max_party)
    if counted is not None:  # "2 adults and 2 kids": not the "2 adults" the words read
        return counted, True
    if not numbers:
        return people_listed(doc), False
    if len(numbers) == 2:
        added = [n for n in numbers if n.i + 1 < len(doc) and doc[n.i + 1].lower_ in _MORE]
        total = [n for n in numbers if n not in added]
        if len(added) == 1 and _count(doc, total[0], max_party=max_party):
            # "two more mates are coming, so 8 all told": the total; "for 6, and 2 more":
            # the two together.
            extra = 0 if added[0].i < total[0].i else number_value(added[0].lower_) or 0
            size = int(total[0].text) + extra
            return (size if size <= max_party else None), True
        return _corrected(doc, numbers[0], numbers[1], max_party=max_party), True
    if len(numbers) != 1 or not _count(doc, numbers[0], max_party=max_party):
        return None, False
    return int(numbers[0].text), False


def _how_long(doc: Doc, token: Token) -> bool:
    """"forty years", "twenty five years": a number of a unit of time (`TIME_UNITS`, after
    the number's other words) is a span."""
    after = next((t for t in doc[token.i + 1:] if not t.like_num), None)
    return after is not None and after.lemma_.lower() in TIME_UNITS


def _one_thing(doc: Doc, token: Token) -> bool:
    """"one change", "one more thing": the word "one" before a noun is no count."""
    after = doc[token.i + 1] if token.i + 1 < len(doc) else None
    return token.lower_ == "one" and after is not None and after.pos_ in ("NOUN", "ADJ")


def _ranked(doc: Doc, token: Token) -> bool:
    """"cheapest 1?", "biggest 2": a number after a comparing word is a result, not people
    (the lexicon's `request.compare`)."""
    return token.i > 0 and doc[token.i - 1].lower_ in request_words().get("compare", ())


#: Before a number, words that make it a count of things in view ("how do the 2 stack up",
#: "these two"), unless "of" follows ("the two of us").
_SHOWN = frozenset({"the", "these", "those"})


def _of_those_shown(doc: Doc, token: Token) -> bool:
    """"the 2", "these two": a number of the results in view, not of people."""
    after = doc[token.i + 1].lower_ if token.i + 1 < len(doc) else ""
    return token.i > 0 and doc[token.i - 1].lower_ in _SHOWN and after != "of"


def people_added(doc: Doc) -> list[str]:
    """"2 more people are coming" with no total said: people added to a party the message
    does not state, so the words "2 more people" are no party size (asked about)."""
    return [doc[n.i:n.i + 3].text for n in doc if n.like_num and n.i + 1 < len(doc)
            and doc[n.i + 1].lower_ in _MORE]


def ordinal(word: str) -> bool:
    """"5th", "23rd": a position or a day of the month, never how many."""
    return word[:-2].isdigit() and word[-2:] in ("st", "nd", "rd", "th")


def _count(doc: Doc, token: Token, *, max_party: int, correcting: bool = False) -> bool:
    """`token` can be how many; `correcting`: after "no" too ("7 no 8")."""
    before = doc[token.i - 1].lower_ if token.i > 0 else ""
    if correcting and before == "no":
        before = ""
    after = doc[token.i + 1].lower_ if token.i + 1 < len(doc) else ""
    return (token.text.isdigit() and before not in NOT_PARTY_BEFORE
            and after not in NOT_PARTY_AFTER and 1 <= int(token.text) <= max_party)


def _corrected(doc: Doc, first: Token, second: Token, *, max_party: int) -> int | None:
    """Of two counts, the one left standing: the later denied ("6, not 4"): the first;
    a break or a "no" between them ("5 - no wait, 6", "7 no 8"): the later."""
    if not (_count(doc, first, max_party=max_party)
            and _count(doc, second, max_party=max_party, correcting=True)):
        return None
    between = doc[first.i + 1:second.i]
    if between and (between[-1].lower_ in ("not", "never") or between[-1].dep_ == "neg"):
        return int(first.text)
    if any(t.is_punct or t.lower_ in NEGATORS for t in between):
        return int(second.text)
    return None


#: After a count, words that make it people added, not the party ("2 more", "3 extra").
_MORE = frozenset({"more", "extra", "additional"})
#: The speaker, in a list of the people coming.
_SPEAKER = frozenset({"me", "i", "myself"})


def people_listed(doc: Doc) -> int | None:
    """"just me and my wife", "my brother and I", "me and the missus": the speaker listed
    with people each named by one singular noun someone has or "the" picks out ("my wife",
    "the missus"): how many they are. A group ("the kids", "my team", the lexicon's `group`)
    counts no one, so nothing is read."""
    for token in doc:
        if token.lower_ not in _SPEAKER or not token.conjuncts:
            continue
        # The parser may coordinate the list with a word before it ("japanese in
        # rittenhouse, me and the missus": "japanese" too): people are nouns.
        others = [t for t in token.conjuncts if t.lower_ not in _SPEAKER
                  and t.pos_ in ("NOUN", "PROPN", "PRON")]
        if others and all(_one_person(t) for t in others):
            return 1 + len(others)
    return None


def _one_person(noun: Token) -> bool:
    """"my wife", "the missus": one person, not a group ("my team", "the family")."""
    return _someone(noun) and any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ == "the")
                                  for c in noun.children)


def _someone(noun: Token) -> bool:
    """A singular noun that can be one person: not a group ("team", the lexicon's `group`)
    and not a thing of the place ("table", "room": its `generic.place` words)."""
    words = {noun.lower_, noun.lemma_.lower()}
    return (noun.pos_ == "NOUN" and noun.morph.get("Number", []) == ["Sing"]
            and not words & _not_people())


@cache
def _not_people() -> frozenset[str]:
    groups = request_words().get("group", ())
    return frozenset((*groups, *lexicon_words("generic").get("place", ())))


#: Nouns for two people each ("two couples": four).
_PAIRS = frozenset({"couple", "pair"})
#: Before the speaker alone, words that make the speaker the whole party ("just myself").
_ALONE = frozenset({"just", "only"})
#: Words that join the members of a list of people ("me plus three mates"; "+" is "and").
_JOINS = frozenset({"and", ",", "plus", "&"})


@dataclass(frozen=True)
class _Member:
    """One member of a list of people: how many (None: a group of unknown size, "the
    kids"), where it ends, and whether it is numbered, the speaker, or groups of groups."""

    people: int | None
    end: int
    numbered: bool = False
    speaker: bool = False
    grouped: bool = False


def people_counted(doc: Doc, *, max_party: int) -> int | None:
    """The people a message counts in parts, read left to right as a list: groups with
    their numbers ("2 adults and 2 kids": 4; "two families of four": 8), the speaker with
    others ("me plus three mates": 4, "me my brother and his two kids": 4), numbered pairs
    ("3 couples and my nan": 7), or the speaker alone ("just myself": 1). A list counts
    when it has a number in it and is more than one member (or one member counting groups);
    a member of unknown size ("me and the kids") counts no one, and "5 of us plus 3
    toddlers" is no list (are the toddlers of the 5?): it is asked about. Read on the words'
    order and tags, not on how the parser joined them, which for "for 2 adults and 2 kids"
    hangs the kids on the cuisine."""
    at = 0
    while at < len(doc):
        token = doc[at]
        if token.lower_ in _SPEAKER and at > 0 and doc[at - 1].lower_ in _ALONE and (
                at + 1 == len(doc) or _member(doc, at + 1 + _joined(doc, at + 1)) is None):
            return 1
        members = _members_from(doc, at)
        if members:
            total = _total(members)
            if total is not None:
                return total if 1 <= total <= max_party else None
            at = members[-1].end
        else:
            at += 1
    return None


def _members_from(doc: Doc, at: int) -> list[_Member]:
    """The list of people that starts at `at` (empty when none does). Its members are
    joined by "and" or "plus" (commas alone join clauses: "our own vino, 8 people"), or
    follow the speaker with nothing between ("me my brother and his two kids")."""
    members: list[_Member] = []
    conjoined = False
    while (member := _member(doc, at, after_speaker=bool(members) and members[-1].speaker,
                             listed=bool(members))) is not None:
        if members and at == members[-1].end and not members[-1].speaker:
            break
        members.append(member)
        joins = _joined(doc, member.end)
        conjoined = conjoined or any(t.lower_ != "," for t in doc[member.end:member.end + joins])
        at = member.end + joins
    return members if conjoined or len(members) == 1 else members[:1]


def _joined(doc: Doc, at: int) -> int:
    """How many joining words ("and", ",", "plus") stand at `at`."""
    n = 0
    while at + n < len(doc) and doc[at + n].lower_ in _JOINS:
        n += 1
    return n


def _total(members: list[_Member]) -> int | None:
    numbered = [m for m in members if m.numbered]
    if any(m.people is None for m in members):
        return None
    if not numbered:
        # "me and the missus", "me, my sister and the baby": the speaker and each person.
        speaker = any(m.speaker for m in members)
        return len(members) if speaker and len(members) > 1 else None
    if len(members) == 1 and not members[0].grouped:
        return None
    return sum(m.people or 0 for m in members)


def _count_at(doc: Doc, at: int) -> int | None:
    token = doc[at] if at < len(doc) else None
    if token is None or not token.like_num or ordinal(token.lower_):
        return None
    return number_value(token.lower_)


def _member(doc: Doc, at: int, *, after_speaker: bool = False,
            listed: bool = False) -> _Member | None:
    """The member of a list of people at `at`: the speaker, "N nouns" (times M
    for "of M", twice for pairs), a possessive with a noun ("my nan": 1, "his two kids":
    2, "my kids": unknown), or right after the speaker a count alone ("me plus five from
    work": 5 more)."""
    if at >= len(doc):
        return None
    token = doc[at]
    if token.lower_ in _SPEAKER:
        return _Member(1, at + 1, speaker=True)
    n = _count_at(doc, at)
    if n is not None and [t.lower_ for t in doc[at + 1:at + 3]] in (["of", "us"], ["of", "we"]):
        # "the four of us": the speaker's group, all counted.
        return _Member(n, at + 3, numbered=True, grouped=True)
    if n is not None and at + 3 < len(doc) and doc[at + 1].lower_ == "of" and (
            doc[at + 2].tag_ == "PRP$" and doc[at + 3].pos_ == "NOUN"
            and doc[at + 3].morph.get("Number", []) == ["Plur"]):
        # "five of his buddies": that many of a group someone has
        return _Member(n, at + 4, numbered=True)
    head = at + 1
    while head + 1 < len(doc) and doc[head].dep_ == "compound" and doc[head].head.i > head:
        head += 1  # "the birthday boy": the noun a compound modifies
    if token.lower_ in ("a", "an", "the") and head < len(doc) and _someone(doc[head]) and (
            listed or token.lower_ == "the"):
        return _Member(1, head + 1)  # "the four of us plus a baby", "me and the missus"
    owned = token.tag_ == "PRP$" or token.dep_ == "poss"
    start = at + 1 if owned else at
    n = _count_at(doc, start)
    i = start + (n is not None)
    while i < len(doc) and doc[i].pos_ == "ADJ":
        i += 1
    if n is not None and after_speaker and not owned and (
            i >= len(doc) or doc[i].pos_ != "NOUN"):
        return _Member(n, start + 1, numbered=True)
    if i >= len(doc) or doc[i].pos_ != "NOUN" or (n is None and not owned):
        return None
    noun = doc[i]
    plural = noun.morph.get("Number", []) == ["Plur"]
    if n is None:  # "my nan": one; "my kids", "my team": unknown
        return _Member(None if plural or not _someone(noun) else 1, i + 1)
    if n > 1 and not plural:
        return None
    people = n * (2 if noun.lemma_.lower() in _PAIRS else 1)
    of = _count_at(doc, i + 2) if i + 1 < len(doc) and doc[i + 1].lower_ == "of" else None
    if of is not None:  # "two families of four"
        return _Member(people * of, i + 3, numbered=True, grouped=True)
    return _Member(people, i + 1, numbered=True, grouped=noun.lemma_.lower() in _PAIRS)
