"""Who did what to what, held against the post (`claims/_roles.py`): a sentence whose words
are all in the post but that rearranges them into a claim it does not make is removed; a
paraphrase of what it says, or a sentence in another verb, is kept."""

from __future__ import annotations

import pytest

from blogger.tool_claims import BLOGGER_TOOL_CLAIMS, blogger_facts
from draftguard.claims import ClaimGuard, TurnRecord

POST = ("---\ntitle: Allotment year one\n---\n# Allotment year one\n\n"
        "Our plot grows leeks, chard and broad beans.\n\n"
        "My neighbour, Dottie, keeps bees and gives me honey every autumn.\n\n"
        "The north bed catches the frost while the south bed gets the sun.\n\n"
        "I built a cold frame out of old windows in March.\n\n"
        "We painted it blue.\n")
RECORD = TurnRecord(claims=BLOGGER_TOOL_CLAIMS, session=blogger_facts(
    post=POST, versions=[0], sources=[], said=["what do you make of my allotment post?"]))


@pytest.mark.parametrize("sentence", [
    "Your plot only grows leeks.",
    "The plot grows only broad beans.",
    "Dottie keeps chickens.",
    "Dottie gives you jam every autumn.",
    "The south bed catches the frost.",
    "You built a greenhouse out of old windows.",
    "Your plot grows potatoes and leeks.",
    "The post says the south bed catches the frost.",
    "You write that Dottie gives you jam.",
])
def test_the_posts_words_in_a_claim_it_does_not_make_are_removed(sentence: str) -> None:
    assert not ClaimGuard().judge(sentence, RECORD).supported


@pytest.mark.parametrize("sentence", [
    "Your plot grows leeks and chard, plus broad beans.",
    "Dottie keeps bees.",
    "Your neighbour gives you honey each autumn.",
    "The north bed catches the frost.",
    "You built a cold frame from old windows.",
    "You painted the cold frame blue.",
    "Dottie's bees sound like a lovely bonus.",
    "Leeks are hardy through the winter.",
    "Your post says Dottie gives you honey.",
])
def test_paraphrases_and_other_verbs_are_kept(sentence: str) -> None:
    assert ClaimGuard().judge(sentence, RECORD).supported
