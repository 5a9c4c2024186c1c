"""The Bidding lab's pieces: pick or deal a hand, run the simulations, show the chances."""

from __future__ import annotations

import streamlit as st

from engine import Game, RuleSet, Tile
from engine.words import percent
from tutorial.components import resume, state
from tutorial.components.tiles import Shown, show_row
from tutorial.services.bidding import (
    TIME_LIMIT,
    BidLab,
    held_in_play,
    in_worker,
    max_samples,
    parse_hand,
    simulate,
)
from tutorial.services.charts import bid_heatmap
from tutorial.services.rules_text import short_summary, with_players
from tutorial.services.text import md_escape
from tutorial.services.urlstate import LinkError, parse_deal_number

HAND = state.LAB_HAND
RESULT = state.LAB_RESULT


def _default_samples(players: int) -> int:
    return 60 if players == 3 else 20


def _kept_hand() -> tuple[Tile, ...] | None:
    """The hand studied last (kept while the input is being corrected)."""
    hand: tuple[Tile, ...] | None = state.get(HAND)
    return hand


def lab_rules() -> RuleSet:
    """The rules the lab deals and plays by: the house rules, for the lab's own number of players."""
    return with_players(state.house_rules(), state.players(state.LAB_PLAYERS))


def pick_hand() -> tuple[Tile, ...] | None:
    """The hand to study: dealt by number, or typed in. Returns the tiles (or ``None``)."""
    rules = lab_rules()
    st.caption(f"House rules: {short_summary(rules)}. The lab assumes you bid first and lead.")
    how = st.radio("The hand", ["Deal one", "Type the tiles"], horizontal=True, key="lab-how")
    if how == "Deal one":
        c1, c2 = st.columns(2)
        raw = c1.text_input("Deal number", value="1", key="lab-deal")
        seat = c2.selectbox("Seat", list(range(rules.players)), key="lab-seat")
        try:
            deal = parse_deal_number(raw)
        except LinkError as e:
            st.error(md_escape(str(e)))
            return _kept_hand()
        hand = Game.new(rules, deal).hands[seat if seat < rules.players else 0]
        playing = resume.game_in_play()
        if playing is not None and held_in_play(hand, playing[0], playing[1], open_hands=playing[2]):
            st.info(f"Deal number {deal} deals the hand you are playing on Play (game {playing[0].seed}, hand "
                    f"{playing[0].hand_number}): Seat {seat}'s tiles show here once that hand is over (or with "
                    "Play's \"open hands\" switch on).")
            return None
    else:
        text = st.text_input("Seven tiles", value="6-6 6-5 6-4 5-5 4-4 3-2 2-1", key="lab-tiles",
                             help="Write each tile as two numbers, e.g. 6-4, separated by spaces.")
        try:
            hand = parse_hand(text, rules)
        except ValueError as e:
            st.error(md_escape(str(e)))
            return _kept_hand()
    hand = tuple(sorted(hand))
    if state.get(HAND) != hand:
        state.put(HAND, hand)
    show_row([Shown(t, str(t)) for t in hand], label="The hand being studied")  # each tile named, as elsewhere
    return hand


def run(hand: tuple[Tile, ...]) -> None:
    rules = lab_rules()
    top = max_samples(rules)
    if st.session_state.get("lab-samples", 0) > top:
        st.session_state["lab-samples"] = top  # the rules changed to four players: keep within the budget
    samples = st.slider("Simulated deals", 10, top, _default_samples(rules.players), step=10, key="lab-samples",
                        help=f"More deals give steadier numbers but take longer (four players are slower). "
                        f"At most {top} deals, and a run stops after {TIME_LIMIT:.0f} seconds with the deals done.")
    if st.button("Simulate", type="primary", key="lab-run", icon=":material/science:"):
        bar = st.progress(0.0, text="Simulating…")
        last = [0]

        def tick(x: float) -> None:
            pct = int(100 * x)
            if pct > last[0]:
                last[0] = pct
                bar.progress(x, text=f"Simulating… {pct}%")

        # Solved in the background worker, a few deals at a time (the bar moves after each).
        res = simulate(rules, hand, samples=samples, seed=samples, progress=tick, time_limit=TIME_LIMIT,
                       runner=in_worker)
        bar.empty()
        state.put(RESULT, res)


def results(hand: tuple[Tile, ...]) -> None:
    res = state.get(RESULT)
    if not isinstance(res, BidLab):
        st.info("Press **Simulate** to see the chance of making each bid with each trump.")
        return
    if res.hand != tuple(sorted(hand)) or res.rules != lab_rules():
        st.warning("These results are for another hand or other house rules; press **Simulate** again.")
    if not res.complete:
        st.warning(
            f"The simulation stopped at its time limit ({TIME_LIMIT:.0f} seconds) after {res.samples} of the "
            f"{res.requested} deals asked for; the numbers below use those {res.samples} deals."
        )
    table = res.table()
    best4 = res.best(res.rules.min_bid)
    st.markdown(
        f"**{res.samples} simulated deals per trump.** Best trump for a bid of {res.rules.min_bid}: "
        f"**{best4.name}** ({percent(res.chance(best4, res.rules.min_bid))}). "
        "A common rule is to bid only when the chance is about 75% or more."
    )
    st.plotly_chart(bid_heatmap(table, "Chance of making each bid (%)"), key="lab-heatmap",
                    config={"displayModeBar": False})
    shown = table.copy()
    shown.columns = [("21 (moon)" if str(c) == "21" else f"Bid {c}") for c in shown.columns]
    shown.insert(0, "Average tricks", res.averages().round(2))
    shown.index.name = "Trump"
    config = {c: st.column_config.NumberColumn(format="%.0f%%") for c in shown.columns if c != "Average tricks"}
    config["Average tricks"] = st.column_config.NumberColumn(format="%.2f")  # "4.00" beside "3.28", not "4"
    st.dataframe(shown, column_config=config, key="lab-table")
    st.caption(
        "Each simulated deal gives the other players random tiles from those you cannot see, gives you the widow "
        "(three players) and lays aside your weakest tile, then counts your side's tricks when everyone plays "
        "perfectly with all hands open. Real play is not that perfect, so treat the numbers as a guide."
    )
