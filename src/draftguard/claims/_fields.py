"""A tool's fields in the person's words (`ToolClaims.field_words`: "party_size" is the
people, the guests, a head count): what a sentence says is still needed, and a number said
of a field's words, are held to that field."""

from __future__ import annotations

from collections.abc import Sequence

from draftguard.claims._facts import Quantity
from draftguard.claims._folded import words_of
from draftguard.claims._reading import Reading
from draftguard.claims._record import ToolClaims, ToolRun, TurnRecord, key_words, strings_in

__all__ = ["named_field", "still_needed", "word_fields"]

#: Nouns of a share, not a count: "40 percent of the fixes" counts no fixes.
_SHARES = frozenset({"percent", "cent", "%", "per", "fraction", "proportion", "share"})


def word_fields(record: TurnRecord) -> dict[str, str]:
    """Each word a tool of the record declares for a field, to the field."""
    return {w: name for declared in record.claims.values()
            for name, words in declared.field_words.items() for w in words}


def named_field(record: TurnRecord, quantity: Quantity) -> str | None:
    """The declared field a number is told as, in the field's other words: the noun it is
    "of", the verb it counts the times of, or the noun it counts with no verb or noun of
    capacity of its own ("a group of 28", "patched twice"; not "seats 120 people", "room for
    30")."""
    if quantity.label or quantity.held_by is not None:
        return None
    fields = word_fields(record)
    if quantity.of in fields and quantity.noun not in _SHARES:
        return fields[quantity.of]  # "a group of 28", "took one round of fixes"
    if quantity.noun == "time" and quantity.times_of in fields:  # "was patched twice"
        return fields[quantity.times_of]
    return fields.get(quantity.noun or "") if quantity.act is None else None


def still_needed(declared: Sequence[tuple[ToolRun, ToolClaims]], reading: Reading,
                 named: dict[str, str]) -> str | None:
    """A noun the sentence says is still needed ("You still need to pick a date", "It still
    needs a head count") that a check of this turn lists no longer missing: its result names
    that field (by its own words or, through `named`, the person's) and its list of what is
    missing does not hold it. None when a check lists it, or none says."""
    if not reading.pending:
        return None
    missing: set[str] = set()
    fields: set[str] = set()
    for run, claims in declared:
        name = claims.missing_field
        if name is None or name not in run.result:
            continue
        for text in strings_in(run.result.get(name)):
            missing.update(words_of(text.replace("_", " ")))
        fields.update(key_words(run.result))
    if not fields:
        return None
    for noun in sorted(reading.pending):
        if noun in missing or noun + "s" in missing:
            continue
        if noun in named:  # "a head count": the party size, in other words
            words = set(named[noun].split("_"))
            if not words <= missing and words <= fields:
                return noun
            continue
        if noun in fields:
            return noun
    return None
