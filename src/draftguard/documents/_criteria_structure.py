"""Criteria on the delivery's shape: not empty, a heading, an introduction or conclusion, a
list, code or links, no placeholder text, a complete post, the format it is written in."""

from __future__ import annotations

import re

from draftguard.documents._criteria_counts import count
from draftguard.documents._criterion_check import Check, Outcome, Rule
from draftguard.documents._criterion_wording import HAS
from draftguard.documents._delivery import Delivery, post_map
from draftguard.documents._formats import normalize_format, satisfies
from draftguard.errors import UnknownFormatError
from draftguard.markdown import BlockKind, MarkdownMap

_PLACEHOLDER = re.compile(
    r"\b(?:TODO|TBD|FIXME|XXX)\b|lorem ipsum|\[(?:insert|placeholder|add|your)[^\]]*\]|"
    r"<(?:insert|placeholder)[^>]*>|\{\{[^}]*\}\}", re.I)
_LINK = re.compile(r"\[[^\]]+\]\([^)\s]+\)|https?://\S+")
_LIST_LINE = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+\S", re.M)
_SENTENCE_END = re.compile(r"[.!?…)\]\"'’”`*]\s*$")


def _not_empty(m: re.Match[str], d: Delivery) -> Outcome:
    if not d.summaries:
        return False, "nothing delivered"
    empty = [s.name for s in d.summaries if s.size.bytes == 0 or
             (s.name in d.texts and not d.texts[s.name].strip())]
    return not empty, (f"empty: {', '.join(empty)}" if empty else "no document is empty")


def _has_heading(m: re.Match[str], d: Delivery) -> Outcome:
    doc = post_map(d)
    if doc is None:
        return None, ""
    titles = [b.title for b in doc.blocks if b.kind is BlockKind.HEADING]
    front_title = bool(re.search(r"(?m)^title\s*:", d.post or "")) and doc.body_start > 0
    ok = bool(titles) or front_title
    return ok, (f"headings: {', '.join(titles[:3])}" if titles else
                "a frontmatter title" if front_title else "no heading")


def _named_part(word: str, openers: str) -> Check:
    def check(m: re.Match[str], d: Delivery) -> Outcome:
        doc = post_map(d)
        if doc is None or d.post is None:
            return None, ""
        titles = [b.title for b in doc.blocks if b.kind is BlockKind.HEADING]
        named = [t for t in titles if re.search(word, t, re.I)]
        if named:
            return True, f"a heading names it ({named[0]})"
        paragraphs = [d.post[b.start:b.end].strip() for b in doc.blocks
                      if b.kind is BlockKind.PARAGRAPH]
        if paragraphs and re.match(openers, paragraphs[-1 if "conclu" in word else 0], re.I):
            return True, "a paragraph opens as one"
        return None, ""  # a conclusion can be an unnamed last paragraph: not code's call
    return check


def _block_present(kind: str) -> Check:
    def check(m: re.Match[str], d: Delivery) -> Outcome:
        post = d.post
        if post is None:
            return None, ""
        if kind == "list":
            ok = bool(_LIST_LINE.search(post))
        elif kind == "code":
            ok = any(b.kind is BlockKind.CODE for b in MarkdownMap(post).blocks) or "`" in post
        else:
            ok = bool(_LINK.search(post))
        return ok, f"{'a' if ok else 'no'} {kind} in {d.post_name}"
    return check


def _no_placeholders(m: re.Match[str], d: Delivery) -> Outcome:
    if not d.texts:
        return None, ""
    for name, text in d.texts.items():
        hit = _PLACEHOLDER.search(text)
        if hit:
            return False, f"{name} holds placeholder text ({hit.group(0)!r})"
    return True, "no placeholder text"


def _complete(m: re.Match[str], d: Delivery) -> Outcome:
    """A complete post: prose, no placeholder, and it does not stop mid-sentence."""
    post = d.post
    if post is None:
        return None, ""
    placeholder, why = _no_placeholders(m, d)
    if placeholder is False:
        return False, why
    doc = MarkdownMap(post)
    paragraphs = [post[b.start:b.end].strip() for b in doc.blocks
                  if b.kind is BlockKind.PARAGRAPH]
    words = count("words", d) or 0
    if not paragraphs or words < 40:
        return False, f"only {words} words of prose"
    last = paragraphs[-1]
    if not _SENTENCE_END.search(last) and not _LIST_LINE.match(last.splitlines()[-1]):
        return False, f"the post stops mid-sentence ('...{last[-40:]}')"
    return True, f"{len(paragraphs)} paragraphs, {words} words, ends with a full sentence"


