"""AppTest: the Play page (whole hands through the buttons, explanations, hints, undo,
review, the URL)."""

from __future__ import annotations

import re
import sys

import pytest
from streamlit.testing.v1 import AppTest

from engine import RuleSet
from tutorial.testing import click, errors, keys, open_app, play_hand, texts

STEP = {"moon_play_mode": "step"}


def test_setup_panel_without_a_game() -> None:
    at = open_app("play")
    assert not at.exception
    assert "press **Deal**" in texts(at)
    assert keys(at, "new-game")


def test_deal_button_starts_a_game_in_the_url() -> None:
    at = open_app("play", state=STEP)
    at.toggle(key="play-random").set_value(False).run()
    at.text_input(key="play-deal").set_value("77").run()
    click(at, "new-game")
    assert not at.exception, errors(at)
    assert at.query_params["deal"] == "77"
    assert at.session_state["moon_play"].game.seed == 77


def test_whole_three_player_hand() -> None:
    at = open_app("play", {"deal": "5"}, state=STEP)
    play_hand(at)
    g = at.session_state["moon_play"].game
    assert g.hand_finished and len(g.results) == 1
    page = texts(at)
    assert "Hand 1 is over" in page
    # The hand summary table and the score chart are there; the hand review is made only
    # when its tab is opened (it never holds up the click that ended the hand).
    assert any("Change" in df.value.columns for df in at.dataframe)
    assert 1 not in at.session_state["moon_play"].reviews
    at.session_state["play-tabs"] = "Hand review"
    at.run()
    assert 1 in at.session_state["moon_play"].reviews
    assert any("Grade" in df.value.columns for df in at.dataframe)
    assert "Your decisions and plays:" in texts(at)
    # The learner's bid (or pass) is graded too, with the strong player's choice in words.
    review = at.session_state["moon_play"].reviews[1]
    mine = [d for d in review.decisions if d.seat == at.session_state["moon_play"].seat]
    assert mine and mine[0].kind == "bid"
    if mine[0].grade:  # graded: plain words first, the numbers behind "Show the numbers"
        from tutorial.services.reviewing import plain_words

        plain = plain_words(mine[0])
        assert plain[0].upper() + plain[1:] in texts(at)
        at.session_state["review-numbers"] = True
        at.run()
    assert mine[0].describe("you") in texts(at)
    assert at.session_state["moon_progress"].hands_played == 1
    # The URL holds every move, so the game can be rebuilt from it.
    assert at.query_params["moves"].count(".") >= 20


def test_whole_four_player_hand() -> None:
    at = open_app("play", {"deal": "9", "players": "4", "seat": "2"}, state=STEP)
    assert at.session_state["moon_play"].players == 4
    at.button(key="next-move").click().run()
    # the feed's first heading: four players have no widow
    assert "Bidding and trump" in texts(at) and "widow" not in texts(at).lower()
    play_hand(at)
    g = at.session_state["moon_play"].game
    assert g.hand_finished
    assert sum(g.tricks_won) == 7
    assert "Your team" in texts(at)


def test_explanation_of_a_computer_move() -> None:
    # Deal 5 (3 players): seat 1 bids first, so the computer acts before the learner.
    at = open_app("play", {"deal": "4"}, state=STEP)
    sess = at.session_state["moon_play"]
    for _ in range(10):
        if not keys(at, "next-move"):
            break
        click(at, "next-move")
        assert sess.last_step is not None
        if sess.last_step.seat != sess.seat:
            break
    step = sess.last_step
    if step is None:  # the learner bids first on this deal: bid, then let a computer move
        click(at, keys(at, "bid-")[0])
        click(at, "next-move")
        step = sess.last_step
    assert step is not None and step.seat != sess.seat
    # The feed has a line for the move, with its reason; its full explanation opens from it.
    assert f'data-move="{step.hand}-{step.index}"' in texts(at)
    assert len(at.pills(key="feed-why-pick").options) == texts(at).count('class="moon-feed-line"')
    from tutorial.services.describe import describe_action
    from tutorial.services.table import reason_of

    said = describe_action(step.seat, step.action, you=sess.seat, players=sess.players)
    # During the hand the reason is said at the table: what the hand is worth, not what is in it.
    fair = step.decision.at_table()
    assert fair.explanation.reason != step.decision.explanation.reason
    assert f"**{said}.** {reason_of(fair)}" in texts(at)
    assert step.decision.explanation.reason not in texts(at)
    at.pills(key="feed-why-pick").set_value((step.hand, step.index)).run()
    page = texts(at)
    assert "says:" in page
    # The plain reason is shown; the numbers wait behind the details toggle.
    reason = fair.explanation.reason
    assert reason and reason in page
    assert not any("Move" in df.value.columns and "Chosen" in df.value.columns for df in at.dataframe)
    at.toggle(key=f"why-{step.hand}-{step.index}-details").set_value(True).run()
    # The basic player's summary counts what it holds: it waits for the end of the hand.
    assert step.decision.explanation.summary not in texts(at)
    # In the feed's narrow column the numbers are one line per move (a table was cut off).
    from tutorial.services.describe import decision_frame, decision_lines

    assert decision_lines(decision_frame(fair)) in texts(at)
    assert at.get("plotly_chart"), "the bar chart of the candidates"


