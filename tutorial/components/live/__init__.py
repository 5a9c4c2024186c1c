"""The live class on screen: the teacher's side on the presenter (:mod:`.host`: start, the
join screen with a QR code, how many answered, the spread of answers and how many got it at the reveal, the
class summary and its CSV) and the students' page on their phones (:mod:`.phone`: join with
the code and a name, answer with one tap, see the reveal). The HTML they draw is made in
:mod:`tutorial.services.live_html`.

Every live state is in the store (``store.live``): the pages poll it (``st.fragment`` with
``run_every``), so several app servers on one database serve one class. The presenter's address
names the class by its public code (``/presenter?…&live=<code>``); the teacher's controls open
only in a browser holding the host token (kept in its session and a cookie, never in the address
a projector shows; only its hash is stored; a teacher link ``host=<token>`` is taken once and
leaves the address). A student's phone keeps its own token in its address (``/live?player=<token>``,
a :class:`~tutorial.services.urlstate.PhoneLink`).
"""

from __future__ import annotations

import os

import streamlit as st

from tutorial.services import live as logic

#: The message of a live page while its database is away.
DOWN = "The live class cannot reach its database just now; it tries again by itself."


def _configured_base() -> str:
    value = os.environ.get(logic.PUBLIC_URL_ENV, "")
    if not value:
        try:
            value = str(st.secrets.get(logic.PUBLIC_URL_ENV, "") or "")
        except Exception:  # no secrets file: the usual case
            value = ""
    return value


def public_base() -> str:
    """The address students' phones open, on every join screen and join line (live and
    Classes): ``MOON_PUBLIC_URL``, else what this browser shows, with ``localhost`` (or
    another name of this computer for itself) replaced by its network address
    (:func:`tutorial.services.live.phone_base`)."""
    try:
        browser = str(st.context.url or "")
    except Exception:
        browser = ""
    listening = st.get_option("server.address")
    return logic.phone_base(_configured_base(), browser, str(listening) if listening else None,
                            logic.local_address())


__all__ = ["DOWN", "public_base"]
