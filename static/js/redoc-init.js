/* Starts ReDoc on the API reference page (/api/redoc/) with the schema URL the page names:
   the page's Content-Security-Policy allows no inline script. */
(function () {
  "use strict";
  var box = document.getElementById("redoc");
  if (box && window.Redoc) window.Redoc.init(box.dataset.specUrl, {}, box);
})();
