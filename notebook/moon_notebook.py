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
# inside the project's virtual environment. Run the cells from the top with
# *Run → Run All Cells*, or one at a time with Shift+Enter.
#
# **How it is organised.** The sections follow the course in the app: tiles and suits; trump;
# leading and following; winning tricks; bidding and the widow; scoring and the game; four
# players; house rules. Each section ends with exercises: write your answer in the cell and
# run it. The engine grades it: a first wrong answer gets a hint, a second one the engine's
# reason. `reveal("…")` under each exercise shows the engine's own answer, folded until you
# click it: try first.
#
# The experiments are simulations. Each one asks you to **predict first**, runs a small
# classroom-sized version here, and ends with **What this shows**, written from a much larger
# reference run (the text says how many deals and which seed, and the command that repeats it).
# The two numbers below set the size and seed of the classroom runs.

# %% tags=["parameters"]
SIMULATIONS = 200  # deals per experiment; the test suite runs the notebook with a small number
SEED = 2026  # the seed of every experiment

# %%
import pandas as pd
import plotly.express as px
import plotly.io as pio
from IPython.display import display

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
from engine.players import make_bot
from engine.words import trump_phrase
from notebook import experiments  # the experiments: dealt hands solved, strong against basic
from notebook.display import MIN_DEALS, Progress, set_by_suit, show, table  # tile pictures, tables
from notebook.exercises import check, exercise, reveal  # exercises graded by the engine
from notebook.experiments import DISCARD_DEAL, solve_contract  # noqa: F401

pd.set_option("display.max_colwidth", None)  # never cut text off
# Charts show in JupyterLab and also in an HTML export of the notebook (plotly.js is embedded).
pio.renderers.default = "plotly_mimetype+notebook"
px.defaults.color_discrete_sequence = px.colors.qualitative.Safe  # colour-blind safe
px.defaults.width = 900
print(f"Moon Tutor engine {engine.__version__}")

# %% [markdown]
# ## One hand, from deal to score
#
# Before any rule, watch a whole hand. Three computer players are dealt seven tiles each; they
# **bid** how many of the seven **tricks** they will take; the highest bidder names **trump**
# and leads; each trick is one tile from each player, and the best tile wins it. Then the hand
# is scored. Every word in bold gets its own section below.

# %%
game = Game.new(RuleSet(), seed=SEED)
bots = [make_bot("basic", seed=seat) for seat in range(3)]
while not game.hand_finished:
    game.apply(bots[game.to_act].decide(game.view(game.to_act)).action)
print("Bids:", ", ".join(f"seat {s} {'passes' if b == 0 else f'bids {b}'}" for s, b in game.bids))
print(f"Seat {game.bidder} won the auction with {game.bid} and named {trump_phrase(game.trump)}.")
for n, trick in enumerate(game.tricks, 1):
    print(f"  trick {n}: {' '.join(map(str, trick.tiles))}  (seat {trick.leader} led; seat {trick.winner} won)")
print(game.results[-1].describe())

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
    label = f"{players} players" + ("" if keep else ", no 0-0")
    print(f"{label:>22}: {len(tile_set(players, keep_double_blank=keep))} tiles")
show(*tile_set(3))

# %% [markdown]
# **Suits.** There are seven suits, one per number: blanks, ones, twos, ... sixes. A tile that
# is not a double belongs to **both** of its numbers' suits: `5-3` is a five *and* a three. A
# double belongs to one suit only, and it is the **highest** tile of that suit. Below the
# double, a suit ranks by the *other* end: in the twos, `2-2` is top, then `6-2`, `5-2`, `4-2`,
# `3-2`, `2-1`.
#
# With no trump named, here is the 22-tile set suit by suit, each suit in rank order. Every
# tile but a double shows up twice, once in each of its suits; the blanks hold only `0-0`.

# %%
table(set_by_suit(tile_set(3), "none"), index="suit")

# %%
twos = [t for t in Trump.parse("none").order(2) if t in tile_set(3)]
print("The twos, high to low:", " ".join(map(str, twos)))
show(*twos)

