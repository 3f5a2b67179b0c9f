// A hall screen: one page at a time, turning by itself (the boards in order, then the players by name).
(function () {
  "use strict";
  var seconds = parseInt(document.body.getAttribute("data-seconds") || "12", 10);
  var index = 0;
  function show() {
    var pages = document.querySelectorAll("#live .page");
    if (pages.length === 0) return;
    if (index >= pages.length) index = 0;
    for (var i = 0; i < pages.length; i++) pages[i].hidden = i !== index;
    document.body.setAttribute("data-page", String(index + 1) + "/" + String(pages.length));
  }
  document.addEventListener("hall:refreshed", show);
  show();
  setInterval(function () { index += 1; show(); }, seconds * 1000);
})();
