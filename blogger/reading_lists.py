"""Requests said as a list ("3 things: 1) X 2) Y 3) Z", "1. X 2. Y", "(a) X (b) Y", "1- X
2- Y", one a line or in one line; or lines that each open with a bullet, "- X"): each item
is a request of its own, cut as a semicolon cuts them; an item that is only two quotations
joined by an arrow or "to" ("'a' -> 'b'") is a swap said tersely, and an item that is a
field of the post and its value ("title Dice Nights") sets the field."""

from __future__ import annotations

from collections.abc import Callable

from blogger.reading_content import read_content
from blogger.reading_turn import blogger_lexicon
from draftguard.understanding._asking import ask
from draftguard.understanding._quotes import PLACEHOLDER, mask_quotes
from draftguard.understanding._types import Intent, Reading

__all__ = ["list_items", "unnumbered", "with_unread_items"]

#: What joins the old words to the new in a terse swap ("'a' -> 'b'", "'a' to 'b'").
_JOINS = ("->", "-->", "=>", "→", "➜", "to")
#: What may follow an item's number ("1)", "2.", "3-", "4:"); a letter takes only ")".
_AFTER_NUMBER = ").-:"
#: Bullets opening a line ("- X", "* X", "• X").
_BULLETS = ("-", "*", "•")
#: Requests that hand over words to keep whole (a list in them is theirs).
_HANDED = (Intent.SPLIT, Intent.SAVE_POST, Intent.NEW_POST, Intent.INGEST_SOURCE, Intent.CHECK)
#: The fields an item may name before its value without a verb ("title X").
_FIELDS = ("part.title", "part.meta", "part.tags")


def _words(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each word of `text` between white space."""
    out: list[tuple[int, int]] = []
    at = 0
    for word in text.split():
        at = text.index(word, at)
        out.append((at, at + len(word)))
        at += len(word)
    return out


def _rank(word: str) -> tuple[str, int] | None:
    """The kind of an item's mark (numbers or letters, bracketed or not) and its place in
    the count ("1)", "2.", "3-", "(4)", "b)", "(c)"), else None."""
    kind = ""
    if word.startswith("(") and word.endswith(")"):
        kind, said = "(", word[1:-1]
    elif word[-1:] in _AFTER_NUMBER and word[:-1].isdigit():
        said = word[:-1]
    elif word[-1:] == ")" and len(word) == 2:
        said = word[0]
    else:
        return None
    if said.isdigit() and len(said) <= 2:
        return kind + "n", int(said)
    if len(said) == 1 and "a" <= said <= "h":
        return kind + "a", ord(said) - ord("a") + 1
    return None


def _item(text: str) -> str:
    """One item, given the verb a sentence of its own would have when it is a terse swap,
    and a colon after the field it sets when it names one first ("title Dice Nights")."""
    masked = mask_quotes(" ".join(text.split()).strip().rstrip(";."))
    words = masked.text.split()
    if len(words) == 3 and words[1] in _JOINS and all(
            w.startswith(PLACEHOLDER) for w in (words[0], words[2])):
        return "change " + masked.restore(f"{words[0]} to {words[2]}")
    if len(words) > 1 and blogger_lexicon().concept(words[0].lower()) in _FIELDS and \
            not words[1].endswith(":") and words[1].lower() not in ("to", "should", "is"):
        return masked.restore(f"{words[0]}: {' '.join(words[1:])}")
    return masked.restore(" ".join(words))


def _marked(text: str) -> tuple[str, list[str]] | None:
    """What comes before a list's first mark and its items, when its marks (all of one
    kind) count up from 1 or "a", two or more, or two or more lines open with a bullet;
    else None ("version 2. ok")."""
    marks = [(r, a, b) for a, b in _words(text) if (r := _rank(text[a:b])) is not None]
    for kind in dict.fromkeys(r[0] for r, _, _ in marks):
        mine = [(a, b) for r, a, b in marks if r[0] == kind]
        if len(mine) >= 2 and [r[1] for r, _, _ in marks if r[0] == kind] == list(
                range(1, len(mine) + 1)):
            return _cut(text, mine)
    lines = [(a, a + len(line)) for a, line in _lines(text)]
    bullets = [(a, text.index(" ", a) + 1) for a, b in lines
               if text[a:b].lstrip()[:2] in {f"{m} " for m in _BULLETS}]
    if len(bullets) < 2 or _asks_for_a_list(text[:bullets[0][0]]):
        return None  # ("split it using these points: - A - B": the list is what it takes)
    return _cut(text, bullets)


def _asks_for_a_list(head: str) -> bool:
    """Whether the words before a bulleted list ask for something that takes it whole: a
    verb of the lexicon's ("split it along these", "add these notes")."""
    lexicon = blogger_lexicon()
    return any((lexicon.concept(w.strip(".,!?:;").lower()) or "").startswith("action.")
               for w in head.split())


def _lines(text: str) -> list[tuple[int, str]]:
    """Each line of `text` and where it starts."""
    out, at = [], 0
    for line in text.split("\n"):
        out.append((at, line))
        at += len(line) + 1
    return out


def _cut(text: str, marks: list[tuple[int, int]]) -> tuple[str, list[str]]:
    """The words before the first mark, and the words after each mark up to the next."""
    ends = [a for a, _ in marks[1:]] + [len(text)]
    return text[:marks[0][0]], [text[b:e] for (_, b), e in zip(marks, ends, strict=True)]


def unnumbered(text: str) -> str:
    """`text` with the marks of a list put as semicolons between its items; else `text`
    as it is."""
    found = _marked(text)
    if found is None:
        return text
    head, items = found
    said = [i for i in (_item(i).strip().rstrip(";") for i in items) if i]
    return " ".join(filter(None, [" ".join(head.split()), "; ".join(said)]))


def list_items(text: str) -> list[str]:
    """The items of a list said in `text`, each as it is read ("title: X"), else []."""
    found = _marked(text)
    return [i for i in (_item(i).strip().rstrip(";") for i in found[1])] if found else []


def with_unread_items(reading: Reading, text: str,
                      read: Callable[[str], Reading]) -> Reading:
    """`reading`, with one question for the item of a list in `text` that asks for nothing
    the reader can do by itself (read alone with `read`), when no request asks already: the
    other items are done, none is dropped without a word."""
    if any(r.question is not None or r.intent in _HANDED for r in reading.requests) or \
            read_content(text, blogger_lexicon()) is not None:
        return reading  # (a post, an outline or notes handed over are read whole)
    for item in list_items(text.partition("\n\n")[0]):
        alone = read(item).requests
        if any(r.question is None and r.intent is not Intent.UNCLEAR for r in alone) or \
                _courtesy(item, said_nothing=not alone):
            continue
        asked = next((r.question for r in alone if r.question and r.intent is not
                      Intent.UNCLEAR), None)
        return Reading(requests=(*reading.requests, ask(
            asked or f"I could not read “{item}” as something I can do, so I haven't done "
            "that one. Could you say it another way?", intent=Intent.UNCLEAR,
            slots={"closest": []})), defined=reading.defined)
    return reading


def _courtesy(item: str, *, said_nothing: bool) -> bool:
    """Whether `item` says nothing but courtesy and fillers ("thanks!"), or, when it asks
    for nothing, holds a courtesy ("thanks a lot")."""
    lexicon = blogger_lexicon()
    concepts = [lexicon.concept(w) or "" for w in (
        w.strip(".,!?:;").lower() for w in item.split()) if w]
    return all(c.startswith("discourse.") for c in concepts) or (
        said_nothing and "discourse.polite" in concepts)
