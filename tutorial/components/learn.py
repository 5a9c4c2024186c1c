"""The Learn page's pieces: choosing a stage and a level, asking it, stars, and the progress
file (download and upload).

Every level has its own address, ``/learn?level=<id>``: the page opens the level a link names,
else the level last open in this session (after a visit to another page), else where the
learner stopped (:func:`tutorial.services.progress.resume_level`); the address follows the
level shown, so a reload keeps it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from content.stars import MAX_STARS
from lessons.strategy.drill import drill_of
from store.events import LessonAnswer
from tutorial.components import item as ask
from tutorial.components import profile, scroll, state
from tutorial.components.tiles import Shown, names_md, show_row
from tutorial.services.items import Attempt, course, replay, shown_reason, stage_summary, tiles_named
from tutorial.services.progress import next_level, place_words, resume_level
from tutorial.services.text import md_escape, unbroken
from tutorial.services.urlstate import LearnLink, LinkError

if TYPE_CHECKING:
    from content import Item
    from lessons import Course, Level, Stage

STAGE = state.LEARN_STAGE
LEVEL = state.LEARN_LEVEL
PLACE = state.LEARN_PLACE
#: The query parameter of a level's own link (:class:`~tutorial.services.urlstate.LearnLink`).
PARAM = LearnLink.PARAMS[0]
#: What the second part of Learn is, shown above its stages.
PLAY_BETTER = (
    "**Play better** — after the rules, how to play well: one principle a stage. Each position is a real "
    "deal seen from your seat; the answer is the tile that does best on average over every way the tiles "
    "you have not seen can lie, not the one that happens to work with the hands face up."
)
#: The levels still to practise again, in order (set by "Practise these again").
PRACTICE = "learn-practice"
#: The levels whose stored wrong tries this session has put back (:func:`_restore`).
RESTORED = "learn-restored"


def load() -> Course | None:
    try:
        with st.spinner("Loading the course…"):
            return course()
    except Exception as e:  # a broken content file must not take the page down
        st.error(f"The course could not be loaded: {e}")
        return None


def _stars(level_id: str) -> int:
    return profile.progress().stars.get(level_id, 0)


def _has_drill(stage: Stage) -> bool:
    """Whether the stage has a Play it out drill (the Play better stages)."""
    return getattr(stage, "part", "rules") == "play-better"


def _star_text(n: int) -> str:
    return "★" * n + "☆" * (MAX_STARS - n)


def _solved(level: Item, att: Attempt) -> None:
    """The stars of a right answer, by the rule the stored rows are read with: the wrong tries
    at this level since it was last answered right count, those before a reload too."""
    now = LessonAnswer(level_id=level.id, correct=True, try_number=att.tries, hints=att.hints)
    att.stars = profile.progress().with_events([now]).last_stars[level.id]


def place(c: Course) -> str:
    """The level Learn opens without a link: the one last open in this session, else where
    the learner stopped."""
    ids = {lv.id for lv in c.levels()}
    last = _held().level
    return last if last in ids else resume_level(c, profile.progress())


def _held() -> LearnLink:
    """The Learn address this session holds (the level last open; no level at first)."""
    held = st.session_state.get(PLACE)
    return held if isinstance(held, LearnLink) else LearnLink()


def home_link() -> tuple[str, str] | None:
    """Home's way back into Learn: ``(level id, "Stage 3, Level 2")`` of
    :func:`~tutorial.services.progress.next_level` once the learner has started (an answer, or a level opened in this session); ``None`` for a new
    learner (or when the course cannot be loaded)."""
    held, last = _held().level, profile.progress().last_level
    if held == "" and last is None:  # a new learner: no need to wait for the course
        return None
    try:
        c = course()
    except Exception:  # Learn says what is wrong with the content
        return None
    if held == next(iter(c.levels())).id and last is None:
        return None
    lid = next_level(c, profile.progress(), held)
    return lid, place_words(c, lid)


def _go_to(c: Course, level_id: str) -> None:
    st.session_state[STAGE] = c.level(level_id).stage
    st.session_state[LEVEL] = level_id


def open_place(c: Course) -> None:
    """Choose the stage and level before their pickers are drawn: a link's ``?level=`` when it
    is not the level this session holds (a link just opened, a reload, Back), else the
    pickers' own state, else :func:`place`. A link to no level says so and opens :func:`place`."""
    ids = {lv.id for lv in c.levels()}
    link = LearnLink.parse(st.query_params.to_dict(), ids)
    if isinstance(link, LinkError):
        lid = place(c)
        st.error(md_escape(f"{link} This is {place_words(c, lid)} instead; every level has its own link."),
                 icon=":material/link_off:")
        _go_to(c, lid)
        return
    if link.level and link != _held():
        _go_to(c, link.level)
        return
    if st.session_state.get(LEVEL) not in ids:
        _go_to(c, place(c))


