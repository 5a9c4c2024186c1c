"""The README's examples run and print what the README says."""

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 4
    assert result.failed == 0
