/* The table page of the game tracker.

   - Counter taps (+ and − on damage, + on Mana) gather into one pending change: each tap
     adds to its amount and asks the server for a preview (what the change would do, from the
     rules engine); Commit records it as ONE action, Cancel drops it. Without JavaScript each
     tap is a form that records one at once.
   - When the polled live part is swapped for a newer version, the forms outside it take the
     new version and a pending change is previewed again against it.
   - The screen is kept awake with the Screen Wake Lock API where there is one.
   - Copy buttons put a link on the clipboard. */
(function () {
  "use strict";

  var pending = null; // {key, form, delta, plus, minus}
  var asked = 0; // the latest preview request; older answers are dropped
  var lastVersion = null;

  function panel() { return document.getElementById("pending"); }
  function live() { return document.getElementById("live"); }
  function previewUrl() {
    var head = document.querySelector("[data-preview-url]");
    return head ? head.getAttribute("data-preview-url") : null;
  }

  // The tapped counter shows the pending amount ("+3") until it is committed or dropped.
  function mark() {
    document.querySelectorAll(".tr-counter[data-pending]").forEach(function (counter) {
      counter.removeAttribute("data-pending");
    });
    if (!pending || pending.delta === 0) return;
    var counter = pending.form.closest(".tr-counter");
    if (counter) counter.setAttribute("data-pending", (pending.delta > 0 ? "+" : "−") + Math.abs(pending.delta));
  }

  function clearPending() {
    pending = null;
    mark();
    asked += 1;
    var box = panel();
    if (box) { box.innerHTML = ""; box.hidden = true; }
  }

  function preview() {
    var box = panel();
    var url = previewUrl();
    if (!pending || !box || !url) return;
    if (pending.delta === 0) { clearPending(); return; }
    mark();
    var data = new FormData(pending.form);
    var type = pending.delta > 0 ? pending.plus : pending.minus;
    data.set("type", type);
    data.set("p.amount", String(Math.abs(pending.delta)));
    var current = live();
    if (current) data.set("version", current.getAttribute("data-version"));
    var mine = ++asked;
    fetch(url, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: { "X-CSRFToken": data.get("csrfmiddlewaretoken") || "", "HX-Request": "true" }
    }).then(function (response) { return response.text(); }).then(function (html) {
      if (mine !== asked || !pending) return;
      box.innerHTML = html;
      box.hidden = false;
      if (window.htmx) window.htmx.process(box);
    }).catch(function () {
      if (mine !== asked) return;
      box.hidden = false;
      box.textContent = "No connection: the change is not recorded. Try again.";
    });
  }

  // A tap on a counter: add it to the pending change.
  document.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-tap]");
    if (!form || !previewUrl()) return;
    event.preventDefault();
    var key = form.getAttribute("data-tap");
    var step = parseInt(form.getAttribute("data-step"), 10) || 1;
    if (pending && pending.key !== key) {
      var box = panel();
      if (box) {
        box.classList.remove("tr-nudge");
        void box.offsetWidth; // restart the animation
        box.classList.add("tr-nudge");
      }
      return; // one change at a time: commit or cancel the pending one first
    }
    if (!pending) {
      pending = {
        key: key,
        form: form,
        delta: 0,
        plus: form.getAttribute("data-plus"),
        minus: form.getAttribute("data-minus") || form.getAttribute("data-plus")
      };
    }
    pending.delta += step;
    if (!form.hasAttribute("data-minus") && pending.delta < 0) pending.delta = 0;
    preview();
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-cancel]")) clearPending();
  });

  // Commit answered: a recorded action (2xx) ends the pending change. A refusal or a stale
  // version keeps it, previewed again against the fresh state.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var source = event.detail.elt;
    if (source && source.matches && source.matches("form[data-commit]") && event.detail.successful) {
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

  // The live part was swapped: follow its version.
  function follow() {
    var current = live();
    if (!current) return;
    var version = current.getAttribute("data-version");
    if (version === lastVersion) return;
    lastVersion = version;
    document.querySelectorAll("input[data-follow]").forEach(function (input) { input.value = version; });
    if (pending) {
      // the tapped form was replaced: find its counterpart in the new board
      var fresh = current.querySelector('form[data-tap="' + CSS.escape(pending.key) + '"]');
      if (fresh) { pending.form = fresh; preview(); } else { clearPending(); }
    }
  }
  document.addEventListener("htmx:load", follow);
  document.addEventListener("htmx:afterSettle", follow);
  document.addEventListener("DOMContentLoaded", follow);

  // Keep the screen awake while the page is shown.
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
      sentinel.addEventListener("release", function () { lock = null; showWake(); });
      showWake();
    }).catch(function () { lock = null; showWake(); });
  }

  document.addEventListener("visibilitychange", function () {
    if (wanted && document.visibilityState === "visible") acquire();
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

  // Copy buttons.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) return;
    var label = button.textContent;
    function done(message) {
      button.textContent = message;
      setTimeout(function () { button.textContent = label; }, 2000);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(source.value).then(function () { done("Copied"); }, function () { done("Select and copy"); });
    } else {
      source.select();
      try { document.execCommand("copy"); done("Copied"); } catch (error) { done("Select and copy"); }
    }
  });
})();
