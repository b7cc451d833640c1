/* The list builders: every tap counts. Each link that changes the list (+, −, add, remove,
   a Guardian) holds the whole list as it is now, so two taps sent at once would carry the
   same list and the second would only repeat the first. A tap made while another is on its
   way waits its turn; then the link with the same data-tap in the redrawn page, which holds
   the list as it has become, is sent. A link whose row has gone (its count reached 0) is
   skipped. Without JavaScript each link is a plain page load, one tap at a time. */
(function () {
  "use strict";
  if (window.refereeTapQueue) return; // loaded twice: one queue only
  window.refereeTapQueue = true;
  var queue = Promise.resolve();

  function send(key) {
    var link = document.querySelector('a[data-tap="' + CSS.escape(key) + '"]');
    if (!link || !window.htmx) return undefined;
    return window.htmx.ajax("GET", link.getAttribute("href"), {
      source: link,
      target: "#results",
      swap: "outerHTML",
    });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-tap]");
    if (!link || !window.htmx) return;
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    // Taken before htmx sees it: the capture phase runs before the link's own listener.
    event.preventDefault();
    event.stopPropagation();
    var key = link.getAttribute("data-tap");
    queue = queue.then(function () { return send(key); }).catch(function () {});
  }, true);
})();
