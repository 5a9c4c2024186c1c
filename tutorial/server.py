"""Moon Tutor served as an ASGI app (``st.App``): ``streamlit run tutorial/server.py``, as
``make run`` does, serves ``tutorial/app.py`` plus one route of its own.

``POST /profile-cookie`` (the body: the learner's token) answers with the ``moon_learner`` cookie
set ``HttpOnly`` (so no script in the page can read it), ``SameSite=Lax``, and ``Secure`` when the
page is on https; ``DELETE /profile-cookie`` clears it (the page asks when the cookie's link was
replaced). A Streamlit script cannot set a cookie or a response header itself (it runs over
the page's WebSocket, after the page was served), so the page's script asks this route for it
(:func:`tutorial.components.profile.sync_cookie`); where the route is missing (the app started
as ``streamlit run tutorial/app.py``) that script sets an ordinary cookie instead.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlsplit

_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:  # `streamlit run tutorial/server.py` puts only tutorial/ on the path
    sys.path.insert(0, str(_ROOT))

import streamlit as st  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import Response  # noqa: E402
from starlette.routing import Route  # noqa: E402

from store.learners import looks_like_token  # noqa: E402
from tutorial.components.profile import COOKIE, COOKIE_ROUTE, COOKIE_SECONDS  # noqa: E402


async def profile_cookie(request: Request) -> Response:
    """Set the learner's cookie, ``HttpOnly``, from a page of this site (the ``Origin`` must be
    this host: another site cannot plant its token in a learner's browser); ``DELETE`` clears it
    (a cookie whose link was replaced)."""
    origin = request.headers.get("origin", "")
    parts = urlsplit(origin)
    if not origin or parts.netloc != request.headers.get("host"):
        return Response("Only the app's own pages may set its cookie.", status_code=403)
    if request.method == "DELETE":
        gone = Response(status_code=204, headers={"Cache-Control": "no-store"})
        gone.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=parts.scheme == "https")
        return gone
    token = (await request.body())[:200].decode("ascii", "replace")
    if not looks_like_token(token):
        return Response("That is not a Moon Tutor token.", status_code=400)
    resp = Response(status_code=204, headers={"Cache-Control": "no-store"})
    resp.set_cookie(COOKIE, token, max_age=COOKIE_SECONDS, path="/", httponly=True, samesite="lax",
                    secure=parts.scheme == "https")
    return resp


app = st.App("app.py", routes=[Route(COOKIE_ROUTE, profile_cookie, methods=["POST", "DELETE"])])
