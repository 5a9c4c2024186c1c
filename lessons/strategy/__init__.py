"""Play better: the strategy course (the second part of Learn).

Each principle (:mod:`lessons.strategy.principles`) is one stage. Its positions are generated
from dealt hands by :mod:`lessons.strategy.generate` (seeded: the same seeds give the same
file) and answered by the fair answer of :mod:`engine.strategy`: the best tile in expectation
over every layout of the unseen tiles the learner cannot rule out. The stage files are
``lessons/data/5x-*.toml``; the check kind ``strategy`` (:mod:`content.checks.strategy`) asks
them on Learn.
"""

from lessons.strategy.principles import PRINCIPLES, Principle, principle

__all__ = ["PRINCIPLES", "Principle", "principle"]
