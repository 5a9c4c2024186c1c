"""Home: what Moon is, the path through the app, and the progress so far."""

from __future__ import annotations

import streamlit as st

from engine import parse_tiles
from engine.words import count_words
from tutorial.components import learn, profile, resume
from tutorial.components.frame import PAGES
from tutorial.components.tiles import show_tiles
from tutorial.services.items import level_count
from tutorial.services.progress import course_count

st.title(":material/dark_mode: Moon Tutor")
# Three players, classic rules, strong computer players; it asks before replacing a saved game.
if resume.play_now_button("home-play-now") | resume.confirm_play_now("home-play-now"):
    st.switch_page(PAGES["play"])
st.markdown(
    "**Moon** is a trick-taking game played with dominoes, a close cousin of Texas 42. "
    "Three players (or four, in two teams) each get seven tiles. After one round of bidding, "
    "the highest bidder names **trump** and tries to win at least as many of the seven "
    "tricks as they promised. Everyone else scores the tricks they take."
)
# Which tiles are trumps is what Learn asks: the example marks none and says nothing of it.
show_tiles(parse_tiles("6-6 6-4 5-3 3-3 2-1"), label="Example tiles")
st.caption("Five domino tiles: each end shows from 0 (blank) to 6 pips.")

st.header("Your path")


def _count(n: int, word: str) -> str:
    return f"**{count_words(n, word)}**"


p = profile.progress()
# Everything the cards say is known before the first is drawn, so the three appear together;
# a new learner's cards do not wait for the course to load (it loads in a worker).
spot = learn.home_link()
c1, c2, c3 = st.container(key="home-path").columns(3)
with c1, st.container(border=True):
    st.markdown("### 1 · Learn")
    st.markdown("Short levels, each with a question and instant feedback that tells you why.")
    done = course_count(p)  # levels only, as Learn counts "the whole course"; drills apart
    if done.levels or done.drills:
        st.markdown(f":material/star: {_count(done.stars, 'star')} over {_count(done.levels, 'level')}"
                    + (f" · {_count(done.drills, 'drill')} played out" if done.drills else ""))
    else:
        st.markdown(f":material/star: {_count(level_count(), 'level')}, up to three stars each")
    if spot is None:
        st.page_link(PAGES["learn"], label="Start learning", icon=":material/school:")
    else:
        st.markdown(f":material/bookmark: Next: **{spot[1]}**")
        st.page_link(PAGES["learn"], label="Continue learning", icon=":material/school:",
                     query_params={learn.PARAM: spot[0]})
with c2, st.container(border=True):
    st.markdown("### 2 · Puzzles")
    st.markdown("One position at a time: find the right play, with hints when you need them.")
    st.markdown(f":material/extension: **{len(p.puzzles_solved)}** solved · best streak **{p.best_streak}**")
    st.page_link(PAGES["puzzles"], label="Solve puzzles", icon=":material/extension:")
with c3, st.container(border=True):
    st.markdown("### 3 · Play")
    st.markdown("Whole games against the computer. Ask *why?* after any of its moves.")
    st.markdown(f":material/playing_cards: {_count(p.hands_played, 'hand')} played · "
                f"{_count(p.games_won, 'game')} won")
    if not resume.offer(PAGES["play"]):  # the unfinished game (open here, or saved), when there is one
        st.page_link(PAGES["play"], label="Play a game", icon=":material/playing_cards:")

profile.home_box()

st.header("Also here")
d1, d2, d3 = st.columns(3)
with d1:
    st.page_link(PAGES["classroom"], label="Classroom", icon=":material/co_present:")
    st.caption("For a projector: every hand face up, stepped through trick by trick.")
with d2:
    st.page_link(PAGES["bidding"], label="Bidding lab", icon=":material/science:")
    st.caption("How likely is a hand to make each bid, for every trump?")
with d3:
    st.page_link(PAGES["rules"], label="Rules", icon=":material/menu_book:")
    st.caption("The complete rules, with your house rules pointed out.")