# %% [markdown]
# ### Exercises
#
# Run the first cell of each exercise to see it, write your answer in the second and run it.
# The third cell holds the engine's answer, folded: open it only after you have tried.

# %%
exercise("tiles-moon-set")

# %%
answer = None  # a number
check("tiles-moon-set", answer)

# %%
reveal("tiles-moon-set")

# %%
exercise("suits-two-suits")

# %%
answer = None  # a list of tiles, e.g. ["6-3"]
check("suits-two-suits", answer)

# %%
reveal("suits-two-suits")

# %%
exercise("suits-rank-twos")

# %%
answer = None  # the tiles in order, strongest first
check("suits-rank-twos", answer)

# %%
reveal("suits-rank-twos")

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
table(
    [
        {"tile": str(t)}
        | {trump_phrase(trump): ", ".join(engine.describe_suit(s) for s in trump.suits_of(t)) for trump in engine.ALL_TRUMPS}
        for t in hand
    ],
    index="tile",
)

# %%
doubles, sixes = Trump.parse("doubles"), Trump.parse("6")
three_player = set(tile_set(3))
for label, trump, suit in [("Doubles trump, the trump suit", doubles, "trump"), ("Doubles trump, the fours", doubles, 4),
                           ("Sixes trump, the trump suit", sixes, "trump")]:
    print(f"{label + ':':<31}", " ".join(str(t) for t in trump.order(suit) if t in three_player))
print("Is 6-4 a four with sixes trump?", sixes.follows(Tile(6, 4), 4))

# %% [markdown]
# ### Exercises

# %%
exercise("trump-leaves-suit")

# %%
answer = None  # a list of tiles
check("trump-leaves-suit", answer)

# %%
reveal("trump-leaves-suit")

# %%
exercise("doubles-top-four")

# %%
answer = None  # the tiles in order, strongest first
check("doubles-top-four", answer)

# %%
reveal("doubles-top-four")

# %%
exercise("notrump-lead-double")

# %%
answer = None  # a suit: "0" to "6", or "trump"
check("notrump-lead-double", answer)

# %%
reveal("notrump-lead-double")

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
for led in ["5-1", "3-2", "4-2", "6-1"]:
    trick = parse_tiles(led)
    print(f"{led} led, sixes trump -> you may play", " ".join(str(t) for t in legal_plays(hand, trick, sixes)))
    for t in hand:
        print("   ", explain_play(hand, trick, sixes, t).text)

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
print("Seat 1 holds", " ".join(map(str, game.hands[1])), "and 5-5 was led.")
try:
    game.apply("play 6-2")
except IllegalAction as error:
    print(f"IllegalAction ({error.code}): {error}")
print("Nothing changed: the trick is still", " ".join(map(str, game.current_trick)))

# %% [markdown]
# ### Exercises

# %%
exercise("lead-high-end")

# %%
answer = None  # a suit: "0" to "6", or "trump"
check("lead-high-end", answer)

# %%
reveal("lead-high-end")

# %%
exercise("follow-two-suit-threes")

# %%
answer = None  # a list of tiles
check("follow-two-suit-threes", answer)

# %%
reveal("follow-two-suit-threes")

# %%
exercise("follow-plain-suit-led")

# %%
answer = None  # a list of tiles
check("follow-plain-suit-led", answer)

# %%
reveal("follow-plain-suit-led")

# %% [markdown]
# ## 4. Winning a trick
#
# The **highest trump** played wins the trick. If nobody played a trump, the **highest tile
# of the suit led** wins. A tile that neither follows nor trumps can never win, however big.
# Inside the suit led, a following tile ranks by its other end: with `4-1` led, `6-4` counts as
# "the four-six" and beats `4-1`, while `6-2` does not follow fours and cannot win.

# %%
for tiles, trump in [("4-1 6-4 6-2", "none"), ("5-1 6-6 5-4", "6"), ("4-2 6-4 4-4", "doubles"), ("2-1 6-5 6-6", "3")]:
    print(f"{tiles} ({trump_phrase(Trump.parse(trump))}): {explain_winner(parse_tiles(tiles), trump).text}")

