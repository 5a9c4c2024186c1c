"""Load and validate the course: one TOML file per stage in ``lessons/data/``.

A stage file::

    stage = 7                      # its place in the course
    id = "following"
    title = "Following suit"
    summary = "What you must play when a suit is led."

    [[level]]
    id = "follow-fives"
    title = "Follow if you can"
    intro = "Text shown before the question."
    question = "Fives were led. Pick every tile you may play."
    kind = "legal_tiles"          # a check kind, see content.checks.KINDS
    hints = ["Where to look.", "Optional words before the engine's answer."]
    expected = ["5-3", "5-1"]      # optional: cross-checked with the engine's answer
    [level.position]              # see content.model.POSITION_FIELDS
    trump = "6"
    leader = 0
    trick = ["5-4"]
    hands = { 1 = "6-5 5-3 5-1 2-1" }
    [level.feedback]              # optional: own words for some feedback codes
    trump-cannot-follow = "..."

Every problem is reported with the file, the entry and the field, and one bad level never
hides the others: :func:`check_course` lists them all; :func:`load_course` raises
:class:`~content.errors.ContentErrors` with all of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from content.checks import KINDS
from content.errors import ContentError, ContentErrors, FieldError
from content.files import display_path, entry_name, read_toml
from content.items import Item, build_common, text_field

__all__ = ["DATA_DIR", "PARTS", "Course", "Level", "Numbered", "Stage", "check_course", "load_course", "stage_name"]

#: Where the stage files live.
DATA_DIR = Path(__file__).resolve().parent / "data"

_STAGE_FIELDS = {"stage", "id", "title", "summary", "level", "part"}
#: The parts of the course: the rules, then Play better (strategy).
PARTS = ("rules", "play-better")
_LEVEL_FIELDS = {"id", "title", "intro", "question", "kind", "hints", "expected", "feedback", "position", "whole_set"}


@dataclass
class Level(Item):
    """One interactive step of a stage (see :class:`~content.items.Item` for the API)."""

    stage: str = ""
    title: str = ""
    intro: str = ""
    #: False in the stages before the course teaches trump: the app does not show
    #: "Trump: no trump" on a level whose learner has not met trump yet.
    trump_taught: bool = True
    #: The question is about the whole double-six set (its position has four players only
    #: to hold all 28 tiles), not about a game: the app names no players or rules for it.
    whole_set: bool = False


@dataclass
class Stage:
    number: int
    id: str
    title: str
    summary: str
    file: str
    levels: list[Level] = field(default_factory=list)
    #: ``"rules"`` or ``"play-better"`` (the strategy course, after the rules stages)
    part: str = "rules"


@dataclass
class Course:
    """The stages in order. ``course.level(id)`` finds a level anywhere."""

    stages: list[Stage]

    def levels(self) -> Iterator[Level]:
        for s in self.stages:
            yield from s.levels

    def level(self, level_id: str) -> Level:
        """The level of ``level_id``, a renamed level's old id too (:mod:`lessons.renamed`)."""
        from lessons.renamed import current_level_id

        level_id = current_level_id(level_id)
        for lv in self.levels():
            if lv.id == level_id:
                return lv
        raise KeyError(level_id)

    def stage(self, stage_id: str) -> Stage:
        for s in self.stages:
            if s.id == stage_id:
                return s
        raise KeyError(stage_id)

    def stage_name(self, stage: Stage) -> str:
        """What the learner calls ``stage``: "Stage 3", or "Play better 2" (see :func:`stage_name`)."""
        return stage_name(self.stages, stage)


class Numbered(Protocol):
    """A stage as :func:`stage_name` reads it (its ``part`` is read if it has one)."""

    number: int


def stage_name(stages: Sequence[Numbered], stage: Numbered) -> str:
    """What the learner calls ``stage`` among ``stages``: "Stage N" for a rules stage (its
    number), "Play better N" for the N-th stage of the strategy part.

    >>> from types import SimpleNamespace as NS
    >>> rules, better = NS(number=12, part="rules"), NS(number=52, part="play-better")
    >>> stage_name([rules, NS(number=51, part="play-better"), better], better)
    'Play better 2'
    >>> stage_name([rules, better], rules)
    'Stage 12'
    """
    if getattr(stage, "part", "rules") == "play-better":
        better = [s for s in stages if getattr(s, "part", "rules") == "play-better"]
        return f"Play better {better.index(stage) + 1}"
    return f"Stage {stage.number}"


