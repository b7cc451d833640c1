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
    if (input.value === "") {
      input.value = input.min !== "" ? input.min : "0";
    } else {
      try {
        if (button.dataset.step === "up") input.stepUp(); else input.stepDown();
      } catch (error) {
        return; // not a number yet: leave it for the user to fix
      }
    }
    if (input.value !== before) {
      input.dispatchEvent(new Event("change", { bubbles: true }));
    }
  });

  // A choice that sends its form as soon as it changes (the catalog picker); the page's
  // Content-Security-Policy allows no inline event handler, so it is wired here.
  document.addEventListener("change", function (event) {
    var field = event.target.closest("[data-submit-on-change]");
    if (field && field.form) field.form.submit();
  });
})();
