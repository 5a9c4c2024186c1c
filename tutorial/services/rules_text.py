"""The app's own rules reference and house-rules summaries (plain text and Markdown).

Written for Moon Tutor; each section names the rule-set fields it depends on so the Rules
page can point out the house rules in force there.

>>> from engine import RuleSet
>>> house_rules(RuleSet(min_bid=5))[-1]
'Lowest bid: 5 tricks.'
>>> [s.key for s in SECTIONS][:3]
['tiles', 'suits', 'deal']
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import RuleSet

__all__ = [
    "RULE_BOOK",
    "RULE_BOOK_SECTIONS",
    "SECTIONS",
    "Section",
    "citation",
    "describe_setting",
    "heading",
    "house_rules",
    "in_force",
    "players_asked",
    "short_summary",
    "with_players",
]

#: The project's rule book, the specification the engine implements.
RULE_BOOK = "docs/rules.md"
#: The numbered section of :data:`RULE_BOOK` each part of this reference follows (the house
#: rules of every section are §9).
RULE_BOOK_SECTIONS = {
    "tiles": 1, "suits": 2, "deal": 3, "bidding": 4, "trump": 5, "play": 6, "scoring": 7, "game": 8,
}


@dataclass(frozen=True)
class Section:
    """One part of the rules reference."""

    key: str
    title: str
    body: str
    fields: tuple[str, ...] = ()
    #: Tiles to draw under the text (with ``trump`` marked), and what they show.
    tiles: str = ""
    trump: str | None = None
    caption: str = ""


def citation(section: Section) -> str:
    """How the app cites ``section``: its number in the rule book (:data:`RULE_BOOK`, whose
    sections the Rules page follows one by one), as a learner reads it on the page.

    >>> citation(SECTIONS[3])
    'Rules §4'
    """
    return f"Rules §{RULE_BOOK_SECTIONS[section.key]}"


def heading(section: Section) -> str:
    """The heading of ``section`` on the Rules page, numbered as the rule book is, so that
    "Rules §4" can be found there.

    >>> heading(SECTIONS[3]).startswith("§4 · ")
    True
    """
    return f"§{RULE_BOOK_SECTIONS[section.key]} · {section.title}"


def describe_setting(rules: RuleSet, name: str) -> str:
    """One rule-set field as it stands, in words (see :meth:`engine.RuleSet.describe_setting`)."""
    return rules.describe_setting(name)


def in_force(rules: RuleSet) -> list[str]:
    """The fields whose setting differs from the classic game."""
    return list(rules.differences())


def house_rules(rules: RuleSet) -> list[str]:
    """One line per house rule that differs from the classic three-player game, after a
    line for the number of players."""
    lines = [describe_setting(rules, "players")]
    for name in rules.differences():
        if name in ("players", "target") and not (name == "target" and _odd_target(rules)):
            continue
        lines.append(describe_setting(rules, name))
    return lines


def _odd_target(rules: RuleSet) -> bool:
    return rules.target != (21 if rules.scoring == "points" else 7)


def with_players(rules: RuleSet, players: int) -> RuleSet:
    """``rules`` for ``players`` players, the other house rules kept where they apply (four
    players use all 28 tiles and take no widow).

    >>> with_players(RuleSet(players=4, min_bid=5), 3) == RuleSet(min_bid=5)
    True
    >>> with_players(RuleSet(trump_before_widow=True), 4) == RuleSet(players=4)
    True
    """
    data = rules.to_dict()
    data["players"] = players
    if players == 4:
        data["keep_double_blank"], data["trump_before_widow"] = True, False
    return RuleSet.from_dict(data)


def players_asked(raw: str | None) -> int | None:
    """The number of players a Rules page address asks for (``?players=4``): 3, 4, or
    ``None`` when it asks for none; a ``ValueError`` saying why for any other value.

    >>> players_asked("4"), players_asked(None)
    (4, None)
    >>> players_asked("5")
    Traceback (most recent call last):
    ...
    ValueError: The link asks for the rules for '5' players: Moon is played by 3 (or 4, in two teams).
    """
    if raw is None:
        return None
    if raw.strip() in ("3", "4"):
        return int(raw.strip())
    shown = raw[:20] + ("…" if len(raw) > 20 else "")
    raise ValueError(f"The link asks for the rules for {shown!r} players: Moon is played by 3 (or 4, in two teams).")


def short_summary(rules: RuleSet, *, players: bool = True) -> str:
    """A few words: ``"3 players · classic rules"`` or ``"4 players · 2 house rules"``
    (without ``players``: ``"classic rules"``, where the number of players is shown apart).

    >>> short_summary(RuleSet(players=4, min_bid=5)), short_summary(RuleSet(), players=False)
    ('4 players · 1 house rule', 'classic rules')
    """
    changed = [k for k in rules.differences() if k != "players" and not (k == "target" and not _odd_target(rules))]
    kind = "classic rules" if not changed else f"{len(changed)} house rule{'s' if len(changed) != 1 else ''}"
    return f"{rules.players} players · {kind}" if players else kind


SECTIONS: tuple[Section, ...] = (
    Section(
        "tiles",
        "The tiles",
        """Moon uses double-six dominoes. Each tile has two ends showing 0 (blank) to 6 pips, and
we write the higher end first: **6-4**, **3-3**, **0-0**.

