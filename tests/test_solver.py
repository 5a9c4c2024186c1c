"""The exact open-hands solver (engine/solver.py).

Checked against a plain exhaustive minimax written here from the engine's
``legal_plays`` and ``trick_winner`` (simple and obviously correct, and slow), on hundreds
of seeded random positions with 1-5 tricks left, 3 and 4 players, all nine trumps, at
trick boundaries and mid-trick; on whole deals against the solver with its techniques
switched off; and on hand-made positions with known answers.

Every test here runs twice, once on each core (the compiled one and the pure-Python one,
picked with ``MOON_SOLVER`` by the ``core`` fixture); tests/test_solver_cores.py compares the
two directly.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Iterator, Sequence

import pytest

from engine import ALL_TRUMPS, Tile, Trump, legal_plays, parse_tiles, tile_set, trick_winner
from engine.deal import deal_hands
from engine.solver import (
    CORE_ENV,
    CORES,
    PROBES,
    Solver,
    can_take,
    clear_caches,
    mask_of,
    move_values,
    solve,
    tiles_of,
)

import helpers

Hands = list[list[Tile]]


@pytest.fixture(autouse=True, scope="module", params=CORES)
def core(request: pytest.FixtureRequest) -> Iterator[str]:
    """The core every solver of the test uses (module-scoped: pytest runs the whole file on
    one core, then on the other)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(CORE_ENV, request.param)
        yield request.param


@functools.cache
def _reference(
    hands: tuple[tuple[Tile, ...], ...], trump: Trump | str, leader: int, side: frozenset[int], trick: tuple[Tile, ...]
) -> int:
    return helpers.reference(hands, trump, leader, side, trick)


def reference(
    hands: Sequence[Sequence[Tile]],
    trump: Trump | str,
    leader: int,
    side: Collection[int],
    trick: Sequence[Tile] = (),
) -> int:
    """:func:`helpers.reference`, remembered: the second core's run asks the same questions."""
    return _reference(tuple(tuple(h) for h in hands), trump, leader, frozenset(side), tuple(trick))


@functools.cache
def _reference_move_values(
    hands: tuple[tuple[Tile, ...], ...], trump: Trump | str, leader: int, side: frozenset[int], trick: tuple[Tile, ...]
) -> dict[Tile, int]:
    return helpers.reference_move_values(hands, trump, leader, side, trick)


def reference_move_values(
    hands: Sequence[Sequence[Tile]], trump: Trump | str, leader: int, side: Collection[int], trick: Sequence[Tile] = ()
) -> dict[Tile, int]:
    """:func:`helpers.reference_move_values`, remembered as :func:`reference`."""
    return dict(_reference_move_values(tuple(tuple(h) for h in hands), trump, leader, frozenset(side), tuple(trick)))


def test_the_fixture_picks_the_core(core: str) -> None:
    assert Solver("6", 3).core == core

# -- positions ------------------------------------------------------------------------------


def sides(players: int, leader: int) -> list[set[int]]:
    """The sides worth asking about: the leader (3 players: the bidder) or its team, and
    the other seats."""
    mine = {leader} if players == 3 else {leader, (leader + 2) % 4}
    return [mine, set(range(players)) - mine]


def random_position(
    rng: random.Random, players: int, trump: Trump, tricks_left: int, played: int
) -> tuple[Hands, int, list[Tile]]:
    """Random hands of ``tricks_left`` tiles from the game's tile set, a random leader and
    ``played`` tiles of the current trick already played (random legal plays)."""
    tiles = list(tile_set(players))
    rng.shuffle(tiles)
    hands = [sorted(tiles[s * tricks_left : (s + 1) * tricks_left]) for s in range(players)]
    leader = rng.randrange(players)
    trick: list[Tile] = []
    for j in range(played):
        seat = (leader + j) % players
        tile = rng.choice(legal_plays(hands[seat], trick, trump))
        hands[seat].remove(tile)
        trick.append(tile)
    return hands, leader, trick


def positions(players: int, trump: Trump, seed: int, max_tricks: int) -> list[tuple[Hands, int, list[Tile]]]:
    """Seeded positions with 1..max_tricks tricks left and 0..players-1 tiles of the current
    trick played."""
    rng = random.Random(f"{players}-{trump}-{seed}")
    return [
        random_position(rng, players, trump, tricks_left, played)
        for tricks_left in range(1, max_tricks + 1)
        for played in range(players)
    ]


# -- against the reference ------------------------------------------------------------------


