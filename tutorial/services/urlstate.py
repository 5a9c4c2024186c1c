"""A game in the URL: deal number, house rules, seat, level and the moves so far.

A link such as ``?deal=42&players=4&rules=min_bid:5&seat=1&level=strong&moves=p.b5~`` rebuilds
the same game anywhere: the deal number and the rules fix every deal, the moves replay it.
The Play page's address is a :class:`PlayLink`; what the page holds of it between runs is a
:class:`PlayAddress`. The other pages' addresses: :class:`LearnLink`, :class:`PresenterLink`,
:class:`PhoneLink`, :class:`LiveLink` (here) and :class:`tutorial.services.classroom.ClassroomLink`.

>>> from engine import RuleSet
>>> q = encode(PlaySetup(RuleSet(players=4, min_bid=5), deal=42, seat=1, level="strong"), [["pass", "bid 5"]])
>>> q == {"deal": "42", "players": "4", "rules": "min_bid:5", "seat": "1", "level": "strong", "moves": "p.b5"}
True
>>> decode(q).setup.rules.min_bid, decode(q).moves
(5, [['pass', 'bid 5']])
>>> decode({"deal": "x"})
Traceback (most recent call last):
...
tutorial.services.urlstate.LinkError: The deal number in the link, 'x', is not a whole number: use a whole number such as 12 (0 or more, at most 20 digits), written with the digits 0-9.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from engine import Action, Game, IllegalAction, ParseError, RuleSet
from engine.deal import MAX_SEED
from engine.limits import MAX_HANDS, is_ascii_number, parse_int, quote
from engine.record import RECORD_FORMAT
from engine.rules import TARGET_RANGE
from engine.tiles import ALL_TILES, Tile
from store.classes import normalise_code

__all__ = [
    "LEVELS",
    "LearnLink",
    "LinkError",
    "LiveLink",
    "PhoneLink",
    "PlayAddress",
    "PlayLink",
    "PlaySetup",
    "PresenterLink",
    "decode",
    "decode_moves",
    "decode_rules",
    "encode",
    "encode_moves",
    "encode_rules",
    "parse_deal_number",
    "record_for",
    "replay",
]

#: Computer-player levels offered in the app.
LEVELS = ("basic", "strong")

#: The query parameters this module reads and writes.
PARAMS = ("deal", "players", "rules", "seat", "level", "moves")


class LinkError(ValueError):
    """A link (or a file) that does not describe a game; the message says what is wrong."""


#: The most characters of a rule number read from a link (the largest rule value is 250).
_MAX_RULE_DIGITS = 6


def parse_deal_number(raw: str, where: str = "") -> int:
    """A deal number typed in a box or given in a link: ASCII digits 0-9 only, 0 to
    :data:`~engine.deal.MAX_SEED`. Anything else raises :class:`LinkError` with a sentence
    for the learner (quoting at most ~80 characters of what was typed).

    >>> parse_deal_number(" 42 ")
    42
    >>> parse_deal_number("٤٢")
    Traceback (most recent call last):
    ...
    tutorial.services.urlstate.LinkError: The deal number, '٤٢', is not a whole number: use a whole number such as 12 (0 or more, at most 20 digits), written with the digits 0-9.
    """
    text = str(raw).strip()
    limits = f"use a whole number such as 12 (0 or more, at most {len(str(MAX_SEED))} digits), written with the digits 0-9"
    if not text:
        raise LinkError(f"There is no deal number{where}: {limits}.")
    try:
        return parse_int(text, "a deal number", 0, MAX_SEED)
    except ParseError:
        if is_ascii_number(text):
            raise LinkError(f"The deal number{where} is too large: {limits}.") from None
        if text.startswith("-") and is_ascii_number(text[1:]):
            raise LinkError(f"The deal{where}, {quote(text)}, is not a deal number: deals are numbered from 0 "
                            f"up; {limits}.") from None
        raise LinkError(f"The deal number{where}, {quote(text)}, is not a whole number: {limits}.") from None


@dataclass(frozen=True)
class PlaySetup:
    """What a game needs before its first move."""

    rules: RuleSet = field(default_factory=RuleSet)
    deal: int = 1
    seat: int = 0
    level: str = "basic"


@dataclass(frozen=True)
class PlayLink:
    """The Play page's address: the game's setup and the moves of each hand so far.

    >>> link = PlayLink(PlaySetup(deal=7), [["pass", "bid 5"]])
    >>> link.to_query()
    {'deal': '7', 'moves': 'p.b5'}
    >>> PlayLink.parse(link.to_query()) == link
    True
    >>> print(PlayLink.parse({"deal": "7", "seat": "5"}))
    The seat in the link, '5', is not a seat: the seats are 0 to 2.
    """

    setup: PlaySetup
    moves: list[list[str]] = field(default_factory=list)

    @classmethod
    def parse(cls, query: Mapping[str, str | Sequence[str]]) -> PlayLink | LinkError:
        """The link in ``query``, or the :class:`LinkError` saying what is wrong with it."""
        try:
            return decode(query)
        except LinkError as e:
            return e

    def to_query(self) -> dict[str, str]:
        """The address's parameters (see :func:`encode`)."""
        return encode(self.setup, self.moves)