def _step(at: AppTest) -> bool:
    """One step of a hand in "Press Next" mode: the next computer move, else pass the bid,
    else play the first playable tile. False when none of these is on the page."""
    if keys(at, "next-move"):
        click(at, "next-move")
    elif keys(at, "bid-"):
        click(at, "bid-pass")
    elif keys(at, "hand-btn-"):
        click(at, keys(at, "hand-btn-")[0])
    else:
        return False
    return True


def test_illegal_tiles_are_disabled_with_a_reason() -> None:
    at = open_app("play", {"deal": "5"}, state=STEP)
    sess = at.session_state["moon_play"]
    for _ in range(200):
        g = sess.game
        if g.phase == "playing" and g.to_act == sess.seat and g.current_trick:
            legal = {str(a.value) for a in g.legal_actions()}
            if len(legal) < len(g.hands[sess.seat]):
                break
        assert _step(at), "deal 5 must reach a trick where the learner holds a tile that cannot follow"
    g = sess.game
    legal = {str(a.value) for a in g.legal_actions()}
    blocked = [t for t in g.hands[sess.seat] if str(t) not in legal]
    assert blocked
    t = blocked[0]
    button = at.button(key=f"hand-btn-{t.high}{t.low}")
    assert button.disabled
    assert button.help is not None and "follow" in button.help
    why_not = [str(m.value) for m in at.markdown if "Why not? (" in str(m.value)]
    assert len(why_not) == 1 and f"- **{t}**: {button.help}" in why_not[0]
    assert "Why not?" not in " ".join(e.label for e in at.expander)  # folded inside the hand's title
    # A playable tile's button has no tooltip: it would only repeat the label over the tiles.
    playable = next(t for t in g.hands[sess.seat] if str(t) in legal)
    button = at.button(key=f"hand-btn-{playable.high}{playable.low}")
    assert not button.disabled and not button.help and button.label.startswith("Play ")


def test_hint_in_two_steps_and_undo() -> None:
    at = open_app("play", {"deal": "5"}, state=STEP)
    sess = at.session_state["moon_play"]
    while not sess.is_human_turn():
        click(at, "next-move")
    click(at, "hint")
    assert "Hint 1 of 2" in texts(at)
    assert "Hint 2 of 2" not in texts(at)
    click(at, "hint")
    assert "Hint 2 of 2" in texts(at)
    before = len(sess.game.history)
    click(at, "hint-do")
    assert len(sess.game.history) == before + 1
    assert not at.button(key="undo").disabled
    click(at, "undo")
    assert len(sess.game.history) == before
    assert sess.is_human_turn()


def test_bad_url_keeps_the_game() -> None:
    at = open_app("play", {"deal": "5"}, state=STEP)
    sess = at.session_state["moon_play"]
    click(at, keys(at, "bid-")[0]) if sess.is_human_turn() else click(at, "next-move")
    moves = list(sess.game.history)
    for bad in ({"deal": "abc"}, {"deal": "5", "players": "9"}, {"deal": "5", "rules": "min_bid:9"},
                {"deal": "5", "moves": "zz.qq"}, {"deal": "5", "moves": "66.66.66"}, {"deal": "5", "seat": "7"}):
        at.query_params.clear()
        at.query_params.update(bad)
        at.run()
        assert not at.exception, errors(at)
        assert at.error, f"no message for {bad}"
        assert "unchanged" in at.error[0].value.replace("\\", "")
        assert at.session_state["moon_play"] is sess
        assert list(sess.game.history) == moves


