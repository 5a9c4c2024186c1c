"""Presenter: the full-screen view for a projector (no sidebar, no set-up panels). It shows a
hand from the Classroom, a deal by link (``/presenter?deal=12&move=9``) or a lesson deck
(``/presenter?deck=…&slide=3``), stepped with → ← Page Down Page Up or the buttons; its address
always names what is on screen, so a reload comes back to the same place. With a live class
(``&live=<code>``) the students answer its questions on their phones; its controls open only in
the browser of the teacher who started it."""

from __future__ import annotations

from tutorial.components import presenter as ui
from tutorial.components.live import host as live

ui.styles()
presentation = ui.open_from_link()
host = live.host_session()
if host is not None and live.summary_open():
    live.summary(host)
elif presentation is None:
    ui.nothing_to_present()
else:
    live.ended_notice(host)
    live.others_notice(host)
    ui.stage(start=live.can_start(host))
if presentation is not None or host is not None:
    live.host_panel(host)
