"""Replay logs: reading, writing, validating and graphing recorded games."""
