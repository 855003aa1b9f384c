"""What the blogger cannot do, known by meaning: a request for it is told so plainly.

The app has no tool to publish, share on social media, send, translate, look things up
online or print. A message asking for one of those ("publish it to my wordpress blog
please", "put it on my linkedin", "can you look this up on the internet for me") is read by
code as nothing it can do; before this, the reply named the closest things it *can* do, as if
the message had been unclear ("I could not read that as something I can do. Closest: check
the post against a brief"). Here each missing capability is described by a few plain
requests, beside requests for what the app does; a part of the message (between sentence
ends and commas) that is clearly nearer a missing capability than anything the app does
(cosine of sentence embeddings, `draftguard.language.ExemplarIndex`) is answered with what
the app cannot do, and what it can.

No list of verbs per message: a new way to say "publish" is near the descriptions or it is
not, and a miss keeps the reader's own reply.

This module holds the whole concept, for every place that meets it:
- what the app lacks (`LACKING`), found by meaning (`beyond_reach`, `nearest_lack`; the
  second look, `blogger.second_look`, and the main verb over a tool, `blogger.main_verb`);
- the lexicon's words for a way out of the app (its `beyond` section, `WAY_OUT`), found by
  the parse (the reader's `outside_request`, and `blogger.main_verb`);
- the one refusal the author sees, whichever found it (`cannot_reply` for a capability by
  name, `cannot_do` for the verb the reader read): "I can't ... from here, so nothing was
  done", then what the app can do.
"""

from __future__ import annotations

import re
from functools import cache

from blogger.intents import EXEMPLARS
from draftguard.language import ExemplarIndex
from draftguard.understanding import Intent, Interpretation

__all__ = ["DEFAULT_MIN_LEAD", "DEFAULT_MIN_SCORE", "LACKING", "WAY_OUT", "beyond_reach",
           "cannot_do", "cannot_reply", "is_way_out", "nearest_lack"]

#: The lexicon's concepts (its `beyond` section) for a way out of the app to the world
#: ("email", "online", "google"): a request that needs one is beyond what the app does.
WAY_OUT = "beyond."

#: What the app cannot do, each as the reply says it ("I can't {what} from here") and as
#: people ask for it.
LACKING: dict[str, tuple[str, tuple[str, ...]]] = {
    "publish": ("publish the post or put it online", (
        "publish the post on my blog", "put the post live on my website",
        "upload it to wordpress", "schedule the post to go live tomorrow",
        "post it on medium for me", "make the post public online")),
    "social": ("post or share anything on social media", (
        "share it on facebook", "tweet it", "post it on instagram", "put it on my linkedin",
        "share the link on social media")),
    "send": ("send emails or messages", (
        "email it to my editor", "send the post to my friend on whatsapp", "text it to my mum",
        "mail it to my readers", "send a message to my sister")),
    "translate": ("translate the post", (
        "translate the post into spanish", "put it in french for me",
        "make a german version of the post", "write it again in another language")),
    "web": ("look things up online", (
        "search the web for more facts", "google the opening hours",
        "look it up on the internet", "check online whether this is true",
        "find sources on the web for me", "browse the internet")),
    "print": ("print anything", ("print me two copies of the post", "send it to the printer")),
}

#: What the app does, as people ask for it, beside the intents' own examples.
_CAN: dict[str, tuple[str, ...]] = {
    "edit": ("change a word in the post", "replace this word with that one",
             "delete the sentence about the weather", "add a line at the end",
             "rename the post", "make the opening better", "shorten a paragraph",
             "rewrite a sentence", "reorder the sections", "make the post longer"),
    "artifact": ("make a quiz", "make flashcards", "sketch a mindmap",
                 "send me a quiz with questions"),
    "save": ("save my post", "keep this draft for me"),
    "split": ("split the post by this outline",),
}