@pytest.mark.parametrize("trump", [str(t) for t in ALL_TRUMPS])
@pytest.mark.parametrize("players", [3, 4])
def test_solve_and_move_values_match_the_reference(players: int, trump: str) -> None:
    """Small positions (1-4 tricks left, 0 to players-1 tiles of the trick played), both
    sides, two seeds: solve, move_values and can_take against the exhaustive minimax."""
    tr = Trump.parse(trump)
    checked = 0
    for seed in range(2):
        for hands, leader, trick in positions(players, tr, seed, 4):
            for side in sides(players, leader):
                want = reference(hands, tr, leader, side, trick)
                assert solve(hands, tr, leader, side, trick) == want, (hands, leader, side, trick)
                values = move_values(hands, tr, leader, side, trick)
                assert values == reference_move_values(hands, tr, leader, side, trick)
                seat = (leader + len(trick)) % players
                best = max(values.values()) if seat in side else min(values.values())
                assert best == want
                left = len(hands[seat])
                for k in (want, want + 1):
                    assert can_take(hands, tr, leader, side, k, trick) == (k <= want)
                assert can_take(hands, tr, leader, side, 0, trick)
                assert not can_take(hands, tr, leader, side, left + 1, trick)
                checked += 1
    assert checked == 2 * 2 * 4 * players


@pytest.mark.parametrize("players", [3, 4])
def test_a_floor_only_lifts_values_below_it(players: int) -> None:
    """``solve_masks(..., floor=f)`` is ``max(value, f)`` against the exhaustive minimax (the
    strong player's bids skip probes below the lowest bid open)."""
    for trump in ("6", "doubles", "none"):
        tr = Trump.parse(trump)
        s = Solver(tr, players)
        for hands, leader, trick in positions(players, tr, 7, 4):
            for side in sides(players, leader):
                want = reference(hands, tr, leader, side, trick)
                masks = [mask_of(h) for h in hands]
                smask = sum(1 << x for x in side)
                idx = [t.index for t in trick]
                left = len(hands[(leader + len(trick)) % players])
                for f in range(0, left + 2):
                    got = s.solve_masks(masks, leader, smask, idx, floor=f)
                    assert got == max(want, min(f, left)), (hands, f)


@pytest.mark.slow
@pytest.mark.parametrize("trump", [str(t) for t in ALL_TRUMPS])
def test_five_trick_three_player_positions_match_the_reference(trump: str) -> None:
    """Bigger positions (15 tiles in hand, or 14 mid-trick) where the reference is still
    affordable."""
    tr = Trump.parse(trump)
    rng = random.Random(f"five-{trump}")
    for played in (0, 1, 2):
        hands, leader, trick = random_position(rng, 3, tr, 5, played)
        side = sides(3, leader)[played % 2]
        assert solve(hands, tr, leader, side, trick) == reference(hands, tr, leader, side, trick)


PROBE_CONFIGS: list[dict[str, object]] = [{"probe": p} for p in PROBES]


def test_every_technique_and_probe_is_exact_on_small_positions() -> None:
    """Each technique off in turn (and everything off) agrees with the reference."""
    configs: list[dict[str, object]] = [
        {"tt": False},
        {"keep_tt": False},
        {"quick": False},
        {"order": False},
        {"killers": False},
        {"equiv": False},
        {"tt": False, "quick": False, "order": False, "killers": False, "equiv": False},
        *PROBE_CONFIGS,
    ]
    rng = random.Random(7)
    for i in range(60):
        players = 3 + i % 2
        tr = ALL_TRUMPS[i % 9]
        hands, leader, trick = random_position(rng, players, tr, 1 + i % 4, i % players)
        side = sides(players, leader)[i % 2]
        masks = [mask_of(h) for h in hands]
        smask = sum(1 << s for s in side)
        idx = [t.index for t in trick]
        want = reference(hands, tr, leader, side, trick)
        for options in configs:
            s = Solver(tr, players, **options)  # type: ignore[arg-type]
            assert s.solve_masks(masks, leader, smask, idx) == want, options


# -- whole deals -----------------------------------------------------------------------------


def random_line(masks: Sequence[int], leader: int, trump: Trump, players: int,
                rng: random.Random) -> list[tuple[list[int], int, list[int]]]:
    """The positions (hands, leader, trick so far) along one random line of legal play from
    these hands to the end of the deal."""
    hands, line = list(masks), []
    trick: list[int] = []
    while any(hands):
        line.append((list(hands), leader, list(trick)))
        seat = (leader + len(trick)) % players
        now = [ALL_TILES_BY_INDEX[t] for t in trick]
        pick = rng.choice(legal_plays(tiles_of(hands[seat]), now, trump))
        hands[seat] &= ~mask_of([pick])
        trick.append(pick.index)
        if len(trick) == players:
            leader = (leader + trick_winner([*now, pick], trump)) % players
            trick = []
    return line