def test_bad_url_without_a_game_says_so() -> None:
    at = open_app("play", {"deal": "-3"})
    assert not at.exception
    assert at.error and "deal number" in at.error[0].value.replace("\\", "")
    assert at.session_state["moon_play"] is None if "moon_play" in at.session_state else True


def test_link_rebuilds_the_game_after_a_refresh() -> None:
    at = open_app("play", {"deal": "5"}, state=STEP)
    for _ in range(6):
        if keys(at, "next-move"):
            click(at, "next-move")
        elif keys(at, "bid-"):
            click(at, keys(at, "bid-")[0])
    query = dict(at.query_params)
    history = list(at.session_state["moon_play"].game.history)
    fresh = open_app("play", query, state=STEP)  # a new browser session with the same URL
    assert list(fresh.session_state["moon_play"].game.history) == history


def test_a_links_rules_are_for_its_game_only() -> None:
    """Opening a game link with other rules (four players) plays that game by them, and leaves
    the learner's house rules as they were: the New game panel and the Rules page still show
    theirs, and Deal deals them; "Play now" does not reset them either."""
    mine = RuleSet(min_bid=5)
    at = open_app("play", {"deal": "9", "players": "4"}, state={**STEP, "moon_house_rules": mine})
    assert not at.exception, errors(at)
    assert at.session_state["moon_play"].game.rules.players == 4
    assert at.session_state["moon_house_rules"] == mine
    at.switch_page("views/rules.py").run()
    assert at.session_state["moon_house_rules"] == mine
    at.switch_page("views/play.py").run()
    click(at, "play-now")
    assert at.session_state["moon_play"].game.rules == RuleSet()
    assert at.session_state["moon_house_rules"] == mine
    at.session_state["new-game-box"] = True
    at.run()
    click(at, "new-game")
    if keys(at, "deal-anyway"):  # the hand in progress is thrown away, once asked
        click(at, "deal-anyway")
    assert not at.exception, errors(at)
    assert at.session_state["moon_play"].game.rules == mine


def test_navigation_keeps_the_game() -> None:
    at = open_app("play", {"deal": "5"}, state=STEP)
    click(at, "next-move") if keys(at, "next-move") else click(at, keys(at, "bid-")[0])
    sess = at.session_state["moon_play"]
    n = len(sess.game.history)
    at.switch_page("views/rules.py").run()
    at.query_params.clear()
    at.switch_page("views/play.py").run()
    assert at.session_state["moon_play"] is sess
    assert len(sess.game.history) == n
    assert at.query_params["deal"] == "5"


def test_a_crafted_link_cannot_inject_markdown() -> None:
    at = open_app("play", {"deal": "[click me](http://example.invalid)"})
    assert at.error
    raw = at.error[0].value
    assert "[click me](" not in raw and "\\[click me\\]" in raw


def test_a_whole_game_to_its_end_with_the_score_chart() -> None:
    at = open_app("play", {"deal": "3", "rules": "target:5"}, state=STEP)
    sess = at.session_state["moon_play"]
    for _ in range(12):
        play_hand(at)
        if sess.game.phase == "game_over":
            break
        click(at, "next-hand")
    assert sess.game.phase == "game_over"
    assert "Game over" in texts(at)
    assert not keys(at, "next-hand")
    at.session_state["play-tabs"] = "Scores"
    at.run()
    assert len(at.get("plotly_chart")) >= 1
    scores = next(df.value for df in at.dataframe if "What happened" in df.value.columns)
    assert len(scores) == len(sess.game.results)
    assert at.session_state["moon_progress"].hands_played == len(sess.game.results)


def test_a_stale_url_does_not_take_moves_back() -> None:
    """The game in the session is the truth. A URL this session wrote earlier
    (still in the browser while a click is on its way) is never read back."""
    at = open_app("play", {"deal": "5"}, state=STEP)
    sess = at.session_state["moon_play"]
    while not sess.is_human_turn():
        click(at, "next-move")
    stale = dict(at.query_params)
    click(at, keys(at, "bid-")[0])
    while sess.is_computer_turn():
        click(at, "next-move")
    history = list(sess.game.history)
    at.query_params.clear()
    at.query_params.update(stale)  # the browser still shows an older URL of this game
    at.run()
    assert at.session_state["moon_play"] is sess
    assert list(sess.game.history) == history
    assert at.query_params["moves"].count(".") == len(history) - 1  # the URL follows the game


