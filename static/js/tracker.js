/* The table page of the game tracker.

   - Pending changes. A tap on a counter's + or − adds to that counter's pending amount
     (shown on the counter) and asks the server for a preview of everything pending. Taps on
     several counters gather: one pending change is sent as its own action, several as ONE
     batch action (type "batch", field "batch" = JSON list of {type, payload}), recorded,
     previewed and undone as one. Commit records what the panel shows, and waits from a
     tap until its newer preview arrives; Cancel drops them all. A batch is one
     seat's, so a counter acting for another seat waits until the pending ones are
     committed or cancelled. Without JavaScript each tap is a form that records one at once.
   - A counter held down repeats: one step after a short delay, then a steady rate; a long
     press is never also a tap. Touch, pen and mouse alike (pointer events).
   - The live part is polled every second (htmx). The polls pause while the page is hidden
     and one is sent at once when it is shown again. When a newer live part arrives, the
     forms outside it follow its version, and pending changes are previewed again.
   - A swap of the live part leaves the page where it was (no scroll), the control that had
     the focus has it again, and every "More" (any <details>) that was open is open again.
   - An ability's folded cost ("Cost: 0 Mana, 0 Gems") follows what the player types in it.
   - A gathering panel (the AZRAH resolve panel) shows one empty row at a time, and "Add an
     effect" shows the next; without JavaScript all its rows show.
   - A refusal (400, 403 or 409) is the live part with the reason beside the control that
     sent it: it is swapped in like any answer, never handed to the debug error page. A
     notice for the whole table (the game moved on) shows over the top of the screen until
     tapped away.
   - The screen is kept awake with the Screen Wake Lock API where there is one, and the lock
     is taken again when the page comes back into view.
   - "Shared tablet": for one tablet lying between two players, turns the far side round
     (CSS, see tracker.css); remembered in this browser.
   The host's Copy buttons are static/js/copy.js's. */