# %% [markdown]
# Here is the same idea drawn as tiles. The trumps carry a star, and the tiles you may not
# play are striped and faded (so the marks never depend on colour alone):

# %%
hand, trick = parse_tiles("6-5 5-3 3-1 2-2"), parse_tiles("5-1")
show(*hand, trump=sixes, playable=legal_plays(hand, trick, sixes))

# %% [markdown]
# ### Exercises
#
# Where a question asks for the index of a tile in the trick (the lead is 0), you may also
# answer with the tile itself, like `"5-3"`.

# %%
exercise("win-two-suit")

# %%
answer = None  # the winning tile ("6-4") or its index in the trick (the lead is 0)
check("win-two-suit", answer)

# %%
reveal("win-two-suit")

# %%
exercise("win-overtrump")

# %%
answer = None  # the winning tile or its index in the trick
check("win-overtrump", answer)

# %%
reveal("win-overtrump")

# %% [markdown]
# The next one is a trap for the eye: the biggest tile on the table is not the strongest.

# %%
exercise("lab-low-trump")

# %%
answer = None  # a tile of your hand, like "5-4"
check("lab-low-trump", answer)

# %%
reveal("lab-low-trump")

# %% [markdown]
# ## 5. Bidding and the widow
#
# Each player, clockwise from the first bidder, gets **one** chance to bid: pass, or a number
# of tricks from 4 to 7, or **21** — "shooting the moon", a promise to take all seven tricks.
# Every bid must beat the highest bid so far, and a 21 ends the auction at once. The first
# bidder moves one seat clockwise every hand. If everybody passes, the hand is thrown in and
# the next player bids first on a new deal.
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
print("Choices now:", ", ".join(str(a) for a in game.legal_actions()))

# %%
game.apply("bid 5")
game.apply("pass")
game.apply("pass")
others = [(game.bidder + k) % 3 for k in (1, 2)]
print(f"Seat {game.bidder} won the auction with {game.bid}; phase: {game.phase}")
print("Bidder's eight tiles (the widow is now in hand):", " ".join(str(t) for t in game.hands[game.bidder]))
print(f"What seat {game.bidder} sees of the widow:", " ".join(str(t) for t in game.view(game.bidder).widow))
print(f"What seat {others[0]} sees of the widow:", " ".join(str(t) for t in game.view(others[0]).widow) or "nothing")

# %% [markdown]
# Now the bidder discards one of its eight tiles and names trump. The other seats only learn
# *that* a tile was put aside, never which:

# %%
game.apply(f"discard {game.hands[game.bidder][0]}")
game.apply("trump 6")
print("Phase:", game.phase, "| trump:", trump_phrase(game.trump), "| leader:", game.leader)
print(f"Seat {others[0]} sees the history as:",
      "; ".join(f"seat {seat}: {a if a else 'discard (hidden)'}" for seat, a in game.view(others[0]).actions))

# %% [markdown]
# ### Experiments: what is a hand worth?
#
# A bid is a promise about tricks you have not played yet, so bidding is estimating. The
# experiments below estimate with the engine's **open-hands solver** (`engine.solver`): it
# plays a deal out perfectly with every hand face up, the bidder against the other two. Real
# play is done half-blind, so these numbers are a little optimistic, but they show clearly
# what makes a hand strong.
#
# **Experiment 1: trumps, doubles and the bid.** Deal, give seat 0 the widow, and let it play
# its best contract: every trump it may name, each with two discards (its weakest tile, or the
# widow tile itself), solved, and the one that takes the most tricks kept (between equals, the
# one with more trumps, as a player would choose). Then count its trumps and doubles *after*
# the discard, in the hand it actually plays.
#
# **Predict first.** With a number trump, how many trumps does a bidder need to make 5 more
# often than not? Does it matter how many doubles it holds besides?

# %%
bar = Progress(SIMULATIONS, "deals solved")
deals = pd.DataFrame(experiments.contract_study(SIMULATIONS, SEED, bar))
print(f"{SIMULATIONS} deals, seed {SEED}. Contracts chosen:",
      ", ".join(f"{k} {v}" for k, v in deals["contract"].value_counts().items()))
