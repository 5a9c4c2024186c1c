# ---
# jupyter:
#   jupytext:
#     formats: py:percent,ipynb
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Moon, with the engine in hand
#
# This notebook teaches the domino game **Moon** the way a lab teaches physics: read a short
# paragraph, run the cell under it, then change a tile and watch the rule bite. The
# instrument is Moon Tutor's own rules engine (`engine/`), the same one behind the app's
# lessons, puzzles and computer players, so what you see here is exactly what the app teaches.
#
# **How to run it.** From the project folder, `make notebook` starts Jupyter on this notebook
# inside the project's virtual environment (it creates `.venv` if needed). Run the cells
# from the top with *Run → Run All Cells*, or one at a time with Shift+Enter.
#
# **How it is organised.** The sections follow the course in the app: tiles and suits; trump;
# leading and following; winning tricks; bidding and the widow; scoring and the game; four
# players; house rules. Each section ends with exercises: write your answer in the cell, run
# it, and the engine says "correct" or tells you what is wrong. The answers are in a
# collapsed cell under each exercise; try first.
#
# The experiments (how often a bid makes, which trump to name, what the widow is worth, how
# the strong computer player fares against the basic one) are simulations. The two numbers
# below set their size and their seed: raise `SIMULATIONS` for smoother numbers, change
# `SEED` for other deals. Every chart says how many simulations and which seed it used.

# %% tags=["parameters"]
SIMULATIONS = 200  # deals per experiment; the test suite runs the notebook with a small number
SEED = 2026  # the seed of every experiment

# %%

import random

import pandas as pd
import plotly.express as px
import plotly.io as pio
from IPython.display import HTML, display

import engine
from engine import (
    Game,
    IllegalAction,
    RuleSet,
    Tile,
    Trump,
    explain_play,
    explain_winner,
    legal_plays,
    parse_tiles,
    tile_set,
)
from engine.svg import TileRow
from lessons import AnswerError, load_course

pd.set_option("display.max_columns", 30)
# Charts show in JupyterLab and also in an HTML export of the notebook (plotly.js is embedded).
pio.renderers.default = "plotly_mimetype+notebook"
px.defaults.color_discrete_sequence = px.colors.qualitative.Safe  # colour-blind safe


def show(*tiles, trump=None, playable=None):
    """Draw tiles with the engine's SVG (the same drawing as the app)."""
    display(TileRow(list(tiles), trump=trump, playable=playable))