def keep_place(level: Level) -> None:
    """Remember the level shown (for a later visit in this session) and put it in the
    address, so a reload or a copied link opens it."""
    link = LearnLink(level.id)
    st.session_state[PLACE] = link
    if st.query_params.get(PARAM) != link.level:
        st.query_params.update(link.to_query())


def stage_picker(c: Course) -> Stage:
    stages = c.stages
    ids = [s.id for s in stages]
    if st.session_state.get(STAGE) not in ids:
        st.session_state[STAGE] = ids[0]

    better = [s.id for s in stages if getattr(s, "part", "rules") == "play-better"]

    def label(sid: str) -> str:
        s = c.stage(sid)
        if sid in better:
            return f"{c.stage_name(s)}. {s.title}"
        return f"{s.number}. {s.title}"

    st.selectbox("Stage", ids, key=STAGE, format_func=label)
    stage = c.stage(st.session_state[STAGE])
    if stage.id in better:
        st.info(PLAY_BETTER, icon=":material/psychology:")
    got = sum(_stars(lv.id) for lv in stage.levels)
    total = sum(_stars(lv.id) for lv in c.levels())
    drill = ""
    if _has_drill(stage):  # its stars are the drill's own: said beside, not in the stage's
        drill = f" · Play it out drill: {_star_text(_stars(drill_of(stage).id))} (not counted here)"
    st.caption(
        f"This stage: {got} of {MAX_STARS * len(stage.levels)} stars, from its {len(stage.levels)} levels{drill}"
        f" · the whole course: {total} of {MAX_STARS * sum(len(s.levels) for s in c.stages)} stars"
    )
    return stage


def level_picker(stage: Stage) -> Level:
    ids = [lv.id for lv in stage.levels]
    if st.session_state.get(LEVEL) not in ids:
        st.session_state[LEVEL] = next((i for i in ids if _stars(i) == 0), ids[0])
    st.markdown(f"**{stage.title}.** {stage.summary}")

    def label(lid: str) -> str:
        return f"Level {ids.index(lid) + 1}"

    st.radio("Level", ids, key=LEVEL, format_func=label, horizontal=True,
             help=f"Each level has one question. Stars: {ask.STAR_HELP}.")
    st.markdown(" · ".join(unbroken(f"{i + 1}: {_star_text(_stars(lid))}") for i, lid in enumerate(ids)),
                unsafe_allow_html=True)  # a level's number never ends a line without its stars
    return next(lv for lv in stage.levels if lv.id == st.session_state[LEVEL])


def _open_now(c: Course, level_id: str) -> None:
    """Open ``level_id`` from a button's callback, its address with it: the address bar
    names the level the moment the click is taken, not once the page has been drawn again."""
    _go_to(c, level_id)
    keep_place(c.level(level_id))


def _go_next(c: Course, level_id: str) -> None:
    queue = [i for i in st.session_state.get(PRACTICE, []) if i != level_id]
    st.session_state[PRACTICE] = queue
    if queue:
        _open_now(c, queue[0])
        return
    levels = list(c.levels())
    i = next(k for k, lv in enumerate(levels) if lv.id == level_id)
    if i + 1 < len(levels):
        _open_now(c, levels[i + 1].id)


def _retry(level_id: str) -> None:
    ask.attempt_for(f"lv-{level_id}").reset()


def _practise(stage_id: str, missed: list[str]) -> None:
    """Start the missed levels of a stage again, one after the other."""
    for lid in missed:
        ask.attempt_for(f"lv-{lid}").reset()
    st.session_state[PRACTICE] = list(missed)
    st.session_state[STAGE] = stage_id
    if missed:
        st.session_state[LEVEL] = missed[0]


