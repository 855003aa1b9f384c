"""Where the claims lexicon's words are in a parsed sentence: its terms, a verb whose lemma
the parser got wrong ("texted": "texte"), a verb made from a noun ("RSVP'd"), a verb and its
particle apart ("rolled the post back"), and an exclamation the parser reads as a name
("Booked!"). What each word claims is read from the grammar around it (`_reading`)."""

from __future__ import annotations

import calendar
import tomllib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from draftguard.claims._verb_forms import (
    PREFIXES,
    coined_stem,
    inflections,
    irregular_verbs,
    verb_bases,
)
from draftguard.language import Lexicon, parse

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["CLAIM_KINDS", "claim_forms", "claim_words", "lone_participle", "short_forms"]

#: Concepts that never make a claim on their own: who does it ("I", "we").
_SUBJECT_ONLY = ("self.", "approximate.", "phrasal.")
#: The lexicon's kinds of word that make a claim of their own.
CLAIM_KINDS = frozenset({"action", "impossible", "verdict", "refusal"})


def lone_participle(doc: Doc, lexicon: Lexicon) -> str | None:
    """The concept of an exclamation such as "Booked!" or "Sent!", which the parser reads as
    a name or an interjection: the word is parsed again where only a participle fits."""
    first = doc[0]
    if first.pos_ not in ("INTJ", "PROPN") or not first.is_alpha or (len(doc) > 1 and \
            doc[1].text not in ("!", ".", ",", "-", "—")):
        return None
    again = parse(f"It was {first.lower_}.", entities=False)
    word = again[2]
    if word.tag_ != "VBN":
        return None
    return lexicon.concept(word.lemma_.lower())


def claim_words(doc: Doc, lexicon: Lexicon) -> list[tuple[str, Token]]:
    """Each claims-lexicon concept in the sentence, with the token that carries it."""
    found = [(term.concept, doc[term.start]) for term in lexicon.terms(doc, typos=False)]
    taken = {t.i for _, t in found}
    for token in doc:  # a verb whose lemma the parser got wrong ("texted": "texte"), or a
        # participle it made an adjective ("your revised ending", "the tightened intro")
        if (token.pos_ == "VERB" or (token.dep_ == "amod" and token.tag_ == "JJ" and
                                     token.lower_.endswith("ed"))) and token.i not in taken:
            concept = next((c for base in verb_bases(token.lower_)
                            if (c := lexicon.concept(base)) is not None), None)
            if concept is not None:
                found.append((concept, token))
                taken.add(token.i)
    for token in doc:  # a verb made from a noun, which the parser reads as a name ("RSVP'd")
        stem = coined_stem(token.text)
        if stem is not None and token.i not in taken:
            # one the lexicon lacks is an act in any verb ("Venmo'd": `_unlisted`)
            found.append((lexicon.concept(stem.lower()) or "action.unlisted", token))
            taken.add(token.i)
    # A word read as a report ("ask") may be a claim with its particle ("asked X for Y").
    claimed = {t.i for c, t in found if c.partition(".")[0] in CLAIM_KINDS}
    for token in doc:  # a verb and its particle apart ("rolled the post back", "took X off Y")
        if token.pos_ == "VERB" and token.i not in claimed:
            for prt in token.children:
                concept = lexicon.concept(f"{token.lemma_.lower()} {prt.lower_}") \
                    if prt.dep_ in ("prt", "advmod", "prep", "ccomp") else None
                if concept is not None:
                    found.append((concept, token))
    # A verb whose particle makes it another verb ("held off", "set off") claims nothing.
    other = {token.i for token in doc for prt in token.children if prt.dep_ == "prt" and
             (lexicon.concept(f"{token.lemma_.lower()} {prt.lower_}") or "").startswith(
                 "phrasal.")}
    return [(c, t) for c, t in found if t.i not in other and not c.startswith("phrasal.")]


@cache
def claim_forms(lexicon: Lexicon) -> frozenset[str]:
    """The words a sentence needs for the lexicon to find anything in it: for each phrase,
    every surface form of its rarest word (a phrase cannot match without it), in regular
    inflections and the irregular ones of the parser's own tables ("made", "found", "sent",
    "undone", "rewrote"). Subject words ("I", "we") claim nothing alone."""
    from draftguard.language import word_frequency

    keys: set[str] = set()
    for concept in lexicon.concepts():
        if concept.startswith(_SUBJECT_ONLY):
            continue
        for phrase in lexicon.words_for(concept):
            words = phrase.split()
            keys.add(min(words, key=lambda w: (word_frequency(w), w)))
    forms: set[str] = set()
    for key in keys:
        forms |= inflections(key)
        forms.update(part for part in key.split("-") if len(key.split("-")) > 1)
    try:
        from draftguard.language import pipeline

        lemmatizer: Any = pipeline().get_pipe("lemmatizer")
        table = lemmatizer.lookups.get_table("lemma_exc")
        for pos in ("verb", "adj", "noun"):
            for form, bases in table[pos].items():
                if any(b in keys for b in bases):
                    forms.add(form)
    except (KeyError, AttributeError, ValueError):
        pass
    for form, base in irregular_verbs().items():  # "rewrote": "re" + "wrote"
        forms.update(p + form for p in PREFIXES if p + base in keys)
    return frozenset(forms)



@cache
def short_forms() -> dict[str, str]:
    """Each short form of the claims lexicon's `short` table ("ave": "avenue"), and the
    short names of the weekdays and months ("sat": "saturday"), to the word."""
    table = tomllib.loads(Path(__file__).with_name("lexicon.toml").read_text("utf-8"))
    out = {short: word for word, shorts in table["short"].items() for short in shorts}
    for short, whole in (*zip(calendar.day_abbr, calendar.day_name, strict=True),
                         *zip(calendar.month_abbr, calendar.month_name, strict=True)):
        if short and short != whole:
            out[short.lower()] = whole.lower()
    return out
