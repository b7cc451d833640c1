/* Progressive enhancement for the pages. Everything works without this file: forms submit
   normally and the server renders the whole page. */
(function () {
  "use strict";
  var root = document.documentElement;
  if (window.htmx) {
    // Live updates are on: the plain submit buttons are no longer needed.
    root.classList.add("htmx-on");
  }
  root.classList.add("js");

  // The − and + buttons beside number inputs: step the value and tell the form it changed.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-step]");
    if (!button) return;
    var input = document.getElementById(button.getAttribute("aria-controls"));
    if (!input) return;
    event.preventDefault();
    var before = input.value;
    var text = input.value.trim();
    var up = button.dataset.step === "up";
    if (input.type === "number") {
      if (text === "") {
        input.value = input.min !== "" ? input.min : "0";
      } else {
        try {
          if (up) input.stepUp(); else input.stepDown();
        } catch (error) {
          return; // not a number yet: leave it for the user to fix
        }
      }
    } else {
      // A number typed as text (the odds page keeps letters typed by mistake, to say what
      // is wrong with them): step by one within data-min and data-max.
      var low = input.dataset.min !== undefined ? Number(input.dataset.min) : -Infinity;
      var high = input.dataset.max !== undefined ? Number(input.dataset.max) : Infinity;
      if (text === "") {
        input.value = String(low > -Infinity ? low : 0);
      } else if (/^-?\d+(\.\d+)?$/.test(text)) {
        input.value = String(Math.min(high, Math.max(low, Number(text) + (up ? 1 : -1))));
      } else {
        return; // not a number yet: leave it for the user to fix
      }
    }
    if (input.value !== before) {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });

  // A bar pinned to the screen that belongs to one panel of the page (the odds page's P(kill)
  // belongs to the attack panel): hidden while another panel crosses the screen's reading
  // line (40% down) or holds the field used last, so it never sits over the Morale or Magic
  // panel with a figure that is not theirs.
  document.querySelectorAll("[data-show-with]").forEach(function (bar) {
    var part = document.querySelector(bar.getAttribute("data-show-with"));
    if (!part || !("IntersectionObserver" in window)) return;
    var onLine = new Set();
    var usedElsewhere = false;
    function otherOnLine() {
      return Array.from(onLine).some(function (panel) { return panel !== part; });
    }
    function update() {
      bar.hidden = otherOnLine() || usedElsewhere;
    }
    var observer = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (entry.isIntersecting) onLine.add(entry.target); else onLine.delete(entry.target);
      });
      // Scrolled away from the other panels: the bar's own is the one in use again.
      if (!otherOnLine()) usedElsewhere = false;
      update();
    }, { rootMargin: "-40% 0px -59% 0px" });
    document.querySelectorAll(".panel").forEach(function (panel) { observer.observe(panel); });
    document.addEventListener("focusin", function (event) {
      var panel = event.target.closest ? event.target.closest(".panel") : null;
      if (!panel) return;
      usedElsewhere = panel !== part;
      update();
    });
  });

  // The header's menus (Menu on narrow screens, Build) are native disclosures that work
  // without this file; with it, a tap elsewhere or Escape folds an open one away, as a menu.
  function foldMenus(keep) {
    document.querySelectorAll(".site-header details[open]").forEach(function (menu) {
      if (keep && menu.contains(keep)) return;
      menu.open = false;
    });
  }
  document.addEventListener("click", function (event) { foldMenus(event.target); });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var inside = document.activeElement && document.activeElement.closest
      ? document.activeElement.closest(".site-header details[open]") : null;
    foldMenus(null);
    if (inside) inside.querySelector("summary").focus();
  });

  // A choice that sends its form as soon as it changes (the catalog picker); the page's
  // Content-Security-Policy allows no inline event handler, so it is wired here.
  document.addEventListener("change", function (event) {
    var field = event.target.closest("[data-submit-on-change]");
    if (field && field.form) field.form.submit();
  });

  // The notices a page was loaded with ("The coin is flipped: Ana plays first") speak of
  // that moment. On a page whose live part keeps itself up to date (#live[data-version],
  // swapped in by htmx), they go once it shows a newer version: play has moved on, and no
  // reload, which would not show them again, is needed to clear them.
  var live = document.querySelector("#live[data-version]");
  var loaded = live ? live.getAttribute("data-version") : null;
  if (loaded !== null) {
    document.addEventListener("htmx:afterSwap", function () {
      var now = document.querySelector("#live[data-version]");
      if (!now || now.getAttribute("data-version") === loaded) return;
      document.querySelectorAll(".notices").forEach(function (notices) { notices.remove(); });
    });
  }
})();
