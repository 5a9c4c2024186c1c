"""Names as the store keeps them: a display name cleaned (:func:`clean_name`) and the key that
makes two names in a class or a live class the same name (:func:`name_key`). Its own module, so
that the models can use it as a column default (:mod:`store.models` imports nothing else of
the store's)."""

from __future__ import annotations

MAX_NAME = 40


def clean_name(name: str) -> str:
    """A display name: printable, single-spaced, at most 40 characters.

    >>> clean_name("  Ada   Lovelace\\n")
    'Ada Lovelace'
    """
    text = "".join(ch for ch in str(name) if ch.isprintable())
    return " ".join(text.split())[:MAX_NAME]


#: The longest :func:`name_key` (a folded name can grow: "ß" folds to "ss").
MAX_NAME_KEY = 160


def name_key(name: str) -> str:
    """What makes two names in a class the same name: the clean name, case-folded.

    >>> name_key("  Dup ") == name_key("dup") == name_key("DUP")
    True
    """
    return clean_name(name).casefold()[:MAX_NAME_KEY]


def name_is_cut(name: str) -> bool:
    """True when :func:`clean_name` cuts this name short (longer than 40 characters).

    >>> name_is_cut("Ada " * 5), name_is_cut("A" * 41)
    (False, True)
    """
    text = "".join(ch for ch in str(name) if ch.isprintable())
    return len(" ".join(text.split())) > MAX_NAME


def cut_note(typed: str) -> str:
    """A word on a name cut to 40 characters (``""`` when it was not cut).

    >>> cut_note("Ada")
    ''
    """
    if not name_is_cut(typed):
        return ""
    return f" Names are at most {MAX_NAME} characters: yours was shortened to “{clean_name(typed)}”."