# -- rules ----------------------------------------------------------------------------------
_BOOL_WORDS = {"yes": True, "true": True, "1": True, "on": True, "no": False, "false": False, "0": False, "off": False}


def encode_rules(rules: RuleSet) -> str:
    """The house rules that differ from the classic game (players aside), as ``field:value,...``."""
    out = []
    for key, value in rules.differences().items():
        if key == "players":
            continue
        if isinstance(value, bool):
            text = "yes" if value else "no"
        else:
            text = str(value)
        out.append(f"{key}:{text}")
    return ",".join(out)


def decode_rules(text: str, players: int = 3) -> RuleSet:
    """Read :func:`encode_rules` back; a wrong field or value raises :class:`LinkError`."""
    kinds = {f.name: f.type for f in fields(RuleSet)}
    data: dict[str, Any] = {"players": players}  # Any: RuleSet.from_dict takes mixed values
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        key, sep, raw = item.partition(":")
        key = key.strip()
        raw = raw.strip()
        if not sep:
            raise LinkError(f"The house rules in the link are not understood: {quote(item)} should look like 'min_bid:5'.")
        if key not in kinds or key == "players":
            raise LinkError(f"The link names a house rule that does not exist: {quote(key)}.")
        kind = str(kinds[key])
        if "bool" in kind:
            if raw.lower() not in _BOOL_WORDS:
                raise LinkError(f"The house rule {key!r} in the link must be yes or no, not {quote(raw)}.")
            data[key] = _BOOL_WORDS[raw.lower()]
        elif "int" in kind:
            # ASCII digits only ("²" is not a number here), and no int() of a huge string.
            if not is_ascii_number(raw):
                raise LinkError(
                    f"The house rule {key!r} in the link must be a whole number written with the digits 0-9, "
                    f"not {quote(raw)}."
                )
            if len(raw.lstrip("0")) > _MAX_RULE_DIGITS:
                ranges = " or ".join(f"{lo} to {hi} {unit}" for unit, (lo, hi) in TARGET_RANGE.items())
                allowed = f" (the target is {ranges})" if key == "target" else ""
                raise LinkError(f"The house rule {key!r} in the link is far too large{allowed}.")
            data[key] = int(raw)
        else:
            data[key] = raw
    try:
        return RuleSet.from_dict(data)
    except ValueError as e:
        msg = str(e).removeprefix("rules: ")
        raise LinkError(f"The house rules in the link do not work together: {msg}.") from None


# -- moves ----------------------------------------------------------------------------------
#: The characters of a covered discard (28: one per tile; none is a tile's digit, and case is
#: ignored as for every move).
_COVER = "abcdefghijklmnopqrstuvwxyz78"


def _cover_key(cover: int, hand: int) -> int:
    return (cover + 11 * hand) % len(ALL_TILES)


def _token(action: str, key: int = 0) -> str:
    a = Action.parse(action)
    if a.kind == "pass":
        return "p"
    if a.kind == "bid":
        return f"b{a.value}"
    if a.kind == "trump":
        v = str(a.value)
        return "t" + ({"doubles": "d", "none": "n"}.get(v, v))
    if a.kind == "discard":  # covered: the address bar does not name the face-down tile
        return "x" + _COVER[(ALL_TILES.index(Tile.parse(str(a.value))) + key) % len(ALL_TILES)]
    return str(a.value).replace("-", "")