def test_the_replaced_games_address_does_not_come_back() -> None:
    """After "Play again" the browser may still send the previous game's address (a click on
    its way): the new game stays; a link to a third game opens it."""
    at = open_app("play", {"deal": "5"}, state=STEP)
    old_query = dict(at.query_params)
    click(at, keys(at, "bid-")[0]) if keys(at, "bid-") else click(at, "next-move")
    stale = dict(at.query_params)
    at.session_state["new-game-box"] = True
    at.run()
    at.toggle(key="play-random").set_value(False).run()
    at.text_input(key="play-deal").set_value("9").run()
    click(at, "new-game")
    if keys(at, "deal-anyway"):  # the learner's hand in progress: asked first
        click(at, "deal-anyway")
    new = at.session_state["moon_play"]
    assert new.setup.deal == 9
    for q in (old_query, stale):
        at.query_params.clear()
        at.query_params.update(q)
        at.run()
        assert not at.exception, errors(at)
        assert at.session_state["moon_play"] is new and at.query_params["deal"] == "9"
    at.query_params.clear()
    at.query_params.update({"deal": "11"})
    at.run()
    assert at.session_state["moon_play"].setup.deal == 11


def test_deal_after_a_link_starts_the_game_chosen() -> None:
    """New game → 4 players, strong → Deal starts that game, and the URL follows it; the
    number of players stays the game's (the panel's choice), not a house rule."""
    at = open_app("play", {"deal": "5"}, state=STEP)
    at.session_state["new-game-box"] = True  # open the New game panel
    at.run()
    at.toggle(key="play-show-rules").set_value(True).run()
    at.radio(key="play-rule-players").set_value(4).run()
    at.radio(key="play-level").set_value("strong").run()
    at.toggle(key="play-random").set_value(False).run()
    at.text_input(key="play-deal").set_value("77").run()
    click(at, "new-game")
    assert not at.exception, errors(at)
    sess = at.session_state["moon_play"]
    assert (sess.players, sess.setup.level, sess.setup.deal) == (4, "strong", 77)
    assert at.query_params["players"] == "4" and at.query_params["level"] == "strong"
    assert at.query_params["deal"] == "77"
    assert at.session_state["moon_house_rules"] == RuleSet() and at.session_state["moon_play_players"] == 4


def test_play_now_on_home_starts_a_strong_three_player_game() -> None:
    at = open_app("home")
    click(at, "home-play-now")
    assert not at.exception, errors(at)
    sess = at.session_state["moon_play"]
    assert sess.players == 3 and sess.setup.level == "strong" and sess.setup.rules == RuleSet()


def test_play_again_after_game_over_keeps_the_rules() -> None:
    at = open_app("play", {"deal": "3", "rules": "target:1"}, state=STEP)
    sess = at.session_state["moon_play"]
    for _ in range(12):
        play_hand(at)
        if sess.game.phase == "game_over":
            break
        click(at, "next-hand")
    assert keys(at, "play-again") and keys(at, "game-over-new")
    assert not keys(at, "undo", enabled=False)
    counted = at.session_state["moon_progress"].hands_played
    assert counted == len(sess.game.results)
    click(at, "play-again")
    new = at.session_state["moon_play"]
    assert new is not sess and new.setup.rules == sess.setup.rules and new.game.results == ()
    assert at.query_params["rules"] == "target:1"
    assert at.session_state["moon_progress"].hands_played == counted


