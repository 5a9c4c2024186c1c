"""The computer players (engine.players) and the layout sampler (engine.sampling)."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest

from engine import Action, Game, IllegalAction, RuleSet, Tile, Trump, parse_tiles
from engine.game import PlayerView
from engine.players import Decision, StrongBot, analyse_play, make_bot
from engine.players.wording import FEW_DEALS
from engine.sampling import PILE, Constraints, view_digest
from engine.solver import Solver
from tutorial.services.describe import explanation_frame

from helpers import RULE_VARIANTS, fast_strong, reference_move_values, rules_id, shown_voids

# -- the reference solver, to check the strong bot's use of the solver ----------------------


@cache
def _reference_values(
    hands: tuple[tuple[Tile, ...], ...], trump: Trump, leader: int, side: frozenset[int], trick: tuple[Tile, ...]
) -> dict[Tile, int]:
    return reference_move_values(hands, trump, leader, side, trick)


def ref_move_values(
    hands: Sequence[Sequence[Tile]], trump: Trump, leader: int, side: set[int], trick: Sequence[Tile] = ()
) -> dict[Tile, int]:
    """For each legal play of the seat to move, the most tricks ``side`` takes from here
    (:func:`helpers.reference_move_values`, kept per position: the test asks once per tile)."""
    return _reference_values(tuple(tuple(sorted(h)) for h in hands), trump, leader, frozenset(side), tuple(trick))


# -- helpers --------------------------------------------------------------------------------

#: A fast strong bot for the legality sweeps (few layouts).
FAST = fast_strong(3, 2, bid_samples=3, contract_samples=4, bid_trumps=2)


def check_decision(view: PlayerView, d: Decision) -> None:
    """Every decision: a legal action, one candidate per legal action, one chosen."""
    legal = view.legal_actions()
    assert d.action in legal
    cands = d.explanation.candidates
    assert sorted(str(c.action) for c in cands) == sorted(str(a) for a in legal)
    assert [c.action for c in cands if c.chosen] == [d.action]
    assert d.explanation.summary.strip()
    assert d.explanation.tags == d.explanation.chosen.tags


def play_hand(game: Game, bots: Sequence[Any], check: bool = True) -> None:
    while not game.hand_finished:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        d = bots[seat].decide(view)
        if check:
            check_decision(view, d)
        game.apply(d.action)


def play_until(game: Game, bots: Sequence[Any], stop: Any) -> None:
    while not game.hand_finished and not stop(game):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].decide(game.view(seat)).action)


# -- legality in every variant ----------------------------------------------------------------


@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=rules_id)
def test_random_and_basic_bots_play_legal_games(rules: RuleSet) -> None:
    for seed in range(6):
        g = Game.new(rules, seed=seed)
        bots = [make_bot("basic" if (s + seed) % 2 else "random", seed=seed * 10 + s) for s in range(rules.players)]
        hands = 0
        while g.phase != "game_over" and hands < 12:
            play_hand(g, bots)  # every decision legal, with one candidate per legal action
            hands += 1
            assert g.hand_finished and len(g.results) == hands
            if g.phase == "hand_over":
                g.next_hand()
        assert g.phase == "game_over" or hands == 12
        again = Game.replay(g.record())  # the record of these games replays to the same table
        assert (again.scores, again.phase, len(again.results)) == (g.scores, g.phase, len(g.results))


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_VARIANTS, ids=rules_id)
def test_strong_bot_plays_legal_hands(rules: RuleSet) -> None:
    for seed in range(2):
        g = Game.new(rules, seed=100 + seed)
        bots = [make_bot("strong", seed=s, **FAST) if s % 2 == seed % 2 else make_bot("basic") for s in range(rules.players)]
        play_hand(g, bots)
        assert g.hand_finished


@pytest.mark.slow
def test_strong_bot_full_strength_hand() -> None:
    g = Game.new(RuleSet(), seed=3)
    bots = [make_bot("strong", seed=0), make_bot("basic"), make_bot("basic")]
    play_hand(g, bots)
    assert sum(g.tricks_won) == 7 or g.results[-1].thrown_in


def test_make_bot_levels() -> None:
    assert make_bot("random").level == "random"
    assert make_bot("basic").level == "basic"
    assert isinstance(make_bot("strong", bid_threshold=0.6), StrongBot)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")
    with pytest.raises(ValueError, match="nothing to do"):
        g = Game.new(seed=1)
        make_bot("basic").decide(g.view((g.to_act + 1) % 3))  # type: ignore[operator]


# -- information hiding ----------------------------------------------------------------------


def _other_layout(game: Game, seat: int, rng: random.Random) -> Game | None:
    """The same hand with the tiles ``seat`` cannot see dealt differently among the other
    seats, so that every action so far is still legal; ``None`` if the shuffle failed."""
    rules = game.rules
    history = [a for _, a in game.history]
    played: dict[int, list[Tile]] = {s: [] for s in range(rules.players)}
    for tr in game.tricks:
        for s, t in zip(tr.seats, tr.tiles, strict=True):
            played[s].append(t)
    for i, t in enumerate(game.current_trick):
        played[((game.leader or 0) + i) % rules.players].append(t)
    bidder = game.bidder
    widow = list(game.widow)
    keep = {t for t in widow} | ({game.discard} if game.discard else set())
    pool: list[Tile] = []
    sizes: dict[int, int] = {}
    for s in range(rules.players):
        if s == seat:
            continue
        free = [t for t in game.hands[s] if t not in keep]
        sizes[s] = len(free)
        pool += free
    if len(set(pool)) < 2:
        return None
    for _ in range(200):
        rng.shuffle(pool)
        new: dict[int, list[Tile]] = {}
        i = 0
        for s in sorted(sizes):
            new[s] = pool[i : i + sizes[s]]
            i += sizes[s]
        deal = []
        for s in range(rules.players):
            if s == seat:
                now = list(game.hands[s])
            else:
                now = new[s] + [t for t in game.hands[s] if t in keep]
            tiles = now + played[s]
            if s == bidder and game.widow_taken:
                if game.discard is not None:
                    tiles.append(game.discard)
                tiles = [t for t in tiles if t not in widow]
            deal.append(sorted(tiles))
        if deal == [sorted(h) for h in game.deal]:
            continue
        try:
            g2 = Game.from_deal(rules, deal, widow, game.first_bidder, seed=game.seed)
            for a in history:
                g2.apply(a)
        except IllegalAction:  # a seat's new tiles do not allow a play it made: shuffle again
            continue
        return g2
    return None


@pytest.mark.parametrize("players", [3, 4])
def test_same_view_same_decision_whatever_the_hidden_tiles(players: int) -> None:
    rules = RuleSet(players=players)
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        g = Game.from_deal(rules, Game.new(rules, seed=seed).hands, Game.new(rules, seed=seed).widow, 0, seed=seed)
        bots = [make_bot("basic", seed=s) for s in range(players)]
        stop_at = rng.randrange(1, 5)
        play_until(g, bots, lambda gg, k=stop_at: gg.phase == "playing" and len(gg.tricks) >= k)
        if g.phase != "playing":
            continue
        seat = g.to_act
        assert seat is not None
        g2 = _other_layout(g, seat, rng)
        if g2 is None:
            continue
        assert g2.hands != g.hands  # the hidden tiles really differ
        v1, v2 = g.view(seat), g2.view(seat)
        assert v1 == v2
        assert view_digest(v1) == view_digest(v2)
        for level in ("random", "basic", "strong"):
            opts = FAST if level == "strong" else {}
            d1 = make_bot(level, seed=9, **opts).decide(v1)
            d2 = make_bot(level, seed=9, **opts).decide(v2)
            assert d1.action == d2.action
            assert d1.explanation.summary == d2.explanation.summary
        checked += 1
        if checked >= 6:
            break
    assert checked >= 3


def test_same_view_and_seed_reproduce_the_decision_across_bots() -> None:
    g = Game.new(RuleSet(), seed=21)
    used = make_bot("strong", seed=4, **FAST)
    while not g.hand_finished:
        v = g.view(g.to_act)  # type: ignore[arg-type]
        a = used.decide(v)
        b = make_bot("strong", seed=4, **FAST).decide(v)
        assert a.action == b.action and a.explanation.summary == b.explanation.summary
        g.apply(a.action)


# -- sampling ------------------------------------------------------------------------------


def _true_layout(game: Game, seat: int) -> dict[int, tuple[Tile, ...]]:
    out = {s: tuple(game.hands[s]) for s in range(game.rules.players) if s != seat}
    view = game.view(seat)
    pile = [t for t in view.unseen() if not any(t in h for h in out.values())]
    if pile:
        out[PILE] = tuple(sorted(pile))
    return out


@pytest.mark.parametrize("rules", [RuleSet(), RuleSet(players=4), RuleSet(trump_before_widow=True), RuleSet(keep_double_blank=False)], ids=str)
def test_sampled_layouts_agree_with_everything_seen(rules: RuleSet) -> None:
    rng = random.Random(1)
    for seed in range(12):
        g = Game.new(rules, seed=seed)
        bots = [make_bot("random", seed=s) for s in range(rules.players)]
        steps = rng.randrange(0, 30)
        for _ in range(steps):
            if g.hand_finished:
                break
            g.apply(bots[g.to_act].decide(g.view(g.to_act)).action)  # type: ignore[index,arg-type]
        if g.hand_finished:
            continue
        for seat in range(rules.players):
            view = g.view(seat)
            c = Constraints.from_view(view)
            truth = _true_layout(g, seat)
            assert c.agrees(truth), "the real layout must be one of the possible ones"
            seen = set(view.hand) | set(view.played()) | set(view.widow) | ({view.discard} if view.discard else set())
            voids = shown_voids(g) if g.trump is not None else {}
            # the bidder knows the widow and its discard: nothing face down is hidden from it
            if seat == g.bidder and g.widow_taken:
                assert PILE not in c.holders
            for lay in c.samples(rng, 30):
                assert c.agrees(lay)
                for s in range(rules.players):
                    if s == seat:
                        continue
                    assert len(lay[s]) == view.hand_sizes[s]
                    assert not set(lay[s]) & seen
                    for t in lay[s]:
                        assert g.trump is None or not any(g.trump.follows(t, v) for v in voids[s])
            if c.count() <= 300:
                every = list(c.enumerate())
                assert len(every) == c.count()
                assert len({tuple(sorted((h, tuple(v)) for h, v in lay.items())) for lay in every}) == len(every)
                assert truth in every


@pytest.mark.slow
def test_sampling_is_uniform_over_layouts() -> None:
    tiles = list(parse_tiles("6-6 6-5 5-5 4-4 3-3"))
    c = Constraints.build([1, 2], [2, 3], tiles, {1: frozenset({6})}, Trump.parse("none"))
    every = list(c.enumerate())
    assert c.count() == len(every) == 3  # seat 1 holds 2 of 5-5, 4-4, 3-3
    rng = random.Random(3)
    counts: dict[tuple[Tile, ...], int] = {}
    for _ in range(3000):
        lay = c.sample(rng)
        counts[lay[1]] = counts.get(lay[1], 0) + 1
    assert len(counts) == 3
    assert all(800 < n < 1200 for n in counts.values())


def test_no_layout_raises() -> None:
    tiles = list(parse_tiles("6-6 6-5"))
    c = Constraints.build([1], [2], tiles, {1: frozenset({6})}, Trump.parse("none"))
    assert c.count() == 0
    with pytest.raises(ValueError):
        c.sample(random.Random(0))


# -- the strong bot's numbers --------------------------------------------------------------


def _late_position(seed: int, rules: RuleSet, tricks: int) -> Game | None:
    g = Game.new(rules, seed=seed)
    bots = [make_bot("basic", seed=s) for s in range(rules.players)]
    play_until(g, bots, lambda gg: gg.phase == "playing" and len(gg.tricks) >= tricks)
    return g if g.phase == "playing" else None


@pytest.mark.parametrize("players", [3, 4])
def test_analysis_matches_a_reference_minimax(players: int) -> None:
    rules = RuleSet(players=players)
    done = 0
    for seed in range(30):
        g = _late_position(seed, rules, 4 if players == 3 else 5)
        if g is None:
            continue
        # move to a mid-trick position sometimes
        if seed % 2:
            g.apply(make_bot("basic").decide(g.view(g.to_act)).action)  # type: ignore[arg-type]
        view = g.view(g.to_act)  # type: ignore[arg-type]
        c = Constraints.from_view(view)
        layouts = list(c.enumerate()) if c.count() <= 40 else c.samples(random.Random(seed), 40)
        assert view.trump is not None
        an = analyse_play(view, layouts, Solver(view.trump, players), c.count(), c.count() <= 40)
        me = view.seat
        scoring = {me, (me + 2) % 4} if players == 4 else {me}
        swon = sum(view.tricks_won[s] for s in scoring)
        assert view.bid is not None and view.bidder is not None
        bside = {view.bidder, (view.bidder + 2) % 4} if players == 4 else {view.bidder}
        need = 7 if view.bid == 21 else view.bid
        gside = bside if me in bside else set(range(players)) - bside
        gwon = sum(view.tricks_won[s] for s in gside)
        for t in an.tiles:
            tricks = 0.0
            hits = 0
            for lay in layouts:
                hands = [view.hand if s == me else lay[s] for s in range(players)]
                v = ref_move_values(hands, view.trump, view.leader, scoring, view.current_trick)[t]  # type: ignore[arg-type]
                tricks += swon + v
                gv = ref_move_values(hands, view.trump, view.leader, gside, view.current_trick)[t]  # type: ignore[arg-type]
                total = gwon + gv
                hits += total >= need if me in bside else total >= 8 - need
            assert an.tricks[t] == pytest.approx(tricks / len(layouts))
            assert an.goal_chance[t] == pytest.approx(hits / len(layouts))
        done += 1
        if done >= 4:
            break
    assert done >= 2


def _position(rules: RuleSet, hands: list[str], widow: str, actions: list[str]) -> Game:
    g = Game.from_deal(rules, [parse_tiles(h) for h in hands], parse_tiles(widow), 0, seed=1)
    for a in actions:
        g.apply(a)
    return g


def test_strong_bot_takes_a_sure_win_it_needs() -> None:
    # 3 players, no 0-0 (no widow). Seat 0 bids 7 with sixes trump and must take every trick.
    rules = RuleSet(keep_double_blank=False)
    hands = [
        "6-6 6-5 6-4 5-5 4-4 3-3 2-2",
        "6-3 5-4 5-3 4-3 3-2 2-1 1-1",
        "6-2 6-1 5-2 5-1 4-2 4-1 3-1",
    ]
    g = _position(rules, hands, "", ["bid 7", "pass", "pass", "trump 6"])
    d = make_bot("strong", seed=1).decide(g.view(0))
    # Leading the top trump wins the trick whatever the others hold, and draws trump.
    c = d.explanation.chosen
    assert str(d.action) in ("play 6-6", "play 6-5", "play 6-4")  # each beats every trump out
    assert "sure winner" in c.tags and "draws trump" in c.tags
    assert c.win_trick == 1.0
    assert "wins this trick in every one of" in d.explanation.summary
    # A double off-suit lead can be trumped (a defender void in twos holding a trump: about 2%
    # of layouts, too rare to show in 20 of them every time): with 400 layouts the numbers
    # show it, and the bot still leads a top trump.
    wide = make_bot("strong", seed=1, play_samples={7: 400}).decide(g.view(0))
    assert str(wide.action) in ("play 6-6", "play 6-5", "play 6-4")
    top = wide.explanation.chosen
    assert wide.explanation.candidate("play 2-2").goal_chance < top.goal_chance  # type: ignore[operator]


def test_strong_bot_wins_the_trick_cheaply_when_last() -> None:
    rules = RuleSet(keep_double_blank=False)
    hands = [
        "6-6 6-5 6-4 5-5 4-4 3-3 2-2",
        "6-3 5-4 5-3 4-3 3-2 2-1 1-1",
        "6-2 6-1 5-2 5-1 4-2 4-1 3-1",
    ]
    # Seat 1 bids 4 with fives trump; seat 0 (a defender) plays last to a four lead.
    g = Game.from_deal(rules, [parse_tiles(h) for h in hands], (), 1, seed=1)
    for a in ["bid 4", "pass", "pass", "trump 5", "play 4-3", "play 4-2"]:
        g.apply(a)
    assert g.to_act == 0
    d = make_bot("strong", seed=2).decide(g.view(0))
    # Seat 0 holds two fours, 6-4 and 4-4 (sixes are not trump); both beat 4-3, and the
    # bot wins with the cheaper one, keeping the double.
    assert d.action == Action.parse("play 6-4")
    assert "sure winner" in d.explanation.tags and "forced" not in d.explanation.tags
    assert d.explanation.chosen.win_trick == 1.0
    assert d.explanation.candidate("play 4-4").win_trick == 1.0


def test_strong_defender_overtakes_only_when_it_matters() -> None:
    # With the set decided, a 3-player defender still counts its own tricks.
    g = Game.new(RuleSet(), seed=8)
    bots = [make_bot("strong", seed=s, **FAST) for s in range(3)]
    play_until(g, bots, lambda gg: gg.phase == "playing" and len(gg.tricks) >= 6)
    assert g.phase == "playing" and len(g.tricks) == 6, "deal 8 must reach the last trick with these players"
    view = g.view(g.to_act)  # type: ignore[arg-type]
    d = make_bot("strong").decide(view)
    c = d.explanation.chosen
    assert c.tricks == max(x.tricks for x in d.explanation.candidates if x.goal_chance == c.goal_chance)  # type: ignore[type-var]


# -- explanations ------------------------------------------------------------------------------


def _percentages(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"(\d+)%", text)]


def test_play_explanations_quote_the_candidates_numbers() -> None:
    seen = 0
    for seed in range(6):
        g = Game.new(RuleSet(), seed=seed)
        bots = [make_bot("strong", seed=s, **FAST) for s in range(3)]
        while not g.hand_finished:
            seat = g.to_act
            view = g.view(seat)  # type: ignore[arg-type]
            d = bots[seat].decide(view)  # type: ignore[index]
            ex = d.explanation
            c = ex.chosen
            frame = explanation_frame(ex)
            assert len(frame) == len(view.legal_actions())
            assert int(frame["chosen"].sum()) == 1
            if view.phase == "playing":
                assert c.layouts == ex.layouts > 0
                for x in ex.candidates:
                    assert x.tricks is not None and x.goal_chance is not None and x.win_trick is not None
                    assert x.layouts == ex.layouts
                s = ex.summary
                assert str(d.action.value) in s
                # The layouts are described in full once, then referred back to.
                assert s.count("possible") == 1, s
                if not ex.exhaustive:
                    assert f"{ex.layouts} sampled layouts" in s
                else:
                    assert f"{ex.layouts} layouts" in s or (ex.layouts == 1 and "one " in s)
                gc = c.goal_chance
                assert gc is not None
                if gc not in (0.0, 1.0) and "the bid" in s:
                    if "fits the bidding" in s:  # a weighted share, said as a chance
                        assert round(100 * gc) in _percentages(s), s
                    elif ex.exhaustive:
                        assert f"in {round(gc * ex.layouts)} of the {ex.layouts} layouts" in s
                    else:
                        assert round(100 * gc) in _percentages(s)
                if "wins this trick in every one" in s:
                    assert c.win_trick == 1.0 and "sure winner" in c.tags
                m = re.search(r"take (\d+\.\d+) tricks on average, against (\d+\.\d+) with (\d-\d)", s)
                if m:
                    assert float(m.group(1)) == pytest.approx(c.tricks, abs=0.006)  # type: ignore[arg-type]
                    other = ex.candidate(f"play {m.group(3)}")
                    assert float(m.group(2)) == pytest.approx(other.tricks, abs=0.006)  # type: ignore[arg-type]
                seen += 1
            elif view.phase == "bidding" and d.action.kind == "bid" and d.action.value != 21:
                k = d.action.value
                chances = dict(c.bid_chances)
                # The candidate holds the chance the bid was chosen on: said first when every
                # deal counts whole, else in the sentence that says how deals were counted.
                rated = re.search(r"I rated this bid (\d+)% \(a rating, not the \d+% chance\)", ex.summary)
                said = int(rated.group(1)) if rated else _percentages(ex.summary)[0]
                assert round(100 * chances[k]) == said, ex.summary  # type: ignore[index]
                few = c.layouts < FEW_DEALS
                assert f"of {'only ' if few else ''}{c.layouts} simulated deals" in ex.summary
            elif view.phase in ("discard", "trump"):
                assert c.goal_chance is not None and round(100 * c.goal_chance) == _percentages(ex.summary)[0]
                assert f"{c.layouts} simulated deals" in ex.summary
            g.apply(d.action)
    assert seen > 20


def test_basic_bot_rules_of_thumb() -> None:
    rules = RuleSet(keep_double_blank=False)
    hands = [
        "6-6 6-5 6-4 6-3 5-5 4-4 2-1",
        "6-2 5-4 5-3 4-3 3-2 3-1 1-1",
        "6-1 5-2 5-1 4-2 4-1 3-3 2-2",
    ]
    g = Game.from_deal(rules, [parse_tiles(h) for h in hands], (), 0, seed=1)
    bot = make_bot("basic")
    d = bot.decide(g.view(0))
    assert d.action.kind == "bid" and isinstance(d.action.value, int) and d.action.value >= 4
    g.apply(d.action)
    g.apply("pass")
    g.apply("pass")
    d = bot.decide(g.view(0))
    assert d.action == Action.parse("trump 6")
    g.apply(d.action)
    d = bot.decide(g.view(0))
    assert d.action == Action.parse("play 6-6")  # draws trump with the top trump
    assert "draws trump" in d.explanation.tags
    g.apply(d.action)
    d = bot.decide(g.view(1))
    assert d.action == Action.parse("play 6-2")  # forced to follow trump
    g.apply(d.action)
    d = bot.decide(g.view(2))
    assert d.action == Action.parse("play 6-1")


def test_a_first_look_at_few_simulated_deals_is_said_to_be_one() -> None:
    """A contract choice worked out on a handful of simulated deals (the bid's first look)
    says "only 6 simulated deals (a quick first look, so a rough figure)", not a bare
    percentage "of 6 simulated deals"."""
    said = []
    g = Game.new(RuleSet(), 8)
    bots = [make_bot("strong", seed=80 + s) for s in range(3)]
    while g.phase == "bidding":
        d = bots[g.to_act].decide(g.view(g.to_act))
        n = max((c.layouts for c in d.explanation.candidates), default=0)
        if 0 < n < FEW_DEALS and "simulated deals" in d.explanation.summary:
            said.append(d.explanation.summary)
        g.apply(d.action)
    assert said, "a pass on a first look at few deals"
    for text in said:
        assert re.search(r"only \d+ simulated deals \(a quick first look, so a rough figure\)", text), text
        assert not re.search(r"(of|over) \d+ simulated deals", text), text
