"""A value of the post named by its kind ("change the date to 14th", "the price should be
£30", "update the year to 2024"), or by a unit the post counts in ("set the kilos to four"
where the post says "4 kilos", "change the degrees to 28"): the post's values of that kind
are found by the parser's named entities (a unit's by the numbers that count it), and code
asks which one is meant, offering them in the post's own words.

Held-out set 8, B10: "Kindly change the date to 14th, I made mistake while typing." on a post
with two dates went to the model, which answered "Nothing was changed." and asked nothing;
the same words without the aside set a frontmatter `date` the post never had. A kind names
no place: with two or more values of that kind in the post code asks which; with one, it asks
whether that one is meant ("Do you want me to change “3rd March” to “14th March”?"); with
none, the reading stays the reader's. It never changes anything without the author's word,
and the answer ("the second one", "yes") picks a candidate as every other question's does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from blogger.reading_turn import blogger_lexicon, view_of
from draftguard.edits._frontmatter import read_frontmatter
from draftguard.language import parse
from draftguard.understanding._asking import ask
from draftguard.understanding._types import Intent, Interpretation

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["KINDS", "MAX_OFFERED", "kind_target", "named_kind", "units_of"]

#: The kinds of value a person names instead of quoting, with the parser's entity labels
#: that hold such values in the post.
KINDS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("date", "day", "month"), frozenset({"DATE"})),
    "year": frozenset({"DATE"}),
    **dict.fromkeys(("time", "hour"), frozenset({"TIME"})),
    **dict.fromkeys(("price", "cost", "fee", "fare"), frozenset({"MONEY"})),
    **dict.fromkeys(("distance", "weight", "height", "length", "temperature"),
                    frozenset({"QUANTITY"})),
    **dict.fromkeys(("amount", "quantity"), frozenset({"QUANTITY", "MONEY", "CARDINAL"})),
    **dict.fromkeys(("number", "figure", "total", "count"),
                    frozenset({"CARDINAL", "QUANTITY"})),
    "headcount": frozenset({"CARDINAL"}),
}
#: At most this many values are offered in one question.
MAX_OFFERED = 4
_DIGIT = re.compile(r"\d")
#: The shapes a value with digits comes in; a value of the post is a candidate only in the
#: shape of the new one ("14th" is a day of the month, not the year "2019" nor "8pm").
_SHAPES = {"year": re.compile(r"^(?:1[89]|20)\d\d$"),
           "clock": re.compile(r"^\d+(?::\d\d)?(?:am|pm|h)$|^\d+:\d\d$", re.I),
           # a day of the month is "14th" or "14": one shape ("12 May" and "13th")
           "number": re.compile(r"^[£$€]?\d[\d,.]*(?:st|nd|rd|th)?$", re.I)}


def named_kind(message: str, *, units: frozenset[str] = frozenset()) -> \
        tuple[str, str | None] | None:
    """The kind `message` asks a change of, named with "the", and the new value it gives it
    ("change the date to 14th": ("date", "14th"); "oops, the date is wrong": ("date", None)),
    else None. The value is what follows the kind after "to", "be" or "it" and holds a digit
    ("14th", "£30", "7pm", "12 km", "four"). A unit the post counts in (`units`: "the
    kilos", "the degrees") is a kind too."""
    doc = parse(message, entities=False)
    for token in doc:
        if token.lemma_.lower() not in KINDS.keys() | units or token.pos_ != "NOUN" or not any(
                c.dep_ == "poss" or c.lower_ == "the" for c in token.children):
            continue  # not "this year", "next month": a time said, no kind named
        if any(c.dep_ in ("prep", "compound", "amod", "relcl", "acl") for c in token.children):
            continue  # "the date of the boat trip": described, not only named by its kind
        if not _asks_a_change(token):
            continue  # "the date was perfect": said, not asked
        value = _value_after(list(doc[token.i + 1:]))
        if value is None and token.lemma_.lower() not in KINDS:
            continue  # a unit with no new count for it ("the light is lower") asks nothing
        if value is not None or not _DIGIT.search(message):
            return token.lemma_.lower(), value
    return None


#: Words that say a value is not what it should be ("the date is wrong, it should be ...").
_AMISS = frozenset({"wrong", "incorrect", "off", "mistake", "typo", "bad", "should", "must",
                    "need", "ought"})


#: Words that, denied, say a value is amiss ("the date isn't right").
_RIGHT = frozenset({"right", "correct", "accurate"})


def _asks_a_change(kind: Token) -> bool:
    """Whether the kind is what a change is asked of: the object of a verb of changing
    ("change", "fix", "update", "make", by the lexicon), or said to be amiss in its message
    ("the date is wrong", "the price should be £30", "the date isn't right, my mistake")."""
    lexicon = blogger_lexicon()
    head = kind.head
    if (lexicon.concept(head.lemma_.lower()) or "") in ("action.replace", "action.create"):
        return True
    return any(t.lemma_.lower() in _AMISS or (t.lemma_.lower() in _RIGHT and any(
        c.dep_ == "neg" for c in t.head.children)) for t in kind.doc)


def _value_after(tokens: Sequence[Token]) -> str | None:
    """The first words after the kind that hold a digit (with a currency sign before them
    and a unit after), unless a sentence or clause ends first with no new value said
    ("the date is wrong, it should be the 14th" reads on past its comma)."""
    for i, token in enumerate(tokens):
        if token.text in (",", ".", ";", "!", "?"):
            if any(t.lemma_ in ("be", "make", "should") for t in tokens[i + 1:i + 3]):
                continue
            return None
        if _DIGIT.search(token.text) or (token.like_num and token.pos_ == "NUM"):
            words = [tokens[i - 1]] if i and tokens[i - 1].is_currency else []
            words.append(token)
            for after in tokens[i + 1:]:
                if after.is_punct or after.pos_ not in ("NOUN", "PROPN", "NUM", "SYM") or \
                        (blogger_lexicon().concept(after.lower_) or "").startswith("discourse."):
                    break  # "14th March", "35 km"; not "14th pls"
                words.append(after)
            return "".join(t.text_with_ws for t in words).strip()
    return None


def _shapes(text: str) -> list[str]:
    """The shape of each word of `text` holding a digit, in order."""
    words = [w.strip(".,;:!?()") for w in text.split() if _DIGIT.search(w)]
    return [next((name for name, pattern in _SHAPES.items() if pattern.match(w)), "other")
            for w in words]


#: The last word of a length of time ("3 days", "a whole month"): no date to change.
_DURATIONS = frozenset({"second", "minute", "hour", "day", "night", "week", "month", "year"})


def _as_written(entity: Span) -> str:
    """The entity's words as the post has them, with a currency sign before it ("€3") and
    without a conjunction the parser left at its end ("8pm and")."""
    tokens = list(entity)
    while tokens and (tokens[-1].is_punct or tokens[-1].pos_ in ("CCONJ", "ADP")):
        tokens.pop()
    if entity.start and entity.doc[entity.start - 1].is_currency:
        tokens.insert(0, entity.doc[entity.start - 1])
    return "".join(t.text_with_ws for t in tokens).strip()


def _values(post: str, labels: frozenset[str], value: str | None) -> list[str]:
    """The post's values of `labels` in the shape of `value`, if given (a day of the month
    like a day of the month, a year like a year; never a length of time), each once, in the
    order they come."""
    shape = _shapes(value)[:1] if value is not None else None
    found: list[str] = []
    for entity in parse(post).ents:
        text = _as_written(entity)
        if entity.label_ not in labels or shape == [] or (shape and shape[0] not in _shapes(
                text)) or entity[-1].lemma_.lower() in _DURATIONS:
            continue
        if text not in found and text.casefold() != (value or "").casefold():
            found.append(text)
    return found


def _replaced(old: str, value: str) -> str:
    """`old` with `value` in it: the word of the same shape swapped when `value` is one
    word ("3rd March" and "14th": "14th March"; "12 May 2019" and "2020": "12 May 2020"),
    else `value` whole."""
    words = old.split()
    shape = _shapes(value)
    if len(value.split()) == 1 and len(words) > 1 and shape:
        same = [i for i, w in enumerate(words) if _shapes(w) == shape]
        if len(same) == 1:
            words[same[0]] = value
            return " ".join(words)
    return value


#: Characters of the post shown on each side of a value offered.
_CONTEXT = 35


def _in_context(post: str, value: str) -> str:
    """`value` with the words around it in its sentence ("…the market where a sandwich cost
    €3 and a beer €2."), so the author sees which one it is."""
    for sentence in view_of(post).sentences:
        text = " ".join(sentence.text.split())
        at = text.find(value)
        if at < 0:
            continue
        start = text.rfind(" ", 0, max(0, at - _CONTEXT)) + 1 if at > _CONTEXT else 0
        end = text.find(" ", at + len(value) + _CONTEXT)
        shown = text[start:] if end < 0 else text[start:end]
        return f"“{'…' if start else ''}{shown}{'…' if end >= 0 else ''}”"
    return f"“{value}”"


def _plural(kind: str) -> str:
    return f"{kind[:-1]}ies" if kind.endswith("y") and kind[-2:-1] not in "aeiou" else f"{kind}s"


def units_of(post: str) -> dict[str, list[str]]:
    """The units the post counts in, by lemma, with each count as written ("4 kilos",
    "30 degrees", "12 people"); never a length of time ("3 days")."""
    found: dict[str, list[str]] = {}
    for token in parse(post, entities=False):
        counts = [c for c in token.children if c.dep_ == "nummod" and c.i < token.i]
        if token.pos_ != "NOUN" or not counts or token.lemma_.lower() in _DURATIONS:
            continue
        said = token.doc[min(c.i for c in counts):token.i + 1].text
        found.setdefault(token.lemma_.lower(), []).append(said)
    return found


def _same_unit(old: str, value: str | None) -> bool:
    """Whether `old` is counted in the unit `value` is said in, if it names one ("5 kilos"
    is no change of "about 40 km")."""
    said = [t for t in parse(value, entities=False) if t.pos_ == "NOUN" and t.is_alpha] \
        if value else []
    if not said:
        return True
    return said[-1].lemma_.lower() in {t.lemma_.lower() for t in parse(old, entities=False)}


def _with_unit(value: str, old: str) -> str:
    """The new count `value` in the unit of `old` when said without one ("four" for
    "4 kilos": "four kilos")."""
    return f"{value} {old.split()[-1]}" if len(value.split()) == 1 else value


def kind_target(message: str, post: str) -> Interpretation | None:
    """The question a value named by its kind asks, with the post's values of that kind as
    candidates; None when the message names no kind with a new value, the post's
    frontmatter has a field of that name, or the post holds no value of that kind."""
    units = units_of(post)
    named = named_kind(message, units=frozenset(units))
    if named is None or named[0] in read_frontmatter(post):
        return None
    kind, value = named
    counted = kind not in KINDS
    values = [v for v in (units[kind] if counted else _values(post, KINDS[kind], value))
              if post.count(v) == 1 and _same_unit(v, value)]
    if not values:
        return None
    listed = "\n".join(f"{i}. “{old}”: {_in_context(post, old)}"
                       for i, old in enumerate(values[:MAX_OFFERED], 1))
    if value is None:  # "oops, I got the date wrong": which, and what it should say
        return ask(f"Nothing was changed yet. Which {kind} should change, and to what? The "
                   f"post has:\n{listed}\nSay it like: change “{values[0]}” to “...”.")
    new = {old: _with_unit(value, old) if counted else _replaced(old, value)
           for old in values[:MAX_OFFERED]}
    edits = tuple(Interpretation(intent=Intent.EDIT, slots={"ops": [
        {"type": "replace", "anchor": old, "text": text}]}) for old, text in new.items())
    if len(edits) == 1:
        old = values[0]
        return ask(f"Nothing was changed yet. Do you want me to change “{old}” to "
                   f"“{new[old]}”? Say yes if so.", edits)
    return ask(f"Nothing was changed yet. The post has {len(values)} {_plural(kind)}, so I "
               f"don't know which one should say {value}:\n{listed}\nWhich one do you mean "
               "(the first, the second, ...)?", edits)
