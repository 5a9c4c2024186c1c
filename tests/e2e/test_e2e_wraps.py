"""Browser test: on a phone, a short piece of a line (a level's number and its stars, "computer:
basic", "hand 1") is never split at the end of a line. The walk (issue 35) saw Learn's star
line end with "6:" and its stars on the next line, Play's status end with "computer:" and the
unfinished game's line with "hand" and its number below."""

from __future__ import annotations

from typing import Any

from moon_browser import click, open_page, settle, shot, wait_for, wait_for_cookie

#: Whether a piece of an element's text is drawn on more than one line (-1: not found).
_SPLIT = """([sel, piece]) => {
  const root = document.querySelector(sel);
  if (!root) return -1;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  let text = '';
  while (walker.nextNode()) { nodes.push([walker.currentNode, text.length]); text += walker.currentNode.data; }
  const at = text.indexOf(piece);
  if (at < 0) return -1;
  const place = (pos, end) => {
    for (const [n, off] of nodes) {
      if (pos >= off && (end ? pos <= off + n.data.length : pos < off + n.data.length)) return [n, pos - off];
    }
  };
  const range = document.createRange();
  range.setStart(...place(at, false));
  range.setEnd(...place(at + piece.length, true));
  const tops = [...range.getClientRects()].filter(r => r.width > 0).map(r => r.top);
  return Math.max(...tops) - Math.min(...tops) > 8 ? 1 : 0;
}"""


def _split(page: Any, selector: str, piece: str) -> bool:
    found = page.evaluate(_SPLIT, [selector, piece])
    assert found != -1, f"{piece!r} is not in {selector}: {page.locator(selector).first.inner_text()!r}"
    return bool(found)


def test_short_pieces_are_never_split_at_a_line_end_on_a_phone(kept_page: Any, server: str) -> None:
    phone = kept_page(390, 844, "phone")
    open_page(phone, f"{server}/learn")
    phone.get_by_text("Check my answer").first.wait_for()
    main = "[data-testid=stMain]"
    stars = [f"{n}: ☆☆☆" for n in range(1, 7)]
    assert all(s in phone.locator(main).inner_text() for s in stars)
    assert [s for s in stars if _split(phone, main, s)] == []
    shot(phone, "learn-stars-phone.png", full_page=True)

    open_page(phone, f"{server}/play?deal=31&moves=p.p")
    wait_for(phone, "[class*='st-key-hand-btn-'] button:enabled")
    status = ".st-key-table-status"
    assert [p for p in ("game 31", "computer: basic", "trump: threes") if _split(phone, status, p)] == []
    click(phone, phone.locator("[class*='st-key-hand-btn-'] button:enabled").first)
    wait_for_cookie(phone)  # the first move made the profile and saved the game
    settle(phone)

    again = kept_page(390, 844, "phone")  # the same browser, a new tab: Play offers the game
    open_page(again, f"{server}/play")
    wait_for(again, ".st-key-continue-game")
    offer = ".st-key-continue-game"
    pieces = ("3 players", "game 31", "hand 1", "trick 2", "Seat 1 0", "Seat 2 0")
    assert [p for p in pieces if _split(again, offer, p)] == []
    shot(again, "play-resume-phone.png", full_page=True)
