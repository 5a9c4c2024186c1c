// The presenter's keys pressed before its page is drawn (a first load takes seconds on a busy
// machine): kept, in order, and played on the Forward and Back buttons once they are there.
// Once the buttons are drawn and the kept keys played, Streamlit's own shortcuts take the keys.
(() => {
  const KEYS = {ArrowRight: "pres-forward", PageDown: "pres-forward", ArrowLeft: "pres-back", PageUp: "pres-back"};
  const kept = [];
  const button = (key) => document.querySelector(`.st-key-${key} button`);
  const count = () => document.querySelector(".pres-stage")?.getAttribute("data-count") ?? "";
  window.addEventListener("keydown", (e) => {
    if (!(e.key in KEYS) || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (!kept.length && button("pres-forward")) return;  // drawn: Streamlit's shortcut takes it
    kept.push(KEYS[e.key]);
    window.__moonEarlyKeys = (window.__moonEarlyKeys || 0) + 1;
    e.preventDefault();
    e.stopImmediatePropagation();
  }, true);
  let waitFrom = null;  // the stage's move when the last kept key was played, until it moves
  let since = 0;
  const play = () => {
    if (!kept.length) return;
    if (waitFrom !== null && count() === waitFrom && Date.now() - since < 5000) return;
    waitFrom = null;
    const b = button(kept[0]);
    if (!b || !document.querySelector(".pres-stage")) return;  // not drawn yet
    kept.shift();
    if (b.disabled) return;  // Back at the first move: nothing to do
    waitFrom = count();
    since = Date.now();
    b.click();
  };
  setInterval(play, 100);
})();
