"""One module per artifact type; each defines `SPEC`. Adding a type means adding a module here."""
