"""The new words of a replacement cut to the counterpart of the old ones, by the parse.

An author says more than the new value: "make it five cats instead of six" (the noun the
number counts), "make the wheel colour blue instead of green" (what the colour is of),
"change 412 photos to 430, found another box" (an aside after the value). The new text is
only what stands for the old words: a number for a number, a word for a word, with the
post's own words around them kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftguard.language import parse
from draftguard.text import number_value

if TYPE_CHECKING:
    from spacy.tokens import Token

    from blogger.reading_turn import Turn
    from draftguard.understanding._frames import Clause
    from draftguard.understanding._locate import PostView

__all__ = ["counterpart", "fitted_new", "number_word", "shared_unit", "without_aside"]

#: Marks after which a clause of its own may begin ("430, found another box").
_BREAKS = (",", ";", "-", "–", "—")
#: Parts of speech a described thing may have before its new value ("the wheel colour").
_DESCRIBING = ("DET", "NOUN", "PROPN", "ADJ", "PRON", "NUM", "PART")


def number_word(token: Token) -> bool:
    """Whether `token` is a number, in figures or words ("42", "six", "forty-one")."""
    return token.like_num or number_value(token.lower_) is not None


def without_aside(new: list[Token]) -> list[Token]:
    """`new` up to a break after which a clause of its own begins ("430, found another box in
    the attic", "four, my sister reminded me"): its own verb after the mark."""
    for i, tok in enumerate(new):
        if i == 0 or tok.text not in _BREAKS:
            continue
        rest = new[i + 1:]
        if any(t.pos_ in ("VERB", "AUX") for t in rest):
            return new[:i]
    return new


def counterpart(turn: Turn, clause: Clause, old: list[Token],
                new: list[Token]) -> list[Token]:
    """The part of the unquoted `new` (an aside after it cut off) that stands for the one
    content word of `old`: the last word of "the wheel colour blue" for "green" when the
    words before it describe what stands in the old word's sentence ("wheel"). Else `new`
    (a number's noun is kept with it: "five cats" for the post's "six cats")."""
    view = turn.view
    if turn.lone_quote(new, clause) is not None:
        return new
    new = without_aside(new)
    said = [t for t in old if not t.is_punct and t.pos_ != "DET"]
    words = [t for t in new if not t.is_punct]
    if view is None or len(said) != 1 or len(words) < 2:
        return new
    value = said[0]
    if number_word(value):
        return new  # "five cats" for "six": the post's noun counted goes with it (shared_unit)
    last, before = words[-1], words[:-1]
    if number_word(last) or last.pos_ not in ("ADJ", "NOUN", "PROPN") or any(
            t.pos_ not in _DESCRIBING for t in before):
        return new
    nouns = {t.lemma_.casefold() for t in before if t.pos_ in ("NOUN", "PROPN")}
    for found in view.occurrences(value.text):
        sentence = next((s for s in view.sentences if s.start <= found.start < s.end), None)
        if sentence is None:
            continue
        lemmas = {t.lemma_.casefold() for t in parse(view.text[sentence.start:sentence.end],
                                                      entities=False)}
        if nouns & lemmas:  # "the wheel colour": the wheel stands where "green" does
            return [last]
    return new


def shared_unit(post: str, old: str, new: str) -> tuple[str, str]:
    """Words said once for both sides: a number's unit ("from 6.80 to 7.20 euros" is
    "6.80 euros" to "7.20 euros", "make it 600" after "550 yen" is "600 yen"), or the post's
    words before the old ones at the head of the new ones."""
    old_words, new_words = old.split(), new.split()
    if not old_words or not new_words:
        return old, new
    if _number(old) and len(new_words) > 1 and _number(new_words[0]):
        # "five cats instead of six": the post's "six cats" holds the noun counted
        unit = " ".join(new_words[1:])
        if f"{old} {unit}".casefold() in post.casefold():
            return f"{old} {unit}", new
    counted = [i for i, w in enumerate(old_words) if _number(w)]
    if _number(new) and len(old_words) > 1 and len(counted) == 1:
        # "three weekends to four", "four Philadelphia winters to five": the number changes
        return old, " ".join(new if i == counted[0] else w for i, w in enumerate(old_words))
    lines = [f" {' '.join(line.split()).casefold()}" for line in post.splitlines()]
    for k in range(len(new_words) - 1, 0, -1):
        # "a jar of clover honey instead of heather honey", "every Saturday instead of every
        # Tuesday": the words before the old ones, said again at the head of the new ones
        grown = " ".join([*new_words[:k], old])
        if any(f" {grown.casefold()}" in line for line in lines):
            return grown, new
    return old, new


def _number(word: str) -> bool:
    """Whether `word` is a number, in figures or words ("6.80", "1,450", "six")."""
    return word.replace(".", "", 1).replace(",", "", 1).isdigit() or (
        number_value(word.casefold()) is not None and word.casefold() not in ("a", "an"))


def fitted_new(view: PostView | None, old: list[Token], found: str, text: str
               ) -> tuple[str, str]:
    """Unquoted new words fitted to the post's old ones: (the new text, the text that
    replaces `found`). Words the old ones share before the change stay ("the gel every 40
    minutes -> every 45 minutes"), and the post's own determiner stays ("the cat to a dog")."""
    bare_new = text
    old_words, new_words = found.split(), text.split()
    if new_words and new_words[0] in old_words[1:]:
        keep = old_words[:old_words.index(new_words[0])]
        bare_new = text = " ".join([*keep, text])
    if view is not None and found and old and (old[0].pos_ == "DET" or old[0].tag_ == "PRP$") \
            and view.occurrences(found) and text.split()[0].lower() in ("the", "a", "an", "my"):
        bare_new = text.split(" ", 1)[1] if " " in text else text
    return text, bare_new
