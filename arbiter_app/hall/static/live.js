// The hall's pages: search as you type, and a fresh copy of the page whenever the server says the tournament
// changed (a round published, a result entered), without reloading.
(function () {
  "use strict";
  var search = document.getElementById("search");
  function filter() {
    if (!search) return;
    var q = search.value.trim().toLowerCase();
    var rows = document.querySelectorAll("[data-search]");
    for (var i = 0; i < rows.length; i++) {
      rows[i].hidden = q !== "" && rows[i].getAttribute("data-search").indexOf(q) < 0;
    }
  }
  if (search) search.addEventListener("input", filter);
  var body = document.body;
  var shown = body.getAttribute("data-version");
  var busy = false;
  function refresh(version) {
    if (busy) return;
    busy = true;
    fetch(location.href, { cache: "no-cache", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        busy = false;
        if (html === null) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("live");
        var live = document.getElementById("live");
        if (!fresh || !live) return;
        live.innerHTML = fresh.innerHTML;
        shown = doc.body.getAttribute("data-version") || version;
        body.setAttribute("data-version", shown);
        filter();
        document.dispatchEvent(new Event("hall:refreshed"));
      })
      .catch(function () { busy = false; });
  }
  if (window.EventSource && !body.hasAttribute("data-fixed")) {
    var events = new EventSource("/events");
    events.addEventListener("version", function (e) {
      if (e.data !== shown) refresh(e.data);
    });
  }
})();
