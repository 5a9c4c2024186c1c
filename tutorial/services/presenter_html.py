"""The presenter's stage as HTML: a hand at a move (every seat, the widow, the trick, the
computer's reason and "pause and ask"), a puzzle or lesson level with its answer, and a deck's
note slide. Pure functions of the worked-out shows (:mod:`tutorial.services.presenter`); the
presenter page puts them on screen (:mod:`tutorial.components.presenter`). No Streamlit.

>>> from engine import RuleSet
>>> from tutorial.services.classroom import generate_hand
>>> from tutorial.services.presenter import build_show
>>> from tutorial.services.session import FirstLegal
>>> hand, decisions = generate_hand(RuleSet(all_pass="force-last"), 12, factory=lambda level, seed=None: FirstLegal())
>>> show = build_show(hand, decisions, "basic")
>>> html = hand_html(show, 0, asking=False, revealed=False, numbers=False)
>>> html.startswith('<section class="pres-stage" data-count="0"') and html.count('class="pres-seat ') == 3
True
>>> asked = hand_html(show, 5, asking=True, revealed=False, numbers=False)
>>> asked.count("(hidden)"), 'data-asking="1"' in asked
(2, True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from html import escape

from engine import Tile, Trump
from engine.game import Phase
from engine.svg import back_svg, tile_svg
from tutorial.services import describe as words
from tutorial.services.decks import DeckEntry
from tutorial.services.presenter import ItemShow, Move, Question, Scene, Show
from tutorial.services.text import html_text, lines_html, names_html

__all__ = ["NOTES", "hand_html", "item_html", "note_html", "numbers_table_html"]


#: The word under the widow's tile in the bidder's hand (until a tile is laid aside).
WIDOW_CAPTION = "widow"


def _tile(t: Tile, trump: Trump | None, *, best: bool = False, hidden: bool = False, caption: str = "",
          answer: bool = False) -> str:
    """One tile in its cell; ``answer`` rings it and adds the word "Answer" under it (under each
    right tile: the computer's own and every tile as good)."""
    if hidden:
        pic = back_svg(scale=1.0, tooltip=False)
    else:
        tr = trump is not None and trump.is_trump(t)
        pic = tile_svg(t, scale=1.0, trump=tr, highlight=best, tooltip=False,
                       extra="the answer" if answer else ("winning" if best else None))
    if answer:
        more = f'<span class="pres-cap-more">{escape(" · " + caption)}</span>' if caption else ""
        cap = f'<div class="pres-cap pres-answer-cap">Answer{more}</div>'
        return f'<div class="pres-cell pres-is-answer">{pic}{cap}</div>'
    cap = f'<div class="pres-cap">{escape(caption)}</div>' if caption else ""
    # The widow's tile in the bidder's hand: framed, its word under it alone.
    cls = "pres-cell pres-widow-tile" if caption == WIDOW_CAPTION else "pres-cell"
    return f'<div class="{cls}">{pic}{cap}</div>'


def _answer_tiles(question: Question | None, revealed: bool) -> frozenset[Tile]:
    """The tile the computer plays (or lays aside) at a revealed question, and those as good:
    marked as the answer."""
    if question is None or not revealed:
        return frozenset()
    out = set()
    for action in question.right:
        kind, _, rest = action.partition(" ")
        if kind not in ("play", "discard"):
            continue
        try:
            out.add(Tile.parse(rest))
        except ValueError:
            continue
    return frozenset(out)


_PLACES = {3: ("pres-bottom", "pres-left", "pres-right"), 4: ("pres-bottom", "pres-left", "pres-top-seat", "pres-right")}


def _seat_html(scene: Scene, seat: int, hidden: bool, acting: bool, answer: frozenset[Tile] = frozenset()) -> str:
    role = []
    if scene.bidder == seat:
        role.append("bidder")
    elif scene.players == 4 and scene.bidder is not None and seat % 2 == scene.bidder % 2:
        role.append("partner")
    if scene.trump is not None or scene.phase in (Phase.PLAYING, Phase.HAND_OVER, Phase.GAME_OVER):
        won = scene.tricks_won[seat]
        role.append(f"{won} trick{'s' if won != 1 else ''}")
    else:
        bid = next((b for s, b in scene.bids if s == seat), None)
        if bid is not None:
            role.append(f"bid {words.bid_label(bid)}")
    # The widow's tile in the bidder's hand, until a tile is laid aside.
    fresh = set(scene.widow) if scene.widow_taken and scene.discard is None and seat == scene.bidder else set()
    tiles = "".join(
        _tile(t, scene.trump, hidden=hidden, answer=t in answer,
              caption=WIDOW_CAPTION if t in fresh and not hidden else "")
        for t in scene.hands[seat]
    ) or '<span class="pres-empty">no tiles</span>'
    place = _PLACES[scene.players][seat] if scene.players in _PLACES else "pres-bottom"
    cls = f"pres-seat {place}" + (" pres-act" if acting else "")
    said = "· " + " · ".join(role)
    extra = f' <span class="pres-role" style="--n: {len(said)}">{escape(said)}</span>' if role else ""
    label = f"Seat {seat}'s tiles" + (" (hidden)" if hidden else "")
    # The hand keeps a line under its tiles for each line of their words ("widow"; once revealed,
    # "Answer" and "· widow" under it), asked or not: the reveal adds the words and moves nothing.
    lines = 1 + bool(fresh and not hidden and scene.hands[seat])
    return (f'<div class="{cls}" data-seat="{seat}"><div class="pres-name"><span class="pres-who">Seat {seat}</span>'
            f'{extra}</div><div class="pres-tiles" role="group" aria-label="{escape(label)}" '
            f'style="--cap-lines: {lines}">{tiles}</div></div>')


def _widow_html(scene: Scene, open_hands: bool, bidder_shown: bool) -> str:
    """The widow: face down at the deal, face up once the bidder takes it (to the class when
    the bidder's hand is shown), then the tile laid aside, face down unless the hands are open."""
    if not scene.widow:
        return ""
    # The title's words that belong together are joined by no-break spaces ("Seat 2 took it"):
    # in a middle column as narrow as its longest word it breaks after "Widow:" only.
    tiles: tuple[Tile, ...]
    if scene.discard is not None:
        title = f"Laid aside by Seat {scene.bidder}"
        state, tiles, down = "discard", (scene.discard,), not open_hands
    elif scene.widow_taken:
        title = f"Widow: Seat {scene.bidder} took it"
        state, tiles, down = "taken", scene.widow, not bidder_shown
    else:
        title, state, tiles, down = "Widow (face down)", "down", scene.widow, True
    shown = title.replace(f"Seat {scene.bidder}", f"Seat\u00a0{scene.bidder}").replace(" took it", "\u00a0took\u00a0it")
    cells = "".join(_tile(t, scene.trump, hidden=down) for t in tiles)
    return (f'<div class="pres-widow" data-widow="{state}"><div class="pres-trick-title">{escape(shown)}</div>'
            f'<div class="pres-widow-tiles" role="group" aria-label="{escape(title)}">{cells}</div></div>')


def _trick_html(scene: Scene) -> str:
    if scene.trick:
        cells = "".join(
            _tile(t, scene.trump, best=i == scene.trick_best, caption=f"Seat {s}")
            for i, (s, t) in enumerate(scene.trick)
        )
        body = f'<div class="pres-trick-tiles" role="group" aria-label="{escape(scene.trick_title)}">{cells}</div>'
    elif scene.bids:
        body = '<div class="pres-bids">' + "<br>".join(
            f"Seat {s}: <b>{escape(words.bid_label(b))}</b>" for s, b in scene.bids) + "</div>"
    else:
        body = '<div class="pres-empty">No tile played yet</div>'
    return f'<div class="pres-trick"><div class="pres-trick-title">{escape(scene.trick_title)}</div>{body}</div>'


def _numbers_table(move: Move) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in move.columns)
    rows = "".join("<tr>" + "".join(f"<td>{escape(v)}</td>" for v in r) + "</tr>" for r in move.rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"


def _numbers_html(move: Move) -> str:
    """The stage's numbers: the computer's summary, then the same compact table as the live
    panel's (:func:`numbers_table_html`: the figures that differ from move to move, then what
    is the same for every move and each note once), so it fits beside the table and reads at a
    quarter of the size."""
    parts = []
    if move.summary:
        parts.append(f'<p class="pres-reason pres-summary">{names_html(escape(move.summary))}</p>')
    if move.rows:
        parts.append("".join(_compact(move)))
    if not parts:
        return ""
    return '<div class="pres-numbers" aria-label="The numbers">' + "".join(parts) + "</div>"


#: The numbers' column of words (the engine's notes on each move), which a narrow table cannot hold.
NOTES = "Notes"


def numbers_table_html(move: Move) -> str:
    """The table of a move's numbers on its own (``""`` when it has none), for the narrow
    column under a live class's answers chart (the stage keeps the summary): the figures that
    differ from move to move in the table, under short headers; below it, what is the same for
    every move once (a figure, a note), a column filled on few rows as a line of its own, and
    each other note once with the moves it is on.

    >>> m = Move(0, 1, "p21", "Seat 1 plays 2-1", "", columns=("Move", "Expected tricks", "Deals looked at", "Notes"),
    ...          rows=(("2-1 ✓", "0.06", "28", "cannot win"), ("6-5", "0", "28", "cannot win")))
    >>> out = numbers_table_html(m)
    >>> "<th>Notes</th>" in out, "<th>Deals</th>" in out, "<th>Tricks</th>" in out
    (False, False, True)
    >>> out[out.index("<p"):]
    '<p class="live-note"><b>Every move:</b> Deals looked at 28 · cannot win</p></div>'
    """
    if not move.rows:
        return ""
    table, said = _compact(move)
    return '<div class="live-numbers" aria-label="The numbers">' + table + said + "</div>"


#: A table shows this many moves, and any other that the computer's summary names.
ROWS = 8


def _shown_rows(move: Move) -> tuple[tuple[str, ...], ...]:
    """The first :data:`ROWS` moves, and every later one the summary names (its runner-up "with
    no trump", "next best: 6-2"), so that the table and the words name the same moves."""
    def named(label: str) -> bool:
        name = label.removesuffix(" ✓").removeprefix("play ").removeprefix("discard ")
        return bool(name) and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", move.summary) is not None

    return tuple(r for i, r in enumerate(move.rows) if i < ROWS or named(r[0]))


def _compact(move: Move) -> tuple[str, str]:
    """A move's numbers as a compact table and the lines under it (see :func:`numbers_table_html`)."""
    rows = _shown_rows(move)
    same = [i for i, c in enumerate(move.columns) if i and c != NOTES and len(rows) > 1
            and len({r[i] for r in rows}) == 1 and rows[0][i].strip()]
    # A column empty on most rows (the tricks of the moves looked at closely) is a line instead.
    sparse = [i for i, c in enumerate(move.columns) if i and c != NOTES and i not in same and len(rows) > 2
              and 2 * sum(bool(r[i].strip()) for r in rows) < len(rows)]
    cols = [i for i, c in enumerate(move.columns) if c != NOTES and i not in same and i not in sparse]
    table = _numbers_table(replace(move, columns=tuple(words.SHORT_COLUMNS.get(move.columns[i], move.columns[i])
                                                       for i in cols),
                                   rows=tuple(tuple(r[i] for i in cols) for r in rows)))
    notes: dict[str, list[str]] = {}
    if NOTES in move.columns and move.columns[0] == "Move":
        at = move.columns.index(NOTES)
        for r in rows:
            if r[at].strip():
                notes.setdefault(r[at].strip(), []).append(r[0].removesuffix(" ✓"))
    def unit(i: int) -> str:  # a line says a percentage as one: "blanks 100%", not "blanks 100"
        return "%" if words.is_percent_column(move.columns[i]) else ""

    every = [f"{move.columns[i]} {rows[0][i]}{unit(i)}" for i in same]
    if len(notes) == 1 and sum(len(v) for v in notes.values()) == len(rows) > 1:
        every += list(notes)
        notes = {}
    said = f'<p class="live-note"><b>Every move:</b> {escape(" · ".join(every))}</p>' if every else ""
    said += "".join(
        f'<p class="live-note"><b>{escape(move.columns[i])}:</b> '
        + names_html(escape(" · ".join(f"{r[0].removesuffix(' ✓')} {r[i]}{unit(i)}" for r in rows if r[i].strip())))
        + "</p>" for i in sparse if any(r[i].strip() for r in rows))
    said += "".join(f'<p class="live-note"><b>{names_html(escape(", ".join(moves)))}:</b> {escape(note)}</p>'
                    for note, moves in notes.items())
    return table, said


def _move_html(move: Move, numbers: bool, title: str | None = None) -> str:
    """A move's headline, reason and (``numbers``) numbers; with the numbers, the computer's
    summary of them stands for its reason (the panel holds the table without scrolling)."""
    h = title or f"Move {move.index + 1}: {move.headline}"
    # Tile names never break at their hyphen ("6-" / "4"): each is kept on one line.
    out = f"<h2>{names_html(escape(h))}</h2>"
    if not (numbers and move.summary):
        out += f'<p class="pres-reason">{names_html(escape(move.reason))}</p>'
    if move.suggested:
        out += (f'<p class="pres-reason">The computer would rather play {names_html(escape(move.suggested))} '
                "here.</p>")
    if numbers:
        out += _numbers_html(move)
    return out


def _note_html(note: str) -> str:
    return f'<div class="pres-note" aria-label="Teacher\'s note">{html_text(note)}</div>' if note else ""


def hand_html(show: Show, count: int, *, asking: bool, revealed: bool, numbers: bool, note: str = "",
              where: str = "", title: str = "", chosen: Mapping[str, int] | None = None) -> str:
    """The stage of a hand at ``count`` actions (cached per hand and view); ``title`` instead
    of the hand's own (which names its deal). ``chosen``: a live class's answers to the
    question revealed (how many chose each action); the reveal then says a line on each wrong
    answer chosen instead of a line on every worse play."""
    answers = tuple(sorted((chosen or {}).items()))
    key = (count, asking, revealed, numbers, note, where, title, answers)
    if key in show.drawn:
        return show.drawn[key]
    scene = show.scenes[count]
    asking = asking and count < show.total
    question = show.question(count) if asking else None
    acting = scene.to_act if count < show.total else None
    answer = _answer_tiles(question, revealed)
    seats = "".join(
        _seat_html(scene, s, hidden=question is not None and s != question.seat, acting=s == acting, answer=answer)
        for s in range(scene.players)
    )
    seats += _widow_html(scene, open_hands=question is None,
                         bidder_shown=question is None or question.seat == scene.bidder)
    trump = words.trump_label(scene.trump).capitalize() if scene.trump is not None else "Not named yet"
    top = (
        f'<div class="pres-top"><h1 class="pres-title">{escape(title or show.heading)}</h1>'
        f'<div class="pres-fact"><span class="pres-k">Trump:</span> <b>{escape(trump)}</b></div>'
        f'<div class="pres-fact"><span class="pres-k">Contract:</span> <b>{escape(scene.contract)}</b></div>'
        f'<div class="pres-where"{_long_where(where)}>{escape(where or f"Move {count} of {show.total}")}</div></div>'
    )
    talk = _note_html(note)
    if question is not None:
        if not revealed:  # revealed, the answer's headline takes the question's place
            talk += f'<p class="pres-ask">{escape(question.prompt)}</p>'
        if revealed:
            talk += _move_html(question.answer, numbers, title=f"The computer: {question.answer_label}")
            if question.every_right:
                talk += f'<p class="pres-reason pres-every-right">{escape(question.every_right_note)}</p>'
            if question.as_good and not numbers:
                talk += f'<p class="pres-reason pres-as-good">{names_html(escape(question.as_good_note))}</p>'
            # Why the others are worse, in plain words (the figures are in the numbers' table): a
            # line on each wrong answer a live class chose, else one line on every worse play.
            lines = question.chosen_lines(dict(answers)) if not numbers else ()
            if lines:
                talk += ('<div class="pres-reason pres-worse pres-chosen">'
                         + "".join(f"<p>{names_html(escape(line))}</p>" for line in lines) + "</div>")
            elif not numbers and question.worse_all:
                talk += f'<p class="pres-reason pres-worse">{names_html(escape(question.worse_all))}</p>'
        else:
            talk += '<p class="pres-help">Every other hand is hidden. → reveals the computer\'s answer.</p>'
    elif scene.move is not None:
        talk += _move_html(scene.move, numbers)
    else:
        talk += ("<h2>The deal</h2><p class=\"pres-reason\">Every hand is face up. "
                 "Press → (or Page Down) for the bidding, then each move.</p>")
    if scene.result and question is None:
        talk += f'<p class="pres-result">{escape(scene.result)}</p>'
    html = (
        f'<section class="pres-stage" data-count="{count}" data-asking="{int(asking)}" '
        f'data-revealed="{int(revealed)}" aria-label="Presenter">{top}<div class="pres-body">'
        f'<div class="pres-table pres-n{scene.players}">{seats}{_trick_html(scene)}</div>'
        f'<aside class="pres-talk" aria-live="polite">{talk}</aside></div></section>'
    )
    show.drawn[key] = html
    return html


#: A reason longer than this (characters) takes the wider words' column beside a slide's tiles.
LONG_REASON = 280

#: The room a live class's words under a slide's tiles take, in the presenter's unit (``--u``:
#: 1 px at 1920x1080): the column's width inside its box, the width of a character (a list's
#: line, a paragraph's: set wide, with a margin) and the height of a line, each per unit of type
#: (beside the live panel the question and answer are 34 units, every other word 30 or 32).
_LINE_WIDTH, _CHAR_WIDTH, _LIST_CHAR_WIDTH, _LINE_HEIGHT = 1100.0, 0.47, 0.40, 1.3


def _lines(text: str, size: float, indent: float = 0.0, char: float = _CHAR_WIDTH) -> int:
    """How many lines ``text`` takes in ``size`` units of type across the words' column."""
    per_line = max(1, int((_LINE_WIDTH - indent) / (char * size)))
    out, line = 1, 0
    for word in text.split():
        if line and line + 1 + len(word) > per_line:
            out, line = out + 1, len(word)
        else:
            line += len(word) + (1 if line else 0)
    return out


def words_room(item: ItemShow, note: str = "") -> int:
    """The height (in ``--u`` units) that the words of ``item``'s slide take under its tiles in
    a live class, the taller of the question asked (with the intro) and the answer revealed
    (with its reason): the slide keeps that room for them both, so the reveal moves nothing.

    >>> from tutorial.services.items import course
    >>> from tutorial.services.presenter import build_item_show
    >>> level = build_item_show(course().level("trump-pick"), "level")
    >>> 300 < words_room(level) < 800
    True
    """
    def block(text: str, size: float, after: float = 0.0, indent: float = 0.0, char: float = _CHAR_WIDTH) -> float:
        return _lines(text, size, indent, char) * size * _LINE_HEIGHT + after * size

    noted = block(note, 30, 0.8) + 20 if note.strip() else 0.0
    asked = noted + block(item.question, 34, 0.3)
    paras = [" ".join(p.split()) for p in item.intro.split("\n\n") if p.strip()]
    asked += sum(block(p, 30, 0.35) for p in paras) if paras else block("→ reveals the answer and the reason.", 30)
    said = noted + block(item.question, 34, 0.3) + block("Answer: " + item.answer, 34)
    for line in item.reason.splitlines():
        if line.strip().startswith("- "):
            said += block(line.strip()[2:], 32, 0.1, indent=36, char=_LIST_CHAR_WIDTH)
        elif line.strip():
            said += block(line, 30)
    said += 0.6 * 30 + (block("The level's introduction", 30) if paras else 0.0)
    return round(max(asked, said) + 60)  # the box's padding and border, and a line's spare


#: A position's "where" longer than this (a deck's title, its slide and move) takes the stage's
#: type, not the header's larger one, so the header keeps one line at 1920x1080.
LONG_WHERE = 36


def _long_where(where: str) -> str:
    """The attribute marking a long "where" on a position's header (``""`` for a short one).

    >>> _long_where("Move 3 of 26"), _long_where("Période 3 — la défausse · slide 1 of 4 · move 11 of 26")
    ('', ' data-long="1"')
    """
    return ' data-long="1"' if len(where) > LONG_WHERE else ""


def item_html(item: ItemShow, *, revealed: bool, note: str = "", where: str = "") -> str:
    """The stage of a puzzle or lesson level: the question, then the engine's answer; a
    level's intro under them (folded once the answer is up)."""
    trump = words.trump_label(item.trump).capitalize() if item.trump is not None else ""
    top = (f'<div class="pres-top"><h1 class="pres-title">{escape(item.title)}</h1>'
           + (f'<div class="pres-fact"><span class="pres-k">Trump:</span> <b>{escape(trump)}</b></div>' if trump else "")
           + f'<div class="pres-where">{escape(where)}</div></div>')
    marked = set(item.answer_tiles) if revealed else set()
    drawn = item.trump if revealed else item.asked_trump  # no trump marked that gives the answer
    # Each row of tiles says how many it holds (``--n``) and the table how many rows (``--rows``):
    # the style sheet sizes the tiles so that every row fits the table's width and all the rows
    # its height, the same before and after the reveal.
    # A row keeps room under its tiles for their words (``--caps``) where it can have any: the
    # trick's seats, and "Answer" when the answer is among the tiles shown (the question says so).
    caps = int(bool(item.answer_tiles))
    # Three or four hands stand two a row (a hand then has half the width).
    pair = len(item.hands) > 2
    rows = []
    seats = []
    for seat, tiles in item.hands:
        cells = "".join(_tile(t, drawn, answer=t in marked) for t in tiles)
        seats.append(f'<div class="pres-seat"><div class="pres-name">Seat {seat}</div>'
                     f'<div class="pres-tiles" role="group" aria-label="Seat {seat}\'s tiles" '
                     f'style="--n: {len(tiles)}; --caps: {caps}; --share: {1 + pair}">{cells}</div></div>')
    if pair:
        rows.append('<div class="pres-item-hands">' + "".join(seats) + "</div>")
    else:
        rows += seats
    lines = len(rows) + (len(seats) - 1) // 2 if pair else len(rows)  # the rows of tiles, top to bottom
    if item.trick:
        cells = "".join(_tile(t, drawn, caption=f"Seat {s}" if s >= 0 else "", answer=t in marked)
                        for s, t in item.trick)
        rows.append('<div class="pres-trick"><div class="pres-trick-title">The trick so far</div>'
                    '<div class="pres-trick-tiles" role="group" aria-label="The trick so far" '
                    f'style="--n: {len(item.trick)}; --caps: {int(caps or any(s >= 0 for s, _ in item.trick))}">'
                    f'{cells}</div></div>')
    if item.tiles:
        cells = "".join(_tile(t, drawn, answer=t in marked) for t in item.tiles)
        rows.append('<div class="pres-trick"><div class="pres-trick-tiles" role="group" aria-label="Tiles" '
                    f'style="--n: {len(item.tiles)}; --caps: {caps}">{cells}</div></div>')
    lines += bool(item.trick) + bool(item.tiles)
    table = (f'<div class="pres-table pres-item-tiles" style="--rows: {lines}">' + "".join(rows) + "</div>"
             if rows else "")
    # The question first, then (revealed) the answer and its reason: always in view. A level's
    # intro (the lesson's words, or a strategy position's tricks so far) follows in smaller
    # type, each paragraph its own; once the answer is up it folds away (a click opens it).
    talk = _note_html(note) + f'<p class="pres-ask">{escape(item.question)}</p>'
    intro = "".join(f'<p class="pres-intro-words">{escape(" ".join(para.split()))}</p>'
                    for para in item.intro.split("\n\n") if para.strip())
    if revealed:
        talk += (f'<p class="pres-answer">Answer: {names_html(escape(item.answer))}</p>'
                 f'<div class="pres-reason">{lines_html(item.reason)}</div>')
        if intro:
            talk += f'<details class="pres-intro"><summary>The level\'s introduction</summary>{intro}</details>'
    elif intro:  # (the Reveal button says what → does)
        talk += f'<div class="pres-intro">{intro}</div>'
    else:
        talk += '<p class="pres-help">→ reveals the answer and the reason.</p>'
    body = "pres-body" if rows else "pres-body pres-solo"  # no tiles: the words take the stage
    # A long reason (a line a tile, or a bid's chances) asks for a wider column, asked and revealed alike.
    listed = ' data-words="long"' if "<ul>" in lines_html(item.reason) or len(item.reason) > LONG_REASON else ""
    if listed and rows and not item.hands:  # a live class puts these words under the tiles, in this much room
        listed += f' data-said style="--said: {words_room(item, note)}"'
    return (f'<section class="pres-stage" data-count="0" data-asking="1" data-revealed="{int(revealed)}" '
            f'aria-label="Presenter">{top}<div class="{body}"{listed}>{table}'
            f'<aside class="pres-talk pres-item-talk" aria-live="polite">{talk}</aside></div></section>')


def note_html(entry: DeckEntry, *, where: str = "") -> str:
    """A deck's note slide: the teacher's own words across the whole stage, in big type."""
    title = entry.title or "Note"
    return (f'<section class="pres-stage" data-count="0" data-asking="0" data-revealed="0" aria-label="Presenter">'
            f'<div class="pres-top"><h1 class="pres-title">{escape(title)}</h1>'
            f'<div class="pres-where">{escape(where)}</div></div>'
            f'<div class="pres-body pres-solo"><aside class="pres-talk pres-note-slide" aria-label="Teacher\'s note">'
            f'<p class="pres-note-words">{html_text(entry.note)}</p></aside></div></section>')