def test_each_trick_and_each_reason_is_one_element() -> None:
    """The regions drawn again on every click are few elements (speed): the history
    tab is one element for all the tricks, in which each trick is one block (title, tiles,
    why it won), the last trick is one block, the reasons under "Why not?" are one list, the
    pictures of the learner's hand are one element (a button under each), and the feed's
    sentences are one element (a "Why?" beside each, all of them one widget)."""
    from engine import explain_winner

    at = open_app("play", {"deal": "5"}, state=STEP)
    sess = at.session_state["moon_play"]
    seen_blocked = False
    for _ in range(300):
        g = sess.game
        view = sess.view()
        if g.phase == "playing" and g.to_act == sess.seat and g.current_trick and len(view.tricks) >= 2:
            legal = {str(a.value) for a in g.legal_actions()}
            if len(legal) < len(g.hands[sess.seat]):
                seen_blocked = True
                break
        if g.hand_finished:
            break
        if not _step(at):
            break
    assert not at.exception, errors(at)
    view = sess.view()
    assert len(view.tricks) >= 2
    trump = sess.game.trump
    bodies = [str(m.value) for m in at.markdown]
    history = [b for b in bodies if "<strong>Trick 1</strong>" in b]
    assert len(history) == 1, f"the trick history is drawn as {len(history)} elements"
    blocks = history[0].split('<div class="moon-block">')[1:]
    assert len(blocks) == len(view.tricks)
    for i, (tr, block) in enumerate(zip(view.tricks, blocks, strict=True), start=1):
        assert f"<strong>Trick {i}</strong>" in block and f'aria-label="Trick {i}"' in block
        why = explain_winner(tr.tiles, trump).text
        assert why.split(":")[0] in block and block.count("moon-tile") == len(tr.tiles)
    assert not any("wins:" in str(c.value) for c in at.caption)  # no separate caption per trick
    last = view.tricks[-1]
    last_why = explain_winner(last.tiles, trump).text.split(":")[0]
    assert sum(last_why in b and 'aria-label="The last trick"' in b for b in bodies) == 1
    assert seen_blocked  # deal 5 reaches a trick where some of the learner's tiles cannot follow
    legal = {str(a.value) for a in sess.game.legal_actions()}
    blocked = [t for t in sess.game.hands[sess.seat] if str(t) not in legal]
    lists = [b for b in bodies if all(f"- **{t}**:" in b for t in blocked)]
    assert len(lists) == 1 and lists[0].count("\n- **") == len(blocked)
    hand = sess.game.hands[sess.seat]
    pictures = [b for b in bodies if "moon-pick-tile-" in b]
    assert len(pictures) == 1, f"the hand is drawn as {len(pictures)} pictures"
    assert all(f'data-tile="{t}"' in pictures[0] for t in hand) and pictures[0].count("<svg") == len(hand)
    assert len(keys(at, "hand-btn-", enabled=False)) == len(hand)
    lines = sess.feed()
    feeds = [b for b in bodies if 'class="moon-feed-line"' in b]
    assert len(feeds) == 1, f"the feed is drawn as {len(feeds)} elements"
    assert feeds[0].count('class="moon-feed-line"') == len(lines) >= 1
    assert re.findall(r'data-move="(\d+)-(\d+)"', feeds[0]) == [(str(ln.hand), str(ln.index)) for ln in lines]
    whys = at.pills(key="feed-why-pick")  # one widget for every line's "Why?", each label its own
    assert len(whys.options) == len(set(whys.options)) == len(lines)
    assert {o.strip("\u200b") for o in whys.options} == {"Why?"}


def _stale_next_hand_script() -> None:
    """A finished hand, then "Deal the next hand" twice (the second click stale: it arrives
    after the next hand was dealt), then the page's message, if any."""
    from engine import Game, RuleSet
    from tutorial.components import state
    from tutorial.components.play import sync
    from tutorial.services.session import PlaySession
    from tutorial.services.urlstate import PlaySetup

    g = Game.new(RuleSet(), 5)
    while not g.hand_finished:
        g.apply(g.legal_actions()[0])
    sess = PlaySession(PlaySetup(RuleSet(), 5), [[str(a) for _, a in g.history]])
    state.put(state.PLAY, sess)
    sync.next_hand()
    sync.next_hand()
    sync.show_message()


def test_a_stale_click_on_deal_the_next_hand_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    """A second click on "Deal the next hand" that lands after the next hand was dealt says
    nothing (the engine's "the hand is not over yet" contradicted the page) and deals nothing.
    ``AppTest.from_function`` leaves its script as ``sys.modules["__main__"]``, and a worker
    process spawned later imports the main module and dies there (the worker-pool tests that
    run after this one in the same process broke): the computer players think in this process,
    and the main module is put back afterwards."""
    monkeypatch.setenv("MOON_WORKERS", "0")
    monkeypatch.setitem(sys.modules, "__main__", sys.modules["__main__"])
    at = AppTest.from_function(_stale_next_hand_script, default_timeout=60)
    at.session_state["moon_play_mode"] = "step"
    at.run()
    assert not at.exception, errors(at)
    assert not (at.info or at.error or at.warning), [e.value for e in (*at.info, *at.error, *at.warning)]
    g = at.session_state["moon_play"].game
    assert g.hand_number == 2 and not g.hand_finished and not g.history


