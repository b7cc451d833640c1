/* Hold-to-reveal on the table's shared device (the host at no seat).

   A seat's secrets (a face-down back row, a nominated Warlord) are never on the device's
   page. Each seat that holds one has a button "Hold to show <seat>'s secrets": kept pressed
   for HOLD_MS, it fetches that seat's secrets in words (GET /games/<id>/reveal/<seat>/) and
   shows them beside it; released, the words are removed from the page, not hidden. A short
   tap does nothing, so a brush of the screen shows nothing. Letting go anywhere, the pointer
   being cancelled (a scroll, a palm), the window losing focus or the tab being hidden all
   count as letting go. An answer that arrives after the release is dropped. The buttons are
   in the polled live part: they are found through the document, so a newer live part works
   at once. */
(function () {
  "use strict";

  var HOLD_MS = 400;
  var held = null; // {button, out, timer, ticket}
  var tickets = 0; // each press has its own; an answer to an older one is dropped

  function output(button) {
    return document.getElementById(button.getAttribute("data-reveal-out"));
  }

  function release() {
    if (!held) return;
    window.clearTimeout(held.timer);
    held.button.removeAttribute("data-holding");
    held.button.setAttribute("aria-pressed", "false");
    if (held.out) held.out.replaceChildren();
    document.querySelectorAll(".tr-reveal-out").forEach(function (out) { out.replaceChildren(); });
    held = null;
    tickets += 1;
  }

  function show(press) {
    if (!press.out || !window.htmx) return;
    // Sent by htmx like every other request of the page (its headers), but put on the page
    // here: an answer that arrives after the release is dropped.
    window.htmx.ajax("GET", press.button.getAttribute("data-reveal"), {
      source: press.button,
      target: press.out,
      handler: function (elt, answer) {
        if (!held || held.ticket !== press.ticket) return; // let go meanwhile
        var xhr = answer.xhr;
        var box = document.createElement("div");
        if (xhr.status >= 200 && xhr.status < 300) {
          box.innerHTML = xhr.responseText;
        } else {
          box.className = "field-errors";
          box.setAttribute("role", "alert");
          box.textContent = xhr.responseText || "The secrets could not be shown.";
        }
        press.out.replaceChildren(box);
      }
    }).catch(function () { /* nothing shown: the safe side */ });
  }

  function press(button) {
    release();
    tickets += 1;
    held = { button: button, out: output(button), timer: 0, ticket: tickets };
    button.setAttribute("data-holding", "");
    button.setAttribute("aria-pressed", "true");
    var mine = held;
    held.timer = window.setTimeout(function () {
      if (held === mine) show(mine);
    }, HOLD_MS);
  }

  function revealButton(target) {
    return target && target.closest ? target.closest("[data-reveal]") : null;
  }

  document.addEventListener("pointerdown", function (event) {
    var button = revealButton(event.target);
    if (!button || event.button > 0) return;
    event.preventDefault(); // no text selection or focus dance while held
    press(button);
  });
  ["pointerup", "pointercancel", "dragstart"].forEach(function (name) {
    document.addEventListener(name, release);
  });
  window.addEventListener("blur", release);
  window.addEventListener("pagehide", release);
  document.addEventListener("visibilitychange", release);
  document.addEventListener("pointerleave", function (event) {
    if (held && event.target === held.button) release();
  }, true);

  // a long press on a touch screen opens no menu over the secrets
  document.addEventListener("contextmenu", function (event) {
    if (revealButton(event.target)) event.preventDefault();
  });

  // the keyboard: held Space or Enter reveals, like a held pointer
  document.addEventListener("keydown", function (event) {
    var button = revealButton(event.target);
    if (!button || (event.key !== " " && event.key !== "Enter")) return;
    event.preventDefault();
    if (!event.repeat && (!held || held.button !== button)) press(button);
  });
  document.addEventListener("keyup", function (event) {
    if (event.key === " " || event.key === "Enter") release();
  });
  document.addEventListener("focusout", function (event) {
    if (held && event.target === held.button) release();
  });

  // a newer live part replaced the button being held: let go (a poll answered 304 swaps
  // nothing, and the button stays held)
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!held || !event.detail || event.detail.shouldSwap === false) return;
    var swapped = event.detail.target || event.target;
    if (swapped && swapped.contains && swapped.contains(held.button)) release();
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (held && !held.button.isConnected) release();
  });
})();
