"""Small word helpers shared by every explanation: lists, counts, percentages and trumps
in plain English. The engine, the lessons and the app all call these, so a sentence reads
the same everywhere.

>>> join_words(["6-6", "5-3", "5-1"])
'6-6, 5-3 and 5-1'
>>> percent(0.784), percent(None)
('78%', '?')
>>> from engine.trump import Trump
>>> trump_phrase(Trump.parse("6")), trump_phrase(Trump.parse("none"))
('sixes trump', 'no trump')
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.trump import Trump

__all__ = ["a_percent", "chance_words", "count_words", "join_words", "number_word", "percent", "trump_phrase"]

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def join_words(items: Iterable[object]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` (each item shown with ``str``; empty for none)."""
    parts = [str(x) for x in items]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def number_word(n: int) -> str:
    """``"no"``, ``"one"`` … ``"nine"``; digits from ten on.

    >>> number_word(0), number_word(3), number_word(12)
    ('no', 'three', '12')
    """
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


def count_words(n: int, word: str) -> str:
    """``"1 trick"``, ``"3 tricks"`` (the word gets an ``s`` unless ``n`` is one).

    >>> count_words(1, "trick"), count_words(0, "trick")
    ('1 trick', '0 tricks')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def percent(x: float | None) -> str:
    """A chance from 0 to 1 as a whole percentage (``"?"`` when unknown)."""
    return "?" if x is None else f"{round(100 * x)}%"


def a_percent(x: float) -> str:
    """A chance as a whole percentage with its article, as it is read aloud: "an" before
    the numbers said with a vowel first (eight, eleven, eighteen, eighty-...).

    >>> a_percent(0.53), a_percent(0.82), a_percent(0.08), a_percent(0.11), a_percent(0.8)
    ('a 53%', 'an 82%', 'an 8%', 'an 11%', 'an 80%')
    """
    n = round(100 * x)
    an = n in (8, 11, 18) or 80 <= n <= 89
    return f"{'an' if an else 'a'} {n}%"


def trump_phrase(trump: Trump) -> str:
    """``"sixes trump"``, ``"doubles trump"`` or ``"no trump"``."""
    return "no trump" if trump.kind == "none" else f"{trump.name} trump"


def chance_words(p: float) -> str:
    """A probability in plain words, for reviews that speak words first and numbers behind.

    >>> chance_words(0.97), chance_words(0.5), chance_words(0.1)
    ('almost sure', 'a coin flip', 'very unlikely')
    """
    if p >= 0.95:
        return "almost sure"
    if p >= 0.8:
        return "very likely"
    if p >= 0.6:
        return "likely"
    if p >= 0.4:
        return "a coin flip"
    if p >= 0.2:
        return "unlikely"
    return "very unlikely"
