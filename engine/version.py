"""The engine's version, written into every game record (``engine`` field)."""

__version__ = "0.1.0"
