// The players' page refreshes itself: every few seconds it asks for the same page with the
// marker it was drawn at (If-None-Match); 304 = nothing changed. On a change the new <main> replaces the
// old one, except while someone is typing in the search box. The page works without this script.
(function () {
  "use strict";
  var EVERY_MS = 5000;
  function marker() {
    var m = document.querySelector('meta[name="mcr-marker"]');
    return m ? m.getAttribute("content") : "";
  }
  function typing() {
    var a = document.activeElement;
    return a && a.tagName === "INPUT";
  }
  function tick() {
    if (document.hidden || typing()) return;
    var lang = document.documentElement.lang === "zh-Hans" ? "zh" : "en";
    fetch(location.href, {headers: {"If-None-Match": '"' + marker() + "-" + lang + '"'}, cache: "no-store"})
      .then(function (r) { return r.status === 200 ? r.text() : null; })
      .then(function (text) {
        if (!text || typing()) return;
        var doc = new DOMParser().parseFromString(text, "text/html");
        var fresh = doc.getElementById("live"), old = document.getElementById("live");
        var m = doc.querySelector('meta[name="mcr-marker"]');
        if (!fresh || !old || !m) return;
        old.replaceWith(document.importNode(fresh, true));
        document.querySelector('meta[name="mcr-marker"]').setAttribute("content", m.getAttribute("content"));
      })
      .catch(function () { /* the venue's Wi-Fi dropped: try again at the next tick */ });
  }
  setInterval(tick, EVERY_MS);
})();
