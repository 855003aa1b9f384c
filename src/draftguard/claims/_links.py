"""Links in a reply: a web address, an e-mail address or a domain with a path ("site.com/a")
that the record does not hold is made up, whatever the sentence's mood.

A small model invents them ("Please find more details about this post here:
https://www.facebook.com/chuck_blogger_posts."). A link may be shown only when the person
wrote it, a text of the session holds it (the post, a source, a venue's line) or a tool
produced it, this turn or earlier. `unrecorded_link(sentence, record)` names the first that
is none of these.

A word is read as a link by the parser's own tests of a word's shape (spaCy's `like_url`
and `like_email`, with its list of top-level domains): a scheme or "www." always, a host
and a path, an e-mail address, or a bare host ("chuckblog.com") whose ending is on spaCy's
list (the country codes and the older generic ones: "chuckruns.blog" is not read) and is
no kind of file the record names ("draft.md" beside the post's own file name is a file).
A link is on the record when a link the record holds is it or goes on from it at a "/",
"?" or "#" (the domain of a link the person pasted is theirs too); scheme, "www." and
a closing "/" aside, case aside in the host.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache, lru_cache

from draftguard.claims._record import TurnRecord, strings_in

__all__ = ["links_in", "unrecorded_link"]

#: Characters that wrap a link in text: brackets, quotes, Markdown's "[text](url)".
_WRAPS = str.maketrans({c: " " for c in "[]()<>\"'`“”‘’«»|"})
#: Punctuation that ends a sentence or a clause after a link, not part of it.
_TRAIL = ".,;:!?*_"
_SCHEMES = ("https://", "http://", "ftp://", "mailto:")


@cache
def _shape() -> tuple[Callable[[str], bool], Callable[[str], bool], frozenset[str]]:
    """spaCy's tests of a word's shape and its top-level domains (loaded once)."""
    from spacy.lang import lex_attrs

    return lex_attrs.like_url, lex_attrs.like_email, frozenset(lex_attrs._tlds)


def _words(text: str) -> Iterable[str]:
    """The words of `text` that may be links, stripped of what wraps them."""
    if "." not in text and "@" not in text:
        return
    for word in text.translate(_WRAPS).split():
        word = word.strip(_TRAIL)
        if len(word) > 3 and ("." in word or word.startswith(_SCHEMES)):
            yield word


def _host(word: str) -> str:
    bare = _bare(word)
    return bare.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0]


def _is_link(word: str, files: frozenset[str]) -> bool:
    like_url, like_email, tlds = _shape()
    if word.lower().startswith((*_SCHEMES, "www.")) or like_email(word):
        return True
    host = _host(word)
    if "_" in host or "." not in host or host.startswith(".") or host.endswith("."):
        return False  # "letters_index.md", "e.g.": no host
    ending = host.rsplit(".", 1)[1].lower()
    if "/" in _bare(word):
        return len(ending) > 1 and ending.isalpha()  # "site.com/path", "my.blog/first"
    return ending in tlds and ending not in files and bool(like_url(word))


def _bare(link: str) -> str:
    """`link` without scheme, "www." or a closing "/"; the host in lower case."""
    low = link
    for scheme in _SCHEMES:
        if low.lower().startswith(scheme):
            low = low[len(scheme):]
            break
    if low.lower().startswith("www."):
        low = low[4:]
    host, sep, rest = low.partition("/")
    return (host.lower() + sep + rest).rstrip("/")


def links_in(text: str, *, files: frozenset[str] = frozenset()) -> list[str]:
    """The links `text` holds, as written (`files`: endings of file names, not links)."""
    return [w for w in _words(text) if _is_link(w, files)]


@lru_cache(maxsize=8)
def _held(strings: tuple[str, ...]) -> frozenset[str]:
    """The links the strings hold, bare."""
    return frozenset(_bare(w) for s in strings for w in _words(s))


def _files(names: Iterable[str]) -> frozenset[str]:
    """The endings of the file names among the record's names ("draft.md": "md")."""
    return frozenset(n.rsplit(".", 1)[1].lower() for n in names
                     if "." in n and " " not in n and "/" not in n and "@" not in n
                     and n.rsplit(".", 1)[1].isalpha())


def _record_strings(record: TurnRecord) -> tuple[str, ...]:
    session = record.session
    return (*session.texts, *session.names,
            *(m for items in session.collections.values() for m in items),
            *(s for run in record.runs for s in (*strings_in(run.args), *strings_in(run.result))))


def unrecorded_link(sentence: str, record: TurnRecord) -> str | None:
    """The first link of `sentence` the record does not hold, or None."""
    candidates = list(_words(sentence))
    if not candidates:
        return None
    held, files = _held(_record_strings(record)), _files(record.session.names)
    for word in candidates:
        if not _is_link(word, files):
            continue
        bare = _bare(word)
        if not any(h == bare or (h.startswith(bare) and h[len(bare)] in "/?#") for h in held):
            return word
    return None