def stage_end(stage: Stage) -> None:
    """The end-of-stage summary: stars earned, the levels missed (fewer than three stars) and
    a "Practise these again" button. Shown once every level of the stage has stars."""
    stars = profile.progress().stars
    s = stage_summary(stage, stars)
    if not s["done"]:
        return
    ids = [lv.id for lv in stage.levels]
    with st.container(border=True, key="learn-stage-summary"):
        st.markdown(f"### {course().stage_name(stage)} done: {s['earned']} of {s['most']} stars")
        st.caption(f"Stars: {ask.STAR_HELP}.")
        if s["missed"]:
            lines = [
                f"- Level {ids.index(lid) + 1}, *{md_escape(stage.levels[ids.index(lid)].title or lid)}*: "
                f"{_star_text(stars.get(lid, 0))}"
                for lid in s["missed"]
            ]
            st.markdown("**Levels to practise** (fewer than three stars):\n" + "\n".join(lines))
            st.button("Practise these again", key="learn-practise", on_click=_practise, args=(stage.id, s["missed"]),
                      icon=":material/replay:", type="primary")
        else:
            st.markdown("Every level with three stars. On to the next stage!")


def _to_top(level: Level) -> None:
    """Bring ``level``'s box into view from its top when it was just opened: after "Next
    level" (pressed at the bottom of the box) the browser keeps the scroll position, which cut
    off the top of the next question. On a phone also when a level is opened (a link, the
    page, a level picked): the stage and level pickers above it put its question below the
    fold; they are a swipe up."""
    scroll.top_on_change(".st-key-learn-level-box", level.id, "__moonLevelShown", phone=True)


def _restore(level: Level, key: str, att: Attempt) -> None:
    """Once a session, a level's wrong tries stored since it was last answered right come
    back into its attempt (a reload shows the last "Not quite…" again, as the stars count
    those tries)."""
    done: set[str] = st.session_state.setdefault(RESTORED, set())
    if key in done:
        return
    done.add(key)
    replay(level, att, profile.progress().open_wrong.get(level.id, []))


def level_view(c: Course, level: Level) -> None:
    key = f"lv-{level.id}"
    att = ask.attempt_for(key)
    _restore(level, key, att)
    # The sidebar shows the question's rules (none for one about the whole double-six set).
    state.put(state.QUESTION_RULES, state.WHOLE_SET if level.whole_set else level.rules)
    with st.container(border=True, key="learn-level-box"):
        st.markdown(f"## {level.title or level.id}")
        st.markdown(names_md(level.intro), unsafe_allow_html=True)  # tile names never break
        # A Play better intro tells the tricks so far: no pictures of every tile played.
        named = [] if level.kind == "strategy" else tiles_named(level.intro)
        if named:
            # The intro's own examples, as pictures (never marked as trumps: the intro teaches
            # with other tiles than the question's).
            show_row([Shown(t, str(t)) for t in named], base=0.7, label="The tiles named above")
        st.markdown(names_md(f"**{level.question}**"), unsafe_allow_html=True)  # tile names never break
        ask.position_view(level, key)
        ask.answer_controls(level, key, on_solved=_solved, on_shown=_solved)
        ask.feedback(level, key)
        ask.hints(level, key, on_shown=_solved)
        if att.solved and att.shown:
            # the answer shown after a wrong try ends the level, as that answer would
            n = att.stars
            st.info(f"{shown_reason(att)}, so this level ends here: {_star_text(n)} ({n} of {MAX_STARS} "
                    "stars). Go on to the next level, or try this one again.",
                    icon=":material/flag:")
        if att.solved:
            with st.container(horizontal=True, key="learn-after"):
                st.button("Next level", key="learn-next", type="primary", on_click=_go_next, args=(c, level.id),
                          icon=":material/arrow_forward:")
                st.button("Try this level again", key="learn-retry", on_click=_retry, args=(level.id,),
                          icon=":material/replay:")
    best = _stars(level.id)
    if best:
        counted = " (counted in this stage's stars)" if _has_drill(c.stage(level.stage)) else ""
        st.caption(f"Your best on this level: {_star_text(best)}{counted}")
    _to_top(level)


def progress_file() -> None:
    """Download the progress as JSON, or upload a saved file (a bad file changes nothing)."""
    from tutorial.components import profile

    profile.progress_file()
