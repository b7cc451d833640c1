/* The new-game form: offer only the chosen game's lists and options, and only the list and
   name fields of the seats the host fills in (their own seat, or both for the table's shared
   device). Hidden fields are disabled, so they are not sent. Without JavaScript every field
   shows and the server refuses a list of another game or a list for the other player's
   seat, beside the field. */
(function () {
  "use strict";

  function enable(element, on) {
    element.hidden = !on;
    element.querySelectorAll("input, select").forEach(function (input) {
      input.disabled = !on;
    });
  }

  function update(form) {
    var system = form.querySelector("[name=system]").value;
    var seatInput = form.querySelector("[name=seat]:checked");
    var seat = seatInput ? seatInput.value : "";
    form.querySelectorAll("[data-for-systems]").forEach(function (element) {
      enable(element, element.getAttribute("data-for-systems").split(" ").indexOf(system) >= 0);
    });
    form.querySelectorAll("[data-seat-fields]").forEach(function (element) {
      enable(element, seat === "" || seat === element.getAttribute("data-seat-fields"));
    });
    form.querySelectorAll("select[data-lists]").forEach(function (select) {
      select.querySelectorAll("option[data-system]").forEach(function (option) {
        var on = option.getAttribute("data-system") === system;
        option.hidden = !on;
        option.disabled = !on;
        if (!on && option.selected) select.value = "";
      });
      select.querySelectorAll("optgroup").forEach(function (group) {
        group.hidden = !group.querySelector("option:not([hidden])");
      });
    });
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest("[data-new-game]");
    if (form) update(form);
  });
  document.querySelectorAll("[data-new-game]").forEach(update);
})();
