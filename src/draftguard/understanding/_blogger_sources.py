"""Notes and transcripts the author hands over as sources, read from their own words.

"Here are my notes from the interview: ...", "add this transcript as a source:" followed by
the text, "ingest notes/talk.vtt", "use interview.md as a source", and "what sources do I
have?". A lead-in must name what the text is (notes, a transcript, a source); a pasted post
is the post reader's, not this one's.
"""

from __future__ import annotations

import re

from draftguard.understanding._types import Intent, Interpretation

__all__ = ["read_sources_request"]

_I = re.I
_NOUN = (r"(?:notes?|transcripts?|sources?|research|references?|interview(?:\s+notes)?|"
         r"minutes|excerpts?|clippings?|reading\s+notes|background(?:\s+material)?)")
# What a lead-in says before its text: a verb of handing over, or "my notes" on its own.
_LEAD = re.compile(
    rf"^(?:(?:ok|okay|so|also|and|hi|hey|oh)[,!]?\s+)*(?:(?:please|pls|could\s+you|can\s+you|"
    rf"would\s+you)\s+)?(?:(?:here\s+(?:are|is)|here'?s|these\s+are|this\s+is|below\s+(?:are|is)|"
    rf"i(?:\s+(?:also|just|even|already))?\s+(?:have|got|took|wrote|made|jotted)|add|ingest|import|load|use|take|keep|save|store|attach|"
    rf"include|paste|pasting)\b[^:\n]{{0,80}}?\b{_NOUN}\b|(?:my|the|some)\s+(?:\w+\s+){{0,3}}"
    rf"{_NOUN}\b)[^:\n]{{0,80}}$", _I)
_FILE = re.compile(r"(?<![\w/.=-])(?P<path>(?:[\w.-]+/)*\.?[\w-][\w.-]*"
                   r"\.(?:md|markdown|txt|text|vtt|srt))(?![\w/])", _I)
_FILE_VERB = re.compile(r"\b(?:ingest|import|load|add|use|read|attach|include|take)\b", _I)
_FILE_NOUN = re.compile(rf"\b{_NOUN}\b|\bingest\b|\bimport\b", _I)
_LIST = re.compile(
    rf"^(?:(?:please|pls|can\s+you|could\s+you)\s+)?(?:(?:what|which)\s+{_NOUN}\s+"
    rf"(?:do\s+(?:i|you)\s+have|have\s+i\s+(?:added|given(?:\s+you)?|shared)|are\s+(?:there|saved|"
    rf"stored))|(?:list|show)(?:\s+me)?\s+(?:my|the|all(?:\s+the)?|all\s+my)\s+{_NOUN})"
    rf"(?:\s+(?:so\s+far|please))?[\s?!.]*$", _I)


def read_sources_request(text: str) -> Interpretation | None:
    """A request to keep notes or a transcript as a source, or to list the sources; else None."""
    said = text.strip()
    if _LIST.match(said):
        return Interpretation(intent=Intent.SOURCES)
    head, sep, body = said.partition("\n")
    colon = head.find(":")
    if colon >= 0 and (not sep or not body.strip()):
        head, body = head[:colon], head[colon + 1:]
    elif head.endswith(":"):
        head = head[:-1]
    if body.strip() and len(head) <= 200 and _LEAD.match(head.strip()):
        return Interpretation(intent=Intent.INGEST_SOURCE, slots={"text": body.strip() + "\n"})
    if "\n" not in said and len(said) <= 300:
        found = _FILE.search(said)
        if found is not None and _FILE_VERB.search(said) and _FILE_NOUN.search(said) and \
                "=" not in said:
            return Interpretation(intent=Intent.INGEST_SOURCE, slots={"path": found["path"]})
    return None
