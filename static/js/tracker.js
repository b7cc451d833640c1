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
   - The live part is polled every second (htmx), or pushed by the server as it changes
     where the site serves a stream (server-sent events, htmx's sse extension), the polls
     then waiting while the stream is open. The polls pause while the page is hidden and
     one is sent at once when it is shown again. When a newer live part arrives, the
     forms outside it follow its version, and pending changes are previewed again.
   - A swap of the live part leaves the page where it was (no scroll), the control that had
     the focus has it again, every "More" (any <details>) that was open is open again, and
     every choice the player made in a control (a card in a menu, an amount, a box ticked,
     a name typed) is made again in the same control of the new part, as far as it is still
     offered: a poll that brings another's move never resets a menu being chosen in. Only
     the control whose action was just recorded starts afresh. While the player is choosing
     in a field of the live part (it has the focus and was touched a moment ago), the polls
     wait, so a menu open under their finger is not swapped away. While the player's own
     action is on its way, no poll is sent and the answer of one already sent is not shown:
     the action's answer is the part to show, and the next poll brings the newest.
   - An ability's folded cost ("Cost: 0 Mana, 0 Gems") follows what the player types in it.
   - A gathering panel (an ability's resolve panel) shows one empty row at a time, and "Add an
     effect" shows the next; without JavaScript all its rows show.
   - A refusal (400, 403 or 409) is the live part with the reason beside the control that
     sent it: it is swapped in like any answer, never handed to the debug error page. The
     notice that the game moved on (409: what was recorded meanwhile) is put in the page's
     flow just below the control that sent the action, which stays where it was on the
     screen; it stays through the polls until tapped away or the player sends something.
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
    var notice = event.target.closest(".tr-live > .tr-notice, .tr-notice.tr-moved");
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
    // A poll's part that arrives while the player's own action is on its way is not shown:
    // it would take away the form the action came from, and the action's answer (with any
    // refusal or notice in it) with it. The next poll fetches the part as it then is.
    var verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    if (verb === "get" && posting) {
      event.detail.shouldSwap = false;
      missed = (event.detail.xhr && event.detail.xhr.getResponseHeader("ETag")) || "?";
      return;
    }
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    var sent = source && source.matches && source.matches("form") ? source : null;
    keep(target, sent, status(event));
  });

  // What a swap of the live part must leave as it was: where the page is, the focus, the
  // open "More"s, the choices made, and the notice standing (``sent``: the form whose answer
  // this is, or null for a poll or a pushed part).
  function keep(target, sent, code) {
    var recorded = sent && code >= 200 && code < 300 ? formKey(sent) : null;
    kept = {
      x: window.scrollX,
      y: window.scrollY,
      focus: focused(target),
      open: opened(target),
      choices: choices(target, recorded),
      sent: sent ? { key: formKey(sent), control: controlOf(sent), top: topOf(sent) } : null,
      notice: sent ? null : standing(target)
    };
  }

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
    if (!event.detail.target || event.detail.target.id !== "live") return;
    restore();
  });

  function restore() {
    if (!kept) return;
    var where = kept;
    kept = null;
    reopen(where.open);
    choose(where.choices);
    if (where.focus) {
      var again = document.querySelector('#live [data-testid="' + CSS.escape(where.focus) + '"]');
      if (again && again.focus) again.focus({ preventScroll: true });
    }
    if (window.scrollX !== where.x || window.scrollY !== where.y) window.scrollTo(where.x, where.y);
    var notice = document.querySelector('#live > [data-testid="notice"]');
    if (notice && where.sent) {
      place(notice, where.sent);
    } else if (!notice && where.notice) {
      place(where.notice.node, where.notice.sent, true); // a poll: the notice stays
    }
  }

  // --- what the player chose, across a swap -------------------------------------------

  // A form by what it does: its fixed fields (the action, the control, the seat, what the
  // engine listed), not the version it was sent against.
  function formKey(form) {
    var parts = [];
    Array.prototype.forEach.call(form.querySelectorAll("input[type=hidden]"), function (input) {
      if (input.name === "version" || input.name === "csrfmiddlewaretoken") return;
      parts.push(input.name + "=" + input.value);
    });
    return parts.join("&");
  }
  function controlOf(form) {
    var field = form.querySelector('input[name="control"]');
    return field ? field.value : "";
  }
  function fields(form) {
    return Array.prototype.filter.call(form.elements, function (field) {
      return field.name && !/^(hidden|submit|button|reset|image|file)$/.test(field.type);
    });
  }
  // Each field by its name and its place among the form's fields of that name (dice, an
  // order); a box by its name and value.
  function fieldKey(field, form) {
    if (field.type === "checkbox" || field.type === "radio") return field.name + "=" + field.value;
    var same = fields(form).filter(function (other) { return other.name === field.name; });
    return field.name + "#" + same.indexOf(field);
  }
  // What the player chose, form by form ({form key: {field key: {value, checked}}}): each
  // field they changed from what the page listed, and each they had chosen in before (a
  // card carried back by the page after a 409 is listed as chosen, and still theirs).
  var remembered = {};
  function edited(field) {
    if (field.tagName === "SELECT") {
      return Array.prototype.some.call(field.options, function (option) {
        return option.selected !== option.defaultSelected;
      });
    }
    if (field.type === "checkbox" || field.type === "radio") {
      return field.checked !== field.defaultChecked;
    }
    return field.value !== field.defaultValue;
  }
  function choices(container, skip) {
    var found = {};
    container.querySelectorAll("form").forEach(function (form) {
      var key = formKey(form);
      if (key === skip) return; // recorded: that control starts afresh
      var before = remembered[key] || {};
      fields(form).forEach(function (field) {
        var name = fieldKey(field, form);
        if (!edited(field) && !Object.prototype.hasOwnProperty.call(before, name)) return;
        found[key] = found[key] || {};
        found[key][name] = { value: field.value, checked: field.checked };
      });
    });
    remembered = found;
    return found;
  }
  function choose(found) {
    if (!found) return;
    document.querySelectorAll("#live form").forEach(function (form) {
      var mine = found[formKey(form)];
      if (!mine) return;
      fields(form).forEach(function (field) {
        var choice = mine[fieldKey(field, form)];
        if (!choice) return;
        if (field.type === "checkbox" || field.type === "radio") {
          field.checked = choice.checked;
        } else if (field.tagName === "SELECT") {
          var offered = Array.prototype.some.call(field.options, function (option) {
            return option.value === choice.value;
          });
          if (!offered) return; // no longer offered: the menu stays as listed
          field.value = choice.value;
        } else {
          field.value = choice.value;
        }
        restoring = true;
        try {
          field.dispatchEvent(new Event("input", { bubbles: true }));
        } finally {
          restoring = false;
        }
      });
    });
  }

  // The player is choosing: a field of the live part has the focus and was touched a
  // moment ago. A poll then waits (a menu open under a finger would be swapped away).
  var CHOOSING_MS = 8000;
  var touched = 0;
  var restoring = false; // a choice made again after a swap is not the player touching it
  ["pointerdown", "keydown", "input", "change", "focusin"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      var field = event.target;
      if (!restoring && field && field.closest && field.closest("#live form") &&
          /^(SELECT|INPUT|TEXTAREA)$/.test(field.tagName) && field.type !== "hidden") {
        touched = Date.now();
      }
    }, true);
  });
  function choosing() {
    var field = document.activeElement;
    if (!field || !field.closest || !field.closest("#live form")) return false;
    if (!/^(SELECT|TEXTAREA)$/.test(field.tagName) &&
        !(field.tagName === "INPUT" && !/^(submit|button|checkbox|radio)$/.test(field.type))) {
      return false;
    }
    return Date.now() - touched < CHOOSING_MS;
  }

  // --- the notice that the game moved on ------------------------------------------------

  function topOf(element) {
    return element && element.isConnected ? element.getBoundingClientRect().top : null;
  }
  // The notice standing in the live part a poll is about to replace, and the control it is
  // beside, to be put back in the new part.
  function standing(container) {
    var node = container.querySelector('[data-testid="notice"].tr-moved');
    if (!node) return null;
    return {
      node: node,
      sent: {
        key: node.getAttribute("data-form") || "",
        control: node.getAttribute("data-control") || "",
        top: null
      }
    };
  }
  // The form in the page that does what ``sent`` did (the same fixed fields; else the same
  // control), in the live part first.
  function sentForm(sent) {
    var all = Array.prototype.slice.call(document.querySelectorAll("#live form"))
      .concat(Array.prototype.slice.call(document.querySelectorAll("form[data-more]")));
    var same = all.filter(function (form) { return formKey(form) === sent.key; })[0];
    return same || all.filter(function (form) {
      return sent.control && controlOf(form) === sent.control;
    })[0] || null;
  }
  // Put the notice just below the control that sent the action, keep that control where it
  // was on the screen, and show the notice.
  function place(notice, sent, quiet) {
    var form = sentForm(sent);
    notice.classList.add("tr-moved");
    notice.setAttribute("data-form", sent.key || "");
    if (form) {
      // in a row or a grid of controls it takes a line of its own (tracker.css)
      form.parentNode.insertBefore(notice, form.nextSibling);
      if (!quiet && sent.top !== null) {
        var moved = form.getBoundingClientRect().top - sent.top;
        if (Math.abs(moved) > 1) window.scrollBy(0, moved);
      }
    } else if (notice.parentNode !== live()) {
      var current = live();
      if (current) current.insertBefore(notice, current.firstChild);
    }
    if (!quiet) notice.scrollIntoView({ block: "nearest" });
  }
  // A whole page answered a stale action (sent before the page was ready): the same.
  document.addEventListener("DOMContentLoaded", function () {
    var notice = document.querySelector('#live > [data-testid="notice"]');
    if (notice) place(notice, { key: "", control: notice.getAttribute("data-control"), top: null });
  });

  // Sending an action (a form; not a preview of pending changes, which is asked again by
  // itself after a 409): the notice has been read.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    var source = event.detail.elt;
    if (verb !== "post" || !source || !source.matches || !source.matches("form")) return;
    document.querySelectorAll('[data-testid="notice"].tr-moved').forEach(function (notice) {
      notice.remove();
    });
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

  // A gathering panel (an ability's resolve panel) shows its rows up to the first empty one;
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
  // They also pause while the player's own action awaits its answer (which brings the part,
  // with any refusal beside its control: a poll's swap would lose it), and while the server
  // pushes the live part (a stream is open), unless a part it pushed was put aside.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var source = event.detail.elt;
    var verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    if (source && source.id === "live" && verb === "get" &&
        (document.visibilityState === "hidden" || choosing() || posting || leaving ||
         (streaming && !missed))) {
      event.preventDefault();
    }
  });

  // --- the stream: the live part pushed as it changes (htmx's sse extension) --------------
  // Where the site serves it, the page holds a stream of server-sent events, and each
  // change's live part arrives without a poll. A part that arrives while the player is
  // choosing in a field, while the page is hidden, or while the player's own action awaits
  // its answer, is put aside: the next poll fetches the part as it then is. One the page
  // already shows (its ETag) is not swapped again.
  var streaming = false;
  // The server ended the stream for good and the page is being loaded again: no poll goes
  // out meanwhile (a busy tablet can take seconds to leave the page).
  var leaving = false;
  // The ETag of a part pushed and put aside, until the page shows that part or a newer one
  // (an older one, such as the answer to the player's own action, does not make up for it).
  var missed = null;
  function versionOf(etag) {
    var found = /^W\/"(\d+)\./.exec(etag || "");
    return found ? parseInt(found[1], 10) : 0;
  }
  // The page's own actions waiting for their answer (which swaps the part). Each is counted
  // off when its request ends, answered or not: htmx's afterRequest would not reach the page
  // from a form no longer in it.
  var posting = 0;
  document.body.addEventListener("htmx:beforeSend", function (event) {
    var verb = event.detail.requestConfig && event.detail.requestConfig.verb;
    var xhr = event.detail.xhr;
    if (verb !== "post" || !xhr) return;
    posting += 1;
    xhr.addEventListener("loadend", function () { posting = Math.max(0, posting - 1); });
  });
  document.body.addEventListener("htmx:sseOpen", function () { streaming = true; });
  document.body.addEventListener("htmx:sseError", function () { streaming = false; });
  document.body.addEventListener("htmx:sseClose", function (event) {
    streaming = false;
    // the server ended it for good: the viewer may no longer see this game
    if (event.detail && event.detail.type === "message") {
      leaving = true;
      window.location.reload();
    }
  });
  // (The events are the stream's wrapper's, which swaps #live: see game.html.)
  document.body.addEventListener("htmx:sseBeforeMessage", function (event) {
    var target = live();
    if (!target || !event.target.contains(target)) return;
    if (event.detail.lastEventId && event.detail.lastEventId === target.getAttribute("data-etag")) {
      event.preventDefault();
      return;
    }
    // while the player's own action is on its way, its answer is the part to show (with
    // any refusal or notice in it): the pushed one is put aside
    if (document.visibilityState === "hidden" || choosing() || posting) {
      event.preventDefault();
      missed = event.detail.lastEventId || "?";
      return;
    }
    keep(target, null, 0);
  });
  document.body.addEventListener("htmx:sseMessage", function (event) {
    var target = live();
    if (target && event.target.contains(target)) restore();
  });
  document.addEventListener("htmx:load", function (event) {
    var part = event.target;
    var shown = part && part.id === "live" ? part.getAttribute("data-etag") : null;
    if (missed && shown && (shown === missed || versionOf(shown) > versionOf(missed))) {
      missed = null;
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
