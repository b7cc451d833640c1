/* "Copy" buttons (data-copy="<id>") put the named field's value, or an element's text, on
   the clipboard: a share link, a list's text, an API token, a game's player and watch links.
   Without JavaScript the buttons stay hidden (js-only) and the text can be selected by hand. */
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) return;
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (!source) return;
    var text = source.value !== undefined ? source.value : source.textContent;
    var label = button.textContent;
    function done(message) {
      button.textContent = message;
      setTimeout(function () { button.textContent = label; }, 2000);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done("Copied"); }, function () { done("Select and copy"); });
    } else {
      if (source.select) source.select();
      try { document.execCommand("copy"); done("Copied"); } catch (error) { done("Select and copy"); }
    }
  });
})();