def _set_midway(players: int, bidder: int) -> tuple[int, list[list[str]]]:
    """A deal and its moves (a link's) up to the trick that sets ``bidder``'s bid of 5 with
    tricks still to play: ``bidder`` bids 5, the others pass, every seat plays its first
    legal tile."""
    from engine import Action, Game, tricks_needed

    for deal in range(1, 400):
        g = Game.new(RuleSet(players=players), deal)
        while g.phase == "bidding" and g.to_act is not None:
            five = Action.parse("bid 5")
            g.apply(five if g.to_act == bidder and five in g.legal_actions() else "pass")
        if g.bidder != bidder or g.phase == "bidding":
            continue
        while not g.hand_finished:
            g.apply(g.legal_actions()[0])
            side = g.rules.side_of(bidder)
            taken = g.view(bidder).tricks_won
            mine = sum(t for s, t in enumerate(taken) if g.rules.side_of(s) == side)
            left = 7 - len(g.view(bidder).tricks)
            if 0 < left and mine + left < tricks_needed(5) and not g.current_trick:
                return deal, [[str(a) for _, a in g.history]]
    raise AssertionError("no such deal")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("bidder", [0, 1])
def test_the_strip_says_a_set_bid_on_the_bidders_side_only(players: int, bidder: int) -> None:
    """Once a bid cannot be made the strip says "bid set" after the bidding side only (not
    after every seat that took a trick); with four players the defending team says it set the
    bid, as a result ("— they set the bid", never the goal "set it!"), once; with three the
    defenders are not tagged."""
    from tutorial.services.urlstate import encode_moves

    deal, moves = _set_midway(players, bidder)
    at = open_app("play", {"deal": str(deal), "players": str(players), "seat": "0",
                           "moves": encode_moves(moves, deal)}, state=STEP)
    assert not at.exception, errors(at)
    sess = at.session_state["moon_play"]
    assert sess.game.bidder == bidder and not sess.game.hand_finished
    strip = next(line for line in texts(at).splitlines() if line.startswith("**Tricks**")).rstrip()
    parts = strip.removeprefix("**Tricks** ").split(" · ")
    assert len(parts) == (3 if players == 3 else 2), strip
    if players == 3:
        names = [("You" if s == 0 else f"Seat {s}") for s in range(3)]
    else:
        names = ["Your team" if t == 0 else "Their team" for t in range(2)]
    side = sess.game.rules.side_of(bidder)
    for i, part in enumerate(parts):
        assert part.startswith(names[i]), (part, strip)
        if i == side:
            assert part.endswith("— bid set"), strip
        else:
            assert "bid set" not in part and "bid made" not in part, strip
    assert strip.count("bid set") == 1, strip
    assert "set it!" not in strip, strip
    assert strip.count("set the bid") == (1 if players == 4 else 0), strip
    if players == 4:
        who = "you" if side == 1 else "they"
        assert parts[1 - side].endswith(f"— {who} set the bid"), strip


def test_a_learner_who_led_and_took_a_trick_reads_lead_next_in_two_badges() -> None:
    """The walk: after the learner led and took a trick, its place read "led", "took it" and
    "lead" (meaning "you lead next") side by side. It reads "led" and "took it, lead next"."""
    from engine import Game, trick_winner
    from engine.players import make_bot
    from tutorial.services.players import bot_seed
    from tutorial.services.urlstate import PlayLink, PlaySetup

    def led_and_took(g: Game) -> bool:
        tricks = g.view(0).tricks
        return bool(tricks) and not g.current_trick and g.phase == "playing" \
            and tricks[-1].leader == 0 and tricks[-1].winner == 0

    for deal in range(1, 200):
        setup = PlaySetup(RuleSet(players=3), deal, 0, "basic")
        g = Game.new(setup.rules, deal)
        bots = [make_bot("basic", seed=bot_seed(deal, s)) for s in range(3)]
        while not g.hand_finished and not led_and_took(g):
            g.apply(bots[g.to_act or 0].decide(g.view(g.to_act or 0)).action)
        if led_and_took(g):
            break
    assert led_and_took(g) and g.trump is not None and trick_winner(g.view(0).tricks[-1].tiles, g.trump) == 0
    moves = [list(h["actions"]) for h in g.record()["hands"]]
    at = open_app("play", PlayLink(setup, moves).to_query(), state=STEP)
    assert not at.exception, errors(at)
    table = next(str(m.value) for m in at.markdown if "<div class=\"moon-trick-cell" in str(m.value))
    cell = re.search(r'<div class="moon-cap">You \(Seat 0\)(.*?)</div>', table)
    assert cell is not None, table
    badges = re.findall(r'<span class="moon-\w+">(.*?)</span>', cell.group(1))
    assert badges == ["led", "took it, lead next"], badges