def deal_position(players: int, seed: int) -> tuple[list[int], Trump, int, int]:
    """Deal ``seed``'s hands as masks, a trump, the leader and the leader's side."""
    hands, _widow = deal_hands(tile_set(players), players, seed, 1)
    leader = seed % players
    side = 1 << leader if players == 3 else (1 << leader) | (1 << (leader + 2) % 4)
    return [mask_of(h) for h in hands], ALL_TRUMPS[seed % 9], leader, side


@pytest.mark.slow
def test_whole_three_player_deals_match_the_solver_with_everything_off() -> None:
    """Nine whole deals (one per trump) against the bare zero-window search (no table, no
    bounds, no ordering, no equivalences)."""
    for seed in range(9):
        masks, tr, leader, side = deal_position(3, seed)
        bare = Solver(tr, 3, tt=False, quick=False, order=False, killers=False, equiv=False)
        assert Solver(tr, 3).solve_masks(masks, leader, side) == bare.solve_masks(masks, leader, side)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_whole_deals_agree_whatever_techniques_are_on(players: int) -> None:
    """Whole deals: every single technique off, each probe, and the table alone agree."""
    configs: list[dict[str, object]] = [
        {"quick": False, "order": False, "killers": False, "equiv": False},
        {"keep_tt": False},
        {"quick": False},
        {"killers": False},
        {"equiv": False},
        *PROBE_CONFIGS,
    ]
    if players == 3:
        configs.append({"order": False})
    count = 27 if players == 3 else 6
    for seed in range(100, 100 + count):
        masks, tr, leader, side = deal_position(players, seed)
        want = Solver(tr, players).solve_masks(masks, leader, side)
        for options in configs:
            got = Solver(tr, players, **options).solve_masks(masks, leader, side)  # type: ignore[arg-type]
            assert got == want, (seed, options)


def test_a_kept_solver_gives_the_same_answers_as_fresh_ones() -> None:
    """One solver per trump, asked about the positions along a random line of play of
    several deals, with the deals interleaved (so its table is reused within a deal and
    reset when the deal changes), for both sides and mid-trick: always the answer of a
    fresh solver."""
    rng = random.Random(11)
    lines = []
    for seed in range(200, 212):
        players = 3 + seed % 2
        masks, tr, leader, side = deal_position(players, seed)
        lines.append((players, tr, side, random_line(masks, leader, tr, players, rng)))
    kept: dict[tuple[Trump, int], Solver] = {}
    for step in range(0, 28, 2):
        for players, tr, side, line in lines:
            if step >= len(line):
                continue
            hands, lead, trick = line[step]
            solver = kept.setdefault((tr, players), Solver(tr, players))
            for s in (side, ((1 << players) - 1) ^ side):
                fresh = Solver(tr, players).solve_masks(hands, lead, s, trick)
                assert solver.solve_masks(hands, lead, s, trick) == fresh, (step, players, str(tr))
                k = rng.randrange(0, 8)
                assert solver.can_take_masks(hands, lead, s, k, trick) == (k <= fresh)


ALL_TILES_BY_INDEX = {t.index: t for t in tile_set(4)}


# -- hand-made positions ------------------------------------------------------------------


def H(*hands: str) -> list[list[Tile]]:
    """Hands from strings: ``H("6-6 6-5", "5-5 4-3", ...)``."""
    return [list(parse_tiles(h)) for h in hands]


def known(
    answer: int, hands: list[list[Tile]], trump: str, leader: int, side: set[int], trick: str = ""
) -> None:
    """``solve`` gives ``answer``, and so does the reference."""
    tr = list(parse_tiles(trick))
    assert reference(hands, trump, leader, side, tr) == answer
    assert solve(hands, trump, leader, side, tr) == answer


