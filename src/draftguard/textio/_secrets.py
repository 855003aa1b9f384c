"""Whether a text holds secrets, whatever its file is called.

A file named `notes.md` can be a copy of `.env` or a private key. The chat's file-access
policy (`read_workspace_text`) asks this after reading and refuses the file. The checks
look for shapes, never for a list of names: key blocks, cloud credentials with fixed
formats, and `KEY=value` environment files. Scans are linear (string search and fixed-width
patterns), since the text is whatever the file holds.
"""

from __future__ import annotations

import re

__all__ = ["secret_problem"]

# Fixed-width shapes of cloud and service credentials (no nested repeats: linear).
_CREDENTIALS = (
    ("an AWS access key", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ("an AWS secret key", re.compile(r"aws_secret_access_key\s{0,4}[=:]", re.IGNORECASE)),
    ("a Google API key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}")),
    ("a Google service-account key", re.compile(r"\"private_key_id\"\s{0,4}:")),
    ("a GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_\w{22})")),
    ("a Slack token", re.compile(r"\bxox[abprs]-[0-9A-Za-z]{6}")),
    ("an Azure storage key", re.compile(r"AccountKey=[A-Za-z0-9+/]{20}")),
)
# Words that make one `NAME=value` line a secret on its own.
_SECRET_NAME_PARTS = ("KEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "PWD", "CREDENTIAL")
#: Share of a text's lines that are `NAME=value` for it to be an environment file.
ENV_LINE_SHARE = 0.5


def _private_key(text: str) -> bool:
    """A PEM, OpenSSH or PGP private key block: `-----BEGIN ... PRIVATE KEY...-----`."""
    i = text.find("-----BEGIN ")
    while i != -1:
        head = text[i : i + 80].split("\n", 1)[0]
        if "PRIVATE KEY" in head and head.rstrip().endswith("-----") and len(head) > 16:
            return True
        i = text.find("-----BEGIN ", i + 11)
    return False


def _assignment(line: str) -> tuple[str, str] | None:
    """(NAME, value) when `line` is a shell or dotenv assignment such as `export A_B=c`."""
    name, eq, value = line.strip().removeprefix("export ").partition("=")
    name = name.strip()
    if not eq or not name.isidentifier() or not name.isascii() or name != name.upper():
        return None
    return name, value.strip().strip("\"'")


def _env_file(text: str) -> str | None:
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        return None
    pairs = [p for p in map(_assignment, lines) if p is not None]
    if len(pairs) >= 2 and len(pairs) >= ENV_LINE_SHARE * len(lines):
        return "environment settings (NAME=value lines)"
    for name, value in pairs:
        parts = name.split("_")
        if any(part.startswith(_SECRET_NAME_PARTS) for part in parts) and len(value) >= 8 \
                and " " not in value and "..." not in value and "<" not in value:
            return f"a secret setting ({name}=...)"
    return None


def secret_problem(text: str) -> str | None:
    """What secret `text` holds ("a private key", "an AWS access key", ...), or None."""
    if _private_key(text):
        return "a private key"
    for what, shape in _CREDENTIALS:
        if shape.search(text):
            return what
    return _env_file(text)
