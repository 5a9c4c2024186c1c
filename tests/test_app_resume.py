"""The learner's unfinished Play game: when it is saved (tutorial.services.resume), and
"Continue your game" on Play and Home (AppTest, with the store behind)."""

from __future__ import annotations

import pytest

from engine import Game, RuleSet
from store import learners, open_store, saved_games
from tutorial.services.resume import describe, learner_moved, reopen, save_point
from tutorial.services.text import md_escape, numbers_html
from tutorial.services.urlstate import LinkError, PlaySetup, encode
from tutorial.testing import click, errors, keys, open_app, texts

STEP = {"moon_play_mode": "step"}


def _played(rules: RuleSet, deal: int, *, until: str = "game_over", limit: int = 100_000) -> Game:
    """A game on ``deal`` played by taking the highest bid and the first legal move, until its
    phase is ``until`` (to end, a game needs a low target: the bids are set)."""
    g = Game.new(rules, deal)
    for _ in range(limit):
        if g.phase == until:
            return g
        if g.phase == "hand_over":
            g.next_hand()
            continue
        g.apply(g.legal_actions()[-1 if g.phase == "bidding" else 0])
    raise AssertionError("the game did not get there")


def _moves(g: Game) -> list[list[str]]:
    return [list(h["actions"]) for h in g.record()["hands"]]


# -- the service ---------------------------------------------------------------------------------
def test_a_game_is_saved_on_the_learners_turn_and_after_their_move_but_never_once_over() -> None:
    g = Game.new(RuleSet(players=4), 42)
    first = g.to_act
    assert first is not None
    assert save_point(g, first) and not learner_moved(g, first)
    other = (first + 1) % 4
    assert not save_point(g, other)  # the computer (seat `first`) is to bid: nothing to keep yet
    g.apply(g.legal_actions()[0])
    assert save_point(g, first) and learner_moved(g, first)  # just after the learner's own move
    assert save_point(g, other) == (g.to_act == other)
    over = _played(RuleSet(players=3, target=1), 3)
    assert not any(save_point(over, s) for s in range(3))
    ended = _played(RuleSet(players=3), 3, until="hand_over")
    assert save_point(ended, 1) and learner_moved(ended, 1)  # waiting for the next hand


def test_the_description_says_players_game_hand_scores_and_computer() -> None:
    """The game goes by its number as Play's table names it ("Hand 2 of game 11"), never "deal 11"."""
    g = _played(RuleSet(players=3), 11, until="hand_over")
    g.next_hand()
    line = describe(g, 0, "strong")
    scores = ", ".join(f"{n} {s}" for n, s in zip(["You", "Seat 1", "Seat 2"], g.scores, strict=True))
    assert line == f"3 players · game 11, hand 2, bidding · scores: {scores} (game to 21 points) · computer: strong"
    # A hand played to its end is not unfinished: it is said finished, with the next to deal.
    done = _played(RuleSet(players=3), 11, until="hand_over")
    assert describe(done, 0, "strong").startswith("3 players · game 11, hand 1 finished, hand 2 next · scores: ")
    assert "over" not in describe(done, 0, "strong")
    g4 = Game.new(RuleSet(players=4), 5)
    assert describe(g4, 1, "basic").startswith("4 players (two teams) · game 5, hand 1, bidding · scores: their team 0, "
                                               "your team 0")


@pytest.mark.parametrize(("query", "said"), [
    ({"deal": "42", "moves": "b9.b9.b9"}, "do not fit game 42"),
    ({"deal": "x"}, "not a whole number"),
    ({"deal": "42", "seat": "7"}, "is not a seat"),
    ({"deal": "42", "rules": "nonsense:1"}, "does not exist"),
])
def test_a_saved_query_that_is_not_a_game_is_refused_in_words(query: dict[str, str], said: str) -> None:
    with pytest.raises(LinkError, match=said):
        reopen(query)


def test_a_finished_game_is_not_offered() -> None:
    over = _played(RuleSet(players=3, target=1), 3)
    with pytest.raises(LinkError, match="already over"):
        reopen(encode(PlaySetup(RuleSet(players=3, target=1), 3), _moves(over)))


def test_reopen_gives_the_game_after_its_moves_and_a_clean_query() -> None:
    g = _played(RuleSet(players=4, min_bid=5), 9, until="playing")
    setup = PlaySetup(RuleSet(players=4, min_bid=5), 9, 1, "strong")
    query = encode(setup, _moves(g))
    got = reopen({**query, "other": "ignored"})
    assert got.query == query and got.request.setup == setup
    assert got.game.history == g.history and got.game.hands == g.hands
    assert "hand 1, trick 1" in got.description and "computer: strong" in got.description


