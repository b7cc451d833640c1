/* The Deaths of Athazar hand editor (templates/games/boards/_athazar_hand.html): a player taps
   the characters they hold, the taps stay on this tablet, and "Save my hand" sends the whole
   hand at once, one entry of the game's history (R177). Without JavaScript the form's menus,
   one a card, do the same. The form's menus stay the truth: a tap fills the next empty one,
   a chip's button empties its own, so what is posted is always what the menus hold.

   The page's live part is replaced whenever the game moves on (another player acts), so the
   cards tapped and not saved yet are kept here, by game and seat, and put back into the new
   form; they are dropped once the save is recorded. */
(function () {
  "use strict";

  // once per page, however often the live part brings this script back
  if (window.athazarHand) { window.athazarHand(); return; }

  var drafts = {};

  function places(form) {
    return Array.prototype.slice.call(form.querySelectorAll("[data-slots] select"));
  }
  function cards(form) {
    return places(form).map(function (select) { return select.value; }).filter(Boolean);
  }
  function write(form, list) {
    places(form).forEach(function (select, index) { select.value = list[index] || ""; });
  }

  function render(form) {
    var list = cards(form);
    var room = places(form).length;
    var chips = form.querySelector("[data-chips]");
    chips.textContent = "";
    list.forEach(function (card, index) {
      var item = document.createElement("li");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "ath-chip ath-chip-remove";
      button.setAttribute("data-remove", String(index));
      button.setAttribute("aria-label", "Take out " + card);
      button.textContent = card + " \u00d7";
      item.appendChild(button);
      chips.appendChild(item);
    });
    var unsaved = drafts[form.getAttribute("data-hand-editor")] ? " Not saved yet." : "";
    var left = room - list.length;
    form.querySelector("[data-count]").textContent =
      list.length + " of " + room + " cards entered" +
      (left > 0 ? ": tap the " + (left === 1 ? "one" : left) + " left." :
        ". Tap a card to take it out.") + unsaved;
    // a full hand has no place left: the buttons to add one wait until a card is taken out
    form.querySelector("[data-adds]").hidden = left <= 0;
  }

  function ready(form) {
    if (form.hasAttribute("data-ready")) return;
    form.setAttribute("data-ready", "");
    var draft = drafts[form.getAttribute("data-hand-editor")];
    if (draft) write(form, draft);
    form.querySelector("[data-slots]").hidden = true;
    form.querySelector("[data-palette]").hidden = false;
    var hand = form.closest("[data-testid=hand]");
    if (hand) {
      hand.querySelectorAll("[data-saved]").forEach(function (saved) { saved.hidden = true; });
    }
    render(form);
  }
  function readyAll() {
    document.querySelectorAll("form[data-hand-editor]").forEach(ready);
  }

  function change(form, list) {
    var room = places(form).length;
    drafts[form.getAttribute("data-hand-editor")] = list.slice(0, room);
    write(form, list);
    render(form);
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-add], [data-add-warrior], [data-remove]");
    if (!target) return;
    var form = target.closest("form[data-hand-editor]");
    if (!form) return;
    var list = cards(form);
    if (target.hasAttribute("data-remove")) {
      list.splice(parseInt(target.getAttribute("data-remove"), 10), 1);
    } else if (target.hasAttribute("data-add-warrior")) {
      list.push(form.querySelector("[data-warrior]").value);
    } else {
      list.push(target.getAttribute("data-add"));
    }
    change(form, list);
  });

  // Saved: the draft has become the hand. A refusal or a stale version keeps it. Read
  // before the swap, on the live part: the form that sent it is gone after.
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var config = event.detail.requestConfig;
    var source = config && config.elt;
    var xhr = event.detail.xhr;
    if (!source || !source.matches || !source.matches("form[data-hand-editor]") || !xhr) return;
    if (xhr.status >= 200 && xhr.status < 300) {
      delete drafts[source.getAttribute("data-hand-editor")];
    }
  });

  window.athazarHand = readyAll;
  document.addEventListener("DOMContentLoaded", readyAll);
  document.body.addEventListener("htmx:afterSettle", readyAll);
  readyAll();
})();