by_trumps = pd.DataFrame(experiments.makes_by(deals.to_dict("records"), "trumps held", "a number"))
reliable = by_trumps[by_trumps["deals"] >= MIN_DEALS]
if reliable.empty:
    print(f"No group has {MIN_DEALS} deals yet: raise SIMULATIONS to see the chart.")
else:
    px.line(
        reliable.melt(id_vars=["trumps held", "deals"], value_vars=["makes 4", "makes 5", "makes 6"],
                      var_name="bid", value_name="% of deals"),
        x="trumps held", y="% of deals", color="bid", markers=True, range_y=[0, 100], hover_data=["deals"],
        title=f"A number trump: how often the bidder takes 4, 5, 6 tricks<br>"
              f"(groups of {MIN_DEALS}+ deals; {SIMULATIONS} deals, seed {SEED}, open hands)",
    ).update_xaxes(dtick=1).show()
table(by_trumps, index="trumps held", small="deals")

# %% [markdown]
# Rows in grey hold fewer than 10 deals: too few to trust, and left out of the chart. Doubles
# and no-trump contracts are different animals, so they get their own rows, by the number of
# doubles held (under doubles trump, the doubles *are* the trumps):

# %%
other = [dict(row, contract=c) for c in ("doubles", "no trump") for row in experiments.makes_by(deals.to_dict("records"), "doubles held", c)]
if other:
    display(table(other, small="deals"))
else:
    print("No doubles or no-trump contract in this run.")

# %% [markdown]
# And trumps with doubles together, for a number trump: the average tricks taken, with the
# number of deals behind each figure. Groups under 10 deals are left blank.

# %%
numbers = deals[deals["contract"] == "a number"].assign(
    doubles=lambda d: d["doubles held"].clip(upper=3).map({0: "no double", 1: "1 double", 2: "2 doubles", 3: "3 or more"}))
grid = numbers.groupby(["trumps held", "doubles"])["tricks"].agg(["mean", "size"])
grid = grid[grid["size"] >= MIN_DEALS]
cells = grid.apply(lambda r: f"{r['mean']:.1f} ({int(r['size'])} deals)", axis=1).unstack("doubles").fillna("")
if cells.empty:
    print(f"No group has {MIN_DEALS} deals yet: raise SIMULATIONS.")
else:
    display(table(cells[[c for c in ["no double", "1 double", "2 doubles", "3 or more"] if c in cells.columns]]))

# %% [markdown]
# **What this shows** (reference run: 500 deals, seed 2026, `python -m notebook reference
# contracts --deals 500 --seed 2026`):
#
# | trumps held | deals | makes 4 | makes 5 | makes 6 |
# |---|---|---|---|---|
# | 3 | 236 | 80% | 53% | 28% |
# | 4 | 205 | 96% | 75% | 41% |
# | 5 | 42 | 100% | 98% | 71% |
#
# * **Three or four trumps is the usual hand** (441 of the 492 number-trump contracts). Three
#   trumps make 5 only about half the time; four make it three times in four; five almost
#   always. Groups of 1, 2 or 6 trumps held 2 to 5 deals each: too few to say anything, which
#   is why a small run can show a wild "80%" there.
# * **Doubles count as much as trumps.** With three trumps the average take rises from 2.8
#   tricks with one double to 4.0 with two and 5.4 with three or more; with four trumps, from
#   4.0 to 5.1 to 6.2. An extra double added 1.1 to 1.4 tricks, an extra trump 0.8 to 1.2.
#   Five trumps with three or more doubles took all seven tricks in all 10 such deals.
# * **Doubles and no trump are for special hands:** they were the best contract in only 8 of
#   the 500 deals (7 doubles, 1 no trump), every time with four or five doubles in hand.
#
# These are open-hands numbers, so a real bidder, who cannot see the other hands, makes a
# little less: treat them as an upper bound.