* **Three players** play with 22 tiles: take a full set of 28 and remove every tile with a
  blank end except the double blank. So 1-0, 2-0, ... 6-0 are out and **0-0 stays**.
* **Four players** play in two teams of two, partners facing each other, with all **28 tiles**.

Seats are numbered 0, 1, 2 (and 3) clockwise, and everything goes round clockwise.""",
        ("players", "keep_double_blank"),
    ),
    Section(
        "suits",
        "Suits and which tile is higher",
        """Every number is a suit: blanks, ones, twos, up to sixes.

* A tile with two different ends sits in **two suits** at once: 5-3 is a five and a three.
* A **double** sits in one suit only (3-3 is a three) and is the **top tile** of that suit.
* Under the double, a suit's tiles rank by their *other* end. The twos, from the top:
  2-2, 6-2, 5-2, 4-2, 3-2, 2-1 (and 2-0 when blanks are in play).

Naming a trump changes this, as the trump section explains.""",
        tiles="2-2 6-2 5-2 4-2 3-2 2-1",
        caption="The twos, highest first, with no trump named: the double, then by the other end.",
    ),
    Section(
        "deal",
        "The deal",
        """Shuffle the tiles face down; each player takes **seven**. With three players one tile is
left over: the **widow**, which waits face down for whoever wins the bidding. With four
players every tile is dealt.

In this app one **deal number** deals a whole game: the same number and house rules always
give the same tiles in hand 1, the same in hand 2, and so on, which is how a link or a teacher
can share a game. Play names it at the top of the table: "Hand 2 of game 2024" is the second
hand dealt from deal number 2024.""",
        ("keep_double_blank",),
    ),
    Section(
        "bidding",
        "Bidding",
        """Starting with the first bidder (it moves one seat clockwise every hand), each player
speaks **once**:

* **pass**, or
* a number of tricks they promise to win: **4, 5, 6 or 7**, or
* **21** to *shoot the moon*: a promise to win all seven tricks.

Each bid must top the highest bid so far, and a 21 normally stops the bidding at once. The
highest bidder becomes **the bidder** (with four players, the bidder's partner helps). If
nobody bids, the hand is thrown in and the next one is dealt.""",
        ("min_bid", "all_pass", "moon_overcall"),
    ),
    Section(
        "trump",
        "The widow and naming trump",
        """With three players the bidder picks up the widow (now holding eight tiles), lays one tile
face down as a **discard** (it may be the widow tile itself), and then **names trump**.
With four players there is no widow: the bidder names trump straight away.

The bidder may name:

* **a number**: every tile bearing it becomes a trump and belongs to the trump suit *only*.
  With sixes trump, 6-4 is a trump and no longer a four. Trumps rank double first, then by
  the other end: 6-6, 6-5, 6-4 ... 6-1.
* **doubles**: the seven doubles are the trumps, 6-6 highest down to 0-0, and they leave
  their number suits.
* **no trump** (also called *follow me*): no tile is a trump; each double tops its own suit.""",
        ("trump_before_widow", "keep_double_blank", "doubles_trump", "no_trump"),
        tiles="6-6 6-5 6-4 6-1 5-4 4-4",
        trump="6",
        caption="Sixes are trump: of the tiles shown, the four that bear a six carry a star and rank 6-6, 6-5, 6-4, 6-1; 5-4 and 4-4 are not trumps.",
    ),
    Section(
        "play",
        "Playing the tricks",
        """The bidder leads the first trick with any tile. The winner of each trick leads the next,
and all **seven tricks** are always played.

* **What was led?** A trump leads trumps. Any other tile leads the suit of its **higher end**:
  5-3 leads fives, and a double leads its own number.
* **Following.** If you hold a tile of the suit led you must play one. Any non-trump tile
  carrying that number follows, whichever end it is on. A trump never follows a number suit,
  even when it shows that number.
* **Can't follow?** Then play anything: a trump (to try to win) or any other tile (a
  throw-off, which cannot win). You never *have* to trump.
* **Who wins?** The highest trump, if any was played; otherwise the highest tile of the suit
  led. A tile of the led suit ranks by its other end: when 3-2 is led, 5-3 counts as
  "three-five" and beats it.""",
        tiles="3-2 5-3 6-1",
        trump="6",
        caption="Sixes trump, 3-2 led (threes): 5-3 follows and beats it, but 6-1 is a trump and wins the trick.",
    ),
    Section(
        "scoring",
        "Scoring a hand",
        """When the seven tricks are done:

* If the bidder (or the bidder's team) won **at least as many tricks as the bid**, the bid is
  **made** and scores **plus the bid**; taking more tricks earns nothing extra. Otherwise the
  bidder is **set** and scores **minus the bid**.
* Every other player (or the other team) scores **one point per trick** they took, made or set.
* A bid of 21 needs all seven tricks. Made, it normally **wins the game outright**; missed, it
  costs 21 points.""",
        ("scoring", "moon_wins_game"),
    ),
    Section(
        "game",
        "Winning the game",
        """Hands are played until someone (or a team) has **21 points** or more at the end of a hand,
or someone makes a 21 bid. Scores can drop below zero. If two or more players are tied for
the lead at or above the target, play goes on until one of them is ahead on their own.""",
        ("target", "tie_break"),
    ),
)