def _action(token: str, key: int = 0) -> str:
    t = token.strip().lower()
    if t == "p":
        return "pass"
    # ASCII digits only: "b²" or "٦٤" are not moves.
    if t.startswith("b") and 2 <= len(t) <= 3 and is_ascii_number(t[1:]):
        return f"bid {int(t[1:])}"
    if t.startswith("t") and len(t) == 2 and (t[1] in "dn" or is_ascii_number(t[1])):
        return "trump " + {"d": "doubles", "n": "none"}.get(t[1], t[1])
    if t.startswith("x") and len(t) == 2 and t[1] in _COVER:
        tile = ALL_TILES[(_COVER.index(t[1]) - key) % len(ALL_TILES)]
        return f"discard {tile.high}-{tile.low}"
    if t.startswith("d") and len(t) == 3 and is_ascii_number(t[1:]):  # an uncovered discard (older links)
        return f"discard {t[1]}-{t[2]}"
    if len(t) == 2 and is_ascii_number(t):
        return f"play {t[0]}-{t[1]}"
    raise LinkError(f"The moves in the link are not understood: {quote(token)} is not a move.")


def encode_moves(moves: Sequence[Sequence[str]], cover: int = 0) -> str:
    """Hands separated by ``~``, moves by ``.``: ``p.b5.p.xo.t6.64~``. A discard is covered
    (``x`` and a letter that depends on ``cover``, the deal number, and the hand), so the
    address does not name the tile laid face down.

    >>> moves = [["pass", "bid 5", "pass", "discard 3-1", "trump 6", "play 6-4"]]
    >>> encode_moves(moves, 7)
    'p.b5.p.xo.t6.64'
    >>> decode_moves(encode_moves(moves, 7), 7) == moves
    True
    """
    return "~".join(".".join(_token(a, _cover_key(cover, i)) for a in hand) for i, hand in enumerate(moves))


def decode_moves(text: str, cover: int = 0) -> list[list[str]]:
    """Read :func:`encode_moves` back (with the same ``cover``; a bad token raises
    :class:`LinkError`). An uncovered discard (``d31``) is read too."""
    if len(text) > 20000:
        raise LinkError("The moves in the link are far too long to be a game of Moon.")
    hands = text.split("~")
    if len(hands) > MAX_HANDS:
        raise LinkError(
            f"The moves in the link have {len(hands)} hands; a game has at most {MAX_HANDS}. Start a new game."
        )
    return [[_action(tok, _cover_key(cover, i)) for tok in hand.split(".") if tok.strip()]
            for i, hand in enumerate(hands)]


# -- the whole link --------------------------------------------------------------------------
def _first(value: str | Sequence[str]) -> str:
    if isinstance(value, str):
        return value
    return str(value[-1]) if value else ""


def encode(setup: PlaySetup, moves: Sequence[Sequence[str]] = ()) -> dict[str, str]:
    """Query parameters for a game (only what differs from the defaults, deal always)."""
    q = {"deal": str(setup.deal)}
    if setup.rules.players != 3:
        q["players"] = str(setup.rules.players)
    rules = encode_rules(setup.rules)
    if rules:
        q["rules"] = rules
    if setup.seat:
        q["seat"] = str(setup.seat)
    if setup.level != "basic":
        q["level"] = setup.level
    text = encode_moves(moves, setup.deal)
    if text:
        q["moves"] = text
    return q


def decode(params: Mapping[str, str | Sequence[str]]) -> PlayLink:
    """Read a link's query parameters; anything wrong raises :class:`LinkError` naming it.

    Only ``deal`` is required. The moves are not checked against the rules here; see
    :func:`replay`.
    """
    p = {k: _first(v) for k, v in params.items()}
    deal = parse_deal_number(p.get("deal", ""), " in the link")
    players_raw = p.get("players", "3").strip() or "3"
    if players_raw not in ("3", "4"):
        raise LinkError(f"The link asks for {quote(players_raw, 20)} players: Moon is played by 3 or 4.")
    players = int(players_raw)
    rules = decode_rules(p.get("rules", ""), players)
    seat_raw = p.get("seat", "0").strip() or "0"
    if seat_raw not in [str(s) for s in range(players)]:
        raise LinkError(
            f"The seat in the link, {quote(seat_raw, 20)}, is not a seat: the seats are 0 to {players - 1}."
        )
    level = p.get("level", "basic").strip().lower() or "basic"
    if level not in LEVELS:
        raise LinkError(f"The computer level in the link, {quote(level, 20)}, is not one of {', '.join(LEVELS)}.")
    moves = decode_moves(p.get("moves", ""), deal)
    return PlayLink(PlaySetup(rules, deal, int(seat_raw), level), moves)