# %% [markdown]
# **Experiment 2: which trump to name?** Take one hand and, for every trump, deal the tiles it
# cannot see many ways and solve each. The hand below was picked by a search (`python -m
# notebook dilemma`) for a real dilemma: the trump that is safest for a small bid is not the
# one that gives the best chance of a big one.
#
# **Predict first.** Look at the eight tiles. Which trump would you name to bid 4? And to bid 6?

# %%
my_eight = experiments.eight_tiles(experiments.DILEMMA_DEAL)
print(f"The bidder's eight tiles (hand and widow), deal {experiments.DILEMMA_DEAL[0]}, hand {experiments.DILEMMA_DEAL[1]}:")
show(*my_eight)
layouts = max(8, SIMULATIONS // 4)
bar = Progress(layouts * len(RuleSet().trumps), "layouts solved")
chances = experiments.trump_chances(experiments.DILEMMA_DEAL, layouts, SEED, progress=bar)
chance_table = pd.DataFrame(chances).T.round(0)
chance_table.columns = [f"bid {b}" for b in chance_table.columns]  # a category, not a number line
px.imshow(
    chance_table, text_auto=True, color_continuous_scale="Cividis", aspect="auto",
    labels={"x": "bid", "y": "trump", "color": "% makes"},
    title=f"Chance to make each bid, by trump ({layouts} layouts per trump, seed {SEED}, open hands)",
).show()

# %% [markdown]
# **What this shows** (reference run: 400 layouts per trump, seed 2026, `python -m notebook
# reference trump --layouts 400 --seed 2026`):
#
# The hand is `3-1 3-2 3-3 5-1 5-5 6-1 6-4 6-6`: three doubles, and three tiles each of the
# ones, threes and sixes. Which three should be trump depends on the bid:
#
# | trump | makes 4 | makes 5 | makes 6 | makes 7 |
# |---|---|---|---|---|
# | ones | **99%** | **83%** | 13% | 0% |
# | threes | 94% | 72% | **36%** | 0% |
# | sixes | 97% | 71% | 33% | **8%** |
# | no trump | 81% | 47% | 31% | **8%** |
#
# (the other five trumps make 4 in under half the layouts). Ones are the **safe** trump: with
# them the three doubles stay masters of their suits and the low ones are all trumps, so 4 and
# 5 almost always make. But the top trump, `1-1`, is always against you, and 6 makes in only 13%
# of layouts. Threes or sixes give two to three times the chance of 6, at the price of some
# safety at 5. So there is no single best trump: name the one that fits the bid you made, and do
# not bid 6 on this hand at all unless a one-in-three chance is worth the risk.

# %% [markdown]
# **Experiment 3: what is the widow worth?** The same deals as experiment 1, solved twice: once
# with the widow taken and a tile discarded, once as if the bidder had to play the seven tiles
# it was dealt (with its best trump for them).
#
# **Predict first.** On average, how many tricks does one extra tile (and one discard) add?

# %%
gain = (deals["tricks"] - deals["without widow"]).value_counts().sort_index()
px.bar(
    x=gain.index.astype(str), y=gain.values, labels={"x": "extra tricks from the widow", "y": "deals"},
    title=f"Tricks gained by taking the widow ({SIMULATIONS} deals, seed {SEED}, open hands)",
).show()
print(f"On average the widow adds {(deals['tricks'] - deals['without widow']).mean():.2f} tricks.")

# %% [markdown]
# **What this shows** (reference run: the same 500 deals, seed 2026, as experiment 1):
#
# The widow added **0.65 ± 0.03 tricks** on average (mean ± standard error over 500 deals). It
# added nothing in 41% of the deals (the best play of the hand as dealt was as good) and never
# more than two tricks. It cannot hurt, since the bidder may put the widow tile straight back,
# so it is always taken; but one extra tile is worth well under one trick, so do not bid on the
# hope that the widow fills a hole.

# %% [markdown]
# ### Exercises

# %%
exercise("bid-winner")

# %%
answer = None  # a seat
check("bid-winner", answer)

# %%
reveal("bid-winner")

# %%
exercise("bid-moon-ends")

# %%
answer = None  # a seat
check("bid-moon-ends", answer)

# %%
reveal("bid-moon-ends")

# %% [markdown]
# Now a judgment call. Decide with your eyes first, then **check it with the solver**:
# `solve_contract(DISCARD_DEAL, "3-2", "sixes")` says how many tricks a discard and a trump
# take in this deal with every hand open. Try your idea and one or two others.

# %%
exercise("lab-discard-trump")

# %%
answer = None  # (the tile to discard, the trump), like ("3-2", "sixes")
check("lab-discard-trump", answer)

# %%
reveal("lab-discard-trump")

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
# Every trick, with its winner and the reason:

# %%
table(
    [
        {"trick": i + 1, "led by": t.leader, "tiles (in play order)": " ".join(str(x) for x in t.tiles),
         "won by": t.winner, "why": explain_winner(t.tiles, game.trump).text}
        for i, t in enumerate(game.tricks)
    ],
    index="trick",
)

# %% [markdown]
# ### Experiment 4: the strong computer player against the basic one
#
# The app's computer players come in levels. The **basic** player follows rules of thumb (bid
# from doubles and trump length, draw trumps, win cheaply, throw off the lowest tile). The
# **strong** player imagines many layouts of the tiles it cannot see, solves each one, and
# plays what works best on average. Each deal is played **three times**, one strong player and
# two basic ones, the strong player in seat 0, then 1, then 2, so every seat gets the same
# cards with each player: luck of the deal cancels out.
#
# **Predict first.** How many more points per hand does the strong player score than a basic
# one? Half a point? Two points?

# %%
MATCH_DEALS = max(1, SIMULATIONS // 50)  # the strong player thinks for seconds a move
bar = Progress(3 * MATCH_DEALS, "hands played")
match = experiments.strong_vs_basic(MATCH_DEALS, SEED, bar)
players = pd.DataFrame(experiments.match_summary(match))
px.bar(
    players, x="player", y="mean points per hand", error_y="± standard error", text="mean points per hand",
    labels={"player": ""},
    title=f"Points per hand, mean ± standard error ({MATCH_DEALS} deals × 3 seatings, seed {SEED})",
).show()
gap, gap_se, n = experiments.paired_difference(match)
print(f"Strong minus basic, deal by deal: {gap:+.2f} ± {gap_se:.2f} points per hand ({n} deals)")
display(table(players))
table(experiments.seat_summary(match), index="seat")

# %% [markdown]
# **What this shows** (reference run: 40 deals × 3 seatings = 120 hands, seed 2026, `python -m
# notebook reference match --deals 40 --seed 2026 --out match.jsonl`):
#
# | player | points per hand (mean ± standard error, 120 hands) |
# |---|---|
# | strong | **+2.33 ± 0.25** |
# | basic, the one after the strong player | +1.62 ± 0.18 |
# | basic, the one before the strong player | +1.19 ± 0.19 |
#
# Deal by deal (the same cards, three seatings), the strong player scored **0.93 ± 0.29 points
# a hand more** than the basic players' average: about one point a hand, more than three
# standard errors from zero, so the edge is real, but modest in a game to 21. It did better in
# every seat (seat 0: +1.93 against +1.21; seat 1: +2.83 against +1.41; seat 2: +2.25 against
# +1.60), and the differences between seats are within the noise. Much of the edge is in the
# bidding: the strong player won the auction in 65 of its 120 hands and made 58 of those bids,
# while the basic players won it in 53 of their 240 hands and made 46. It bids more often, and
# still makes almost nine bids in ten. Forty deals is a small run for a card game (the strong
# player thinks for seconds a move: the run took 45 minutes on a busy machine), so read the
# numbers to about half a point.

# %% [markdown]
# ### Exercises

# %%
exercise("score-set")

# %%
answer = None  # a list of score changes, by seat
check("score-set", answer)

# %%
reveal("score-set")

# %%
exercise("game-tie")

# %%
answer = None  # a seat, or "nobody"
check("game-tie", answer)

# %%
reveal("game-tie")

# %% [markdown]
# ## 7. Four players: partnership Moon
#
# With four players the whole 28-tile set is dealt, seven each, and there is no widow. Partners
# sit opposite: seats 0 and 2 against seats 1 and 3. The bidder names trump straight after the
# auction; the bidding team makes its bid when the two partners' tricks *together* reach it, and
# the other team scores a point per trick. A 21 is a team bid too: it needs all seven tricks by
# the two partners together. Scores are kept by team.

# %%
four = Game.new(RuleSet(players=4), seed=SEED)
print("hands:", [len(h) for h in four.hands], "| widow:", list(four.widow) or "none", "| scores by team:", four.scores)
while not four.hand_finished:
    actions = four.legal_actions()
    four.apply(actions[1] if four.phase == "bidding" and len(four.bids) == 0 else actions[0])
print(four.results[-1].describe())

# %% [markdown]
# ### Exercises

# %%
exercise("four-team-made")

# %%
answer = None  # a list of score changes, by team
check("four-team-made", answer)

# %%
reveal("four-team-made")

# %%
exercise("lab-four-moon")

# %%
answer = None  # a list of score changes, by team
check("lab-four-moon", answer)

# %%
reveal("lab-four-moon")

# %% [markdown]
# ## 8. House rules
#
# Moon is a folk game and tables play it differently. Moon Tutor's default is the classic
# three-player game; almost every other reading is a switch in `RuleSet`, and every saved hand
# records which switches were on. (One reading has no switch: some tables let the bidder leave
# the widow alone; here the bidder always takes it and may put the widow tile straight back,
# which plays the same hand, though the bidder has seen one more tile.) Here are the switches:

# %%
table([{"rule": k, "default": str(v), "what it does": engine.VARIANTS[k]} for k, v in RuleSet().to_dict().items()], index="rule")

# %% [markdown]
# Some switches change the tiles, some the auction, some the scoring. A few examples:

# %%
no_blank = RuleSet(keep_double_blank=False)
print("No double blank:", len(no_blank.tiles), "tiles, widow:", no_blank.has_widow)
print("   trumps the bidder may name:", ", ".join(t.name for t in no_blank.trumps))
print("Minimum bid 3:  bids", RuleSet(min_bid=3).bid_values)
forced = Game.new(RuleSet(all_pass="force-last"), seed=SEED)
forced.apply("pass")
forced.apply("pass")
print("Force the last bidder: after two passes the choices are", ", ".join(str(a) for a in forced.legal_actions()))
print("Marks: the target is", RuleSet(scoring="marks").target, "marks")

# %% [markdown]
# ### Exercises

# %%
exercise("house-force-last")

# %%
answer = None  # a list of calls, e.g. ["pass", "bid 4"]
check("house-force-last", answer)

# %%
reveal("house-force-last")

# %%
exercise("house-marks")

# %%
answer = None  # a list of marks, by seat
check("house-marks", answer)

# %%
reveal("house-marks")

# %% [markdown]
# ## Recap, and where to go next
#
# * **Tiles and suits.** 22 tiles for three players (the blanks out but `0-0`, which makes the
#   widow), 28 for four. A tile belongs to both its numbers' suits; a double tops its one suit.
# * **Trump** (a number, doubles, or none) pulls its tiles out of every other suit.
# * **Follow** the suit led (the higher end of the lead, or trumps) if you can; otherwise play
#   anything. The highest trump wins, else the highest tile of the suit led.
# * **Bid** once each; the bidder takes the widow, discards, names trump and leads. Made: +bid;
#   set: −bid; everyone else +1 a trick; 21 points wins (a made 21 at once).
# * **What the experiments showed** (reference runs): four trumps make 5 three times in four,
#   three trumps about half the time, and each extra double is worth about a trick; the best
#   trump for a hand can change with the bid (ones for 5, threes or sixes for 6 in experiment
#   2); the widow adds about two thirds of a trick; the strong player scores about one point a
#   hand more than the basic one, mostly by bidding more and still making its bids.
#
# **Where to go next.** In the app (`make run`): **Puzzles** for follow-suit and winner
# problems graded by the same engine, and **Play** against the strong computer player, whose
# every move comes with its reason. Here: change `SEED` and rerun an experiment, or raise
# `SIMULATIONS` and see the classroom numbers settle towards the reference runs.
