"""Errors shared across the package. Each carries a message fit to show a user as it is."""

from __future__ import annotations


class RefereeError(Exception):
    """A problem with what the user asked for; the CLI prints it as one line."""

    exit_status = 2


class UsageError(RefereeError):
    """A bad option, a missing path, an unknown game: exit status 2."""


class UnknownGameError(UsageError):
    pass
