/* Requests and the outbox of the table page: the token, every call to the server, the draft and the unsent
 * hand kept on the phone, and following the store.
 *
 * The token in the address is the table's device token; every API call sends it as a Bearer header. A hand
 * being entered is kept in localStorage (the draft), and a confirmed hand stays in an outbox until the
 * server has answered: a dropped connection keeps it, the page retries, and its request_id lets the server
 * record it once however often it arrives.
 */
import { blankEntry } from "./hand.js";
import { S, banner, hooks, setNet, t } from "./page.js";

// localStorage, or memory when the browser refuses it (storage blocked by a privacy setting, quota):
// the page works either way, it only cannot keep a draft or an unsent hand across a reload then
export var store = (function () {
  var mem = {};
  function ls() { try { return window.localStorage; } catch (e) { return null; } }
  return {
    get: function (k) {
      if (Object.prototype.hasOwnProperty.call(mem, k)) return mem[k];
      try { var l = ls(); return l ? l.getItem(k) : null; } catch (e) { return null; }
    },
    set: function (k, v) {
      try { var l = ls(); if (l) { l.setItem(k, v); delete mem[k]; return; } } catch (e) { /* memory */ }
      mem[k] = v;
    },
    remove: function (k) {
      delete mem[k];
      try { var l = ls(); if (l) l.removeItem(k); } catch (e) { /* nothing kept */ }
    }
  };
}());