(function () {
  "use strict";

  var HOLD_DELAY_MS = 450; // a press this long starts repeating
  var HOLD_EVERY_MS = 120; // then one step this often
  var SHARED_KEY = "referee.table.shared";
  var REFUSALS = [400, 403, 409];

  // Pending counters by their data-tap key, in the order first tapped: {key, delta}.
  var pending = [];
  var asked = 0; // the latest preview request; older answers are dropped
  var lastVersion = null;

  function panel() { return document.getElementById("pending"); }
  function live() { return document.getElementById("live"); }
  function previewUrl() {
    var head = document.querySelector("[data-preview-url]");
    return head ? head.getAttribute("data-preview-url") : null;
  }

  // --- pending changes -----------------------------------------------------------------

  function forms(key) {
    return Array.prototype.slice.call(
      document.querySelectorAll('form[data-tap="' + CSS.escape(key) + '"]')
    );
  }
  function stepOf(form) { return parseInt(form.getAttribute("data-step"), 10) < 0 ? -1 : 1; }

  // The form of a counter that moves it in the direction of ``sign``.
  function formFor(key, sign) {
    var all = forms(key);
    for (var i = 0; i < all.length; i += 1) {
      if (stepOf(all[i]) === sign) return all[i];
    }
    return null;
  }
  function anyForm(key) { return forms(key)[0] || null; }
  function seatOf(form) {
    var field = form.querySelector('input[name="seat"]');
    return field ? field.value : "";
  }
  function find(key) {
    for (var i = 0; i < pending.length; i += 1) {
      if (pending[i].key === key) return pending[i];
    }
    return null;
  }
  function active() { return pending.filter(function (p) { return p.delta !== 0; }); }

  // One pending counter as an action: its type for the direction, its form's fields.
  function change(item) {
    var sign = item.delta > 0 ? 1 : -1;
    var form = formFor(item.key, sign) || anyForm(item.key);
    var base = anyForm(item.key);
    var type = sign > 0 ? base.getAttribute("data-plus")
      : base.getAttribute("data-minus") || base.getAttribute("data-plus");
    var payload = {};
    new FormData(form).forEach(function (value, name) {
      if (name.indexOf("p.") !== 0) return;
      payload[name.slice(2)] = typed(String(value));
    });
    payload.amount = Math.abs(item.delta);
    return { type: type, payload: payload, form: form };
  }

  // Form fields are text; the engine's fields are numbers where they look like one (a
  // seat, an amount). Ids and names are never plain digits.
  function typed(value) { return /^-?\d{1,15}$/.test(value) ? parseInt(value, 10) : value; }

  // Each pending counter shows its amount ("+3", "−2") until committed or dropped.
  function mark() {
    document.querySelectorAll(".tr-counter[data-pending]").forEach(function (counter) {
      counter.removeAttribute("data-pending");
    });
    active().forEach(function (item) {
      var form = anyForm(item.key);
      var counter = form && form.closest(".tr-counter");
      if (counter) {
        counter.setAttribute("data-pending", (item.delta > 0 ? "+" : "−") + Math.abs(item.delta));
      }
    });
  }

  function clearPending() {
    pending = [];
    mark();
    asked += 1;
    var box = panel();
    if (box) { box.innerHTML = ""; box.hidden = true; }
  }

  function nudge(message) {
    var box = panel();
    if (!box || box.hidden) return;
    var note = box.querySelector(".tr-pending-note");
    if (!note) {
      note = document.createElement("p");
      note.className = "tr-pending-note";
      note.setAttribute("role", "status");
      box.insertBefore(note, box.firstChild);
    }
    note.textContent = message;
    box.classList.remove("tr-nudge");
    void box.offsetWidth; // restart the animation
    box.classList.add("tr-nudge");
  }

  // What is pending, as the preview and act views read it: a plain action for one change
  // (its form's own fields), a batch for several.
  function request() {
    var items = active().map(change);
    if (!items.length) return null;
    var first = items[0].form;
    var data = new FormData(first);
    data.set("type", items[0].type);
    data.set("p.amount", String(items[0].payload.amount));
    if (items.length > 1) {
      Array.from(data.keys()).forEach(function (name) {
        if (name.indexOf("p.") === 0) data.delete(name);
      });
      data.set("type", "batch");
      data.set("batch", JSON.stringify(items.map(function (item) {
        return { type: item.type, payload: item.payload };
      })));
    }
    var current = live();
    if (current) data.set("version", current.getAttribute("data-version"));
    return data;
  }

  // The panel's Commit records what the panel shows: from a tap until the newer preview
  // arrives it waits, so a quick Commit never records fewer taps than were made.
  function holdCommit() {
    var box = panel();
    var button = box && box.querySelector("form[data-commit] button[type=submit]");
    if (!button) return;
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
  }

  // A recorded commit (2xx) ends the pending changes, even when a tap meanwhile replaced the
  // panel (its answer then reaches the form it came from, no longer in the page).
  function watchCommit(box) {
    var form = box.querySelector("form[data-commit]");
    if (!form) return;
    form.addEventListener("htmx:beforeRequest", function () { asked += 1; });
    form.addEventListener("htmx:afterRequest", function (event) {
      var code = status(event);
      if (code >= 200 && code < 300) clearPending();
    });
  }

  function preview() {
    var box = panel();
    var url = previewUrl();
    if (!box || !url) return;
    mark();
    var data = request();
    if (!data) { clearPending(); return; }
    holdCommit();
    var mine = ++asked;
    // Sent by htmx like every other request of the page (its headers, the CSRF token), but
    // swapped here: an answer to an older tap than the latest is dropped, and a refusal (400)
    // is shown like any preview.
    window.htmx.ajax("POST", url, {
      source: box,
      values: data,
      handler: function (elt, answer) {
        if (mine !== asked || !active().length) return;
        box.innerHTML = answer.xhr.responseText;
        box.hidden = false;
        window.htmx.process(box);
        watchCommit(box);
      }
    }).catch(function () {
      if (mine !== asked) return;
      box.hidden = false;
      box.textContent = "No connection: the change is not recorded. Try again.";
    });
  }

  // While a counter is held, the preview waits for the release.
  function changed() {
    mark();
    holdCommit();
    if (!hold) preview();
  }

  // One step on a counter; false when it cannot be added (another seat's change is pending).
  function tap(form) {
    var key = form.getAttribute("data-tap");
    var item = find(key);
    var others = active().filter(function (p) { return p.key !== key; });
    if (!item && others.length) {
      var theirs = anyForm(others[0].key);
      if (theirs && seatOf(theirs) !== seatOf(form)) {
        nudge("These changes are another player's: commit or cancel them first.");
        return false;
      }
    }
    if (!item) {
      item = { key: key, delta: 0 };
      pending.push(item);
    }
    var next = item.delta + stepOf(form);
    if (next !== 0 && !formFor(key, next > 0 ? 1 : -1)) return false; // the counter cannot go that way
    item.delta = next;
    pending = pending.filter(function (p) { return p.delta !== 0 || p === item; });
    return true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-tap]");
    if (!form || !previewUrl()) return;
    event.preventDefault();
    if (tap(form)) changed();
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-cancel]")) clearPending();
    var notice = event.target.closest(".tr-live > .tr-notice");
    if (notice) notice.remove(); // read: tapped away
  });

  // --- held counters -------------------------------------------------------------------

  var hold = null; // {key, sign, pointer, timer, repeats}
  var swallowUntil = 0; // the click that ends a long press is not a tap

  function stopHold() {
    if (!hold) return false;
    window.clearTimeout(hold.timer);
    window.clearInterval(hold.timer);
    var repeated = hold.repeats > 0;
    hold = null;
    return repeated;
  }

  function repeat() {
    if (!hold) return;
    var form = formFor(hold.key, hold.sign);
    if (!form || !tap(form)) { release(); return; }
    hold.repeats += 1;
    mark();
  }

  function release() {
    if (stopHold()) {
      swallowUntil = Date.now() + 800;
      preview();
    }
  }

  document.addEventListener("pointerdown", function (event) {
    if (event.button !== 0 || !previewUrl()) return;
    var button = event.target.closest("form[data-tap] .tap-btn");
    if (!button) return;
    var form = button.closest("form[data-tap]");
    release();
    hold = { key: form.getAttribute("data-tap"), sign: stepOf(form), pointer: event.pointerId, repeats: 0 };
    hold.timer = window.setTimeout(function () {
      if (!hold) return;
      repeat();
      if (hold) hold.timer = window.setInterval(repeat, HOLD_EVERY_MS);
    }, HOLD_DELAY_MS);
  });
  ["pointerup", "pointercancel"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (hold && event.pointerId === hold.pointer) release();
    });
  });
  document.addEventListener("pointerout", function (event) {
    if (!hold || event.pointerId !== hold.pointer) return;
    var button = event.target.closest && event.target.closest(".tap-btn");
    if (button && !button.contains(event.relatedTarget)) release();
  });
  window.addEventListener("blur", release);
  document.addEventListener("click", function (event) {
    if (Date.now() < swallowUntil && event.target.closest("form[data-tap]")) {
      event.preventDefault();
      event.stopPropagation();
      swallowUntil = 0;
    }
  }, true);
  document.addEventListener("contextmenu", function (event) {
    if (event.target.closest && event.target.closest(".tap-btn")) event.preventDefault();
  });

  // --- answers to the page's own requests ----------------------------------------------

  function status(event) {
    var xhr = event.detail && event.detail.xhr;
    return xhr ? xhr.status : 0;
  }
  function wholeDocument(text) { return /^\s*(<!doctype|<html)/i.test(text || ""); }

  // A refusal is this page's answer (the live part with the reason beside the control that
  // sent it), so django-htmx's debug handler, listening further up, never replaces the
  // whole document with it.
  document.body.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr;
    if (REFUSALS.indexOf(status(event)) >= 0 && !wholeDocument(xhr.responseText)) {
      event.stopPropagation();
    }
  });

  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "live") return;
    // A whole page (the viewer is no longer at this game): show it as a page, not inside
    // the board.
    if (wholeDocument(event.detail.serverResponse)) {
      event.detail.shouldSwap = false;
      window.location.reload();
      return;
    }
    kept = { x: window.scrollX, y: window.scrollY, focus: focused(target), open: opened(target) };
  });

  // The live part swapped: the page stays where it was and the focus goes back to the
  // control that had it (a swap removes it, and some browsers then scroll).
  var kept = null;
  function focused(container) {
    var element = document.activeElement;
    if (!element || !container.contains(element)) return null;
    return element.getAttribute("data-testid");
  }
  // Each <details> of the live part by a key that the next live part gives it again: its
  // data-keep, else the card (data-testid) it is in and what its summary says.
  function detailsKey(details) {
    var own = details.getAttribute("data-keep");
    if (own) return own;
    var holder = details.parentElement && details.parentElement.closest("[data-testid]");
    var summary = details.querySelector(":scope > summary");
    return (holder ? holder.getAttribute("data-testid") : "") + "|" +
      (summary ? summary.textContent.trim() : "");
  }
  function opened(container) {
    return Array.prototype.slice.call(container.querySelectorAll("details[open]")).map(detailsKey);
  }
  function reopen(keys) {
    if (!keys.length) return;
    document.querySelectorAll("#live details:not([open])").forEach(function (details) {
      if (keys.indexOf(detailsKey(details)) >= 0) details.open = true;
    });
  }

  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (!kept || !event.detail.target || event.detail.target.id !== "live") return;
    var where = kept;
    kept = null;
    reopen(where.open);
    if (where.focus) {
      var again = document.querySelector('#live [data-testid="' + CSS.escape(where.focus) + '"]');
      if (again && again.focus) again.focus({ preventScroll: true });
    }
    if (window.scrollX !== where.x || window.scrollY !== where.y) window.scrollTo(where.x, where.y);
  });

  // Commit answered: a recorded action (2xx) ends the pending changes. A refusal or a stale
  // version keeps them, previewed again against the fresh state.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var source = event.detail.elt;
    var code = status(event);
    if (source && source.matches && source.matches("form[data-commit]") && code >= 200 && code < 300) {
      clearPending();
    }
  });

  // Forms outside the live part are cleared of their last refusal when sent again.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail.elt;
    if (source && source.matches && source.matches("form[data-more]")) {
      var errors = source.querySelector(".field-errors");
      if (errors) errors.innerHTML = "";
    }
  });

  // An ability's folded cost says what it will pay as the player changes it.
  document.addEventListener("input", function (event) {
    var field = event.target;
    var fold = field.closest && field.closest("details.tr-cost");
    if (!fold || !field.name) return;
    var shown = fold.querySelector('[data-cost-of="' + CSS.escape(field.name) + '"]');
    if (shown) shown.textContent = field.value === "" ? "0" : field.value;
  });

  // A gathering panel (the AZRAH resolve panel) shows its rows up to the first empty one;
  // "Add an effect" shows the next. Without JavaScript every row is shown.
  function gatherRows(form) {
    var rows = Array.prototype.slice.call(form.querySelectorAll("[data-gather-row]"));
    var last = 0;
    rows.forEach(function (row, index) {
      var pick = row.querySelector("select");
      if (pick && pick.value) last = index + 1;
    });
    rows.forEach(function (row, index) { row.hidden = index > last; });
    var add = form.querySelector("[data-gather-add]");
    if (!add) {
      add = document.createElement("button");
      add.type = "button";
      add.className = "button button-small";
      add.setAttribute("data-gather-add", "");
      add.setAttribute("data-testid", "add-effect");
      add.textContent = "Add an effect";
      var actions = form.querySelector(".tr-gather-actions");
      if (actions) actions.insertBefore(add, actions.firstChild);
    }
    add.hidden = !rows.some(function (row) { return row.hidden; });
  }
  function gatherAll() {
    document.querySelectorAll("form[data-gather]").forEach(gatherRows);
  }
  document.addEventListener("DOMContentLoaded", gatherAll);
  document.body.addEventListener("htmx:afterSettle", gatherAll);
  document.addEventListener("click", function (event) {
    var add = event.target.closest && event.target.closest("[data-gather-add]");
    if (!add) return;
    var form = add.closest("form[data-gather]");
    var next = form && form.querySelector("[data-gather-row][hidden]");
    if (next) {
      next.hidden = false;
      var pick = next.querySelector("select");
      if (pick) pick.focus();
    }
    add.hidden = !(form && form.querySelector("[data-gather-row][hidden]"));
  });

  // --- following the game --------------------------------------------------------------

  // The polls pause while the page is hidden: nobody is looking, and a phone's battery lasts.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail.elt;
    var verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    if (source && source.id === "live" && verb === "get" && document.visibilityState === "hidden") {
      event.preventDefault();
    }
  });

  function refresh() {
    var current = live();
    if (!current || !window.htmx) return;
    window.htmx.ajax("GET", current.getAttribute("hx-get"), {
      source: current, target: current, swap: "outerHTML"
    });
  }

  // The live part was swapped: follow its version.
  function follow() {
    var current = live();
    if (!current) return;
    var version = current.getAttribute("data-version");
    if (version === lastVersion) { mark(); return; }
    lastVersion = version;
    document.querySelectorAll("input[data-follow]").forEach(function (input) { input.value = version; });
    if (active().length) {
      // a counter no longer on the board is dropped; the rest are previewed again
      pending = pending.filter(function (item) { return anyForm(item.key) !== null; });
      if (active().length) preview(); else clearPending();
    }
  }
  document.addEventListener("htmx:load", follow);
  document.addEventListener("htmx:afterSettle", follow);
  document.addEventListener("DOMContentLoaded", follow);

  // --- the screen stays on -------------------------------------------------------------

  var wakeButton = null;
  var wanted = true;
  var lock = null;

  function showWake() {
    if (!wakeButton) return;
    var on = lock !== null;
    wakeButton.setAttribute("aria-pressed", on ? "true" : "false");
    wakeButton.textContent = on ? "Screen stays on" : "Keep screen on";
  }

  function acquire() {
    if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) lock = null;
        showWake();
      });
      showWake();
    }).catch(function () { lock = null; showWake(); });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState !== "visible") { release(); return; }
    refresh();
    if (wanted) acquire();
  });

  document.addEventListener("DOMContentLoaded", function () {
    wakeButton = document.querySelector("[data-wake]");
    if (!wakeButton) return;
    if (!("wakeLock" in navigator)) { wakeButton.remove(); wakeButton = null; return; }
    wakeButton.addEventListener("click", function () {
      wanted = lock === null;
      if (wanted) { acquire(); } else if (lock) { lock.release(); }
    });
    acquire();
  });

  // --- a shared tablet -----------------------------------------------------------------

  function stored() {
    try { return window.localStorage.getItem(SHARED_KEY) === "on"; } catch (error) { return false; }
  }
  function share(on) {
    var page = document.querySelector(".tr-page");
    if (page) page.classList.toggle("tr-shared", on);
    document.querySelectorAll("[data-shared]").forEach(function (button) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
    try { window.localStorage.setItem(SHARED_KEY, on ? "on" : "off"); } catch (error) { /* private mode */ }
  }
  document.addEventListener("DOMContentLoaded", function () {
    if (document.querySelector("[data-shared]")) share(stored());
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-shared]");
    if (button) share(button.getAttribute("aria-pressed") !== "true");
  });
})();