def _format(m: re.Match[str], d: Delivery) -> Outcome:
    name = m.group("fmt").lower().replace("plain text", "txt")
    try:
        wanted = normalize_format(name)
    except UnknownFormatError:
        return None, ""
    formats = [s.format for s in d.summaries]
    ok = any(satisfies(f, wanted) for f in formats)
    if m.group("every"):
        ok = bool(formats) and all(satisfies(f, wanted) for f in formats)
    return ok, f"delivered formats: {', '.join(formats) or 'none'}"


RULES: list[Rule] = [
    (re.compile(r"^(?:is\s+|it\s+is\s+|the\s+\w+\s+is\s+)?(?:not\s+empty|non-?empty)$", re.I),
     _not_empty),
    (re.compile(rf"^{HAS}(?:a|an|one|at\s+least\s+one)?\s*(?:markdown\s+|main\s+|clear\s+)?"
                r"(?:heading|title|headline|header|h1)s?$", re.I), _has_heading),
    (re.compile(rf"^{HAS}(?:a|an)?\s*(?:short\s+|brief\s+|clear\s+)?"
                r"(?:conclusion|concluding\s+(?:paragraph|section)|summary|wrap-?up|takeaways?)"
                r"(?:\s+(?:paragraph|section))?$", re.I),
     _named_part(r"conclu|summary|wrap|takeaway|final thoughts|in short",
                 r"(in conclusion|to (sum|wrap) (it )?up|in short|in summary|all in all|"
                 r"overall|finally|the takeaway)\b")),
    (re.compile(rf"^{HAS}(?:a|an)?\s*(?:short\s+|brief\s+|clear\s+)?(?:introduction|intro)"
                r"(?:\s+(?:paragraph|section))?$", re.I),
     _named_part(r"intro", r"(in this post|this post|today|let's|here's|here is)\b")),
    (re.compile(rf"^{HAS}(?:a|an|some)?\s*(?:bullet(?:ed)?\s+(?:points?|list)|(?:numbered\s+)?"
                r"lists?|steps?\s+as\s+a\s+list)$", re.I), _block_present("list")),
    (re.compile(rf"^{HAS}(?:a|an|some)?\s*(?:code\s+(?:example|block|sample|snippet)s?|"
                r"example\s+code)$", re.I), _block_present("code")),
    (re.compile(rf"^{HAS}(?:a|an|some|at\s+least\s+one)?\s*(?:links?|urls?|"
                r"references?\s+with\s+links|sources?\s+linked)$", re.I), _block_present("link")),
    (re.compile(r"^(?:(?:it\s+|the\s+\w+\s+)?(?:has|contains)\s+)?no\s+(?:placeholders?|"
                r"placeholder\s+text|todos?|tbds?|lorem\s+ipsum|unfinished\s+parts?)"
                r"(?:\s+(?:left|text))?$", re.I), _no_placeholders),
    (re.compile(r"^(?:the\s+(?:post|draft|article)\s+is\s+)?(?:a\s+)?complete"
                r"(?:,?\s+(?:and\s+)?readable)?(?:\s+blog)?(?:\s+(?:post|draft|article))?$",
                re.I), _complete),
    (re.compile(r"^(?:(?:it\s+|the\s+\w+\s+)?(?:is\s+)?(?:written|delivered|saved|given)?\s*"
                r"(?:in|as)\s+|(?:is\s+)?(?:an?\s+)?|valid\s+)?(?P<every>(?:all|every)\s+"
                r"(?:documents?|files?)\s+(?:are|is|in)\s+)?(?:valid\s+)?"
                r"(?P<fmt>markdown|md|json|html|pdf|csv|yaml|plain\s+text|txt)"
                r"(?:\s+(?:post|file|document|format|blog\s+post|article))?$", re.I), _format),
]
