"""What lesson levels and puzzles share: a question on a position, checked by a task.

:class:`Item` is the part the app talks to:

- ``item.answer()`` / ``item.answer_json()`` — the engine's answer;
- ``item.grade(answer)`` -> :class:`~content.checks.Feedback` (the file's own words replace
  the engine's for the codes it overrides);
- ``item.hint(1)`` (where to look), ``item.hint(2)`` (the answer, with the engine's reason);
  ``item.first_hint(feedback)``, the hint that fits the mistake of a wrong answer;
- ``item.stars(tries, hints)`` — 3, 2 or 1 stars by the one rule of :mod:`content.stars`;
- ``item.choices()`` — what to offer the learner to click, if the answer is picked;
- ``item.export()`` — the row of ``python -m puzzles export``.

:func:`build_common` reads the fields every entry has and builds the position and task,
raising :class:`~content.errors.FieldError` naming the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import cast

from content.checks import JSON, KINDS, AnyTask, Feedback, make_task
from content.errors import FieldError
from content.model import Position
from content.stars import stars_for
from engine import RuleSet

__all__ = ["Item", "build_common", "text_field"]


def text_field(raw: Mapping[str, object], name: str, required: bool = True) -> str | None:
    if name not in raw:
        if required:
            raise FieldError(name, "this field is missing")
        return None
    value = raw[name]
    if not isinstance(value, str) or not value.strip():
        raise FieldError(name, "must be a non-empty text")
    return " ".join(value.split()) if "\n\n" not in value else "\n\n".join(
        " ".join(p.split()) for p in value.strip().split("\n\n")
    )


@dataclass
class Item:
    """A question with its position, its check and its help texts."""

    id: str
    file: str
    kind: str
    question: str
    task: AnyTask
    hints: tuple[str, ...]
    feedback: dict[str, str] = field(default_factory=dict)

    @property
    def position(self) -> Position:
        return self.task.position

    @property
    def rules(self) -> RuleSet:
        return self.task.position.rules

    def answer(self) -> object:
        """The engine's answer (canonical Python value, of the kind's answer type)."""
        return self.task.answer()

    def answer_json(self) -> JSON:
        """The engine's answer in the export format (see docs/content.md)."""
        return self.task.answer_json()

    def choices(self) -> list[str] | None:
        return self.task.choices()

    def grade(self, answer: object) -> Feedback:
        """Grade a learner's answer; the file's feedback overrides replace the text for
        their codes. Raises :class:`~content.errors.AnswerError` for an unreadable answer."""
        fb = self.task.grade(answer)
        if not fb.correct and fb.code in self.feedback:
            return Feedback(False, fb.code, self.feedback[fb.code], fb.reasons)
        return fb

    def plain(self, answer: object) -> str:
        """The right answer and why in one or two plain sentences, after the learner answered
        ``answer``, where the kind's feedback is mostly numbers (:meth:`Task.plain`); ``""``
        where it is plain already, or the answer cannot be read."""
        from content.errors import AnswerError

        try:
            value = self.task.read(answer)
        except AnswerError:
            return ""
        return self.task.plain(value)

    def hint(self, step: int) -> str:
        """Step 1: where to look. Step 2: the answer, with the engine's reason."""
        if step == 1:
            return self.hints[0]
        if step == 2:
            lead = self.hints[1] + " " if len(self.hints) > 1 else ""
            return lead + self.task.explain()
        raise ValueError("a hint has two steps, 1 and 2")

    def first_hint(self, feedback: Feedback) -> str:
        """The first hint after the wrong answer graded ``feedback``: one that fits the
        mistake when the kind has one (a missed double: about doubles), else step 1; after
        what was wrong in the answer, when the kind says (:meth:`Task.what_was_wrong`)."""
        hint = self.task.mistake_hint(feedback) or self.hint(1)
        wrong = self.task.what_was_wrong(feedback)
        return f"{wrong} {hint}" if wrong else hint

    def options(self) -> int | None:
        """How many answers the learner picks one from (``None``: the answer is typed, or is a
        set or an order of the choices): what :func:`content.stars.stars_for` needs."""
        choices = self.choices()
        return len(choices) if choices is not None and self.task.mode == "one" else None

    def stars(self, tries: int, hints_used: int = 0) -> int:
        """Stars for solving it in ``tries`` tries (the right one included) after
        ``hints_used`` hints, by the one rule :func:`content.stars.stars_for`."""
        return stars_for(max(0, tries - 1), hints_used, self.options())

    def export(self, source: str) -> dict[str, JSON]:
        """One row of ``python -m puzzles export``."""
        pos = self.position
        row: dict[str, JSON] = {
            "id": self.id,
            "source": source,
            "kind": self.kind,
            "rules": pos.rules.to_dict(),
            "trump": str(pos.trump) if pos.trump is not None else None,
            "hands": pos.hands_json(),
            "leader": pos.leader,
            "to_play": pos.to_play,
            "trick": [str(t) for t in pos.trick],
            "bids": [[s, b] for s, b in pos.bids],
            "first_bidder": pos.first_bidder,
            "bidder": pos.bidder,
            "bid": pos.bid,
            "tricks_won": list(pos.tricks_won) if pos.tricks_won is not None else None,
            "scores": list(pos.scores) if pos.scores is not None else None,
            "tiles": [str(t) for t in pos.tiles],
            "widow": [str(t) for t in pos.widow],
            "played": [str(t) for t in pos.played],
            "shown": sorted(pos.shown),
            "position": pos.to_dict(),
            "params": cast("dict[str, JSON]", dict(sorted(self.task.p.items()))),  # TOML values
            "choices": self.choices(),
            "question": self.question,
            "answer": self.answer_json(),
        }
        accepted = getattr(self.task, "accepted", None)
        if callable(accepted):
            row["accepted"] = accepted()
        extra = getattr(self.task, "export_extra", None)
        if callable(extra):
            row.update(extra())
        return row


