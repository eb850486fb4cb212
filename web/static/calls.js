/* "Call referee" on the table page (docs/web.md "Calling a referee"). Kept apart from table/:
   it adds its own box under the players, talks to /api/calls with the same token, and follows the page's
   language (the <html lang> table/sheet.js sets). Plain ES2017, no libraries. */
(function () {
  "use strict";
  var m = location.pathname.match(/\/t\/([^/?#]+)/);
  var token = m ? decodeURIComponent(m[1]) : (new URLSearchParams(location.search).get("token") || "");
  if (!token) return;

  // the reasons' codes and English; every word in the page's language comes from the catalogue
  // (GET /api/texts, docs/texts.md), English until it arrives
  var REASONS = [
    ["dispute", "Dispute over a hand"],
    ["false_win", "False win"],
    ["tiles", "Wrong tiles / kong"],
    ["time", "Time"],
    ["other", "Other"]
  ];
  var words = {}, wordsLang = null;
  var POLL_ACTIVE_MS = 3000, POLL_IDLE_MS = 20000, SHOW_RESOLVED_MS = 15 * 60 * 1000;

  function pageLang() { return (document.documentElement.lang || "en").split("-")[0]; }
  function t(text, params) {
    var s = words[text] || text;
    Object.keys(params || {}).forEach(function (k) { s = s.split("{" + k + "}").join(String(params[k])); });
    return s;
  }
  function reasonText(code) {
    for (var i = 0; i < REASONS.length; i++) if (REASONS[i][0] === code) return t(REASONS[i][1]);
    return code;
  }
  function loadWords() {  // the page's language changed (or first use): its words, then redraw
    var code = pageLang();
    if (code === wordsLang) return;
    wordsLang = code;
    fetch("/api/texts?lang=" + encodeURIComponent(code), { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (data) { if (code === wordsLang) { words = data.texts || {}; render(); } })
      .catch(function () { /* offline: English until the server answers */ });
  }

  // table/requests.js's request (its module runs first: it is before this deferred file), in the page's words
  function api(method, path, body) { return window.MCRTable.request(method, path, body, pageLang()); }
  var errorText = window.MCRTable.errorText;

  var css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = "/static/calls.css";
  document.head.appendChild(css);

  var box = document.createElement("section");
  box.id = "call-box";
  box.className = "call-box";
  box.setAttribute("aria-live", "polite");
  var anchor = document.getElementById("banner") || document.querySelector("main");
  anchor.parentNode.insertBefore(box, anchor);

  var state = { calls: [], key: "", fetchedAt: Date.now(), form: false, reason: null, note: "", error: "", dismissed: {}, busy: false };

  function current() {  // the call to show: one waiting, else the last resolved (for a while)
    var c = state.calls.length ? state.calls[state.calls.length - 1] : null;
    if (!c) return null;
    if (c.status === "open" || c.status === "taken") return c;
    if (c.status === "resolved" && !state.dismissed[c.id] && c.closed_s_ago !== null &&
        c.closed_s_ago * 1000 + (Date.now() - state.fetchedAt) < SHOW_RESOLVED_MS) return c;
    return null;
  }
  function waited(c) {
    // by the server's count (age_s) plus the time since it answered: the phone's clock may be off
    var s = Math.max(0, Math.round(c.age_s + (Date.now() - state.fetchedAt) / 1000));
    return Math.floor(s / 60) + ":" + ("0" + (s % 60)).slice(-2);
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function button(text, cls, onClick, id) {
    var b = el("button", cls, text);
    b.type = "button";
    if (id) b.id = id;
    b.disabled = state.busy;
    b.addEventListener("click", onClick);
    return b;
  }

  function render() {
    box.textContent = "";
    var c = current();
    if (c) {
      var card = el("div", "call-state " + c.status);
      card.id = "call-state";
      card.setAttribute("data-status", c.status);
      if (c.status === "open") {
        card.appendChild(el("strong", "", t("Waiting for a referee")));
        card.appendChild(el("span", "call-wait", " · " + t("since {t}", { t: waited(c) })));
      } else if (c.status === "taken") {
        card.appendChild(el("strong", "", t("Referee on the way: {name}", { name: c.taken_by || "" })));
      } else {
        card.appendChild(el("strong", "", t("Resolved")));
        card.appendChild(el("p", "call-ruling", t("Ruling: {text}", { text: c.ruling || "" })));
      }
      card.appendChild(el("p", "call-why", reasonText(c.reason) + (c.note ? " · " + c.note : "")));
      if (c.status === "open") card.appendChild(button(t("Cancel the call"), "call-cancel", cancel, "call-cancel"));
      if (c.status === "resolved") {
        card.appendChild(button(t("OK"), "call-ok", function () { state.dismissed[c.id] = true; render(); }));
      }
      box.appendChild(card);
    } else if (state.form) {
      var form = el("div", "call-form");
      form.appendChild(el("h2", "", t("Why?")));
      var choices = el("div", "call-reasons");
      REASONS.forEach(function (r) {
        var b = button(t(r[1]), "", function () { state.reason = r[0]; render(); });
        b.setAttribute("data-reason", r[0]);
        b.setAttribute("aria-pressed", state.reason === r[0] ? "true" : "false");
        choices.appendChild(b);
      });
      form.appendChild(choices);
      var note = el("input", "call-note");
      note.id = "call-note";
      note.maxLength = 200;
      note.placeholder = t("Note (optional)");
      note.value = state.note;
      note.addEventListener("input", function () { state.note = note.value; });
      form.appendChild(note);
      var bar = el("div", "call-bar");
      bar.appendChild(button(t("Back"), "secondary", function () { state.form = false; state.error = ""; render(); }));
      var send = button(t("Send"), "call-send", submit, "call-send");
      send.disabled = state.busy || !state.reason;
      bar.appendChild(send);
      form.appendChild(bar);
      box.appendChild(form);
    } else {
      box.appendChild(button(t("Call referee"), "call-open", function () {
        state.form = true; state.reason = null; state.note = ""; render();
      }, "call-referee"));
    }
    if (state.error) box.appendChild(el("p", "call-error", t("Not sent: {e}", { e: state.error })));
  }

  function refresh() {
    return api("GET", "/api/calls").then(function (res) {
      if (res.ok && Array.isArray(res.data)) {
        state.calls = res.data;
        state.fetchedAt = Date.now();
        // redraw only when a call changed (never under the thumb of someone typing a note)
        var key = JSON.stringify(res.data.map(function (c) { return [c.id, c.status, c.taken_by, c.ruling]; }));
        if (key !== state.key) {
          state.key = key;
          render();
        }
      }
    }).catch(function () { /* offline: the next poll tries again */ });
  }
  function submit() {
    if (!state.reason || state.busy) return;
    state.busy = true; state.error = ""; render();
    var body = { reason: state.reason };
    if (state.note.trim()) body.note = state.note.trim();
    api("POST", "/api/calls", body).then(function (res) {
      state.busy = false;
      if (!res.ok) state.error = errorText(res); else state.form = false;
      return refresh().then(schedule);
    }).catch(function (e) { state.busy = false; state.error = String(e); render(); });
  }
  function cancel() {
    var c = current();
    if (!c || state.busy) return;
    state.busy = true; render();
    api("DELETE", "/api/calls/" + c.id).then(function (res) {
      state.busy = false;
      if (!res.ok) state.error = errorText(res);
      return refresh().then(schedule);
    }).catch(function (e) { state.busy = false; state.error = String(e); render(); });
  }

  var timer = null;
  function schedule() {
    var c = current();
    var active = c && (c.status === "open" || c.status === "taken");
    clearTimeout(timer);
    timer = setTimeout(function () { refresh().then(schedule); }, active ? POLL_ACTIVE_MS : POLL_IDLE_MS);
  }
  // the language button of the table page (table/main.js) changes <html lang>: redraw in the new language
  new MutationObserver(function () { render(); loadWords(); }).observe(document.documentElement,
    { attributes: true, attributeFilter: ["lang"] });
  setInterval(function () {  // the wait moves on: its text alone
    var c = current(), span = box.querySelector(".call-wait");
    if (c && c.status === "open" && span) span.textContent = " · " + t("since {t}", { t: waited(c) });
  }, 1000);
  render();
  loadWords();
  refresh().then(schedule);
}());
