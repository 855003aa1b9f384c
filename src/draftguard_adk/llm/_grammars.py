"""The grammars llama.cpp samples under: a JSON schema's, and one for an answer in words.

Small models cannot be trusted to follow a format, so structure is enforced by the sampler,
not requested in the prompt. Grammars are built once per model and schema.
"""

from __future__ import annotations

import json
import re
from typing import Any

from draftguard_adk.llm._llama_runtime import Loaded

__all__ = ["PROSE_GBNF", "gbnf", "json_grammar", "prose_grammar"]

# llama.cpp GBNF for an answer in words: its first character is not JSON's `{` or `[`, a
# code fence's backtick, nor whitespace (Unicode's too) or a control character, which a
# reader strips before the JSON. Both classes read the same as Python regular-expression
# classes; the tests rely on that.
PROSE_GBNF = (
    "root ::= first rest\n"
    "first ::= [^{\\[`\\x00-\\x20\\x7F-\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F"
    "\\u205F\\u3000\\uFEFF]\n"
    "rest ::= [^\\x00]*\n"
)

# llama-cpp-python's JSON grammar lets a string hold raw control characters (a newline
# inside a label), which strict JSON parsers refuse; llama.cpp's own grammar forbids them.
# Its \\uXXXX escape is dropped too (any character can be written as itself): at 6 bytes
# per character it would break the answer-length bound `max_json_chars` relies on.
_CHAR_RULE = re.compile(r"(?m)^char ::= .*$")
_STRICT_CHAR = 'char ::= [^"\\\\\\x7F\\x00-\\x1F] | "\\\\" ["\\\\/bfnrt]'


def gbnf(schema: dict[str, Any]) -> str:
    """`schema` as llama.cpp grammar text, with strict JSON strings."""
    from llama_cpp.llama_grammar import json_schema_to_gbnf

    return _CHAR_RULE.sub(lambda _: _STRICT_CHAR, str(json_schema_to_gbnf(json.dumps(schema))))


def json_grammar(loaded: Loaded, schema: dict[str, Any]) -> Any:
    """The grammar whose every answer is JSON valid against `schema`."""
    from llama_cpp.llama_grammar import LlamaGrammar

    key = json.dumps(schema, sort_keys=True)
    if key not in loaded.grammars:
        # Built from the schema as given: llama.cpp writes properties in the schema's order,
        # and that order is part of the design (a question before its answer). The sorted
        # text is only the cache key.
        loaded.grammars[key] = LlamaGrammar.from_string(gbnf(schema), verbose=False)
    return loaded.grammars[key]


def prose_grammar(loaded: Loaded) -> Any:
    """The grammar of an answer in words (`PROSE_GBNF`)."""
    from llama_cpp.llama_grammar import LlamaGrammar

    # Not a JSON text, so it cannot collide with a schema's cache key.
    if PROSE_GBNF not in loaded.grammars:
        loaded.grammars[PROSE_GBNF] = LlamaGrammar.from_string(PROSE_GBNF, verbose=False)
    return loaded.grammars[PROSE_GBNF]
