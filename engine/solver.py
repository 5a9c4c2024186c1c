"""The exact open-hands solver: how many tricks a side takes with every hand visible.

Every hand is face up, the seats in ``side`` play together to take as many tricks as they
can, and every other seat plays together against them. Three players: usually the bidder
alone (``side={bidder}``) against the other two; four players: a partnership
(``side={0, 2}`` or ``{1, 3}``) against the other.

The simple entry points take :class:`~engine.tiles.Tile` objects:

- :func:`solve` — the most tricks the side takes from here to the end of the hand (the
  current trick counts);
- :func:`move_values` — that number after each legal play of the seat to move;
- :func:`can_take` — whether the side takes at least ``k`` tricks (cheaper than solving).

>>> from engine.tiles import parse_tiles
>>> hands = [parse_tiles("6-6 6-5"), parse_tiles("5-5 4-3"), parse_tiles("6-4 2-1")]
>>> solve(hands, "6", leader=0, side={0})
2
>>> solve(hands, "none", leader=1, side={0})  # 5-5 wins, then 6-4 beats the 4-3 lead
0
>>> {str(t): v for t, v in sorted(move_values(hands, "none", leader=1, side={1}).items())}
{'4-3': 0, '5-5': 1}

Computer players that call the solver thousands of times should keep a :class:`Solver`
(one per trump and number of players) and call its bitmask methods, which skip the
input checks: a hand is an ``int`` whose bit ``t.index`` is set for each tile ``t`` held
(see :func:`mask_of`), the side is an ``int`` with bit ``seat`` set for each of its seats,
and the trick so far is a sequence of tile indexes. A :class:`Solver` keeps its
transposition table between calls, as long as the calls are about the same deal (it
notices a different deal and starts afresh).

>>> s = Solver("6", 3)
>>> masks = [mask_of(h) for h in hands]
>>> s.solve_masks(masks, 0, 0b001), s.can_take_masks(masks, 0, 0b001, 2)
(2, True)

How it works: tiles are bits of an ``int``; per-trump tables give, for each suit led, the
mask of the tiles that follow it and each tile's power (so the trick's winner is a
running maximum). The search answers the yes/no question "does the side take at least
``k`` tricks?" (a zero-window alpha-beta search), and :meth:`Solver.solve_masks` finds the
exact number with a few such probes: the first at the result of one greedy play-out, then
one trick up or down until the answer changes (or by binary search on ``k``). At every
trick boundary a transposition table keyed by (tiles left, leader) keeps a lower and an
upper bound, and the best lead found, shared by all the probes. Quick bounds (tricks
left, trumps above all the other side's trumps, cashable winners once the leader has
drawn the other trumps) often settle a position without search; moves are tried best
first (remembered best moves, high leads, the cheapest tile that wins, else the cheapest
discard); and tiles of one hand that no other tile in play separates, in every suit they
belong to, are searched once. Each technique can be switched off (see :class:`Solver`) to
measure what it is worth (``python -m bench.solver``).

The search has two cores with the same values and the same node counts (see
``docs/solver.md``): the compiled one (``engine/_csolver.c``, built by ``pip install``; about
40 times faster), used when it is built, and the pure-Python one below, the fallback;
``MOON_SOLVER=python`` (or ``Solver(..., core="python")``) forces it, see :func:`default_core`.
"""

from __future__ import annotations

import logging
import os
import threading
from array import array
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Final

from engine.play import legal_plays
from engine.tiles import ALL_TILES, Tile
from engine.trump import TRUMP, Suit, Trump

if TYPE_CHECKING:
    from engine import _csolver

__all__ = [
    "CORES",
    "PROBES",
    "Solver",
    "TrumpTables",
    "can_take",
    "clear_caches",
    "default_core",
    "mask_of",
    "move_values",
    "solve",
    "tiles_of",
]

#: The ways :class:`Solver` can look for the exact value with yes/no probes.
PROBES: Final = ("binary", "upward", "guess")

#: The two implementations of the search: ``"c"``, the compiled core (engine/_csolver.c, built
#: by ``pip install``), and ``"python"``, the same search in pure Python (the fallback).
CORES: Final = ("c", "python")
#: The environment variable that picks the core: ``MOON_SOLVER=python`` forces the pure-Python
#: search, ``MOON_SOLVER=c`` insists on the compiled one; unset, the compiled one when built.
CORE_ENV: Final = "MOON_SOLVER"

_log = logging.getLogger(__name__)
_native: type[_csolver.Core] | None
try:
    from engine._csolver import Core as _built

    _native = _built
except ImportError as exc:  # no C compiler at install time: the pure-Python search
    _native = None
    _log.warning("engine.solver: the compiled solver core is not built (%s); using the pure-Python one", exc)


def default_core() -> str:
    """The core a :class:`Solver` made without ``core=`` uses: ``"c"`` when the compiled core is
    built, else ``"python"``; the environment variable ``MOON_SOLVER`` (``c`` or ``python``)
    overrides it. Both cores give the same values and count the same nodes.

    >>> default_core() in CORES
    True
    """
    want = os.environ.get(CORE_ENV, "").strip().lower()
    if want in ("", "c"):
        if _native is not None:
            return "c"
        if want == "c":
            raise RuntimeError(f"{CORE_ENV}=c but the compiled solver core is not built (pip install -e .)")
        return "python"
    if want == "python":
        return "python"
    raise ValueError(f"{CORE_ENV} must be one of {CORES}, not {want!r}")