# -- the pages -----------------------------------------------------------------------------------
def _learner_turn(at):  # type: ignore[no-untyped-def]
    for _ in range(20):
        if not keys(at, "next-move"):
            return at
        click(at, "next-move")
    raise AssertionError("the computer players did not stop")


def test_a_move_saves_the_game_and_the_personal_link_continues_it_elsewhere() -> None:
    at = _learner_turn(open_app("play", {"deal": "42", "players": "4"}, state=STEP))
    assert not keys(at, "continue-game")  # a game is open in this session: nothing to offer
    click(at, keys(at, "bid-")[0])  # the learner's first move makes their profile
    assert not at.exception, errors(at)
    db = open_store()
    lid = at.session_state["moon_learner_id"]
    moves = at.session_state["moon_play"].moves()
    saved = saved_games.load(db, lid)
    assert saved is not None and saved.query == at.session_state["moon_play"].query()
    assert saved.query["players"] == "4" and saved.query["moves"] == at.query_params["moves"]
    # A new browser with the personal link: Home and Play offer the game; Play reopens it.
    token = at.session_state["moon_learner_token"]
    home = open_app("home", {"me": token})
    assert not home.exception, errors(home)
    page = texts(home)
    first = at.session_state["moon_play"]
    line = describe(first.game, first.seat, "basic")
    assert line.startswith("4 players (two teams) · game 42, hand 1, ") and line.endswith("· computer: basic")
    assert "**Your unfinished game** · " + numbers_html(md_escape(line)) in page
    play = open_app("play", {"me": token}, state=STEP)  # Next moves the computer: nothing moves by itself
    assert "Your unfinished game" in texts(play) and "moon_play" not in play.session_state
    click(play, "continue-game-button")
    assert not play.exception, errors(play)
    again = play.session_state["moon_play"]
    assert again.moves() == moves and again.setup.rules.players == 4 and again.game.seed == 42
    assert again.game.hands == at.session_state["moon_play"].game.hands
    assert not keys(play, "continue-game")


def test_a_bad_saved_game_is_said_and_dropped_never_a_crash() -> None:
    db = open_store()
    me, token = learners.create(db)
    saved_games.save(db, me.id, {"deal": "42", "moves": "b9.b9.b9"})
    at = open_app("home", {"me": token})
    assert not at.exception, errors(at)
    assert md_escape("Your saved game could not be opened: The moves in the link do not fit game 42") in texts(at)
    assert "It has been removed" in texts(at)
    assert saved_games.load(db, me.id) is None
    at.run()
    assert "could not be opened" not in texts(at)


def test_the_end_of_the_game_clears_it() -> None:
    db = open_store()
    me, token = learners.create(db)
    rules = RuleSet(players=3, target=1)  # over after one hand
    over = _played(rules, 3)
    moves = _moves(over)
    saved_games.save(db, me.id, encode(PlaySetup(rules, 3), [*moves[:-1], moves[-1][:-3]]))
    at = open_app("play", {"me": token}, state=STEP)
    assert "Your unfinished game" in texts(at)
    at.query_params.update(encode(PlaySetup(rules, 3), moves))  # the same game, played to its end
    at.run()
    assert not at.exception, errors(at)
    assert at.session_state["moon_play"].game.phase == "game_over"
    assert saved_games.load(db, me.id) is None


def test_home_points_to_the_game_open_in_this_session() -> None:
    """Back on Home mid-game, the Play card says "Continue your game" with the hand and trick
    (as Play does), not only "Play a game"."""
    from tutorial.testing import PAGE_FILES

    at = _learner_turn(open_app("play", {"deal": "42", "players": "4"}, state=STEP))
    click(at, keys(at, "bid-")[0])
    assert not at.exception, errors(at)
    sess = at.session_state["moon_play"]
    line = describe(sess.game, sess.seat, sess.setup.level)
    at.switch_page(PAGE_FILES["home"]).run()
    assert not at.exception, errors(at)
    assert "**Your unfinished game** · " + numbers_html(md_escape(line)) in texts(at)
    assert "4 players (two teams) · game 42, hand 1, " in line
    links = [(el.proto.label, el.proto.page) for el in at.get("page_link")]
    assert any(label == "Continue your game" for label, _ in links), links
    assert not any(label == "Play a game" for label, _ in links), links
