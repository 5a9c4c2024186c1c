"""The simple computer players: :class:`RandomBot` (a legal action at random) and
:class:`BasicBot` (rules of thumb)."""

from __future__ import annotations

from engine.actions import Action
from engine.contract import tricks_needed
from engine.game import PlayerView
from engine.players.base import Bot, PhaseBot
from engine.players.decision import Candidate, Decision, Explanation
from engine.players.facts import (
    TRUMP_ORDER,
    best_trumps,
    heuristic_discard,
    keep_value,
    mark,
    play_tags,
    tags_for,
    unseen_beats,
)
from engine.players.reasons import (
    FAIR_DISCARD,
    basic_bid_reason,
    basic_discard_reason,
    basic_follow_reason,
    basic_lead_reason,
    hand_features,
    random_reason,
    table_play_reason,
    trump_reason,
)
from engine.tiles import Tile
from engine.trump import TRUMP, Trump, describe_suit
from engine.words import action_phrase
from engine.words import number_word as word

__all__ = ["BasicBot", "RandomBot"]


class RandomBot(Bot):
    """Picks a legal action at random (reproducibly, from its seed and the view)."""

    level = "random"

    def _decide(self, view: PlayerView, legal: list[Action]) -> Decision:
        a = self.rng(view).choice(legal)
        cands = mark([Candidate(x, tags_for(view, x)) for x in legal], a)
        summary = (
            f"I {action_phrase(a, at=view)} at random: it is one of my {len(legal)} legal choices."
            if len(legal) > 1
            else f"I {action_phrase(a, at=view)}: it is my only legal choice."
        )
        reason = random_reason(len(legal) == 1)
        return Decision(a, Explanation(summary, cands, tags_for(view, a), reason=reason))