#: The context index for "trump was led" (0..6 are the number suits).
_TRUMP_CTX: Final = 7
#: A bit above every tile: always set in the "others' tiles" mask and in the break mask of
#: every pair of tiles that are never interchangeable, so the equivalence test fails.
_SENTINEL: Final = 1 << 28
#: The transposition tables are emptied when they grow past this many entries.
_TT_LIMIT: Final = 1 << 18


def mask_of(tiles: Iterable[Tile]) -> int:
    """The bitmask of ``tiles``: bit ``t.index`` set for each tile ``t``.

    >>> from engine.tiles import parse_tiles
    >>> bin(mask_of(parse_tiles("0-0 1-1")))
    '0b101'
    """
    m = 0
    for t in tiles:
        m |= 1 << t.index
    return m


def tiles_of(mask: int) -> list[Tile]:
    """The tiles of a bitmask, lowest index first (the inverse of :func:`mask_of`).

    >>> [str(t) for t in tiles_of(0b101)]
    ['0-0', '1-1']
    """
    return [ALL_TILES[i] for i in range(28) if mask >> i & 1]


def _bits(m: int) -> list[int]:
    """The indexes of the set bits of ``m``, lowest first."""
    out = []
    while m:
        b = m & -m
        out.append(b.bit_length() - 1)
        m ^= b
    return out


def _suit_of_ctx(ctx: int) -> Suit:
    return TRUMP if ctx == _TRUMP_CTX else ctx


class TrumpTables:
    """Per-trump bit tables, built once from the engine's :class:`Trump` (so the rules stay
    in one place) and shared by every :class:`Solver` for that trump (``Solver.tables``).

    Tiles are indexed by ``Tile.index``; a *context* is the suit led: 0..6 for a number
    suit, 7 when trump is led. Read-only; the fields useful outside the solver:

    - ``lead_ctx[i]``: the context a lead of tile ``i`` calls;
    - ``follow[c]``: the mask of the tiles that follow context ``c``;
    - ``power[c][i]``: the strength of tile ``i`` in a trick of context ``c`` (as
      :meth:`Trump.power`: 100 + rank for a trump, the rank for a follower, -1 otherwise),
      so a trick's winner is the first tile of highest power;
    - ``trump_mask``: the mask of the trumps.

    >>> tb = TrumpTables(Trump.parse("6"))
    >>> t = Tile(5, 3)
    >>> tb.lead_ctx[t.index], tb.power[5][t.index], tb.power[3][t.index], tb.power[3][Tile(6, 1).index]
    (5, 3, 5, 101)
    """

    __slots__ = (
        "_packed",
        "equiv",
        "follow",
        "follow_key",
        "lead_ctx",
        "lead_key",
        "leads",
        "power",
        "suit_order",
        "trump_mask",
        "trump_order",
    )

    def __init__(self, trump: Trump) -> None:
        ctxs = range(8)
        #: the suit a lead of each tile calls, as a context 0..7
        self.lead_ctx: list[int] = []
        for t in ALL_TILES:
            s = trump.suit_led(t)
            self.lead_ctx.append(_TRUMP_CTX if s == TRUMP else int(s))
        #: power[c][i]: strength of tile i in a trick whose suit led is context c (-1: cannot win)
        self.power: list[list[int]] = [[trump.power(t, _suit_of_ctx(c)) for t in ALL_TILES] for c in ctxs]
        #: follow[c]: mask of the tiles that follow context c
        self.follow: list[int] = [mask_of(trump.suit_members(_suit_of_ctx(c))) for c in ctxs]
        #: leads[c]: mask of the tiles whose lead calls context c
        self.leads: list[int] = [mask_of(t for t in ALL_TILES if self.lead_ctx[t.index] == c) for c in ctxs]
        self.trump_mask: int = mask_of(t for t in ALL_TILES if trump.is_trump(t))
        #: trump bits, highest trump first
        self.trump_order: list[int] = (
            [1 << t.index for t in trump.order(TRUMP)] if trump.kind != "none" else []
        )
        #: suit_order[s]: the mask of number suit s, and (bit, leads s) for its tiles,
        #: highest first
        self.suit_order: list[tuple[int, list[tuple[int, bool]]]] = [
            (self.follow[s], [(1 << t.index, self.lead_ctx[t.index] == s) for t in trump.order(s)])
            for s in range(7)
        ]
        # A discard value: how much a tile is worth keeping (trumps most, then by rank in
        # the suit it leads), used to order moves.
        keep = []
        for t in ALL_TILES:
            p = self.power[self.lead_ctx[t.index]][t.index]
            keep.append(32 + p - 100 if p >= 100 else p)
        #: lead_key[i]: sort key of a lead, highest first
        self.lead_key: list[int] = [keep[i] * 32 + i for i in range(28)]
        #: follow_key[c][i]: sort key of a play to context c, cheapest first
        self.follow_key: list[list[int]] = [
            [(self.power[c][i] + 1) * 4096 + keep[i] * 32 + i for i in range(28)] for c in ctxs
        ]
        #: equiv[t][u]: the tiles whose presence in another hand (or in the current trick)
        #: keeps t and u (held by one hand) from being interchangeable; _SENTINEL if never.
        self.equiv: list[list[int]] = [[self._breakers(t, u) for u in range(28)] for t in range(28)]
        self._packed: bytes = self._pack()

    def _pack(self) -> bytes:
        """The tables as the compiled core reads them: int32 values in native byte order."""
        flat: list[int] = [*self.lead_ctx]
        for row in self.power:
            flat += row
        flat += self.follow
        flat += [self.trump_mask, len(self.trump_order), *self.trump_order]
        flat += [0] * (28 - len(self.trump_order))
        for members, order in self.suit_order:
            flat += [members, len(order)]
            for b, leads in order:
                flat += [b, int(leads)]
            flat += [0, 0] * (28 - len(order))
        flat += self.lead_key
        for row in self.follow_key:
            flat += row
        for row in self.equiv:
            flat += row
        return array("i", flat).tobytes()

    def _breakers(self, t: int, u: int) -> int:
        """Which tiles, held by someone else (or already in the current trick), tell ``t`` and
        ``u`` apart; ``_SENTINEL`` if they are the same tile.

        Two tiles of one hand are never played to the same trick, so playing one rather than
        the other changes nothing if no trick can tell them apart:

        - when they lead different suits, nobody else may hold a tile of either suit (every
          lead is then won by the highest trump played, else by the leader, whichever of the
          two was led);
        - for every suit ``c`` someone else can lead: both or neither follow ``c``; if both
          follow (or both are trumps), no other tile's power in ``c`` lies strictly between
          theirs; if neither follows, both or neither are trumps. A suit where they differ
          matters only if someone else can lead it: the tiles that lead it are breakers.
          Between-tiles are breakers whatever the suit (a safe over-approximation).
        """
        if t == u:
            return _SENTINEL
        a, b_ = self.lead_ctx[t], self.lead_ctx[u]
        b = 0
        if a != b_:
            b |= self.follow[a] | self.follow[b_]
        bt, bu = 1 << t, 1 << u
        trump_t, trump_u = bool(self.trump_mask & bt), bool(self.trump_mask & bu)
        for c in range(8):
            mt, mu = bool(self.follow[c] & bt), bool(self.follow[c] & bu)
            if mt != mu or (not mt and trump_t != trump_u):
                b |= self.leads[c]
                continue
            if not mt and not trump_t:
                continue  # neither follows nor trumps: both lose whatever is played
            pc = self.power[c]
            lo, hi = (pc[t], pc[u]) if pc[t] < pc[u] else (pc[u], pc[t])
            for v in range(28):
                if lo < pc[v] < hi:
                    b |= 1 << v
        return b & ~(bt | bu)