def build_common(
    raw: Mapping[str, object], rules: RuleSet | None = None
) -> tuple[str, str, AnyTask, tuple[str, ...], dict[str, str]]:
    """Read kind, position, question, hints, feedback and the kind's own fields.

    ``rules`` is given for puzzles (their top-level field); lessons keep them in the position.
    Returns (kind, question, task, hints, feedback overrides)."""
    kind = raw.get("kind")
    if kind is None:
        raise FieldError("kind", "this field is missing")
    if not isinstance(kind, str) or kind not in KINDS:
        raise FieldError("kind", f"{kind!r} is not a check kind (the kinds: {', '.join(KINDS)})")
    try:
        position = Position.from_dict(raw.get("position"), rules)
    except FieldError as e:
        raise e.under("position") from None
    params = {k: v for k, v in raw.items() if k in KINDS[kind].params}
    task = make_task(kind, position, params)
    question = text_field(raw, "question", required=False) or task.default_question
    hints_raw = raw.get("hints")
    if hints_raw is None:
        raise FieldError("hints", "this field is missing: give one or two hints (where to look, then more)")
    if not isinstance(hints_raw, list) or not 1 <= len(hints_raw) <= 2:
        raise FieldError("hints", "give one or two hints: where to look, then (optional) words before the answer")
    hints = []
    for i, h in enumerate(hints_raw):
        if not isinstance(h, str) or not h.strip():
            raise FieldError(f"hints.{i}", "a hint is a non-empty text")
        hints.append(" ".join(h.split()))
    fb_raw = raw.get("feedback", {})
    if not isinstance(fb_raw, Mapping):
        raise FieldError("feedback", "feedback is a table of code = text")
    feedback: dict[str, str] = {}
    for code, text in fb_raw.items():
        if code not in task.codes:
            raise FieldError(
                f"feedback.{code}",
                f"kind '{kind}' gives no feedback code {code!r} (its codes: {', '.join(task.codes)})",
            )
        if not isinstance(text, str) or not text.strip():
            raise FieldError(f"feedback.{code}", "must be a non-empty text")
        feedback[code] = " ".join(text.split())
    return kind, question, task, tuple(hints), feedback
