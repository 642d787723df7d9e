"""referee: rules verification and replay auditing for tabletop games."""

__version__ = "0.1.0"