_TABLES: dict[Trump, TrumpTables] = {}
_TABLES_LOCK = threading.Lock()


def _tables_for(trump: Trump) -> TrumpTables:
    tables = _TABLES.get(trump)
    if tables is None:
        with _TABLES_LOCK:
            tables = _TABLES.get(trump)
            if tables is None:
                tables = TrumpTables(trump)
                _TABLES[trump] = tables
    return tables


class Solver:
    """An exact solver for one trump and number of players, working on bitmasks.

    Keep one per (trump, players) and call it many times: its per-trump tables are
    shared, and its transposition tables (one per side) are kept between calls about
    the same deal. When a call's hands are not consistent with the tiles seen so far
    (a tile now held by a different seat), the tables are emptied first, so results are
    always exact. A :class:`Solver` is not thread-safe: use one per thread.

    Arguments of the bitmask methods:

    - ``hands``: one ``int`` per seat, bit ``t.index`` set for each tile held (see
      :func:`mask_of`); all seats still to play to the current trick hold the same number
      of tiles, those that already played one fewer;
    - ``leader``: the seat that led the current trick (or leads next if it is empty);
    - ``side``: bit ``seat`` set for each seat of the side (``0b101`` for seats 0 and 2);
    - ``trick``: the indexes (``Tile.index``) of the tiles already played to the current
      trick, in play order; they are no longer in the hands.

    These methods do not check their input (:func:`solve` and friends do; the compiled core
    raises ``ValueError`` for a position it cannot search: hands of the wrong number or sizes,
    a tile twice, a tile index outside 0..27).

    The keyword flags switch techniques off, to measure them (``python -m bench.solver``);
    they are fixed when the solver is made:

    - ``tt``: the transposition table at trick boundaries;
    - ``keep_tt``: keep it between probes and calls (off: a fresh table for every probe);
    - ``quick``: quick bounds (tricks left, runs of top trumps, cashable winners);
    - ``order``: static move ordering (high leads first; following, the cheapest winner
      when the other side is winning, else the cheapest tile);
    - ``killers``: remembered moves tried first: the best lead stored in the transposition
      table, and the last tile that refuted a similar follow (a "killer" move);
    - ``equiv``: equivalent tiles of one hand searched once;
    - ``probe``: how :meth:`solve_masks` finds the value with yes/no probes: ``"guess"``
      (the default: the first probe at the result of a greedy play-out, then one trick
      up or down until the answer changes), ``"binary"`` (binary search on ``k``) or
      ``"upward"`` (``k`` = 1, 2, ... until a probe fails).

    ``core`` picks the implementation: ``"c"`` (the compiled search) or ``"python"``; by
    default :func:`default_core`. Both give the same values and count the same nodes.

    Use from a computer player, with hands as masks:

    >>> from engine.tiles import parse_tiles
    >>> s = Solver("5", 4)  # fives trump: 5-1, 6-5 and 5-5 are the trumps
    >>> hands = [mask_of(parse_tiles(h)) for h in ("6-6 5-1", "6-5 4-4", "6-1 5-5", "3-3 2-2")]
    >>> s.solve_masks(hands, 0, 0b0101)  # seats 0 and 2, seat 0 to lead
    2
    >>> # leading 6-6 lets seat 1 trump it with 6-5; leading the trump 5-1 draws 6-5
    >>> s.move_values_masks(hands, 0, 0b0101) == {Tile(6, 6).index: 1, Tile(5, 1).index: 2}
    True
    >>> s.can_take_masks(hands, 3, 0b1010, 1)  # seats 1 and 3, seat 3 to lead
    False
    """

    __slots__ = (
        "_core",
        "_count",
        "_equiv",
        "_keep_tt",
        "_killers",
        "_killers_on",
        "_moves",
        "_order",
        "_owner",
        "_probe",
        "_quick",
        "_tables",
        "_tt",
        "_tts",
        "core",
        "players",
        "trump",
    )

    def __init__(
        self,
        trump: Trump | str | int,
        players: int = 3,
        *,
        tt: bool = True,
        keep_tt: bool = True,
        quick: bool = True,
        order: bool = True,
        killers: bool = True,
        equiv: bool = True,
        probe: str = "guess",
        core: str | None = None,
    ) -> None:
        if players not in (3, 4):
            raise ValueError(f"Moon is played by 3 or 4 players, not {players!r}")
        if probe not in PROBES:
            raise ValueError(f"probe must be one of {PROBES}, not {probe!r}")
        #: the trump this solver plays with
        self.trump: Trump = trump if isinstance(trump, Trump) else Trump.parse(trump)
        #: the number of seats, 3 or 4
        self.players: int = players
        self._tt = tt
        self._keep_tt = keep_tt
        self._quick = quick
        self._order = order
        self._killers_on = killers
        self._equiv = equiv
        self._probe = probe
        self._count = [0]
        self._tables = _tables_for(self.trump)
        self._tts: dict[int, dict[int, tuple[int, int, int]]] = {}
        self._owner = [0] * players
        self._moves: dict[int, tuple[int, ...]] = {}
        self._killers: dict[int, int] = {}
        if core is None:
            core = default_core()
        elif core not in CORES:
            raise ValueError(f"core must be one of {CORES}, not {core!r}")
        #: the implementation of the search, ``"c"`` or ``"python"`` (see :func:`default_core`)
        self.core: str = core
        self._core: _csolver.Core | None = None
        if core == "c":
            if _native is None:
                raise RuntimeError("the compiled solver core is not built (pip install -e .)")
            self._core = _native(
                self._tables._packed, players, tt, keep_tt, quick, order, killers, equiv, PROBES.index(probe)
            )

    @property
    def options(self) -> dict[str, object]:
        """The technique flags this solver was made with."""
        return {
            "tt": self._tt,
            "keep_tt": self._keep_tt,
            "quick": self._quick,
            "order": self._order,
            "killers": self._killers_on,
            "equiv": self._equiv,
            "probe": self._probe,
        }

    @property
    def tables(self) -> TrumpTables:
        """The per-trump bit tables this solver searches with (shared, read-only)."""
        return self._tables

    @property
    def nodes(self) -> int:
        """Search nodes visited (tiles tried) since the solver was made: for benchmarks and
        the players' work budgets (both cores count the same nodes)."""
        if self._core is not None:
            return self._core.nodes
        return self._count[0]

    def clear(self) -> None:
        """Forget the transposition tables (they are also reset automatically)."""
        if self._core is not None:
            self._core.clear()
        self._tts.clear()
        self._owner = [0] * self.players
        self._moves.clear()
        self._killers.clear()

    def _table(self, hands: Sequence[int], side: int) -> dict[int, tuple[int, int, int]] | None:
        """The transposition table for ``side``, emptied if ``hands`` belong to another deal."""
        if not self._tt:
            return None
        if not self._keep_tt:
            return {}
        owner = self._owner
        seen = 0
        for m in owner:
            seen |= m
        for s, h in enumerate(hands):
            if h & seen & ~owner[s]:
                self._tts.clear()
                self._killers.clear()
                owner = self._owner = [0] * self.players
                break
        for s, h in enumerate(hands):
            owner[s] |= h
        tt = self._tts.get(side)
        if tt is None or len(tt) > _TT_LIMIT:
            tt = self._tts[side] = {}
        if len(self._moves) > _TT_LIMIT:
            self._moves.clear()
        if len(self._killers) > _TT_LIMIT:
            self._killers.clear()
        return tt

    # -- the search ---------------------------------------------------------------------
    def _prober(
        self, hands: list[int], side: int, tt: dict[int, tuple[int, int, int]] | None
    ) -> tuple[Callable[[int, int], bool], Callable[[int, int, int, int, int, int, int], bool]]:
        """Build the two search functions over the mutable ``hands`` list.

        ``boundary(leader, k)``: at a trick boundary, does the side take at least ``k`` of
        the remaining tricks? ``follow(i, seat, ctx, best_power, best_seat, k, live)``: in
        the middle of a trick (``i`` tiles played, ``seat`` to play, the suit led is context
        ``ctx``, the best tile so far has ``best_power`` and was played by ``best_seat``,
        ``live`` holds the tiles that were in the hands when the trick began), does the side
        take at least ``k`` tricks, counting this one?
        """
        n = self.players
        tb = self._tables
        power = tb.power
        follow_masks = tb.follow
        lead_ctx = tb.lead_ctx
        lead_key = tb.lead_key.__getitem__
        follow_key = [k.__getitem__ for k in tb.follow_key]
        equiv = tb.equiv
        trump_mask = tb.trump_mask
        trump_order = tb.trump_order
        suit_order = tb.suit_order
        use_quick = self._quick
        use_order = self._order
        use_equiv = self._equiv
        use_killers = self._killers_on
        nxt = [(s + 1) % n for s in range(n)]
        last = n - 1
        seats = range(n)
        counter = self._count
        move_cache = self._moves
        killers = self._killers

        def moves_of(m: int, c: int) -> tuple[int, ...]:
            """The tiles of ``m`` as indexes, in the order to try them: leads (c == 8) high
            first, follows to context ``c`` cheapest first. Cached."""
            out = []
            while m:
                b = m & -m
                out.append(b.bit_length() - 1)
                m ^= b
            if use_order:
                if c == 8:
                    out.sort(key=lead_key, reverse=True)
                else:
                    out.sort(key=follow_key[c])
            return tuple(out)

        def quick_bounds(leader: int, r: int, rem: int) -> tuple[int, int]:
            lo, hi = 0, r
            trumps = rem & trump_mask
            holder = -1
            run = 0
            if trumps:
                # The trumps above every trump of the other side: each wins the trick it is
                # played to, and those of one seat fall in different tricks. ``run``: the
                # top trumps held by one seat, above everybody else's.
                team = -1
                open_run = True
                counts = [0] * n
                for b in trump_order:
                    if not trumps & b:
                        continue
                    for s in seats:
                        if hands[s] & b:
                            break
                    if holder < 0:
                        holder = s
                        team = side >> s & 1
                    elif side >> s & 1 != team:
                        break
                    if s != holder:
                        open_run = False
                    elif open_run:
                        run += 1
                    counts[s] += 1
                sure = max(counts)
                if team:
                    lo = sure
                else:
                    hi = r - sure
            h = hands[leader]
            drawn = run if holder == leader else 0
            for s in seats:
                if s != leader and (hands[s] & trumps).bit_count() > drawn:
                    break
            else:
                # Nobody else holds more trumps than the leader's run of top trumps: the
                # leader draws them, cashes its other trumps and, in each suit, the tiles it
                # leads from the top run of that suit.
                cash = (trumps & h).bit_count()
                for members, order in suit_order:
                    if not h & members:
                        continue
                    for b, leads in order:
                        if not rem & b:
                            continue
                        if not h & b:
                            break
                        if leads:
                            cash += 1
                if side >> leader & 1:
                    if cash > lo:
                        lo = cash
                elif r - cash < hi:
                    hi = r - cash
            return lo, hi

        def boundary(leader: int, k: int) -> bool:
            if k <= 0:
                return True
            h = hands[leader]
            r = h.bit_count()
            if k > r:
                return False
            if r == 1:
                # The last trick plays itself.
                counter[0] += n
                li = h.bit_length() - 1
                c = lead_ctx[li]
                pc = power[c]
                bp = pc[li]
                bs = leader
                s = nxt[leader]
                while s != leader:
                    p = pc[hands[s].bit_length() - 1]
                    if p > bp:
                        bp = p
                        bs = s
                    s = nxt[s]
                return side >> bs & 1 == 1
            rem = 0
            for hm in hands:
                rem |= hm
            best = -1
            if tt is not None:
                key = rem << 2 | leader
                entry = tt.get(key)
                if entry is None:
                    lo, hi = quick_bounds(leader, r, rem) if use_quick else (0, r)
                    if lo >= k or hi < k:
                        tt[key] = (lo, hi, -1)
                        return lo >= k
                else:
                    lo, hi, best = entry
                    if lo >= k:
                        return True
                    if hi < k:
                        return False
            elif use_quick:
                lo, hi = quick_bounds(leader, r, rem)
                if lo >= k:
                    return True
                if hi < k:
                    return False
            onside = side >> leader & 1 == 1
            moves = move_cache.get(h << 4 | 8)
            if moves is None:
                moves = move_cache[h << 4 | 8] = moves_of(h, 8)
            if use_killers:
                lkey = -(h << 2 | leader)
                if best < 0:
                    best = killers.get(lkey, -1)
                if best >= 0 and moves[0] != best:
                    moves = (best, *(m for m in moves if m != best))
            others = (rem & ~h) | _SENTINEL
            tried: list[int] = []
            s1 = nxt[leader]
            result = not onside
            for m in moves:
                if use_equiv:
                    for t in tried:
                        if not equiv[t][m] & others:
                            break
                    else:
                        tried.append(m)
                        t = -1
                    if t >= 0:
                        continue
                counter[0] += 1
                hands[leader] = h ^ (1 << m)
                c = lead_ctx[m]
                res = follow(1, s1, c, power[c][m], leader, k, rem)
                hands[leader] = h
                if res is onside:
                    result = onside
                    best = m
                    if use_killers:
                        killers[lkey] = m
                    break
            if tt is not None:
                if result:
                    tt[key] = (k if k > lo else lo, hi, best)
                else:
                    tt[key] = (lo, k - 1 if k - 1 < hi else hi, best)
            return result

        def follow(i: int, seat: int, c: int, bp: int, bs: int, k: int, live: int) -> bool:
            h = hands[seat]
            legal = h & follow_masks[c]
            if not legal:
                legal = h
            pc = power[c]
            if legal & (legal - 1) == 0:
                # One legal tile: play it.
                counter[0] += 1
                p = pc[legal.bit_length() - 1]
                if i == last:
                    w = seat if p > bp else bs
                    k -= side >> w & 1
                    if k <= 0:
                        return True
                    if k >= h.bit_count():
                        return False
                    hands[seat] = h ^ legal
                    res = boundary(w, k)
                else:
                    hands[seat] = h ^ legal
                    if p > bp:
                        res = follow(i + 1, nxt[seat], c, p, seat, k, live)
                    else:
                        res = follow(i + 1, nxt[seat], c, bp, bs, k, live)
                hands[seat] = h
                return res
            onside = side >> seat & 1 == 1
            moves = move_cache.get(legal << 4 | c)
            if moves is None:
                moves = move_cache[legal << 4 | c] = moves_of(legal, c)
            if use_order and (side >> bs & 1 == 1) is not onside and pc[moves[-1]] > bp:
                # The other side is winning and we can beat it: the cheapest winner first,
                # then the cheapest tile that does not win.
                j = 0
                while pc[moves[j]] <= bp:
                    j += 1
                if j:
                    moves = moves[j:] + moves[:j]
            if use_killers:
                # The tile that refuted the last position like this one (same legal tiles,
                # suit led, tile to beat and side winning so far), if any, goes first.
                kkey = (legal << 4 | c) << 8 | (bp + 1) << 1 | (side >> bs & 1)
                kill = killers.get(kkey)
                if kill is not None and moves[0] != kill:
                    moves = (kill, *(x for x in moves if x != kill))
            others = (live & ~h) | _SENTINEL
            tried: list[int] = []
            if i == last:
                # The last tile of the trick: the trick is decided, then a trick boundary.
                left = h.bit_count() - 1
                for m in moves:
                    if use_equiv:
                        for t in tried:
                            if not equiv[t][m] & others:
                                break
                        else:
                            tried.append(m)
                            t = -1
                        if t >= 0:
                            continue
                    counter[0] += 1
                    w = seat if pc[m] > bp else bs
                    k2 = k - (side >> w & 1)
                    if k2 <= 0:
                        res = True
                    elif k2 > left:
                        res = False
                    else:
                        hands[seat] = h ^ (1 << m)
                        res = boundary(w, k2)
                        hands[seat] = h
                    if res is onside:
                        if use_killers:
                            killers[kkey] = m
                        return res
                return not onside
            s2 = nxt[seat]
            for m in moves:
                if use_equiv:
                    for t in tried:
                        if not equiv[t][m] & others:
                            break
                    else:
                        tried.append(m)
                        t = -1
                    if t >= 0:
                        continue
                counter[0] += 1
                p = pc[m]
                hands[seat] = h ^ (1 << m)
                if p > bp:
                    res = follow(i + 1, s2, c, p, seat, k, live)
                else:
                    res = follow(i + 1, s2, c, bp, bs, k, live)
                hands[seat] = h
                if res is onside:
                    if use_killers:
                        killers[kkey] = m
                    return res
            return not onside

        return boundary, follow

    def _prepare(
        self, hands: Sequence[int], leader: int, side: int, trick: Sequence[int]
    ) -> tuple[Callable[[int], bool], int]:
        """A probe ``ge(k)`` ("does the side take at least k tricks?") for the position, and
        the number of tricks left (the current one included)."""
        hs = list(hands)
        n = self.players
        r = hs[(leader + len(trick)) % n].bit_count()
        tt = self._table(hs, side)
        fresh = self._tt and not self._keep_tt
        boundary, follow = self._prober(hs, side, tt)
        if not trick:
            if fresh:

                def ge_fresh(k: int) -> bool:
                    b, _f = self._prober(hs, side, {})
                    return b(leader, k)

                return ge_fresh, r
            return (lambda k: boundary(leader, k)), r
        tb = self._tables
        c = tb.lead_ctx[trick[0]]
        pc = tb.power[c]
        bp, bs = pc[trick[0]], leader
        for j in range(1, len(trick)):
            p = pc[trick[j]]
            if p > bp:
                bp, bs = p, (leader + j) % n
        live = 0
        for hm in hs:
            live |= hm
        for t in trick:
            live |= 1 << t
        i = len(trick)
        seat = (leader + i) % n
        if fresh:

            def ge_fresh_mid(k: int) -> bool:
                _b, f = self._prober(hs, side, {})
                return f(i, seat, c, bp, bs, k, live)

            return ge_fresh_mid, r
        return (lambda k: follow(i, seat, c, bp, bs, k, live)), r

    def _narrow(self, ge: Callable[[int], bool], lo: int, hi: int, guess: int | None = None) -> int:
        """The largest ``k`` in ``lo..hi`` with ``ge(k)`` (``ge(lo)`` is taken as true)."""
        if guess is not None and lo < guess <= hi:
            # Start at the guess, then walk: up if it holds, down if not.
            if ge(guess):
                lo = guess
                while lo < hi and ge(lo + 1):
                    lo += 1
                return lo
            hi = guess - 1
            while lo < hi and not ge(hi):
                hi -= 1
            return hi
        if self._probe == "binary":
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if ge(mid):
                    lo = mid
                else:
                    hi = mid - 1
            return lo
        while lo < hi and ge(lo + 1):
            lo += 1
        return lo

    def _estimate(self, hands: Sequence[int], leader: int, side: int, trick: Sequence[int]) -> int:
        """A guess at the value: one greedy play-out (high leads, the cheapest winner when
        the other side is winning, else the cheapest tile)."""
        n = self.players
        tb = self._tables
        hs = list(hands)
        won = 0
        played = list(trick)
        while True:
            if not played:
                h = hs[leader]
                if not h:
                    return won
                m = max(_bits(h), key=tb.lead_key.__getitem__)
                hs[leader] = h ^ (1 << m)
                played = [m]
            c = tb.lead_ctx[played[0]]
            pc = tb.power[c]
            bp, bs = pc[played[0]], leader
            for j in range(1, len(played)):
                if pc[played[j]] > bp:
                    bp, bs = pc[played[j]], (leader + j) % n
            for j in range(len(played), n):
                seat = (leader + j) % n
                h = hs[seat]
                legal = h & tb.follow[c] or h
                moves = sorted(_bits(legal), key=tb.follow_key[c].__getitem__)
                m = moves[0]
                if (side >> bs & 1) != (side >> seat & 1) and pc[moves[-1]] > bp:
                    m = next(x for x in moves if pc[x] > bp)
                hs[seat] = h ^ (1 << m)
                if pc[m] > bp:
                    bp, bs = pc[m], seat
            won += side >> bs & 1
            leader = bs
            played = []

    def solve_masks(
        self, hands: Sequence[int], leader: int, side: int, trick: Sequence[int] = (), floor: int = 0
    ) -> int:
        """The most tricks ``side`` takes from here to the end of the hand (the current trick
        counts); see the class docstring for the arguments. With ``floor`` the answer is
        ``max(value, floor)`` (``floor`` capped at the tricks left): no probe is spent below
        ``floor`` (cheaper when only values from ``floor`` up matter, e.g. a bid's lowest
        level)."""
        if self._core is not None:
            return self._core.solve(hands, leader, side, trick, floor)
        ge, r = self._prepare(hands, leader, side, trick)
        lo = max(0, min(floor, r))
        guess = self._estimate(hands, leader, side, trick) if self._probe == "guess" else None
        if guess is not None and guess < lo:
            guess = lo + 1 if lo < r else None
        return self._narrow(ge, lo, r, guess)

    def can_take_masks(
        self, hands: Sequence[int], leader: int, side: int, k: int, trick: Sequence[int] = ()
    ) -> bool:
        """Whether ``side`` takes at least ``k`` tricks from here to the end of the hand (the
        current trick counts): one yes/no search, cheaper than :meth:`solve_masks`."""
        if self._core is not None:
            return self._core.can_take(hands, leader, side, k, trick)
        ge, r = self._prepare(hands, leader, side, trick)
        if k <= 0:
            return True
        if k > r:
            return False
        return ge(k)

    def after_play(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], m: int
    ) -> tuple[list[int], int, list[int], int]:
        """The position after the seat to move plays tile index ``m`` (which it must hold):
        ``(hands, leader, trick, winner)``. When the play ends the trick, its winner leads
        an empty trick and ``winner`` is that seat; otherwise ``winner`` is -1. The play is
        not checked for legality (see :meth:`move_values_masks` for the legal plays).

        >>> from engine.tiles import parse_tiles
        >>> s = Solver("6", 3)
        >>> hands = [mask_of(parse_tiles(h)) for h in ("6-6 2-1", "4-1", "3-3")]
        >>> led = [Tile(5, 5).index, Tile(6, 1).index]  # seat 1 led 5-5, seat 2 trumped with 6-1
        >>> child, leader, trick, winner = s.after_play(hands, 1, led, Tile(2, 1).index)
        >>> winner, leader, trick, child[0] == mask_of(parse_tiles("6-6"))
        (2, 2, [], True)
        """
        n = self.players
        seat = (leader + len(trick)) % n
        child = list(hands)
        child[seat] = hands[seat] ^ (1 << m)
        played = [*trick, m]
        if len(played) < n:
            return child, leader, played, -1
        pc = self._tables.power[self._tables.lead_ctx[played[0]]]
        best = max(range(n), key=lambda j: pc[played[j]])
        winner = (leader + best) % n
        return child, winner, [], winner

    def move_values_masks(
        self, hands: Sequence[int], leader: int, side: int, trick: Sequence[int] = ()
    ) -> dict[int, int]:
        """For each legal play (a tile index) of the seat to move, the side's tricks from
        here to the end of the hand (the current trick counts) after that play, with best
        play afterwards. Plays that are equivalent (see :class:`TrumpTables`) are solved
        once."""
        if self._core is not None:
            return self._core.move_values(hands, leader, side, trick)
        n = self.players
        tb = self._tables
        seat = (leader + len(trick)) % n
        h = hands[seat]
        legal = h
        if trick:
            f = h & tb.follow[tb.lead_ctx[trick[0]]]
            if f:
                legal = f
        others = _SENTINEL
        for s, hm in enumerate(hands):
            if s != seat:
                others |= hm
        for t in trick:
            others |= 1 << t
        out: dict[int, int] = {}
        guess: int | None = None
        for m in _bits(legal):
            if self._equiv:
                same = next((t for t in out if not tb.equiv[t][m] & others), None)
                if same is not None:
                    out[m] = out[same]
                    continue
            child = list(hands)
            child[seat] = h ^ (1 << m)
            played = [*trick, m]
            won = 0
            if len(played) < n:
                ge, left = self._prepare(child, leader, side, played)
                if guess is None and self._probe == "guess":
                    guess = self._estimate(child, leader, side, played)
            else:
                c = tb.lead_ctx[played[0]]
                pc = tb.power[c]
                best = max(range(n), key=lambda j: pc[played[j]])
                winner = (leader + best) % n
                won = side >> winner & 1
                ge, left = self._prepare(child, winner, side, ())
                if guess is None and self._probe == "guess":
                    guess = won + self._estimate(child, winner, side, ())
            out[m] = won + self._narrow(ge, 0, left, None if guess is None else guess - won)
            guess = out[m]
        return out