def record_for(setup: PlaySetup, moves: Sequence[Sequence[str]]) -> dict[str, object]:
    """A game record (the format of :meth:`engine.Game.record`) for these moves."""
    hands = [list(h) for h in moves] or [[]]
    return {
        "format": RECORD_FORMAT,
        "rules": setup.rules.to_dict(),
        "seed": setup.deal,
        "hands": [{"actions": h} for h in hands],
    }


def replay(setup: PlaySetup, moves: Sequence[Sequence[str]]) -> Game:
    """The game after ``moves``; moves that do not fit raise :class:`LinkError` saying which."""
    try:
        return Game.replay(record_for(setup, moves))
    except (IllegalAction, ParseError) as e:
        raise LinkError(f"The moves in the link do not fit game {setup.deal}: {e}") from None


def own_query(query: Mapping[str, str | Sequence[str]]) -> dict[str, str]:
    """The Play parameters of an address (:data:`PARAMS`), each as one string."""
    return {k: _first(v) for k, v in query.items() if k in PARAMS}


@dataclass(frozen=True)
class PlayAddress:
    """What the Play page holds of its address between runs (one session key): the link of
    the game it shows, as last written to the address (``game``); the setup of the game that
    one replaced (``replaced``: "Deal" or "Play again"), whose address may still come back
    from the browser while a click is on its way; and the last link that opened no game
    (``refused``: said once).

    The game in the session is the truth and the address follows it: an address of the
    game held, or of the one it replaced, at whatever move (a stale one), is never read
    back; any other link opens the game it describes (or, if bad, says what is wrong).

    >>> held = PlayAddress().showing(PlayLink(PlaySetup(deal=7), [["pass"]]))
    >>> held.opens({"deal": "7"}), held.opens({"deal": "7", "moves": "p.b5"}), held.opens({"deal": "8"})
    (False, False, True)
    >>> held.opens({"deal": "7", "moves": "66.66"})  # not a move of this deal: a bad link
    True
    >>> held = held.showing(PlayLink(PlaySetup(deal=8)))
    >>> held.replaced.deal, held.opens({"deal": "7", "moves": "p"})
    (7, False)
    >>> held.opens({"deal": "x"}), held.refusing({"deal": "x"}).opens({"deal": "x"})
    (True, False)
    """

    game: PlayLink | None = None
    replaced: PlaySetup | None = None
    refused: tuple[tuple[str, str], ...] = ()

    def opens(self, query: Mapping[str, str | Sequence[str]]) -> bool:
        """Whether the address ``query`` is a link to read (a game not held, or a bad link
        not yet said)."""
        own = own_query(query)
        if not own or tuple(sorted(own.items())) == self.refused:
            return False
        link = PlayLink.parse(own)
        if isinstance(link, LinkError):
            return True
        if link == self.game:
            return False
        held = {g for g in (self.game.setup if self.game else None, self.replaced) if g is not None}
        if link.setup not in held:
            return True
        try:  # an address this session wrote replays; moves that do not fit are a bad link
            replay(link.setup, link.moves)
        except LinkError:
            return True
        return False

    def showing(self, link: PlayLink) -> PlayAddress:
        """The page shows (and its address holds) ``link``'s game now."""
        replaced = self.replaced
        if self.game is not None and self.game.setup != link.setup:
            replaced = self.game.setup
        return PlayAddress(link, replaced, self.refused)

    def refusing(self, query: Mapping[str, str | Sequence[str]]) -> PlayAddress:
        """``query`` opened no game (and has been said)."""
        return PlayAddress(self.game, self.replaced, tuple(sorted(own_query(query).items())))


