"""Errors raised by the engine."""

from __future__ import annotations

__all__ = ["IllegalAction", "ParseError", "RulesError"]


class ParseError(ValueError):
    """Text that is not valid notation: a tile, a trump, an action or a record field."""


class RulesError(ParseError):
    """A rule set that cannot be: an unknown field, a wrong type, a value out of range, or
    two settings that do not go together. The message names the field."""


class IllegalAction(ValueError):
    """An action the rules do not allow here.

    ``code`` is a short reason code (for example ``"must-follow"``); the message is a
    sentence naming the rule that was broken, e.g. "you must follow fives: you hold 5-3".
    """

    def __init__(self, message: str, code: str = "illegal") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