# -- the checked, Tile-level entry points ------------------------------------------------

_LOCAL = threading.local()


def _solver_for(trump: Trump, players: int) -> Solver:
    cache: dict[tuple[Trump, int, str], Solver] | None = getattr(_LOCAL, "solvers", None)
    if cache is None:
        cache = {}
        _LOCAL.solvers = cache
    core = default_core()
    s = cache.get((trump, players, core))
    if s is None:
        s = cache[(trump, players, core)] = Solver(trump, players, core=core)
    return s


def clear_caches() -> None:
    """Forget the transposition tables of the solvers behind :func:`solve`,
    :func:`move_values` and :func:`can_take` in this thread (for benchmarks and to free
    memory; the results never depend on them)."""
    cache: dict[tuple[Trump, int, str], Solver] | None = getattr(_LOCAL, "solvers", None)
    if cache:
        for s in cache.values():
            s.clear()


def _check(
    hands: Sequence[Sequence[Tile]],
    trump: Trump | str | int,
    leader: int,
    side: Collection[int],
    trick: Sequence[Tile],
) -> tuple[Trump, list[int], int, list[int]]:
    """Validate a position; return (trump, hand masks, side mask, trick indexes)."""
    tr = trump if isinstance(trump, Trump) else Trump.parse(trump)
    n = len(hands)
    if n not in (3, 4):
        raise ValueError(f"the solver needs 3 or 4 hands, not {n}")
    if type(leader) is not int or not 0 <= leader < n:
        raise ValueError(f"the leader is a seat 0..{n - 1}, not {leader!r}")
    if isinstance(side, int) or not isinstance(side, Iterable):
        raise ValueError(f"the side is a set of seats, like {{0}} or {{0, 2}}, not {side!r}")
    side_mask = 0
    for s in side:
        if type(s) is not int or not 0 <= s < n:
            raise ValueError(f"the side is a set of seats 0..{n - 1}; {s!r} is not a seat")
        side_mask |= 1 << s
    trick = tuple(trick)
    if len(trick) >= n:
        raise ValueError(f"a trick in progress has at most {n - 1} tiles, not {len(trick)}")
    seen: set[Tile] = set()
    masks = []
    for seat, hand in enumerate(hands):
        for t in hand:
            if not isinstance(t, Tile):
                raise ValueError(f"seat {seat} holds {t!r}, which is not a Tile")
            if t in seen:
                raise ValueError(f"{t} appears twice")
            seen.add(t)
        masks.append(mask_of(hand))
    for t in trick:
        if not isinstance(t, Tile):
            raise ValueError(f"the trick holds {t!r}, which is not a Tile")
        if t in seen:
            raise ValueError(f"{t} appears twice (it is in the trick)")
        seen.add(t)
    played = {(leader + j) % n for j in range(len(trick))}
    to_move = (leader + len(trick)) % n
    r = len(hands[to_move])
    if r > 7 or (trick and r == 0):
        raise ValueError(f"seat {to_move}, to play, holds {r} tiles")
    for seat, hand in enumerate(hands):
        want = r - 1 if seat in played else r
        if len(hand) != want:
            raise ValueError(
                f"seat {seat} holds {len(hand)} tiles but should hold {want}: the seats still to "
                f"play to the current trick hold the same number, those that played one fewer"
            )
    for j in range(1, len(trick)):
        seat = (leader + j) % n
        before = [*hands[seat], trick[j]]
        if trick[j] not in legal_plays(before, trick[:j], tr):
            raise ValueError(
                f"the trick so far is illegal: seat {seat} played {trick[j]} but had to follow "
                f"the suit led by {trick[0]}"
            )
    return tr, masks, side_mask, [t.index for t in trick]