def test_the_top_trumps_take_every_trick() -> None:
    hands = H("6-6 6-5 6-4", "5-5 5-4 3-3", "4-4 2-2 1-1")
    for leader in range(3):
        known(3, hands, "6", leader, {0})
        known(0, hands, "6", leader, {1, 2})
    # doubles trump: the three top doubles win a trick each, whoever leads
    hands = H("6-6 5-5 4-4", "6-5 5-4 3-3", "6-4 2-2 1-1")
    for leader in range(3):
        known(3, hands, "doubles", leader, {0})
    # ... but not with fours trump: 6-4 and 5-4 are trumps (4-4 still tops them), and
    # 6-6 and 5-5 can be trumped
    known(1, hands, "4", 1, {0})


def test_a_trump_does_not_follow_a_number_suit() -> None:
    # sixes trump, 5-1 led: 6-5 is a trump, not a five, so seat 1 (no five) trumps in.
    known(1, H("5-1", "6-5", "5-3"), "6", 0, {1})
    assert move_values(H("5-1", "6-5", "5-3"), "6", 0, {1}) == {Tile(5, 1): 1}
    # seat 1 may trump in with 6-5 (then lead 2-2, which nobody follows: 2 tricks), or
    # throw 2-2 off (5-3 wins, then 6-5 trumps seat 2's 4-4: 1 trick).
    hands = H("1-1", "6-5 2-2", "5-3 4-4")
    known(2, hands, "6", 0, {1}, "5-1")
    assert move_values(hands, "6", 0, {1}, parse_tiles("5-1")) == {Tile(6, 5): 2, Tile(2, 2): 1}


def test_the_higher_end_calls_the_suit_and_a_double_leads_its_own_number() -> None:
    # no trump: 5-3 leads fives, so 3-3 does not follow and cannot win.
    known(1, H("5-3", "3-3", "2-1"), "none", 0, {0})
    # 3-2 leads threes: now 3-3 follows, and the double is the highest three.
    known(0, H("3-2", "3-3", "2-1"), "none", 0, {0})
    # a double leads its own number: 4-4 led, 6-4 must follow and loses to the double.
    known(1, H("4-4", "6-4", "2-1"), "none", 0, {0})
    # doubles trump: 4-4 is a trump, and the only one.
    known(1, H("4-4", "6-4", "2-1"), "doubles", 0, {0})
    # doubles trump: 6-4 leads sixes and 4-4 trumps in.
    known(0, H("6-4", "4-4", "2-1"), "doubles", 0, {0})


def test_must_follow_with_a_tile_of_either_number() -> None:
    # no trump, 3-2 led: seat 1 must follow with 5-3 (a three), which ranks above 3-2 (by
    # its other end) and wins; leading 1-1 wins, and seat 1 then keeps 5-3 for the 3-2.
    hands = H("3-2 1-1", "5-3 6-6", "4-1 4-2")
    assert move_values(hands, "none", 0, {0}) == {Tile(3, 2): 0, Tile(1, 1): 1}
    known(1, hands, "none", 0, {0})
    known(1, hands, "none", 0, {1})


def test_the_current_trick_counts() -> None:
    # seat 0 led 6-6 (sixes trump) and wins this trick, then its 1-1 is the top one.
    hands = H("1-1", "5-5 2-1", "4-4 3-2")
    known(2, hands, "6", 0, {0}, "6-6")
    known(0, hands, "6", 0, {1, 2}, "6-6")
    # mid-trick, two tiles played: 5-5 led (fives, no trump) and 5-4 followed; seat 2
    # must follow with 5-1 and loses to the double; then seat 0 leads 2-2, the top two
    # (seat 1 must follow with 3-2).
    known(2, H("2-2", "3-2", "5-1 4-4"), "none", 0, {0}, "5-5 5-4")
    known(0, H("2-2", "3-2", "5-1 4-4"), "none", 0, {1, 2}, "5-5 5-4")


def test_partners_combine() -> None:
    # four players, fives trump: seats 0 and 2 hold all three trumps; seat 2 holds two.
    hands = H("5-5 1-0", "6-6 6-1", "6-5 5-4", "4-4 3-3")
    for leader in range(4):
        known(2, hands, "5", leader, {0, 2})
        known(0, hands, "5", leader, {1, 3})


def test_a_partner_may_be_overtaken() -> None:
    # no trump, seat 0 leads: a four-player position where partners must cooperate.
    hands = H("6-1 2-0", "6-3 3-3", "6-6 6-2", "6-4 0-0")
    want = reference(hands, "none", 0, {0, 2})
    known(want, hands, "none", 0, {0, 2})
    assert max(move_values(hands, "none", 0, {0, 2}).values()) == want


def test_an_empty_position_is_worth_nothing() -> None:
    assert solve([[], [], []], "6", 0, {0}) == 0
    assert move_values([[], [], [], []], "none", 2, {0, 2}) == {}
    assert can_take([[], [], []], "6", 1, {0}, 0)


