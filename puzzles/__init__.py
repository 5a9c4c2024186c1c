"""Moon puzzles: hand-written and generated positions, every solution checked by the engine.

    from puzzles import load_puzzles
    for p in load_puzzles():           # ContentErrors if any file is broken
        p.question, p.position, p.choices(), p.themes, p.rating, p.band
        fb = p.grade(answer)           # Feedback(correct, code, text, reasons)
        p.hint(1), p.hint(2)

Command line: ``python -m puzzles export | stats | check`` and
``python -m puzzles.generate --kind K --count N --seed S``.
"""

from puzzles.loader import BANDS, Puzzle, band_of, check_puzzles, load_puzzles

__all__ = ["BANDS", "Puzzle", "band_of", "check_puzzles", "load_puzzles"]