def solve(
    hands: Sequence[Sequence[Tile]],
    trump: Trump | str | int,
    leader: int,
    side: Collection[int],
    trick: Sequence[Tile] = (),
) -> int:
    """The most tricks the seats in ``side`` take from here to the end of the hand, every
    hand visible and the other seats playing together against them.

    ``hands`` are the tiles each seat still holds (by seat; 3 or 4 seats), ``leader`` the
    seat that led the current trick (or leads next if ``trick`` is empty), ``trick`` the
    tiles already played to it in play order; the seat to move is
    ``(leader + len(trick)) % len(hands)``. The current trick counts toward the result.
    Raises ``ValueError`` for an impossible position (wrong hand sizes, a tile twice, an
    illegal trick so far).
    """
    tr, masks, side_mask, idx = _check(hands, trump, leader, side, trick)
    return _solver_for(tr, len(hands)).solve_masks(masks, leader, side_mask, idx)


def move_values(
    hands: Sequence[Sequence[Tile]],
    trump: Trump | str | int,
    leader: int,
    side: Collection[int],
    trick: Sequence[Tile] = (),
) -> dict[Tile, int]:
    """For each legal play of the seat to move, the tricks ``side`` takes (as :func:`solve`
    counts them) after that play, with best play afterwards. Arguments as :func:`solve`."""
    tr, masks, side_mask, idx = _check(hands, trump, leader, side, trick)
    values = _solver_for(tr, len(hands)).move_values_masks(masks, leader, side_mask, idx)
    return {ALL_TILES[i]: v for i, v in values.items()}


def can_take(
    hands: Sequence[Sequence[Tile]],
    trump: Trump | str | int,
    leader: int,
    side: Collection[int],
    k: int,
    trick: Sequence[Tile] = (),
) -> bool:
    """Whether ``side`` takes at least ``k`` tricks from here (the current trick counts):
    one yes/no search, cheaper than :func:`solve`. Arguments as :func:`solve`."""
    tr, masks, side_mask, idx = _check(hands, trump, leader, side, trick)
    return _solver_for(tr, len(hands)).can_take_masks(masks, leader, side_mask, k, idx)
