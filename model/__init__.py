"""Game models: explicit-state machines behind a common protocol (see ``core``)."""