def build_level(raw: object, file: str, stage_id: str) -> Level:
    """One level from its table (FieldError on the first problem)."""
    if not isinstance(raw, Mapping):
        raise FieldError("", "a level is a table of fields")
    kind = raw.get("kind")
    own = set(KINDS[kind].params) if isinstance(kind, str) and kind in KINDS else set()
    if "par" in raw:
        raise FieldError("par", "levels no longer have a par: stars follow one rule for every level "
                         "(content.stars.stars_for); remove this line")
    unknown = sorted(set(raw) - _LEVEL_FIELDS - own)
    if unknown:
        raise FieldError(unknown[0], "unknown field")
    level_id = text_field(raw, "id")
    intro = text_field(raw, "intro")
    title = text_field(raw, "title", required=False) or ""
    if "question" not in raw:
        raise FieldError("question", "this field is missing")
    kind_name, question, task, hints, feedback = build_common(raw)
    whole_set = raw.get("whole_set", False)
    if not isinstance(whole_set, bool):
        raise FieldError("whole_set", "give true or false")
    if whole_set and task.position.players != 4:
        raise FieldError("whole_set", "a question about the whole double-six set needs all 28 tiles: "
                         "rules = { players = 4 } in its position")
    if "expected" in raw:
        task.check_expected(raw["expected"])
    else:
        task.answer()  # computed now, so a broken question fails at load time
    assert level_id is not None and intro is not None
    return Level(
        id=level_id, file=file, kind=kind_name, question=question, task=task, hints=hints,
        feedback=feedback, stage=stage_id, title=title, intro=intro, whole_set=whole_set,
    )


def _load_stage(path: Path, errors: list[ContentError]) -> Stage | None:
    file = display_path(path)
    data, err = read_toml(path, file)
    if err is not None or data is None:
        errors.append(err or ContentError(file, None, None, "empty"))
        return None
    bad = False
    for name in sorted(set(data) - _STAGE_FIELDS):
        errors.append(ContentError(file, None, name, "unknown field of a stage file"))
        bad = True
    values: dict[str, str | None] = {}
    for name in ("id", "title", "summary"):
        try:
            values[name] = text_field(data, name)
        except FieldError as e:
            errors.append(ContentError(file, None, e.field, e.message))
            bad = True
    number = data.get("stage")
    if type(number) is not int or number < 1:
        errors.append(ContentError(file, None, "stage", f"the stage number is a whole number from 1, not {number!r}"))
        bad = True
    raw_levels = data.get("level", [])
    if not isinstance(raw_levels, list) or not raw_levels:
        errors.append(ContentError(file, None, "level", "a stage needs at least one [[level]]"))
        raw_levels = []
    part = data.get("part", "rules")
    if part not in PARTS:
        errors.append(ContentError(file, None, "part", f"the part is one of {', '.join(PARTS)}, not {part!r}"))
        bad = True
    stage = Stage(number if type(number) is int else 0, values.get("id") or "?", values.get("title") or "?",
                  values.get("summary") or "", file, part=str(part))
    for i, raw in enumerate(raw_levels):
        name = entry_name(raw, i, "level")
        try:
            stage.levels.append(build_level(raw, file, stage.id))
        except FieldError as e:
            errors.append(ContentError(file, name, e.field or None, e.message))
    return None if bad else stage


def check_course(data_dir: Path | None = None) -> tuple[Course, list[ContentError]]:
    """Load every stage file; return the course (the good parts) and every problem found."""
    data_dir = data_dir or DATA_DIR
    errors: list[ContentError] = []
    stages: list[Stage] = []
    for path in sorted(data_dir.glob("*.toml")):
        stage = _load_stage(path, errors)
        if stage is not None:
            stages.append(stage)
    seen_ids: dict[str, str] = {}
    numbers: dict[int, str] = {}
    for s in stages:
        if s.number in numbers:
            errors.append(ContentError(s.file, None, "stage", f"stage number {s.number} is also used by {numbers[s.number]}"))
        numbers[s.number] = s.file
        for lv in s.levels:
            if lv.id in seen_ids:
                errors.append(ContentError(s.file, lv.id, "id", f"the id is also used in {seen_ids[lv.id]}"))
            seen_ids[lv.id] = s.file
    stages.sort(key=lambda s: s.number)
    _mark_trump_taught(stages)
    return Course(stages), errors


def _mark_trump_taught(stages: list[Stage]) -> None:
    """Trump is taught from the first stage with a level whose trump is named (a number or
    doubles); the levels of earlier stages say nothing about trump."""
    first = next((s.number for s in stages for lv in s.levels
                  if lv.position.trump is not None and lv.position.trump.kind != "none"), None)
    for s in stages:
        for lv in s.levels:
            lv.trump_taught = first is not None and s.number >= first


def load_course(data_dir: Path | None = None) -> Course:
    """The whole course, or :class:`ContentErrors` listing every problem."""
    course, errors = check_course(data_dir)
    if errors:
        raise ContentErrors(errors)
    return course