# -- the other pages' addresses --------------------------------------------------------------
@dataclass(frozen=True)
class LearnLink:
    """The Learn page's address: the level open (``?level=<id>``; none: the learner's place).

    >>> LearnLink.parse({"level": "L2"}, {"L1", "L2"})
    LearnLink(level='L2')
    >>> print(LearnLink.parse({"level": "L9"}, {"L1", "L2"}))
    The link names no level of the course: 'L9'.
    >>> LearnLink.parse({}, {"L1"}).to_query(), LearnLink("L1").to_query()
    ({}, {'level': 'L1'})

    An old link to a level renamed since (:mod:`lessons.renamed`) opens it under its id now:

    >>> LearnLink.parse({"level": "trump-not"}, {"trump-big-small"})
    LearnLink(level='trump-big-small')
    """

    level: str = ""

    #: Every parameter of the Learn page's address.
    PARAMS: ClassVar[tuple[str, ...]] = ("level",)

    @classmethod
    def parse(cls, query: Mapping[str, str | Sequence[str]], levels: Collection[str]) -> LearnLink | LinkError:
        """The level ``query`` names, one of ``levels`` (else the :class:`LinkError` saying so)."""
        if "level" not in query:
            return cls()
        from lessons.renamed import current_level_id

        raw = current_level_id(_first(query["level"]))
        if raw not in levels:
            return LinkError(f"The link names no level of the course: {quote(raw)}.")
        return cls(raw)

    def to_query(self) -> dict[str, str]:
        return {"level": self.level} if self.level else {}


#: The address's words for "pause and ask" on the presenter: the room is asked, or asked with
#: the answer shown.
ASKED, REVEALED = "1", "revealed"
#: The most digits of a move or slide number read from the presenter's address.
_MAX_PLACE_DIGITS = 5


def _place(raw: str) -> int:
    """A move or slide number from an address; anything else is the start (0)."""
    raw = raw.strip()
    return int(raw) if is_ascii_number(raw) and len(raw) <= _MAX_PLACE_DIGITS else 0


@dataclass(frozen=True)
class PresenterLink:
    """The presenter's address: a lesson deck (``deck``, packed) at slide ``at``, or a deal the
    ``computer`` players play (``deal``, ``players``, ``rules``) at move ``at``; and "pause and
    ask" (``ask``: :data:`ASKED` or :data:`REVEALED`). A live class adds its own ``live``
    (and, once, ``host``), read by the live class.

    >>> link = PresenterLink(RuleSet(players=4), deal=12, computer="basic", at=9, ask=ASKED)
    >>> link.to_query()
    {'deal': '12', 'players': '4', 'computer': 'basic', 'move': '9', 'ask': '1'}
    >>> PresenterLink.parse(link.to_query()) == link, link.source
    (True, ('deal', '', 12, 4, 'basic'))
    >>> PresenterLink.parse({"deck": "eJyr", "slide": "3", "ask": "maybe"}) == PresenterLink(deck="eJyr", at=3)
    True
    >>> typed = PresenterLink.parse({"deal": "12"})
    >>> typed.unsaid, typed.to_query()
    (True, {'deal': '12', 'computer': 'strong', 'move': '0'})
    >>> print(PresenterLink.parse({"deal": "12", "computer": "genius"}))
    The computer player in the link, 'genius', is 'basic' or 'strong'.
    """

    rules: RuleSet = field(default_factory=RuleSet)
    deal: int | None = None
    computer: str = "strong"
    #: The deck's token; ``None``: no deck (a deal, or nothing).
    deck: str | None = None
    #: The move (of a deal) or the slide (of a deck) on screen.
    at: int = 0
    ask: str = ""
    #: A deal link that names neither players nor rules (typed by hand: the classic rules,
    #: said on the page); written back the same, so a reload still says it.
    unsaid: bool = False

    #: Every parameter of the presenter's address that this link reads and writes.
    PARAMS: ClassVar[tuple[str, ...]] = ("deal", "players", "rules", "computer", "move", "deck", "slide", "ask")

    @classmethod
    def parse(cls, query: Mapping[str, str | Sequence[str]]) -> PresenterLink | LinkError:
        """The address read back (a deck first, if both); a wrong deal, rule or computer is
        the :class:`LinkError` naming it. A move or slide that is no number is the start."""
        q = {k: _first(v) for k, v in query.items()}
        ask = q.get("ask", "")
        ask = ask if ask in (ASKED, REVEALED) else ""
        if "deck" in q:
            return cls(deck=q["deck"], at=_place(q.get("slide", "")), ask=ask)
        if "deal" not in q:
            return cls()
        try:
            deal = parse_deal_number(q["deal"], " in the link")
            players = q.get("players", "3").strip() or "3"
            if players not in ("3", "4"):
                raise LinkError(f"The link asks for {quote(players, 20)} players: Moon is played by 3 or 4.")
            rules = decode_rules(q.get("rules", ""), int(players))
        except LinkError as e:
            return e
        computer = (q.get("computer", "strong") or "strong").strip().lower()
        if computer not in LEVELS:
            return LinkError(f"The computer player in the link, {quote(computer, 20)}, is 'basic' or 'strong'.")
        unsaid = not q.get("players", "").strip() and not q.get("rules", "").strip()
        return cls(rules, deal, computer, None, _place(q.get("move", "")), ask, unsaid)

    @property
    def source(self) -> tuple[str | int, ...]:
        """What is presented, without the place: the deck, or the deal played (``()``: nothing)."""
        if self.deck is not None:
            return ("deck", self.deck)
        if self.deal is not None:
            return ("deal", encode_rules(self.rules), self.deal, self.rules.players, self.computer)
        return ()

    def to_query(self) -> dict[str, str]:
        q: dict[str, str] = {}
        if self.deck is not None:
            q.update(deck=self.deck, slide=str(self.at))
        elif self.deal is not None:
            q["deal"] = str(self.deal)
            if not self.unsaid:
                q["players"] = str(self.rules.players)
            q["computer"] = self.computer
            rules = encode_rules(self.rules)
            if rules:
                q["rules"] = rules
            q["move"] = str(self.at)
        if self.ask:
            q["ask"] = self.ask
        return q


