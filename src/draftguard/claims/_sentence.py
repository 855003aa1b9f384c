"""What one reply sentence claims, as read from its parse (`_reading.read_sentence`): each
`Claim` (a claims-lexicon word used as a claim, with its grammar) and the sentence's
`Reading` (its claims and the facts it states). No parsing here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from draftguard.claims._facts import Quantity

__all__ = ["Claim", "Reading"]


@dataclass(frozen=True)
class Claim:
    """A claims-lexicon word used as a claim: `concept` ("action.save", "verdict.pass")."""

    concept: str
    word: str
    negated: bool
    asserted: bool
    #: The subject's lemma ("i", "we", "you", "post", "check"), None when there is none.
    subject: str | None
    objects: frozenset[str]
    #: "active" (a subject does it), "passive" ("was saved"), "state" (a present passive
    #: of how things stand: "is saved as version 0"), "bare" (no subject: "Saved as v2.").
    voice: str = "active"
    #: Where it says the thing went, or came from: one tuple of noun lemmas per place named
    #: ("to the end of your post" -> ("end", "post"); "from the shortlist" -> ("shortlist",)).
    places: tuple[tuple[str, ...], ...] = ()
    #: The names it says were acted on ("I added Bistro Belle Époque": "Bistro Belle Époque").
    named_objects: tuple[str, ...] = ()
    #: What it says it acted on, one chain per object from the outermost noun in ("the end
    #: of the second paragraph": {"end"}, {"paragraph", "second"}); each level holds the
    #: noun's lemma, its hyphenated or compound form ("sign-off"), its modifiers ("first")
    #: and "noun N" for a number after it ("paragraph 2").
    targets: tuple[tuple[frozenset[str], ...], ...] = ()
    #: Each noun acted on with the nouns that say what it is about ("the harvest line":
    #: ("line", {"harvest"})).
    topics: tuple[tuple[str, frozenset[str]], ...] = ()
    #: For a request ("asked the venue for a window seat"): the nouns of what was asked for.
    asked: frozenset[str] = frozenset()
    #: Told as done in the past ("confirmed", "has confirmed"), not of how things are.
    past: bool = False
    #: The nouns of what it directly acted on: its direct objects, or the subject of a
    #: passive or of a verb without one ("The invitations have gone out": "invitation").
    acted_on: frozenset[str] = frozenset()
    #: Told by a light verb whose noun names the act ("had a look through ...").
    light: bool = False
    #: Its subject is a name ("Sam replied"): another's act, not the app's.
    by_name: bool = False
    #: Dated by a year or a day to another time than this session's ("in 1999", "on 3 May").
    dated: bool = False
    #: It has a direct object other than the person ("moved the money", not "set you back").
    direct: bool = False

    @property
    def kind(self) -> str:
        return self.concept.partition(".")[0]

    @property
    def name(self) -> str:
        return self.concept.partition(".")[2]

    @property
    def by_person(self) -> bool:
        """Said of the person ("you added ..."): not the app's claim ("you're booked in"
        is: someone booked them)."""
        return self.subject == "you" and self.voice == "active"


@dataclass(frozen=True)
class Reading:
    question: bool
    claims: tuple[Claim, ...]
    #: The main clause is hedged, planned, conditional or an instruction.
    hedged: bool
    quantities: tuple[Quantity, ...]
    names: tuple[str, ...]
    nouns: frozenset[str]
    #: It speaks to the person about their own work ("you trained", "your coach").
    to_person: bool = False
    #: The preposition each noun hangs from ("shortlist": "on").
    places: Mapping[str, str] = field(default_factory=dict)
    #: What it presents as made ("Here is your quiz." -> {"quiz"}).
    presents: frozenset[str] = frozenset()
    #: Its main clause is negated ("X is not on your shortlist").
    negated: bool = False
    #: The (month, day) dates and the clock times it states (`_calendar`).
    dates: frozenset[tuple[int, int]] = frozenset()
    times: frozenset[tuple[int, bool]] = frozenset()
    #: The content words of what it says a text of the record says ("The post says the café
    #: opens on Saturdays" -> {"café", "saturday"}): nouns, names and adjectives.
    reported: frozenset[str] = frozenset()
    #: The content words of each thing it says a text of the record does not say ("The post
    #: does not mention four kilos" -> ({"four", "kilo"},)): held against the post.
    denied: tuple[frozenset[str], ...] = ()
    #: The nouns it says are still needed or missing, asserted ("You still need to pick a
    #: date" -> {"date"}).
    pending: frozenset[str] = frozenset()
    #: The lemma of its main clause's subject ("shortlist" in "Your shortlist is down to
    #: one place"), None when it has none.
    subject: str | None = None
    #: The text it quotes ("In the check's words: "the prices are missing"").
    quotes: tuple[str, ...] = ()
    #: The nouns its main clause says of a thing that is its subject ("The check flagged
    #: that the packing advice is missing" -> {"packing", "advice"}): what a run found,
    #: when the subject names one.
    findings: frozenset[str] = frozenset()
    #: Its names said with "the" before them ("The Delaware Catch is still on your list").
    articled: frozenset[str] = frozenset()
    #: Its names said with "only" before them ("Only Pier 9 is left on your list").
    only: frozenset[str] = frozenset()
    #: The identifiers it states ("t-8812", "HX-4471", "ABC123"), as written.
    ids: frozenset[str] = frozenset()

    @property
    def asserted(self) -> tuple[Claim, ...]:
        # Another's act in any verb ("Darwin sailed ...") is held to the runs only when a run
        # reached them; it does not make the sentence speak of the record.
        # Nor does an act of history by another ("Pixar released the film in 1999").
        return tuple(c for c in self.claims if c.asserted and not (
            c.by_name and c.concept == "action.unlisted") and not (
            c.dated and c.kind == "impossible" and c.subject not in ("i", "we")))
