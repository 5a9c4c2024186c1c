"""The engine's words: lists, counts, percentages, chances, trumps and actions in plain
English, each written once. The engine, the lessons, the puzzles and the app all call these,
so a sentence reads the same everywhere (the app's own words, such as "You" and "Seat 2
(partner)", are in :mod:`tutorial.services.describe`).

>>> join_words(["6-6", "5-3", "5-1"])
'6-6, 5-3 and 5-1'
>>> percent(0.784), percent(None)
('78%', '?')
>>> from engine.trump import Trump
>>> trump_phrase(Trump.parse("6")), trump_phrase(Trump.parse("none"))
('sixes trump', 'no trump')
>>> from engine.actions import Action
>>> action_phrase(Action.parse("bid 21")), action_phrase(Action.parse("trump 6"), "s")
('shoot the moon (bid 21)', 'names sixes trump')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Literal, Protocol

from engine.actions import Action
from engine.tiles import Tile
from engine.trump import Trump

__all__ = [
    "Form",
    "Table",
    "a_percent",
    "action_phrase",
    "as_trump",
    "chance_adverb",
    "chance_band",
    "chance_change",
    "chance_clause",
    "chance_noun",
    "chance_words",
    "count_words",
    "fall_short_clause",
    "join_words",
    "number_word",
    "percent",
    "shows_none",
    "tricks_average",
    "trump_phrase",
    "trump_sentence",
]

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


def tricks_average(n: float) -> str:
    """An average number of tricks as a person says it: one decimal at most, a whole number
    plainly, and a difference too small for one decimal said so, never as "0.0".

    >>> tricks_average(5.54), tricks_average(4.96), tricks_average(1.0), tricks_average(0.04)
    ('5.5 tricks', '5 tricks', '1 trick', 'under a tenth of a trick')
    >>> tricks_average(1.25)
    '1.3 tricks'
    >>> tricks_average(0.0)
    '0 tricks'
    """
    tenths = math.floor(n * 10 + 0.5)  # half up: 1.25 is "1.3 tricks"
    if tenths == 0 and n > 0:
        return "under a tenth of a trick"
    if tenths % 10 == 0:
        return count_words(tenths // 10, "trick")
    return f"{tenths / 10:.1f} tricks"


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
    """The trump as a name: ``"sixes trump"``, ``"doubles trump"`` or ``"no trump"``."""
    return "no trump" if trump.kind == "none" else f"{trump.name} trump"


def trump_sentence(trump: Trump) -> str:
    """The trump as a sentence that opens a question: ``"Sixes are trump"``, ``"Doubles are
    trump"`` or ``"No trump ('follow me')"``.

    >>> trump_sentence(Trump.parse("doubles")), trump_sentence(Trump.parse("none"))
    ('Doubles are trump', "No trump ('follow me')")
    """
    return "No trump ('follow me')" if trump.kind == "none" else f"{trump.name.capitalize()} are trump"


def as_trump(trump: Trump) -> str:
    """The trump as the thing that takes tricks, after "with": ``"sixes as trump"``,
    ``"doubles as trump"`` or ``"no trump"``."""
    return "no trump" if trump.kind == "none" else f"{trump.name} as trump"


#: The bands a chance of making (or setting) something is said in, from the top: (the least
#: chance, the band's name). Every chance the engine puts into words, in a computer player's
#: reason and in a hand review alike, is said in these bands (:func:`chance_band`), so one
#: chance reads the same wherever it is said.
_BANDS = (
    (0.8, "should"),
    (0.6, "likely"),
    (0.4, "even"),
    (0.25, "might"),
    (0.0, "outside"),
)

#: What each band says. A reason says it after its subject, before the verb: "my hand should
#: take five tricks", "... is likely to take", "... has about an even chance to take", "...
#: might take", "... has only an outside chance to take" (said of "I": "I should", "I am
#: likely to", "I have about an even chance to", "I might", "I have only an outside chance
#: to"), and as a noun where a sentence has few words to spare ("a strong chance", "a good
#: chance", "an even chance", "some chance", "an outside chance"). A review says it as
#: an adjective ("a bid of 5 was likely to make": "very likely", "likely", "as likely as
#: not", "unlikely", "very unlikely") and as an adverb ("about as likely as not").
_BAND_WORDS = {
    "should": ("should", "should", "a strong chance", "very likely", "very likely"),
    "likely": ("is likely to", "am likely to", "a good chance", "likely", "likely"),
    "even": ("has about an even chance to", "have about an even chance to", "an even chance",
             "as likely as not", "about as likely as not"),
    "might": ("might", "might", "some chance", "unlikely", "unlikely"),
    "outside": ("has only an outside chance to", "have only an outside chance to", "an outside chance",
                "very unlikely", "very unlikely"),
}


def chance_band(p: float) -> str:
    """The band a chance of making something is said in: ``"should"`` from 80%, ``"likely"``
    from 60%, ``"even"`` from 40%, ``"might"`` from 25%, ``"outside"`` under 25% (a chance
    is rounded to a whole percentage first, as the details show it).

    >>> [chance_band(x) for x in (0.95, 0.8, 0.79, 0.6, 0.59, 0.4, 0.39, 0.25, 0.24, 0.0)]
    ['should', 'should', 'likely', 'likely', 'even', 'even', 'might', 'might', 'outside', 'outside']
    >>> chance_band(0.795), chance_band(0.794)
    ('should', 'likely')
    """
    shown = round(100 * p) / 100
    return next(name for least, name in _BANDS if shown >= least)


def chance_words(p: float) -> str:
    """A chance in plain words, as an adjective, in its band (:func:`chance_band`): "a bid of
    5 was likely to make", "the chance to make the bid stays very likely" (explanations
    speak words first, the numbers behind).

    >>> chance_words(0.97), chance_words(0.62), chance_words(0.5), chance_words(0.3), chance_words(0.1)
    ('very likely', 'likely', 'as likely as not', 'unlikely', 'very unlikely')
    """
    return _BAND_WORDS[chance_band(p)][3]


def chance_adverb(p: float) -> str:
    """The same chance as :func:`chance_words`, as an adverb: "sixes as trump makes five
    tricks very likely", "would about as likely as not make the bid".

    >>> chance_adverb(0.97), chance_adverb(0.5), chance_adverb(0.1)
    ('very likely', 'about as likely as not', 'very unlikely')
    """
    return _BAND_WORDS[chance_band(p)][4]


def chance_clause(p: float, subject: str, verb: str) -> str:
    """``subject`` doing ``verb`` with the plain chance ``p``, in the words of its band
    (:func:`chance_band`): ``"my hand should take five tricks"``, ``"my hand is likely to
    take five tricks"``, ``"my hand has about an even chance to take five tricks"``, ``"my
    hand might take five tricks"``, ``"my hand has only an outside chance to take five
    tricks"``; ``subject`` ``"I"`` takes "am" and "have".

    >>> chance_clause(0.62, "my hand", "take all seven tricks"), chance_clause(0.1, "I", "make it")
    ('my hand is likely to take all seven tricks', 'I have only an outside chance to make it')
    >>> chance_clause(0.5, "I", "make my bid")
    'I have about an even chance to make my bid'
    """
    said = _BAND_WORDS[chance_band(p)][1 if subject == "I" else 0]
    return f"{subject} {said} {verb}"


def shows_none(p: float) -> bool:
    """Whether a chance shows as 0% (rounded to a whole percentage, as the details show it):
    made on none of the deals looked at, or on too few to count.

    >>> shows_none(0.0), shows_none(0.004), shows_none(0.006), shows_none(0.02)
    (True, True, False, False)
    """
    return round(100 * p) == 0


def fall_short_clause(goal: str) -> str:
    """What a player says of a ``goal`` (``"my 21"``) made on none of its deals
    (:func:`shows_none`): not "an outside chance", which its 0% would belie, but that it
    expects to fail unless the others play less than their best.

    >>> fall_short_clause("my 21")
    'I expect to fall short of my 21 unless the others slip'
    """
    return f"I expect to fall short of {goal} unless the others slip"


def chance_noun(p: float) -> str:
    """The plain chance ``p`` as a noun, in its band's words (:func:`chance_band`), for a
    sentence with few words to spare: ``"a strong chance"`` from 80%, ``"a good chance"``
    from 60%, ``"an even chance"`` from 40%, ``"some chance"`` from 25%, ``"an outside
    chance"`` under that.

    >>> chance_noun(0.8), chance_noun(0.62), chance_noun(0.5), chance_noun(0.3), chance_noun(0.24)
    ('a strong chance', 'a good chance', 'an even chance', 'some chance', 'an outside chance')
    """
    return _BAND_WORDS[chance_band(p)][2]


def chance_change(before: float, after: float) -> str:
    """How a chance went from ``before`` to ``after``, in words that fit the size of the
    change: the end of "the chance to make the bid ...". A change within the same band
    (:func:`chance_band`) is "a little" lower (or higher) under 5 percentage points,
    "clearly" under 10, "much" from 10 on; a drop to 0% is never "a little": it is said as
    one.

    >>> chance_change(0.15, 0.13), chance_change(0.13, 0.0), chance_change(0.9, 0.5)
    ('stays very unlikely, but a little lower', 'goes from very unlikely to none at all', 'goes from very likely to as likely as not')
    >>> chance_change(0.19, 0.05), chance_change(0.84, 0.97)
    ('stays very unlikely, but much lower', 'stays very likely, but much higher')
    """
    if round(100 * after) == 0 < round(100 * before):
        return f"goes from {chance_words(before)} to none at all"
    if chance_words(before) != chance_words(after):
        return f"goes from {chance_words(before)} to {chance_words(after)}"
    gap = 100 * abs(before - after)
    size = "a little" if gap < 5 else ("clearly" if gap < 10 else "much")
    return f"stays {chance_words(after)}, but {size} {'lower' if after < before else 'higher'}"


#: The grammatical form of :func:`action_phrase`: after "I" or "you" (``"base"``), after
#: "Seat 2" (``"s"``), in the past (``"past"``), or as a noun (``"ing"``).
Form = Literal["base", "s", "past", "ing"]

_VERBS: dict[str, tuple[str, str, str, str]] = {
    "pass": ("pass", "passes", "passed", "passing"),
    "bid": ("bid", "bids", "bid", "bidding"),
    "shoot": ("shoot", "shoots", "shot", "shooting"),
    "discard": ("discard", "discards", "discarded", "discarding"),
    "name": ("name", "names", "named", "naming"),
    "play": ("play", "plays", "played", "playing"),
    "lead": ("lead", "leads", "led", "leading"),
    "follow": ("follow", "follows", "followed", "following"),
    "trump": ("trump", "trumps", "trumped", "trumping"),
    "throw": ("throw", "throws", "threw", "throwing"),
}
_FORMS: dict[Form, int] = {"base": 0, "s": 1, "past": 2, "ing": 3}


class Table(Protocol):
    """Where a tile is played: the trump and the tiles of the trick so far (a
    :class:`engine.PlayerView` is one)."""

    @property
    def trump(self) -> Trump | None: ...

    @property
    def current_trick(self) -> Sequence[Tile]: ...


def action_phrase(action: Action, form: Form = "base", *, at: Table | None = None) -> str:
    """What a seat does, as a verb phrase: the one wording of an action in a sentence.

    ``form`` conjugates it (see :data:`Form`); a 21 is "shoot the moon (bid 21)" as it
    happens, "shot the moon" and "shooting the moon" told afterwards. A play is "play 6-4";
    given the table it is played ``at`` (the trump and the trick so far), it says how:
    "lead", "follow with", "trump in with" or "throw off".

    >>> phrases = ["pass", "bid 5", "bid 21", "discard 3-1", "trump none", "play 6-4"]
    >>> [action_phrase(Action.parse(a), "s") for a in phrases]
    ['passes', 'bids 5', 'shoots the moon (bid 21)', 'discards 3-1', 'names no trump', 'plays 6-4']
    >>> [action_phrase(Action.parse(a), "past") for a in phrases[:3]]
    ['passed', 'bid 5', 'shot the moon']
    >>> action_phrase(Action.parse("trump 3"), "ing")
    'naming threes trump'
    >>> from types import SimpleNamespace
    >>> at = SimpleNamespace(trump=Trump.parse("6"), current_trick=[Tile(6, 6)])
    >>> action_phrase(Action.parse("play 6-3"), at=at), action_phrase(Action.parse("play 2-1"), "s", at=at)
    ('follow with 6-3', 'throws off 2-1')
    """
    tense = _FORMS[form]
    if action.kind == "pass":
        return _VERBS["pass"][tense]
    if action.kind == "bid":
        if action.value == 21:  # said as it happens, the moon is glossed; told afterwards, not
            return f"{_VERBS['shoot'][tense]} the moon" + (" (bid 21)" if form in ("base", "s") else "")
        return f"{_VERBS['bid'][tense]} {action.value}"
    if action.kind == "discard":
        return f"{_VERBS['discard'][tense]} {action.value}"
    if action.kind == "trump":
        assert isinstance(action.value, Trump)
        return f"{_VERBS['name'][tense]} {trump_phrase(action.value)}"
    tile = action.value
    assert isinstance(tile, Tile)
    trump = at.trump if at is not None else None
    if at is None or trump is None:
        return f"{_VERBS['play'][tense]} {tile}"
    trick = at.current_trick
    if not trick:
        return f"{_VERBS['lead'][tense]} {tile}"
    if trump.follows(tile, trump.suit_led(trick[0])):
        return f"{_VERBS['follow'][tense]} with {tile}"
    if trump.is_trump(tile):
        return f"{_VERBS['trump'][tense]} in with {tile}"
    return f"{_VERBS['throw'][tense]} off {tile}"