@dataclass(frozen=True)
class PhoneLink:
    """The live class's page on a phone: the class code to join (``code``, from a scanned
    QR code) or, once joined, the phone's own place (``player``, its token).

    >>> PhoneLink.parse({"code": " k7m-3qa. "}), PhoneLink(player="abc").to_query()
    (PhoneLink(code='K7M3QA', player=''), {'player': 'abc'})
    """

    code: str = ""
    player: str = ""

    #: Every parameter of the phone's address.
    PARAMS: ClassVar[tuple[str, ...]] = ("code", "player")
    #: The longest code and token read from an address.
    MAX_CODE: ClassVar[int] = 12
    MAX_TOKEN: ClassVar[int] = 200

    @classmethod
    def parse(cls, query: Mapping[str, str | Sequence[str]]) -> PhoneLink:
        """The address read back (cut to :attr:`MAX_CODE` and :attr:`MAX_TOKEN`; the store
        says whether they name anything)."""
        code = normalise_code(_first(query.get("code", "")))[: cls.MAX_CODE]
        return cls(code, _first(query.get("player", ""))[: cls.MAX_TOKEN])

    def to_query(self) -> dict[str, str]:
        return {"player": self.player} if self.player else ({"code": self.code} if self.code else {})


@dataclass(frozen=True)
class LiveLink:
    """The live class's part of the presenter's address: the class shown, by its public code
    (``live``), and once, from the teacher link, the secret host token (``host``), which the
    page takes into the session and a cookie and leaves out of the address.

    >>> LiveLink.parse({"deal": "12", "live": " k7m3qa"})
    LiveLink(live='K7M3QA', host='')
    >>> LiveLink(live="K7M3QA", host="secret").to_query()
    {'live': 'K7M3QA'}
    """

    live: str = ""
    host: str = ""

    #: Every parameter of the live class in the presenter's address.
    PARAMS: ClassVar[tuple[str, ...]] = ("live", "host")

    @classmethod
    def parse(cls, query: Mapping[str, str | Sequence[str]]) -> LiveLink:
        """The address read back (the code cut to :attr:`PhoneLink.MAX_CODE`, the token to
        :attr:`PhoneLink.MAX_TOKEN`; the store says whether they name a class)."""
        live = normalise_code(_first(query.get("live", "")))[: PhoneLink.MAX_CODE]
        return cls(live, _first(query.get("host", ""))[: PhoneLink.MAX_TOKEN])

    def to_query(self) -> dict[str, str]:
        """The address's parameters: never the host token."""
        return {"live": self.live} if self.live else {}