#: The cosine a part of the message must reach with a missing capability's nearest example.
#: Measured on requests for those (0.48 to 1.0) and on requests the reader could not read
#: that the app can nearly do ("make the intro punchier", "make it more SEO friendly": at
#: most 0.42).
DEFAULT_MIN_SCORE = 0.45
#: How far ahead of everything the app does it must be (those requests: at most 0.03 ahead).
DEFAULT_MIN_LEAD = 0.1
#: Parts shorter than this many words ("same as usual" aside) are not compared.
_MIN_PART_WORDS = 2
_PARTS = re.compile(r"[.!?;,\n]+")
_LACK = "lacks:"


@cache
def _index() -> ExemplarIndex:
    return ExemplarIndex({
        **{f"{_LACK}{name}": list(said) for name, (_, said) in LACKING.items()},
        **{name: list(said) for name, said in _CAN.items()},
        **{name: list(said) for name, said in EXEMPLARS.items()},
    })


def beyond_reach(message: str, *, min_score: float = DEFAULT_MIN_SCORE,
                 min_lead: float = DEFAULT_MIN_LEAD) -> str | None:
    """The missing capability (a key of `LACKING`) a part of `message` clearly asks for,
    else None."""
    found: tuple[float, str] | None = None
    for part in _PARTS.split(message):
        if len(part.split()) < _MIN_PART_WORDS:
            continue
        lead = _lead(part.strip(), min_score=min_score)
        if lead is not None and lead[0] >= min_lead and (found is None or lead[0] > found[0]):
            found = lead
    return found[1] if found is not None else None


def _lead(text: str, *, min_score: float) -> tuple[float, str] | None:
    """How far the missing capability nearest `text` is ahead of everything the app does,
    and its name; None below `min_score`."""
    ranked = _index().rank(text)
    lack = next((r for r in ranked if r.label.startswith(_LACK)), None)
    can = next((r for r in ranked if not r.label.startswith(_LACK)), None)
    if lack is None or lack.score < min_score:
        return None
    return lack.score - (can.score if can is not None else 0.0), lack.label.removeprefix(_LACK)


def nearest_lack(text: str, *, min_score: float = DEFAULT_MIN_SCORE,
                 min_lead: float = DEFAULT_MIN_LEAD) -> str | None:
    """The missing capability `text` as a whole is nearest, if at `min_score` and
    `min_lead` ahead of what the app does, else None."""
    lead = _lead(text, min_score=min_score)
    return lead[1] if lead is not None and lead[0] >= min_lead else None


def is_way_out(concept: str | None) -> bool:
    """Whether a word of the lexicon's `concept` names a way out of the app."""
    return (concept or "").startswith(WAY_OUT)


#: What the app can do, as a refusal goes on to say it.
_CAN_SAY = ("I can change the post, rename it, make a quiz, flashcards or a mind map of it, "
            "check it against a brief, and list or restore its versions. Type /help for every "
            "command.")


def _refusal(what: str, cannot: str, *, offer: tuple[str, str] | None = None
             ) -> Interpretation:
    """The reading of a request for something the app cannot do (`what`, as "I can't
    {what} from here" says it): nothing done, said so, with what it can do (or `offer`:
    the part of the request it can do, and how to ask it)."""
    said = f"I can't {what} from here, so nothing was done."
    more = f"But I can {offer[0]} here: say “{offer[1]}”." if offer is not None else _CAN_SAY
    return Interpretation(intent=Intent.UNCLEAR, slots={"closest": [], "cannot": cannot},
                          confidence=0.0, question=f"{said} {more}")


def cannot_reply(name: str, *, offer: tuple[str, str] | None = None) -> Interpretation:
    """The reading of a request for missing capability `name`: said so, with what the app
    can do, and nothing done; with `offer` (what, and how to ask it), the part of the
    request it can do ("I can't send emails or messages, but I can make the quiz here")."""
    return _refusal(LACKING[name][0], name, offer=offer)


def cannot_do(verb: str) -> Interpretation:
    """A request for something the app has no tool for, by the verb the reader read
    ("email it to my sister": "email"): said so, with what it can do, and nothing done."""
    return _refusal(f"{verb} anything", verb)
