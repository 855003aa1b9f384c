"""Keeping credentials out of anything printed: database URLs and API keys.

A database URL can carry a secret in three places SQLAlchemy and the drivers accept:

    postgresql://user:PASSWORD@host/db              userinfo password
    postgresql://user@host/db?password=PASSWORD     query parameters (libpq / asyncpg names)
    postgresql://host/db?sslpassword=...&sslkey=... TLS key material and its passphrase

and an API key is secret wherever it appears (`DRAFTGUARD_API_KEYS`, a bad entry, a digest).
`redact` is the one function every message that may hold them goes through.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import unquote

__all__ = ["MASK", "SECRET_QUERY_KEYS", "redact"]

MASK = "***"

# Query parameters whose value is a secret, by the names libpq, asyncpg, psycopg and
# SQLAlchemy accept. Paths to key files (sslkey, sslcert, passfile) are not secrets but tell
# an attacker where to look, so they are masked too. Compared case-insensitively.
SECRET_QUERY_KEYS = frozenset({
    "password", "pass", "passwd", "pwd", "sslpassword", "sslkey", "sslcert", "sslrootcert",
    "sslcrl", "passfile", "secret", "token", "access_token", "auth_token", "api_key",
    "apikey", "key", "private_key", "client_secret", "credentials",
})

_URL = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.\-]*://)(?P<rest>[^\s'\"<>]*)")
_QUERY_PAIR = re.compile(r"(?P<sep>[?&;])(?P<key>[^=&;#\s]+)=(?P<value>[^&;#\s'\"]*)")
# libpq's keyword/value DSN form: `host=db password=secret` (also quoted values); a pair
# inside a URL's query (after ? & ;) is the URL rule's.
_DSN_PAIR = re.compile(
    r"(?<![?&;\w])(?P<key>[A-Za-z_]+)\s*=\s*(?P<value>'(?:[^'\\]|\\.)*'|\S+)"
)


def _redact_url(scheme: str, rest: str) -> str:
    if "@" in rest:
        # The userinfo runs to the LAST '@': a password holding an unescaped '@', ':', '/' or
        # '?' is masked whole. A URL with an '@' only in its query is over-masked, never under.
        userinfo, host = rest.rsplit("@", 1)
        user, has_password, _ = userinfo.partition(":")
        if has_password:
            rest = f"{user}:{MASK}@{host}"
    return scheme + _QUERY_PAIR.sub(_mask_pair, rest)


def _mask_pair(m: re.Match[str]) -> str:
    if unquote(m["key"]).lower() in SECRET_QUERY_KEYS:
        return f"{m['sep']}{m['key']}={MASK}"
    return m.group(0)


def _mask_dsn_pair(m: re.Match[str]) -> str:
    if m["key"].lower() in SECRET_QUERY_KEYS:
        return f"{m['key']}={MASK}"
    return m.group(0)


def redact(text: str, *, secrets: Iterable[str] = ()) -> str:
    """`text` with every credential masked: URL passwords (userinfo and query), TLS key
    parameters, libpq `password=` pairs, and each string in `secrets` (API keys, digests)."""
    out = _URL.sub(lambda m: _redact_url(m["scheme"], m["rest"]), text)
    out = _DSN_PAIR.sub(_mask_dsn_pair, out)
    # Longest first, so a key that contains another is masked whole.
    for secret in sorted({s for s in secrets if s}, key=len, reverse=True):
        out = out.replace(secret, MASK)
    return out
