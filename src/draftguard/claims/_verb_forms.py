"""The forms of verbs the claims reading needs beyond the parser's lemmas: the parser's own
table of irregular forms, and the bases of an inflected verb whose lemma the parser got wrong
("texted": "texte")."""

from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["PREFIXES", "coined_stem", "inflections", "irregular_verbs", "stems", "verb_bases",
           "verb_forms"]


#: Prefixes an irregular verb keeps in the lexicon ("rewrote": "rewrite").
PREFIXES = ("re", "un", "over")


@cache
def irregular_verbs() -> dict[str, str]:
    """The parser's own table of irregular verb forms ("wrote": "write")."""
    try:
        from draftguard.language import pipeline

        lemmatizer: Any = pipeline().get_pipe("lemmatizer")
        table = lemmatizer.lookups.get_table("lemma_exc")["verb"]
        return {form: bases[0] for form, bases in table.items() if bases}
    except (KeyError, AttributeError, ValueError):
        return {}


def verb_bases(word: str) -> list[str]:
    """The bases of an inflected verb: regular ("texted" -> "text", "texte"), or an
    irregular one, alone or after a prefix ("rang" -> "ring", "rewrote" -> "rewrite")."""
    if word in irregular_verbs():
        return [irregular_verbs()[word]]
    for prefix in PREFIXES:
        rest = word[len(prefix):]
        if word.startswith(prefix) and rest in irregular_verbs():
            return [prefix + irregular_verbs()[rest]]
    for ending in ("ied", "ies", "ing", "ed", "es", "s", "d"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[: -len(ending)]
            if ending in ("ied", "ies"):
                return [stem + "y"]
            out = [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.append(stem[:-1])  # "dropped" -> "drop"
            return out
    return []


def coined_stem(word: str) -> str | None:
    """The noun a verb is made from when it is written with an apostrophe ("RSVP'd",
    "DM'd", "Venmo’d": "RSVP"); None for any other word. The parser keeps "I'd" apart, so a
    word of letters ending in "'d" is such a verb in the past."""
    for mark in ("'d", "\u2019d"):
        stem = word.removesuffix(mark)
        if stem != word and stem.isalpha() and len(stem) >= 2:
            return stem
    return None


@cache
def _irregular_forms() -> dict[str, frozenset[str]]:
    """Base -> its irregular forms ("see": "saw", "seen")."""
    out: dict[str, set[str]] = {}
    for form, base in irregular_verbs().items():
        out.setdefault(base, set()).add(form)
    return {base: frozenset(forms) for base, forms in out.items()}


def verb_forms(word: str) -> frozenset[str]:
    """Every form of the verb `word` is a form of ("seen": see, sees, seeing, saw, seen;
    "moved": move, moves, moving, moved): a verb with irregular forms gets no regular past,
    so "seed" is no form of "see"."""
    bases = [word] if word in _irregular_forms() else verb_bases(word) or [word]
    forms: set[str] = {word}
    for base in bases:
        forms |= {base, base + "s", base + "es", base + "ing"}
        if base.endswith("e"):
            forms.add(base[:-1] + "ing")
        if base.endswith("y"):
            forms |= {base[:-1] + "ies", base[:-1] + "ied"}
        irregular = _irregular_forms().get(base)
        if irregular:
            forms |= irregular
        else:
            forms |= {base + "ed", base + "d"} if base.endswith("e") else {base + "ed"}
    return frozenset(forms)


def inflections(lemma: str) -> set[str]:
    """The regular forms of a verb or noun ("drop": drops, dropped, dropping)."""
    forms = {lemma, lemma + "s", lemma + "es", lemma + "ed", lemma + "d", lemma + "ing"}
    if lemma.endswith("e"):
        forms.add(lemma[:-1] + "ing")
    if lemma.endswith("y"):
        forms |= {lemma[:-1] + "ied", lemma[:-1] + "ies"}
    if len(lemma) > 2 and lemma[-1] not in "aeiouwy":  # "drop" -> "dropped"
        forms |= {lemma + lemma[-1] + "ed", lemma + lemma[-1] + "ing"}
    return forms


def stems(word: str) -> set[str]:
    """The word and its bases ("rained": rain, raine; "built": build), for a loose match."""
    out = {word}
    irregular = irregular_verbs().get(word)
    if irregular is not None:
        out.add(irregular)
    for ending in ("ies", "ied", "ing", "es", "ed", "s", "d"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stem = word[: -len(ending)]
            out |= {stem + "y"} if ending in ("ies", "ied") else {stem, stem + "e"}
    return out