class Progress:
    """A one-line progress bar that updates in place."""

    def __init__(self, total, label):
        self.total, self.label, self.done = total, label, 0
        self.handle = display(HTML(self._bar()), display_id=True)

    def _bar(self):
        width = 30
        filled = round(width * self.done / max(1, self.total))
        return f"<code>{self.label}: [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}</code>"

    def step(self):
        self.done += 1
        if self.done == self.total or self.done % max(1, self.total // 20) == 0:
            self.handle.update(HTML(self._bar()))


# The exercises are levels of the app's course (lessons/data): the same questions, graded by
# the same engine-backed checks.
LEVELS = {level.id: level for stage in load_course().stages for level in stage.levels}


def exercise(level_id):
    """Show an exercise: its question and the tiles it is about."""
    level = LEVELS[level_id]
    pos = level.position
    print(f"Exercise '{level_id}': {level.question}")
    if pos.trick:
        print(f"Trick so far (led by seat {pos.leader}):")
        show(*pos.trick, trump=pos.trump)
    for seat in sorted(pos.shown):
        if pos.has_hand(seat):
            print(f"Seat {seat}'s hand:")
            show(*pos.hand(seat), trump=pos.trump)
    if pos.tiles:
        show(*pos.tiles, trump=pos.trump)


def check(level_id, answer):
    """Grade an answer with the engine: prints "correct", or what is wrong and why."""
    if answer is None:
        print("Not answered yet: put your answer in the cell above and run it again.")
        return
    try:
        feedback = LEVELS[level_id].grade(answer)
    except AnswerError as error:
        print(f"That answer has the wrong shape: {error}")
        return
    print("correct" if feedback.correct else f"Not yet: {feedback.text}")


print(f"Moon Tutor engine {engine.__version__}")

# %% [markdown]
# ## 1. Tiles and suits
#
# A domino **tile** has two ends, each showing 0 (a blank) to 6 pips. The double-six set
# holds every pair once: 28 tiles. We write a tile high end first, so the tile with six and
# four pips is `6-4` (the engine reads `4-6` as the same tile).
#
# Three-player Moon takes the blanks out of the set, all but the **double blank** `0-0`,
# which leaves 22 tiles: seven for each player and one left over, the *widow*. That single
# spare tile is why 0-0 stays in — without it, 21 tiles deal out exactly and there is no
# widow. Four players use all 28 tiles, seven each.

# %%
for players, keep in [(3, True), (3, False), (4, True)]:
    tiles = tile_set(players, keep_double_blank=keep)
    label = f"{players} players" + ("" if keep else ", no 0-0")
    print(f"{label:>22}: {len(tiles)} tiles")
show(*tile_set(3))

# %% [markdown]
# **Suits.** There are seven suits, one per number: blanks, ones, twos, ... sixes. A tile that
# is not a double belongs to **both** of its numbers' suits: `5-3` is a five *and* a three. A
# double belongs to one suit only, and it is the **highest** tile of that suit. Below the
# double, a suit ranks by the *other* end: in the twos, `2-2` is top, then `6-2`, `5-2`, `4-2`,
# `3-2`, `2-1`.
#
# With no trump named, the engine can list each tile's suits and each suit's order:

# %%
no_trump = Trump.parse("none")
pd.DataFrame(
    {
        "tile": [str(t) for t in tile_set(3)],
        "suits": [", ".join(engine.describe_suit(s) for s in no_trump.suits_of(t)) for t in tile_set(3)],
    }
).set_index("tile").T

# %%
print("The twos, high to low:", [str(t) for t in no_trump.order(2) if t in tile_set(3)])
show(*[t for t in no_trump.order(2) if t in tile_set(3)])

# %% [markdown]
# ### Exercises
#
# Run the first cell of each exercise to see it, write your answer in the second and run it.
# The engine grades it. The answer is in the collapsed cell below (click to open).

# %%
exercise("tiles-moon-set")

# %%
answer = None  # a number
check("tiles-moon-set", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("tiles-moon-set", 22)

# %%
exercise("suits-two-suits")

# %%
answer = None  # a list of tiles, e.g. ["6-3"]
check("suits-two-suits", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("suits-two-suits", ["3-1", "3-3", "5-3"])

# %%
exercise("suits-rank-twos")

# %%
answer = None  # the tiles in order, strongest first
check("suits-rank-twos", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("suits-rank-twos", ["2-2", "6-2", "4-2", "2-1"])

# %% [markdown]
# ## 2. Trump
#
# After the bidding, the winner of the auction names **trump**. Trump is one of three things:
#
# * **A number, 0 to 6.** Every tile bearing that number becomes a trump, and it belongs to
#   the trump suit *only*. With sixes trump, `6-4` is a trump and no longer a four. The trump
#   suit ranks like any suit: the double on top, then by the other end (`6-6`, `6-5`, `6-4`,
#   ... `6-1`). With blanks trump in the 22-tile set, `0-0` is the one and only trump.
# * **Doubles.** The seven doubles form the trump suit, `6-6` high down to `0-0`, and they
#   leave their number suits. The fours then rank `6-4`, `5-4`, `4-3`, `4-2`, `4-1`: with
#   `4-4` gone, `6-4` is the top four.
# * **No trump** ("follow me"). Nothing is trump, and each double tops its own suit.
#
# The table below shows, for one hand, which suits each tile belongs to under every trump.
# Change the hand and run it again.

# %%
hand = parse_tiles("6-6 6-4 5-3 4-4 4-2 2-1 0-0")
pd.DataFrame(
    {
        str(trump): [", ".join(engine.describe_suit(s) for s in trump.suits_of(t)) for t in hand]
        for trump in engine.ALL_TRUMPS
    },
    index=[str(t) for t in hand],
)

# %%
doubles = Trump.parse("doubles")
print("Doubles trump, the trump suit:", [str(t) for t in doubles.order("trump")])
print("Doubles trump, the fours:     ", [str(t) for t in doubles.order(4)])
sixes = Trump.parse("6")
print("Sixes trump, the trump suit:  ", [str(t) for t in sixes.order("trump")])
print("Is 6-4 a four with sixes trump?", sixes.follows(Tile(6, 4), 4))

# %% [markdown]
# ### Exercises
#
# Run the first cell of each exercise to see it, write your answer in the second and run it.
# The engine grades it. The answer is in the collapsed cell below (click to open).

# %%
exercise("trump-leaves-suit")

# %%
answer = None  # a list of tiles
check("trump-leaves-suit", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("trump-leaves-suit", ["5-1", "5-3", "5-5"])

# %%
exercise("doubles-top-four")

# %%
answer = None  # the tiles in order, strongest first
check("doubles-top-four", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("doubles-top-four", ["6-4", "5-4", "4-3", "4-1"])

# %%
exercise("notrump-lead-double")

# %%
answer = None  # a suit: "0" to "6", or "trump"
check("notrump-lead-double", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("notrump-lead-double", "4")

# %% [markdown]
# ## 3. Leading and following
#
# The bidder leads the first trick with any tile; after that, whoever won the last trick
# leads. The lead decides the **suit of the trick**:
#
# * a trump led calls for trumps;
# * any other tile calls for the suit of its **higher end** (`5-3` leads fives; a double leads
#   its own number).
#
# Everyone else must **follow suit if they can**: play a trump to a trump lead, or a
# non-trump tile bearing the number led. A trump never follows a number suit, even when it
# shows that number. If you cannot follow, you may play anything: a trump (*trumping in*)
# or any other tile (*throwing off*). Trumping is never compulsory.
#
# `legal_plays` lists the tiles you may play, and `explain_play` says why, in words.

# %%
hand = parse_tiles("6-5 5-3 3-1 2-2")
for led, trump in [("5-1", "6"), ("3-2", "6"), ("4-2", "6"), ("6-1", "6")]:
    trick = parse_tiles(led)
    print(f"{led} led, {Trump.parse(trump).name} trump -> you may play", [str(t) for t in legal_plays(hand, trick, trump)])
    for t in hand:
        print("   ", explain_play(hand, trick, trump, t).text)

# %% [markdown]
# Notice `5-3`, the **two-suit tile**: it is the only five *and* the only three in the hand,
# so it must be played whether `5-1` (a five) or `3-2` (a three) is led. And `6-5` is a trump
# with sixes trump, so it cannot follow fives.
#
# A real game refuses an illegal play with an `IllegalAction` error that names the rule.
# Here seat 1 tries to keep its five:

# %%
game = Game.from_deal(
    RuleSet(),
    hands=["6-6 6-5 5-5 4-4 4-3 2-2 1-1", "5-3 6-2 3-1 2-1 4-1 0-0 6-1", "5-1 5-4 5-2 6-4 3-3 3-2 4-2"],
    widow=["6-3"],
    first_bidder=0,
)
for action in ["bid 5", "pass", "pass", "discard 1-1", "trump 6", "play 5-5"]:
    game.apply(action)
print("Seat 1 holds", [str(t) for t in game.hands[1]], "and 5-5 was led.")
try:
    game.apply("play 6-2")
except IllegalAction as error:
    print(f"IllegalAction ({error.code}): {error}")
print("Nothing changed: the trick is still", [str(t) for t in game.current_trick])

# %% [markdown]
# ### Exercises
#
# Run the first cell of each exercise to see it, write your answer in the second and run it.
# The engine grades it. The answer is in the collapsed cell below (click to open).

# %%
exercise("lead-high-end")

# %%
answer = None  # a suit: "0" to "6", or "trump"
check("lead-high-end", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("lead-high-end", "6")

# %%
exercise("follow-two-suit-threes")

# %%
answer = None  # a list of tiles
check("follow-two-suit-threes", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("follow-two-suit-threes", ["5-3"])

# %%
exercise("follow-trump-does-not-follow")

# %%
answer = None  # a list of tiles
check("follow-trump-does-not-follow", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("follow-trump-does-not-follow", ["5-3"])

# %% [markdown]
# ## 4. Winning a trick
#
# The **highest trump** played wins the trick. If nobody played a trump, the **highest tile
# of the suit led** wins. A tile that neither follows nor trumps can never win, however big.
# Inside the suit led, a following tile ranks by its other end: with `3-2` led, `5-3` counts as
# "the three-five" and beats `3-2`.

# %%
for tiles, trump in [("3-2 5-3 6-1", "none"), ("5-1 6-6 5-4", "6"), ("4-2 6-4 4-4", "doubles"), ("2-1 6-5 6-6", "3")]:
    trick = parse_tiles(tiles)
    print(f"{tiles:>12} ({Trump.parse(trump).name} trump): {explain_winner(trick, trump).text}")

# %% [markdown]
# Here is the same idea drawn as tiles. The trumps carry a star, and the tiles you may not
# play are striped and faded (so the marks never depend on colour alone):

# %%
hand = parse_tiles("6-5 5-3 3-1 2-2")
trick = parse_tiles("5-1")
show(*hand, trump=sixes, playable=legal_plays(hand, trick, sixes))

# %% [markdown]
# ### Exercises
#
# Run the first cell of each exercise to see it, write your answer in the second and run it.
# The engine grades it. The answer is in the collapsed cell below (click to open).

# %%
exercise("win-two-suit")

# %%
answer = None  # the index of the winning tile in the trick (the lead is 0)
check("win-two-suit", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("win-two-suit", 1)

# %%
exercise("win-overtrump")

# %%
answer = None  # the index of the winning tile in the trick (the lead is 0)
check("win-overtrump", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("win-overtrump", 2)

# %% [markdown]
# ## 5. Bidding and the widow
#
# Each player, clockwise from the first bidder, gets **one** chance to bid: pass, or a number
# of tricks from 4 to 7, or **21** — "shooting the moon", a promise to take all seven tricks.
# Every bid must beat the highest bid so far, and a 21 ends the auction at once. If everybody
# passes, the hand is thrown in and the next player bids first on a new deal.
#
# The winner of the auction, the **bidder**, takes the widow into hand (eight tiles), lays one
# tile face down (it may be the widow itself; nobody else sees it) and then names trump. The
# bidder leads the first trick.
#
# A `Game` walks through all of it. `legal_actions()` lists what the player to act may do.

# %%
game = Game.new(RuleSet(), seed=SEED)
print("Seat to bid first:", game.to_act)
for seat, tiles in enumerate(game.hands):
    print(f"seat {seat}:", " ".join(str(t) for t in tiles))
print("Choices now:", [str(a) for a in game.legal_actions()])

# %%
bidder = game.to_act
game.apply("bid 5")
game.apply("pass")
game.apply("pass")
print(f"Seat {game.bidder} won the auction with {game.bid}; phase: {game.phase}")
print("Bidder's eight tiles (the widow is now in hand):", " ".join(str(t) for t in game.hands[game.bidder]))
print("What seat", game.bidder, "sees of the widow:", [str(t) for t in game.view(game.bidder).widow])
print("What seat", (game.bidder + 1) % 3, "sees of the widow:", [str(t) for t in game.view((game.bidder + 1) % 3).widow])

# %% [markdown]
# Now the bidder discards one of its eight tiles and names trump. The other seats only learn
# *that* a tile was put aside, never which:

# %%
game.apply(f"discard {game.hands[game.bidder][0]}")
game.apply("trump 6")
print("Phase:", game.phase, "| trump:", game.trump.name, "| leader:", game.leader)
print("Seat", (game.bidder + 1) % 3, "sees the history as:",
      [(seat, str(a) if a else "discard (hidden)") for seat, a in game.view((game.bidder + 1) % 3).actions])

# %% [markdown]
# ### Experiments: what is a hand worth?
#
# A bid is a promise about tricks you have not played yet, so bidding is estimating. The
# experiments below estimate with the engine's **open-hands solver** (`engine.solver`): it
# plays a deal out perfectly with every hand face up, the bidder against the other two. Real
# play is done half-blind, so these numbers are a little optimistic, but they show clearly
# what makes a hand strong. Each experiment deals `SIMULATIONS` random hands from `SEED`.
#
# **Experiment 1: trumps, doubles and the bid.** Deal, give seat 0 the widow, let it name its
# best trump and discard its weakest tile (or the widow tile itself), then solve. How often does it take 4, 5, 6 tricks,
# by the number of trumps it holds?

# %%
from engine.deal import deal_hands
from engine.solver import solve


def weakest(tiles, trump):
    """The tile a simple bidder throws away: its lowest tile that is neither a trump nor a double."""
    spare = [t for t in tiles if not trump.is_trump(t) and not t.is_double] or list(tiles)
    return min(spare, key=lambda t: (t.high + t.low, t.high))


def best_contract(eight, others, rules, widow_tile):
    """Try each allowed trump, and two discards (the weakest tile, or the widow tile itself,
    which gives back the hand as dealt); solve each and keep the best."""
    best = None
    for trump in rules.trumps:
        for discard in {weakest(eight, trump), widow_tile}:
            hand = [t for t in eight if t is not discard]
            tricks = solve([hand, *others], trump, leader=0, side={0})
            if best is None or tricks > best["tricks"]:
                held = sum(trump.is_trump(t) for t in hand)
                best = {"trump": str(trump), "discard": str(discard), "tricks": tricks, "trumps held": held}
    return best


rules = RuleSet()
rows = []
bar = Progress(SIMULATIONS, "deals solved")
for i in range(SIMULATIONS):
    hands, widow = deal_hands(rules.tiles, 3, SEED, i + 1)
    eight = sorted(hands[0] + widow)
    row = best_contract(eight, hands[1:], rules, widow[0])
    row["doubles held"] = sum(t.is_double for t in eight)
    rows.append(row)
    bar.step()
deals = pd.DataFrame(rows)
deals.head()

# %%
by_trumps = (
    deals.assign(**{f"makes {k}": deals["tricks"] >= k for k in (4, 5, 6)})
    .groupby("trumps held")[["makes 4", "makes 5", "makes 6"]]
    .mean()
    .mul(100)
    .round(0)
)
by_trumps["deals"] = deals.groupby("trumps held").size()
fig = px.line(
    by_trumps.reset_index().melt(id_vars=["trumps held", "deals"], value_vars=["makes 4", "makes 5", "makes 6"],
                                 var_name="bid", value_name="% of deals"),
    x="trumps held", y="% of deals", color="bid", markers=True,
    title=f"How often the bidder takes 4, 5, 6 tricks, by trumps held ({SIMULATIONS} deals, seed {SEED}, open hands)",
)
fig.show()
by_trumps

# %% [markdown]
# And by doubles: every double is the top of its suit (or a trump under doubles), so doubles
# win tricks too. The table shows the average number of tricks taken for each mix.

# %%
deals.pivot_table(index="trumps held", columns="doubles held", values="tricks", aggfunc="mean").round(1)

# %% [markdown]
# **Experiment 2: which trump to name?** Take one hand and, for every trump, deal the unseen
# tiles many ways and solve each. The heatmap shows how often each bid would make under each
# trump: the best trump is the row that stays bright the longest.

# %%
rng = random.Random(SEED)
hands, widow = deal_hands(rules.tiles, 3, SEED, 1)
my_eight = sorted(hands[0] + widow)
print("The bidder's eight tiles (hand and widow):")
show(*my_eight)
unseen = [t for t in rules.tiles if t not in my_eight]
layouts = max(8, SIMULATIONS // 4)
chances = {}
bar = Progress(layouts * len(rules.trumps), "layouts solved")
for trump in rules.trumps:
    hand = [t for t in my_eight if t is not weakest(my_eight, trump)]
    results = []
    for _ in range(layouts):
        rest = unseen[:]
        rng.shuffle(rest)
        results.append(solve([hand, rest[:7], rest[7:14]], trump, leader=0, side={0}))
        bar.step()
    chances[trump.name] = {bid: 100 * sum(r >= bid for r in results) / layouts for bid in (4, 5, 6, 7)}
chance_table = pd.DataFrame(chances).T.round(0)
px.imshow(
    chance_table, text_auto=True, color_continuous_scale="Cividis", aspect="auto",
    labels={"x": "bid", "y": "trump", "color": "% makes"},
    title=f"Chance to make each bid, by trump ({layouts} layouts per trump, seed {SEED}, open hands)",
).show()

# %% [markdown]
# **Experiment 3: what is the widow worth?** The same deals as experiment 1, solved twice:
# once with the widow taken and a tile discarded, once as if the bidder had to play the seven
# tiles it was dealt. The widow can never hurt: the bidder may always discard the widow tile
# itself and play the hand it was dealt.

# %%
rows = []
bar = Progress(SIMULATIONS, "deals solved twice")
for i in range(SIMULATIONS):
    hands, widow = deal_hands(rules.tiles, 3, SEED, i + 1)
    with_widow = best_contract(sorted(hands[0] + widow), hands[1:], rules, widow[0])["tricks"]
    without = max(solve([hands[0], *hands[1:]], trump, leader=0, side={0}) for trump in rules.trumps)
    rows.append({"with the widow": with_widow, "without": without})
    bar.step()
widow_value = pd.DataFrame(rows)
gain = (widow_value["with the widow"] - widow_value["without"]).value_counts().sort_index()
px.bar(
    x=gain.index.astype(str), y=gain.values, labels={"x": "extra tricks from the widow", "y": "deals"},
    title=f"Tricks gained by taking the widow ({SIMULATIONS} deals, seed {SEED}, open hands)",
).show()
print(f"On average the widow adds {(widow_value['with the widow'] - widow_value['without']).mean():.2f} tricks.")

# %% [markdown]
# ### Exercises
#
# Run the first cell of each exercise to see it, write your answer in the second and run it.
# The engine grades it. The answer is in the collapsed cell below (click to open).

# %%
exercise("bid-winner")

# %%
answer = None  # a seat
check("bid-winner", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("bid-winner", 1)

# %%
exercise("bid-moon-ends")

# %%
answer = None  # a seat
check("bid-moon-ends", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("bid-moon-ends", 1)

# %% [markdown]
# ## 6. Scoring and winning the game
#
# All seven tricks are always played out. Then, with three players:
#
# * the bidder **makes** the bid by taking at least that many tricks (all seven for a 21) and
#   scores **+bid** — no bonus for extra tricks — or is **set** and scores **−bid**;
# * each other player scores **+1 for every trick** they took, whatever happened to the bid;
# * a made 21 wins the whole game at once; a set 21 costs 21 points.
#
# The game goes to **21 points**, checked at the end of each hand. Scores can go below zero.
# If two or more players are tied for the top at 21 or more, nobody has won yet: play goes on,
# hand by hand, until one of them is strictly ahead.
#
# Let us play the hand above to the end with a very simple policy (always the first legal
# tile) and read the score:

# %%
while game.phase == "playing":
    game.apply(game.legal_actions()[0])
result = game.results[-1]
print("Tricks by seat:", game.tricks_won)
print(result.describe())
print("Score change by seat:", result.change, "-> scores", game.scores)

# %% [markdown]
# Every trick is listed with its winner and the reason:

# %%
pd.DataFrame(
    [
        {
            "trick": i + 1,
            "led by": t.leader,
            "tiles (in play order)": " ".join(str(x) for x in t.tiles),
            "won by": t.winner,
            "why": explain_winner(t.tiles, game.trump).text,
        }
        for i, t in enumerate(game.tricks)
    ]
).set_index("trick")

# %% [markdown]
# ### Experiment 4: the strong computer player against the basic one
#
# The app's computer players come in levels. The **basic** player follows rules of thumb (bid
# from doubles and trump length, draw trumps, win cheaply, throw off the lowest tile). The
# **strong** player imagines many layouts of the tiles it cannot see, solves each one, and
# plays what works best on average. Here one strong player sits with two basic ones, taking
# each seat in turn, for a number of single hands. Points per hand tell who plays better.

# %%
from engine.ai import make_bot

MATCH_HANDS = max(3, SIMULATIONS // 10)
rows = []
bar = Progress(MATCH_HANDS, "hands played")
for h in range(MATCH_HANDS):
    match = Game.new(RuleSet(), seed=SEED + h)
    strong_seat = h % 3
    bots = [make_bot("strong" if seat == strong_seat else "basic", seed=SEED + 10 * h + seat) for seat in range(3)]
    while not match.hand_finished:
        seat = match.to_act
        match.apply(bots[seat].decide(match.view(seat)).action)
    result = match.results[-1]
    for seat in range(3):
        rows.append({"hand": h + 1, "player": "strong" if seat == strong_seat else "basic",
                     "points": result.change[seat], "was bidder": result.bidder == seat})
    bar.step()
match_table = pd.DataFrame(rows)
per_hand = match_table.groupby("player")["points"].mean().round(2)
px.bar(
    per_hand.reset_index(), x="player", y="points", text="points",
    labels={"points": "average points per hand"},
    title=f"Strong vs basic: points per hand ({MATCH_HANDS} hands, seed {SEED})",
).show()
match_table.pivot_table(index="hand", columns="player", values="points", aggfunc="sum")

# %% [markdown]
# ### Exercises
#
# Run the first cell of each exercise to see it, write your answer in the second and run it.
# The engine grades it. The answer is in the collapsed cell below (click to open).

# %%
exercise("score-set")

# %%
answer = None  # a list of score changes, by seat
check("score-set", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("score-set", [2, -5, 1])

# %%
exercise("game-tie")

# %%
answer = None  # a seat, or "nobody"
check("game-tie", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("game-tie", "nobody")

# %% [markdown]
# ## 7. Four players: partnership Moon
#
# With four players the whole 28-tile set is dealt, seven each, and there is no widow. Partners
# sit opposite: seats 0 and 2 against seats 1 and 3. The bidder names trump straight after the
# auction; the bidding team makes its bid when the two partners' tricks *together* reach it,
# and the other team scores a point per trick. Scores are kept by team.

# %%
four = Game.new(RuleSet(players=4), seed=SEED)
print("hands:", [len(h) for h in four.hands], "widow:", list(four.widow), "scores by team:", four.scores)
while not four.hand_finished:
    actions = four.legal_actions()
    four.apply(actions[1] if four.phase == "bidding" and len(four.bids) == 0 else actions[0])
print(four.results[-1].describe())

# %% [markdown]
# ### Exercises
#
# Run the first cell of each exercise to see it, write your answer in the second and run it.
# The engine grades it. The answer is in the collapsed cell below (click to open).

# %%
exercise("four-team-made")

# %%
answer = None  # a list of score changes, by team
check("four-team-made", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("four-team-made", [2, 5])

# %% [markdown]
# ## 8. House rules
#
# Moon is a folk game and tables play it differently. Moon Tutor's default is the classic
# three-player game; every other reading is a switch in `RuleSet`, and every saved hand
# records which switches were on. Here they all are:

# %%
pd.DataFrame(
    [{"rule": k, "default": v, "what it does": engine.VARIANTS[k]} for k, v in RuleSet().to_dict().items()]
).set_index("rule")

# %% [markdown]
# Some switches change the tiles, some the auction, some the scoring. A few examples:

# %%
no_blank = RuleSet(keep_double_blank=False)
print("No double blank:", len(no_blank.tiles), "tiles, widow:", no_blank.has_widow,
      "| trumps the bidder may name:", [str(t) for t in no_blank.trumps])
print("Minimum bid 3:  bids", RuleSet(min_bid=3).bid_values)
forced = Game.new(RuleSet(all_pass="force-last"), seed=SEED)
forced.apply("pass")
forced.apply("pass")
print("Force the last bidder: after two passes the choices are", [str(a) for a in forced.legal_actions()])
print("Marks: the target is", RuleSet(scoring="marks").target, "marks")

# %% [markdown]
# ### Exercises
#
# Run the first cell of each exercise to see it, write your answer in the second and run it.
# The engine grades it. The answer is in the collapsed cell below (click to open).

# %%
exercise("house-force-last")

# %%
answer = None  # a list of calls, e.g. ["pass", "bid 4"]
check("house-force-last", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("house-force-last", ["bid 4", "bid 5", "bid 6", "bid 7", "bid 21"])

# %%
exercise("house-marks")

# %%
answer = None  # a list of marks, by seat
check("house-marks", answer)

# %% tags=["solution"] jupyter={"source_hidden": true}
check("house-marks", [1, 0, 1])