// ---- the token and the API ------------------------------------------------------------------------
var m = location.pathname.match(/\/t\/([^/?#]+)/);
var token = m ? decodeURIComponent(m[1]) : (new URLSearchParams(location.search).get("token") || "");
var OUTBOX = "mcr-outbox:" + token;
var DRAFT = "mcr-draft:" + token;
var SENT = "mcr-sent:" + token;

export function api(method, path, body) { return request(method, path, body, S.lang); }

// One way to call the server with the table's token; calls.js uses it too (window.MCRTable).
function request(method, path, body, language) {
  var opts = { method: method, headers: { "Authorization": "Bearer " + token }, cache: "no-store" };
  if (language) opts.headers["Accept-Language"] = language;  // the refusals' messages in the page's language
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  return fetch(path, opts).then(function (r) {
    return r.text().then(function (text) {
      var data = null;
      try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
      return { status: r.status, ok: r.ok, data: data };
    });
  });
}

export function errorText(res) {
  var e = res.data && res.data.error;
  return e ? (e.message || e.code) : "HTTP " + res.status;
}
window.MCRTable = { request: request, errorText: errorText };

function newId() {  // crypto.randomUUID needs a secure context; a table on the LAN may be plain http
  var b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
}

// the page's words in ``code`` ("": the browser's languages), then everything drawn again
export function loadTexts(code) {
  return fetch("/api/texts" + (code ? "?lang=" + encodeURIComponent(code) : ""), { cache: "no-store" })
    .then(function (r) { return r.json(); })
    .then(function (data) {
      S.words = data.texts || {};
      S.winds = data.winds || S.winds;
      S.languages = data.languages || [];
      S.lang = data.lang || "en";
      hooks.render();
    })
    .catch(function () { /* offline: English words until the server answers */ });
}

// ---- persistence ----------------------------------------------------------------------------------
export function saveDraft() {
  if (S.entry && S.view === "entry") {
    var d = Object.assign({}, S.entry, { history: [] });
    store.set(DRAFT, JSON.stringify({ hand: S.entry.hand, entry: d }));
  } else {
    store.remove(DRAFT);
  }
}
function loadDraft() {
  try {
    var d = JSON.parse(store.get(DRAFT) || "null");
    if (d && S.table && d.entry && typeof d.hand === "number") {
      // a draft of a hand recorded meanwhile elsewhere is kept too, as a stale entry (checkStale)
      S.entry = Object.assign(blankEntry(d.entry.kind), d.entry, { history: [], penalty: false, hand: d.hand });
      S.view = "entry";
    }
  } catch (e) { store.remove(DRAFT); }
}
export function outbox() {
  try { return JSON.parse(store.get(OUTBOX) || "null"); } catch (e) { return null; }
}

// ---- sending --------------------------------------------------------------------------------------
var retryTimer = null;
var retryDelay = 2000;

export function send(b) {
  b.request_id = newId();
  if (S.table) b.version = S.table.version;
  store.set(OUTBOX, JSON.stringify(b));  // first kept, then sent
  if (S.entry && b.type !== "penalty") {  // what was tapped, to reopen if the server refuses it
    store.set(SENT, JSON.stringify(Object.assign({}, S.entry, { history: [] })));
  }
  S.entry = null;
  S.view = "sheet";
  saveDraft();
  hooks.render();
  flush();
}

export function flush() {
  var b = outbox();
  if (!b || S.sending) return;
  S.sending = true;
  clearTimeout(retryTimer);
  api("POST", "/api/hands", b).then(function (res) {
    S.sending = false;
    if (res.status >= 500 || res.status === 0) throw new Error("server " + res.status);
    store.remove(OUTBOX);
    var sent = store.get(SENT);
    store.remove(SENT);
    retryDelay = 2000;
    setNet(true);
    if (res.ok) {
      banner(b.type === "penalty" ? t("False-win penalty recorded: the hand goes on.")
             : b.correction ? t("Hand {n} corrected.", { n: b.hand }) : t("Hand {n} recorded.", { n: b.hand }),
             "ok");
    } else if (res.status === 409 && sent) {
      // another station wrote first: the entry comes back as it was, with the desk's two ways on
      // (record it as the next hand, or correct the recorded one); nothing tapped is lost
      banner("");
      try {
        var st = JSON.parse(sent);
        S.entry = Object.assign(blankEntry(st.kind), st, { history: [], stale: true, penalty: false });
        S.view = "entry";
      } catch (err) { S.entry = null; }
    } else if (res.status === 409) {
      banner(t("Another device changed this table: the sheet is reloaded, check and enter again."), "error");
    } else {
      banner(errorText(res), "error");
      try {  // refused as entered (422): back to the entry, as it was, to fix it
        var e = JSON.parse(sent || "null");
        if (e) { S.entry = Object.assign(blankEntry(e.kind), e, { history: [] }); S.view = "entry"; }
      } catch (err) { S.entry = null; }
    }
    return load().then(function () { if (S.entry) hooks.changed(); });
  }).catch(function () {
    S.sending = false;
    setNet(false);
    banner(t("Not sent yet: kept on this phone, retrying…"), "warn");
    retryTimer = setTimeout(flush, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 15000);
    hooks.render();
  });
}

export function load() {
  return api("GET", "/api/table").then(function (res) {
    if (res.status === 401 || res.status === 403) {
      banner(t("This link is not valid for a table (ask the referee)."), "error");
      return;
    }
    if (!res.ok) throw new Error(errorText(res));
    setNet(true);
    S.table = res.data;
    var restored = !S.entry && (loadDraft(), S.entry !== null);
    checkStale();
    hooks.render();
    if (restored) hooks.schedulePreview();  // a full draft after a reload shows its fans and verdict again
    if (outbox()) flush();
  }).catch(function () {
    setNet(false);
    hooks.render();
    setTimeout(load, 4000);
  });
}

// An entry whose hand is no longer the one in play (recorded meanwhile at the desk or another phone, the
// session ended there): kept, and Confirm waits for the referee's choice (entry.js, renderStale)
function checkStale() {
  var e = S.entry;
  if (e && S.view === "entry" && !e.stale && e.hand !== S.table.next_hand) e.stale = true;
}

// Following the store: every POLL_MS (while the page is on screen) the table's version, one small read;
// when it moved (a hand or a penalty from the desk, the CLI, another phone), the table is read again.
// Not while a hand of this page is on its way (its answer reloads the table anyway).
var POLL_MS = 3000;
var pollTimer = null;
export function schedulePoll() {
  clearTimeout(pollTimer);
  pollTimer = setTimeout(poll, POLL_MS);
}
export function poll() {
  clearTimeout(pollTimer);
  if (document.hidden || !S.table || S.sending || outbox()) { schedulePoll(); return; }
  api("GET", "/api/table/version").then(function (res) {
    if (res.ok && res.data && S.table && res.data.version !== S.table.version && !S.sending) return load();
  }).catch(function () { /* offline: the next poll asks again */ }).then(schedulePoll);
}