# -- the API ---------------------------------------------------------------------------------


def test_trump_and_side_may_be_given_in_several_ways() -> None:
    hands = H("6-6 6-5", "5-5 4-3", "6-4 2-1")
    assert solve(hands, "6", 0, {0}) == solve(hands, Trump.parse("sixes"), 0, [0]) == solve(hands, 6, 0, (0,))


def test_masks_round_trip() -> None:
    for players in (3, 4):
        for t in tile_set(players):
            assert tiles_of(mask_of([t])) == [t]
    ts = list(tile_set(4))
    assert tiles_of(mask_of(ts)) == ts


def test_solver_options_and_counters() -> None:
    s = Solver("doubles", 4, equiv=False, probe="binary")
    assert s.options["equiv"] is False and s.options["probe"] == "binary"
    masks, _tr, leader, side = deal_position(4, 5)
    s.solve_masks(masks, leader, side)
    assert s.nodes > 0
    s.clear()
    with pytest.raises(ValueError, match="3 or 4"):
        Solver("6", 5)
    with pytest.raises(ValueError, match="probe"):
        Solver("6", 3, probe="sideways")


def test_clear_caches_keeps_answers() -> None:
    hands = H("6-6 6-5", "5-5 4-3", "6-4 2-1")
    before = solve(hands, "none", 1, {0})
    clear_caches()
    assert solve(hands, "none", 1, {0}) == before


# -- input checks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "leader", "side", "trick", "message"),
    [
        (["6-6 6-5", "5-5", "4-4 3-3"], 0, {0}, "", "holds 1 tiles but should hold 2"),
        (["6-6 6-5", "5-5 5-4", "4-4 3-3"], 0, {0}, "2-1", "holds 2 tiles but should hold 1"),
        (["6-6 6-5", "5-5 6-6", "4-4 3-3"], 0, {0}, "", "6-6 appears twice"),
        (["6-6 6-6", "5-5 5-4", "4-4 3-3"], 0, {0}, "", "6-6 appears twice"),
        (["6-5", "5-5 5-4", "4-4 3-3"], 0, {0}, "5-5", "appears twice"),
        (["6-5", "5-4", "4-4 3-3"], 0, {0}, "5-3 2-2", "illegal"),
        (["6-6 6-5", "5-5 5-4"], 0, {0}, "", "3 or 4 hands"),
        (["6-6", "5-5", "4-4"], 3, {0}, "", "leader"),
        (["6-6", "5-5", "4-4"], 0, {3}, "", "not a seat"),
        (["6-6", "5-5", "4-4"], 0, {0}, "3-3 2-2 1-1", "at most 2"),
        (["6-6 6-5 6-4 6-3 6-2 6-1 5-5 5-4", "", ""], 0, {0}, "", "holds 8 tiles"),
    ],
)
def test_impossible_positions_are_refused(
    hands: list[str], leader: int, side: set[int], trick: str, message: str
) -> None:
    hs = [list(parse_tiles(h)) for h in hands]
    tr = list(parse_tiles(trick))
    for fn in (solve, move_values):
        with pytest.raises(ValueError, match=message):
            fn(hs, "none", leader, side, tr)
    with pytest.raises(ValueError, match=message):
        can_take(hs, "none", leader, side, 1, tr)


def test_an_illegal_trick_names_the_seat_and_the_tile() -> None:
    # sixes trump, 5-1 led; seat 1 holds 5-3 (a five) but played 6-5, a trump.
    hands = H("2-2", "5-3", "4-4 3-3")
    with pytest.raises(ValueError, match=r"seat 1 played 6-5"):
        solve(hands, "6", 0, {0}, parse_tiles("5-1 6-5"))
    # the same play is legal when seat 1 holds no five
    solve(H("2-2", "3-3", "4-4 3-2"), "6", 0, {0}, parse_tiles("5-1 6-5"))


def test_non_tiles_are_refused() -> None:
    with pytest.raises(ValueError, match="not a Tile"):
        solve([["6-6"], ["5-5"], ["4-4"]], "6", 0, {0})  # type: ignore[list-item]
    with pytest.raises(ValueError):
        solve(H("6-6", "5-5", "4-4"), "sevens", 0, {0})
    with pytest.raises(ValueError, match="set of seats"):
        solve(H("6-6", "5-5", "4-4"), "6", 0, 0)  # type: ignore[arg-type]
