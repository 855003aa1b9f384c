"""Reading, checking and atomically writing the user's text files."""

from __future__ import annotations

from draftguard.textio._atomic_write import (
    STALE_TEMP_SECONDS,
    check_replaceable,
    check_writable_dir,
    replace_if_unchanged,
    write_atomic,
    write_many_atomic,
)
from draftguard.textio._file_access import (
    os_error_message,
    regular_file_problem,
)
from draftguard.textio._output_paths import (
    path_component,
    resolve_output_path,
)
from draftguard.textio._structured_input import (
    MAX_NESTING,
    load_json,
    yaml_nesting_problem,
)
from draftguard.textio._text_input import (
    DEFAULT_MAX_BYTES,
    decode_text,
    read_file_bytes,
    read_text_file,
)

__all__ = [
    "DEFAULT_MAX_BYTES",
    "MAX_NESTING",
    "STALE_TEMP_SECONDS",
    "check_replaceable",
    "check_writable_dir",
    "decode_text",
    "load_json",
    "os_error_message",
    "path_component",
    "read_file_bytes",
    "read_text_file",
    "regular_file_problem",
    "replace_if_unchanged",
    "resolve_output_path",
    "write_atomic",
    "write_many_atomic",
    "yaml_nesting_problem",
]
