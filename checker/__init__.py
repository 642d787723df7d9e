"""Checking rules: the explicit-state explorer and the Z3 encodings behind ``referee clarify``."""