class BasicBot(PhaseBot):
    """Rules of thumb: bid from doubles and trump length (the highest bid its count reaches,
    counting half a trick for the widow and a quarter for naming trump and leading first), draw
    trump, win cheaply, throw off the lowest tile."""

    level = "basic"

    def __init__(self, seed: int | None = None, *, margin: float = 0.0, lead_bonus: float = 0.25) -> None:
        super().__init__(seed)
        #: tricks taken off the count before bidding (a safety margin)
        self.margin = margin
        #: tricks added to the count for the bidder's edge: it names trump and leads first, so
        #: it usually takes a little more than the tiles alone count for
        self.lead_bonus = lead_bonus

    # bidding, discard, trump
    def _bid(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        widow_bonus = 0.5 if rules.has_widow else 0.0
        ranked = best_trumps(view.hand, rules)
        est, trump = ranked[0]
        est += widow_bonus + self.lead_bonus - self.margin
        cands = []
        choice: Action | None = None
        for a in legal:
            score = 0.0
            if a.kind == "bid":
                assert isinstance(a.value, int)
                score = est - tricks_needed(a.value)
                if a.value == 21:
                    score -= 1.0
            cands.append(Candidate(a, tags_for(view, a), trump=trump, score=round(score, 2)))
        bids = [a for a in legal if a.kind == "bid" and a.value != 21]
        ok = [a for a in bids if isinstance(a.value, int) and a.value <= est]
        if ok:
            choice = max(ok, key=lambda a: a.value if isinstance(a.value, int) else 0)
        elif Action("pass") in legal:
            choice = Action("pass")
        else:
            choice = min(bids or legal, key=lambda a: a.value if isinstance(a.value, int) else 99)
        count = hand_features(view.hand, trump)
        with_widow = " with the widow's help and the lead" if widow_bonus else " with the lead"
        base = f"I count {count}: about {est:.1f} tricks{with_widow} with {trump.name} trump"
        if choice.kind == "bid":
            summary = f"I bid {choice.value}: {base}."
        elif choice.kind == "pass":
            high = max((b for _, b in view.bids), default=0)
            why = f", not enough to bid over {high}" if high else f", short of the {rules.min_bid} I need"
            summary = f"I pass: {base}{why}."
        else:
            summary = f"I {action_phrase(choice, at=view)}: {base}."
        value = choice.value if isinstance(choice.value, int) else None
        reason = basic_bid_reason(view, choice.kind, value, est, trump)
        fair = basic_bid_reason(view, choice.kind, value, est, trump, fair=True)
        return Decision(choice, Explanation(summary, mark(cands, choice), tags_for(view, choice), reason=reason,
                                            table_reason=fair))

    def _discard(self, view: PlayerView, legal: list[Action]) -> Decision:
        rules = view.rules
        trump = view.trump if view.trump is not None else best_trumps(view.hand, rules)[0][1]
        cands = []
        for a in legal:
            assert isinstance(a.value, Tile)
            cands.append(Candidate(a, tags_for(view, a), trump=trump, score=-keep_value(a.value, trump)))
        tile = heuristic_discard(view.hand, trump)
        choice = Action.discard(tile)
        summary = (
            f"I discard {tile}: with {trump.name} trump it is the tile least worth keeping "
            f"(keep value {keep_value(tile, trump):.0f}, the lowest of my {len(legal)})."
        )
        reason = basic_discard_reason(view, tile, trump)
        return Decision(choice, Explanation(summary, mark(cands, choice), tags_for(view, choice), reason=reason,
                                            table_reason=FAIR_DISCARD))

    def _trump(self, view: PlayerView, legal: list[Action]) -> Decision:
        ranked = {t: e for e, t in best_trumps(view.hand, view.rules)}
        cands = []
        for a in legal:
            assert isinstance(a.value, Trump)
            cands.append(Candidate(a, tags_for(view, a), trump=a.value, score=round(ranked[a.value], 2)))

        def key(c: Candidate) -> tuple[float, int]:
            assert c.trump is not None
            return (c.score or 0.0, -TRUMP_ORDER[c.trump])

        best = max(cands, key=key)
        choice = best.action
        summary = f"I {action_phrase(choice, at=view)}: I count about {best.score:.1f} tricks with it, the most of any trump."
        assert best.trump is not None
        # The trump its bid counted with, on the hand as dealt (the widow out, the discard
        # back): when the widow made another trump better, the reason says so.
        dealt = sorted((set(view.hand) | ({view.discard} if view.discard is not None else set())) - set(view.widow))
        bid_trump = best_trumps(tuple(dealt), view.rules)[0][1] if view.widow else None
        reason = trump_reason(view, best.trump, "count", bid_trump=bid_trump)
        fair = trump_reason(view, best.trump, "count", fair=True, bid_trump=bid_trump)
        return Decision(choice, Explanation(summary, mark(cands, choice), tags_for(view, choice), reason=reason,
                                            table_reason=fair))

    # play
    def _play(self, view: PlayerView, legal: list[Action]) -> Decision:
        trump = view.trump
        assert trump is not None
        tiles = [a.value for a in legal if isinstance(a.value, Tile)]
        trick = view.current_trick
        n = view.rules.players
        why: str
        if len(tiles) == 1:
            tile = tiles[0]
            why = "it is my only legal play"
            reason = basic_follow_reason(view, tile, "only", tile)
        elif not trick:
            tile, why, rule = self._lead(view, tiles)
            reason = basic_lead_reason(view, tile, rule)
        else:
            suit = trump.suit_led(trick[0])
            powers = [trump.power(t, suit) for t in trick]
            best_i = max(range(len(trick)), key=lambda i: powers[i])
            best_seat = ((view.leader or 0) + best_i) % n
            best_p = powers[best_i]
            partner_wins = n == 4 and best_seat == (view.seat + 2) % 4
            winners = sorted((t for t in tiles if trump.power(t, suit) > best_p), key=lambda t: trump.power(t, suit))
            cheapest = min(tiles, key=lambda t: (keep_value(t, trump), t.index))
            if partner_wins:
                tile = cheapest
                why = (f"every tile I may play beats my partner's {trick[best_i]}, so I play my cheapest tile"
                       if trump.power(tile, suit) > best_p else
                       f"my partner is winning the trick with {trick[best_i]}, so I play my cheapest tile")
                rule = "partner"
            elif winners:
                tile = winners[0]
                k = len(winners)
                why = f"it is the cheapest of my {word(k)} tile{'s' if k > 1 else ''} that beat {trick[best_i]}"
                rule = "beat"
            else:
                tile = cheapest
                why = f"none of my tiles beats {trick[best_i]}, so I keep my better tiles"
                rule = "none"
            reason = basic_follow_reason(view, tile, rule, trick[best_i])
        choice = Action.play(tile)
        cands = []
        for a in legal:
            t = a.value
            assert isinstance(t, Tile)
            cands.append(Candidate(a, play_tags(view, t), score=round(-keep_value(t, trump), 2)))
        summary = f"I {action_phrase(choice, at=view)}: {why}."
        return Decision(choice, Explanation(summary, mark(cands, choice), play_tags(view, tile), reason=reason,
                                            table_reason=table_play_reason(view, tile)))

    def _lead(self, view: PlayerView, tiles: list[Tile]) -> tuple[Tile, str, str]:
        """The lead, its summary words and its rule (``draw``, ``boss``, ``double``, ``cheap``)."""
        trump = view.trump
        assert trump is not None
        unseen = view.unseen()
        out_trumps = [u for u in unseen if trump.is_trump(u)]
        my_trumps = sorted((t for t in tiles if trump.is_trump(t)), key=lambda t: -trump.power(t, TRUMP))
        if my_trumps and out_trumps:
            top = my_trumps[0]
            if not unseen_beats(view, top, TRUMP):
                k = len(out_trumps)
                return top, (
                    f"it is the highest trump left, and {word(k)} trump{'s are' if k != 1 else ' is'} "
                    "still out, so I draw trump"
                ), "draw"
        # A tile nothing unseen can beat in its own suit, with no trump out to ruff it.
        for t in sorted(tiles, key=lambda t: -keep_value(t, trump)):
            suit = trump.suit_led(t)
            if not unseen_beats(view, t, suit) and (suit == TRUMP or not out_trumps):
                return t, "no tile still out can beat it", "boss"
        non_trumps = [t for t in tiles if not trump.is_trump(t)]
        doubles = [t for t in non_trumps if t.is_double]
        if doubles:
            t = max(doubles, key=lambda d: d.high)
            return t, f"it is the top tile of {describe_suit(t.high)}", "double"
        pool = non_trumps or tiles
        t = min(pool, key=lambda t: (keep_value(t, trump), t.index))
        return t, "it is my cheapest tile to give up the lead with", "cheap"
