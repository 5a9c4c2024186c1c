"""The puzzle themes: a closed list. Every puzzle's ``themes`` must come from it (the loader
refuses any other, naming the file, the entry and the field), and the Puzzles page filters by
these titles. To add a theme (a new trap a check reports, say), add one :class:`Theme` here.

>>> THEMES["two-suit-tile"].title
'A tile in two suits'
>>> theme_title("no-such-theme")
'no-such-theme'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["THEMES", "Theme", "theme_title"]


@dataclass(frozen=True)
class Theme:
    """One theme: its ``key`` (as written in the puzzle files), a short ``title`` for the
    filters and a one-sentence ``description``."""

    key: str
    title: str
    description: str


_ALL = (
    # what the puzzle asks (one theme per kind of question)
    Theme("auction-winner", "Who wins the auction", "Read a finished auction: who holds the contract, and at what bid."),
    Theme("bid", "Choosing a bid", "How high to bid with this hand."),
    Theme("counting", "Counting tiles", "Work out which tiles are still out from what has been played."),
    Theme("ending", "Endings", "The last few tricks with every hand open: find the play that reaches the goal."),
    Theme("game-winner", "Who wins the game", "After a scored hand: has anyone won, and who?"),
    Theme("is-trump", "Is it a trump?", "Which tiles belong to the trump suit."),
    Theme("legal-actions", "Legal calls", "Which bids, discards or trumps the rules allow right now."),
    Theme("legal-tiles", "Legal plays", "Which tiles may be played to the trick."),
    Theme("pick-tiles", "Picking tiles", "Pick every tile that fits the description."),
    Theme("play", "Choosing a play", "The best tile to play from your own hand."),
    Theme("rank", "Which tile is higher", "Compare two tiles inside a suit."),
    Theme("score-hand", "Scoring a hand", "What each side scores when the hand is over."),
    Theme("suit-led", "The suit led", "Which suit a lead calls for."),
    Theme("trick-winner", "Who wins the trick", "Which tile takes a finished trick."),
    Theme("trump-choice", "Which trump to name", "Which trump gives the bidder the best chance."),
    # the setting
    Theme("number-trump", "A number is trump", "A number (0 to 6) is trump."),
    Theme("doubles-trump", "Doubles are trump", "The seven doubles form the trump suit."),
    Theme("no-trump", "No trump", "Played with no trump (follow me)."),
    Theme("blanks-trump", "Blanks are trump", "Blanks are trump: with three players only 0-0 is one."),
    Theme("four-players", "Four players", "Two partnerships of two: partners' tricks count together."),
    Theme("house-rules", "House rules", "A house rule is in force (see the Rules page)."),
    # the idea or the trap in it
    Theme("two-suit-tile", "A tile in two suits", "A tile that is not a double belongs to both its numbers' suits."),
    Theme("double-leaves-suit", "A trump double leaves its suit", "A double that is a trump no longer belongs to its number's suit."),
    Theme("trump-cannot-follow", "Trumps never follow", "A trump does not follow a number suit, even one it shows."),
    Theme("trump-lead", "Leading a trump", "A trump led calls for trumps."),
    Theme("trump-low-end", "Trump by the low end", "A tile is a trump because of its smaller number."),
    Theme("low-end", "The high end leads", "A lead calls for its larger number, not the smaller one."),
    Theme("trump-double", "The trump's double", "The double of the trump number is a trump, the highest one."),
    Theme("double-not-trump", "A double is not always a trump",
          "A double is a trump only when doubles are trump or it bears the trump number."),
    Theme("no-trump-double", "Doubles with no trump", "With no trump a double is simply the top of its own suit."),
    Theme("doubles-by-number", "Doubles by number", "Under doubles trump the doubles rank by their number."),
    Theme("void", "Out of the suit", "With no tile of the suit led, any tile may be played."),
    Theme("lead", "Leading", "The player leading may play any tile."),
    Theme("trump-beats-suit", "Trump beats the suit", "Any trump beats every tile of a number suit."),
    Theme("pips-lie", "Pips do not decide", "The tile with more pips is not always the higher one."),
    Theme("trumped", "Trumped", "A trump played to a number suit takes the trick."),
    Theme("over-trump", "Over-trumping", "When two trumps fall, the higher trump wins."),
    Theme("trump-in", "Trumping in", "Out of the suit led, play a trump to win."),
    Theme("drawing-trumps", "Drawing trumps", "Lead trumps to pull the other players' trumps out."),
    Theme("duck", "Ducking", "Play low and let a trick go to gain later."),
    Theme("endgame", "Endgame", "Careful play in the last tricks of the hand."),
    Theme("not-the-biggest", "Not the biggest tile", "The winning play is not the highest tile in hand."),
    Theme("made", "Bid made", "The bidder's side took enough tricks."),
    Theme("set", "Bid set", "The bidder's side fell short."),
    Theme("no-bonus", "No bonus", "Extra tricks above the bid score nothing more."),
    Theme("moon", "Shooting the moon", "A bid of 21: all seven tricks."),
    Theme("marks", "Marks", "Scored in marks instead of points."),
    Theme("tie", "A tie at the top", "Two sides tied at or above the target."),
    Theme("negative", "Below zero", "Scores may go below zero."),
    Theme("bidder-out", "The bidder goes out", "The house rule where a bidder who makes it and reaches the target wins."),
    Theme("bidding", "Bidding", "Judging what a hand is worth in the auction."),
    Theme("naming-trump", "Naming trump", "Choosing the trump suit for the contract."),
    # refused calls (the engine's reason codes)
    Theme("bid-too-low", "Bid too low", "A bid must be higher than the highest bid so far."),
    Theme("bid-value", "Not a bid", "Only the bids of the rules may be called."),
    Theme("must-bid", "Forced to bid", "Under the force-last house rule the last player may not pass."),
    Theme("trump-not-allowed", "Trump not allowed", "A house rule forbids that trump."),
    Theme("wrong-phase", "Not the time for it", "An action from another phase of the hand."),
    Theme("not-in-hand", "Not in hand", "A tile the player does not hold."),
    Theme("must-follow", "Must follow", "A tile that does not follow when one that does is held."),
    Theme("hand-over", "The hand is over", "Nothing may be played once the hand is over."),
    Theme("game-over", "The game is over", "Nothing may be played once the game is over."),
    Theme("hand-not-over", "The hand is not over", "The next hand cannot start before this one ends."),
)

#: Every theme, by key.
THEMES: dict[str, Theme] = {t.key: t for t in _ALL}


def theme_title(key: str) -> str:
    """The title of theme ``key`` (the key itself for an unknown one)."""
    t = THEMES.get(key)
    return t.title if t else key
