"""Browser tests of the Bidding lab: what the page shows while its results are drawn."""

from __future__ import annotations

from typing import Any

from moon_browser import click_key, open_page, settle, shot

#: What the heat map's place says, read from the sheet's ``::after`` ("none": nothing).
_PLACE_SAYS = "e => getComputedStyle(e, '::after').content"


def test_the_heat_map_s_place_says_what_is_coming_until_it_is_drawn(kept_page: Any, server: str) -> None:
    """After Simulate the heat map's script (Plotly, several megabytes) can take seconds to
    arrive: its place, already the chart's size, says that the chart is being drawn (it was a
    blank gap), and says nothing once the chart is drawn. The script is held back here until
    the placeholder has been read."""
    page = kept_page(1280, 800, "lab-chart")
    held: list[Any] = []
    page.route("**/PlotlyChart*.js", lambda route: held.append(route))
    open_page(page, f"{server}/bidding-lab")
    slider = page.get_by_role("slider", name="Simulated deals")
    slider.focus()
    slider.press("Home")  # the fewest deals: the test is about the chart, not the simulation
    settle(page)
    click_key(page, "lab-run")
    place = page.locator(".st-key-lab-heatmap")
    place.wait_for()
    assert held, "the chart's script was not asked for"
    says = place.evaluate(_PLACE_SAYS)
    assert "Drawing the chart" in says, says
    box = place.bounding_box()
    assert box["height"] >= 300 and box["width"] >= 600, box
    place.scroll_into_view_if_needed()
    shot(page, "lab-chart-coming-1280x800.png")
    for route in held:
        route.continue_()
    page.route("**/PlotlyChart*.js", lambda route: route.continue_())
    place.locator(".main-svg").first.wait_for()
    assert place.evaluate(_PLACE_SAYS) == "none"
