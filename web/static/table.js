/* The table page (/t/TOKEN): the four players, the running sheet, and entering a hand on a phone.
 *
 * Plain ES2017, no build step, no libraries. The token in the address is the table's device token; every
 * API call sends it as a Bearer header. A hand being entered is kept in localStorage (the draft), and a
 * confirmed hand stays in an outbox until the server has answered: a dropped connection keeps it, the page
 * retries, and its request_id lets the server record it once however often it arrives.
 */
(function () {
  "use strict";

  // ---- words ----------------------------------------------------------------------------------------
  // The page keeps no translation: its words come from the server's catalogue in the page's language
  // (GET /api/texts, docs/texts.md), English until they arrive.
  var words = {};
  var WINDS = { E: "E", S: "S", W: "W", N: "N" };
  var languages = [];
  var SUITS = ["m", "s", "p"];
  var HONOURS = ["E", "S", "W", "N", "C", "F", "P"];

  // localStorage, or memory when the browser refuses it (storage blocked by a privacy setting, quota):
  // the page works either way, it only cannot keep a draft or an unsent hand across a reload then
  var store = (function () {
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

  var lang = store.get("mcr-lang") || "";  // "": the browser's languages decide (Accept-Language)

  function t(text, params) {
    var s = words[text] || text;
    if (params) {
      Object.keys(params).forEach(function (k) { s = s.split("{" + k + "}").join(String(params[k])); });
    }
    return s;
  }

  // ---- the token and the API ------------------------------------------------------------------------
  var m = location.pathname.match(/\/t\/([^/?#]+)/);
  var token = m ? decodeURIComponent(m[1]) : (new URLSearchParams(location.search).get("token") || "");
  var OUTBOX = "mcr-outbox:" + token;
  var DRAFT = "mcr-draft:" + token;
  var SENT = "mcr-sent:" + token;

  function api(method, path, body) { return request(method, path, body, lang); }

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

  function errorText(res) {
    var e = res.data && res.data.error;
    return e ? (e.message || e.code) : "HTTP " + res.status;
  }
  window.MCRTable = { request: request, errorText: errorText };

  function newId() {  // crypto.randomUUID needs a secure context; a table on the LAN may be plain http
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
  }

  // ---- tiles ----------------------------------------------------------------------------------------
  function tileName(k) { return k >= 27 ? HONOURS[k - 27] : (k % 9 + 1) + SUITS[Math.floor(k / 9)]; }
  function tileSrc(name) { return "/static/tiles/" + name + ".svg"; }
  function img(name, alt) {
    var i = document.createElement("img");
    i.src = tileSrc(name);
    i.alt = alt || name;
    i.draggable = false;
    return i;
  }
  function meldTiles(meld) {
    var k = meld.tile;
    if (meld.kind === "chow") return [k, k + 1, k + 2];
    if (meld.kind === "pung") return [k, k, k];
    return [k, k, k, k];
  }
  function runs(kinds) {  // sorted kinds → "123m5pEE": a run of digits shares one suffix
    var out = "", suit = null;
    kinds.forEach(function (k) {
      if (k >= 27) {
        if (suit) { out += suit; suit = null; }
        out += HONOURS[k - 27];
      } else {
        var s = SUITS[Math.floor(k / 9)];
        if (suit && suit !== s) out += suit;
        suit = s;
        out += String(k % 9 + 1);
      }
    });
    return out + (suit || "");
  }
  function meldNotation(meld) {
    var tiles = meldTiles(meld);
    var offer = meld.kind === "kong" ? "1" : "";  // a melded kong needs an offer digit; none = concealed
    return "[" + runs(tiles) + offer + "]";
  }

  // ---- state ----------------------------------------------------------------------------------------
  var table = null;            // the last GET /api/table
  var view = "sheet";          // "sheet" | "entry"
  var entry = null;            // the hand being entered
  var preview = { state: "none", data: null, key: "" };
  var previewSeq = 0;
  var sending = false;
  var retryTimer = null;
  var retryDelay = 2000;

  // ``hand``: the hand the entry is for, fixed when it starts (the table moving on never moves it: a
  // hand recorded meanwhile elsewhere makes the entry ``stale``, and the referee chooses the way on)
  function blankEntry(kind) {
    return { kind: kind, winner: null, discarder: null, input: "tiles", fan: "", melds: [], standing: [],
             winning: null, flowers: [], flags: { fourth_tile: false, kong_related: false, last_tile_of_wall: false },
             mode: "tile", history: [], penalty: false, hand: table ? table.next_hand : null, stale: false,
             reason: "" };
  }

  function count(e) { return 3 * e.melds.length + e.standing.length + (e.winning === null ? 0 : 1); }
  function copies(e) {
    var c = new Array(34).fill(0);
    e.melds.forEach(function (md) { meldTiles(md).forEach(function (k) { c[k]++; }); });
    e.standing.forEach(function (k) { c[k]++; });
    if (e.winning !== null) c[e.winning]++;
    return c;
  }
  function canAdd(e, k) {
    var c = copies(e), n = count(e);
    if (e.mode === "tile") return n < 14 && c[k] < 4;
    if (n + 3 > 13) return false;
    if (e.mode === "chow") return k < 27 && k % 9 <= 6 && c[k] < 4 && c[k + 1] < 4 && c[k + 2] < 4;
    if (e.mode === "pung") return c[k] <= 1;
    return c[k] === 0;  // a kong takes all four
  }
  function snapshot(e) {
    return JSON.stringify({ melds: e.melds, standing: e.standing, winning: e.winning });
  }
  function tapTile(k) {
    if (!canAdd(entry, k)) return;
    entry.history.push(snapshot(entry));
    if (entry.mode === "tile") {
      // the 14th tile is the winning tile, unless one is set (a tile taken back from a full hand): then
      // the tap fills the hand's gap and the winning tile stays (it stuck at "13 of 14", replaced)
      if (count(entry) === 13 && entry.winning === null) entry.winning = k;
      else entry.standing.push(k);
    } else {
      entry.melds.push({ kind: entry.mode, tile: k });
    }
    changed();
  }
  function removeLast() {
    if (!entry.history.length) return;
    var s = JSON.parse(entry.history.pop());
    entry.melds = s.melds; entry.standing = s.standing; entry.winning = s.winning;
    changed();
  }
  function clearHand() {
    entry.history.push(snapshot(entry));
    entry.melds = []; entry.standing = []; entry.winning = null; entry.flowers = [];
    changed();
  }
  function notation(e) {
    if (e.winning === null) return "";
    var standing = e.standing.slice().sort(function (a, b) { return a - b; });
    return e.melds.map(meldNotation).join("") + runs(standing) + tileName(e.winning);
  }

  // the result line the API takes (without session and table)
  function body(e) {
    var hand = e.hand !== null && e.hand !== undefined ? e.hand : (table ? table.next_hand : 1);
    if (e.kind === "draw") return { hand: hand, type: "draw" };
    var b = { hand: hand, type: "win", winner: e.winner, discarder: e.discarder === "self" ? null : e.discarder,
              self_drawn: e.discarder === "self" };
    if (e.input === "totals") {
      b.fan = parseInt(e.fan, 10);
    } else {
      b.notation = notation(e);
      b.flowers = e.flowers.length;
      Object.keys(e.flags).forEach(function (f) { if (e.flags[f]) b[f] = true; });
    }
    return b;
  }
  function missing(e) {  // what the entry still needs before it can be checked, or null
    if (e.kind === "draw") return null;
    if (e.winner === null) return t("Choose the winner.");
    if (e.discarder === null) return t("Choose the discarder, or self-drawn.");
    if (e.input === "totals") {
      var f = parseInt(e.fan, 10);
      return f >= 1 ? null : t("Enter the fan total.");
    }
    return count(e) === 14 && e.winning !== null ? null : t("{n} of 14 tiles", { n: count(e) });
  }

  // ---- persistence ----------------------------------------------------------------------------------
  function saveDraft() {
    if (entry && view === "entry") {
      var d = Object.assign({}, entry, { history: [] });
      store.set(DRAFT, JSON.stringify({ hand: entry.hand, entry: d }));
    } else {
      store.remove(DRAFT);
    }
  }
  function loadDraft() {
    try {
      var d = JSON.parse(store.get(DRAFT) || "null");
      if (d && table && d.entry && typeof d.hand === "number") {
        // a draft of a hand recorded meanwhile elsewhere is kept too, as a stale entry (checkStale)
        entry = Object.assign(blankEntry(d.entry.kind), d.entry, { history: [], penalty: false, hand: d.hand });
        view = "entry";
      }
    } catch (e) { store.remove(DRAFT); }
  }
  function outbox() {
    try { return JSON.parse(store.get(OUTBOX) || "null"); } catch (e) { return null; }
  }

  // ---- sending --------------------------------------------------------------------------------------
  function send(b) {
    b.request_id = newId();
    if (table) b.version = table.version;
    store.set(OUTBOX, JSON.stringify(b));  // first kept, then sent
    if (entry && b.type !== "penalty") {  // what was tapped, to reopen if the server refuses it
      store.set(SENT, JSON.stringify(Object.assign({}, entry, { history: [] })));
    }
    entry = null;
    view = "sheet";
    saveDraft();
    render();
    flush();
  }

  function flush() {
    var b = outbox();
    if (!b || sending) return;
    sending = true;
    clearTimeout(retryTimer);
    api("POST", "/api/hands", b).then(function (res) {
      sending = false;
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
          entry = Object.assign(blankEntry(st.kind), st, { history: [], stale: true, penalty: false });
          view = "entry";
        } catch (err) { entry = null; }
      } else if (res.status === 409) {
        banner(t("Another device changed this table: the sheet is reloaded, check and enter again."), "error");
      } else {
        banner(errorText(res), "error");
        try {  // refused as entered (422): back to the entry, as it was, to fix it
          var e = JSON.parse(sent || "null");
          if (e) { entry = Object.assign(blankEntry(e.kind), e, { history: [] }); view = "entry"; }
        } catch (err) { entry = null; }
      }
      return load().then(function () { if (entry) changed(); });
    }).catch(function () {
      sending = false;
      setNet(false);
      banner(t("Not sent yet: kept on this phone, retrying…"), "warn");
      retryTimer = setTimeout(flush, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 15000);
      render();
    });
  }

  function load() {
    return api("GET", "/api/table").then(function (res) {
      if (res.status === 401 || res.status === 403) {
        banner(t("This link is not valid for a table (ask the referee)."), "error");
        return;
      }
      if (!res.ok) throw new Error(errorText(res));
      setNet(true);
      table = res.data;
      var restored = !entry && (loadDraft(), entry !== null);
      checkStale();
      render();
      if (restored) schedulePreview();  // a full draft after a reload shows its fans and verdict again
      if (outbox()) flush();
    }).catch(function () {
      setNet(false);
      render();
      setTimeout(load, 4000);
    });
  }

  // An entry whose hand is no longer the one in play (recorded meanwhile at the desk or another phone, the
  // session ended there): kept, and Confirm waits for the referee's choice (renderStale)
  function checkStale() {
    if (entry && view === "entry" && !entry.stale && entry.hand !== table.next_hand) entry.stale = true;
  }

  // Following the store: every POLL_MS (while the page is on screen) the table's version, one small read;
  // when it moved (a hand or a penalty from the desk, the CLI, another phone), the table is read again.
  // Not while a hand of this page is on its way (its answer reloads the table anyway).
  var POLL_MS = 3000;
  var pollTimer = null;
  function schedulePoll() {
    clearTimeout(pollTimer);
    pollTimer = setTimeout(poll, POLL_MS);
  }
  function poll() {
    clearTimeout(pollTimer);
    if (document.hidden || !table || sending || outbox()) { schedulePoll(); return; }
    api("GET", "/api/table/version").then(function (res) {
      if (res.ok && res.data && table && res.data.version !== table.version && !sending) return load();
    }).catch(function () { /* offline: the next poll asks again */ }).then(schedulePoll);
  }

  // ---- the live preview -----------------------------------------------------------------------------
  function schedulePreview() {
    if (!entry || view !== "entry") return;
    var need = missing(entry);
    var b = body(entry);
    var key = JSON.stringify(b);
    if (need) { preview = { state: "missing", data: need, key: key }; renderPreview(); return; }
    if (entry.kind === "draw") { preview = { state: "draw", data: null, key: key }; renderPreview(); return; }
    if (preview.key === key && preview.state !== "missing") { renderPreview(); return; }
    var seq = ++previewSeq;
    preview = { state: "checking", data: null, key: key };
    renderPreview();
    api("POST", "/api/score", b).then(function (res) {
      if (seq !== previewSeq) return;
      setNet(true);
      if (res.ok && res.data && !res.data.error) {
        preview = { state: res.data.meets_minimum ? "ok" : "under", data: res.data, key: key };
      } else if (res.status >= 500) {
        preview = { state: "offline", data: null, key: key };
      } else {
        preview = { state: "invalid", data: errorText(res), key: key };
      }
      renderPreview();
    }).catch(function () {
      if (seq !== previewSeq) return;
      setNet(false);
      preview = { state: "offline", data: null, key: key };
      renderPreview();
    });
  }

  function changed() {
    if (entry) entry.penalty = false;  // the false-win step is for the entry it was opened on
    saveDraft();
    renderEntry();
    schedulePreview();
  }

  // ---- drawing --------------------------------------------------------------------------------------
  var $ = function (id) { return document.getElementById(id); };
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "class") e.className = attrs[k]; else e.setAttribute(k, attrs[k]);
    });
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function button(text, attrs, onclick) {
    var b = el("button", Object.assign({ type: "button" }, attrs || {}), text);
    b.addEventListener("click", onclick);
    return b;
  }

  function players() { return table ? table.players : []; }
  function playerBy(number) {
    return players().filter(function (p) { return String(p.number) === String(number); })[0];
  }
  function windLabel(w) {  // no seat wind once the session is over
    return w ? (WINDS[w] || w) : "·";
  }
  // A player as the referee picks them, as at the desk (docs/table-page.md "Seat letters"): the letter is
  // the starting seat; the hand's wind, when it is another, is the server's note ("now East", wind_note)
  function seatText(p) { return windLabel(p.seat) + " " + shortName(p.name); }
  function pickButton(p, attrs, onclick) {
    var b = button(seatText(p), attrs, onclick);
    if (p.wind_note) b.appendChild(el("small", { "class": "now" }, p.wind_note));
    return b;
  }
  function deltaOf(h, p, i) {
    var d = h.deltas || h.payments;
    if (!d) return 0;
    if (Array.isArray(d)) return d[i] || 0;
    return d[p.number] || d[String(p.number)] || 0;
  }
  // the sheet's rows: hands and penalties, a penalty before the result of the hand it was given in
  function sheetRows() {
    var out = ((table && table.hands) || []).map(function (h, i) { return { at: h.hand, order: 1, i: i, h: h }; });
    ((table && table.penalties) || []).forEach(function (p, i) {
      out.push({ at: p.hand === null || p.hand === undefined ? 1e9 : p.hand, order: 0, i: i,
                 h: { kind: "penalty", penalty: p.kind, hand: p.hand, player: p.player, deltas: p.deltas } });
    });
    out.sort(function (a, b) { return a.at - b.at || a.order - b.order || a.i - b.i; });
    return out.map(function (r) { return r.h; });
  }
  // what a false-win penalty of the preset ``fw`` moves when ``number`` commits it: the server's payments
  function penaltyDeltas(fw, number) {
    return (fw.payments && fw.payments[number]) || {};
  }
  function penaltyText(fw, name, number) {
    var d = penaltyDeltas(fw, number), q = 0;
    Object.keys(d).forEach(function (k) { if (d[k] > q) q = d[k]; });
    return q > 0
      ? t("False win by {name}: {p} points, {q} to each other player.", { name: name, p: fw.points, q: q })
      : t("False win by {name}: {p} points deducted.", { name: name, p: fw.points });
  }
  function shortName(name) { return String(name).trim().split(/\s+/)[0]; }  // "Zhang Wei" → "Zhang"
  function signed(n) { return n > 0 ? "+" + n : String(n); }

  function banner(text, kind) {
    var b = $("banner");
    b.textContent = text;
    b.className = "banner " + (kind || "");
    b.hidden = !text;
  }
  function setNet(online) {
    $("net").hidden = online;
    $("net").textContent = t("offline");
  }

  // the language after this one in the server's list (the toggle shows its name), or null
  function nextLanguage() {
    if (languages.length < 2) return null;
    var i = languages.map(function (l) { return l.code; }).indexOf(lang);
    return languages[(i + 1) % languages.length];
  }
  // the page's words in ``code`` ("": the browser's languages), then everything drawn again
  function loadTexts(code) {
    return fetch("/api/texts" + (code ? "?lang=" + encodeURIComponent(code) : ""), { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (data) {
        words = data.texts || {};
        WINDS = data.winds || WINDS;
        languages = data.languages || [];
        lang = data.lang || "en";
        render();
      })
      .catch(function () { /* offline: English words until the server answers */ });
  }

  function renderTexts() {
    document.documentElement.lang = lang === "zh" ? "zh-CN" : (lang || "en");
    var next = nextLanguage();
    $("lang").textContent = next ? next.name : "";
    $("lang").hidden = !next;
    Array.prototype.forEach.call(document.querySelectorAll("[data-t]"), function (e) {
      e.textContent = t(e.getAttribute("data-t"));
    });
    Array.prototype.forEach.call(document.querySelectorAll("[data-t-label]"), function (e) {
      e.setAttribute("aria-label", t(e.getAttribute("data-t-label")));  // what a screen reader says
    });
  }

  function render() {
    renderTexts();
    var ps = players();
    if (table) {
      $("table-title").textContent = t("Session {session} · Table {table}",
                                       { session: table.session, table: table.table });
      var handText = table.next_hand === null || table.next_hand === undefined ? t("Session over")
        : t("Hand {n}", { n: table.next_hand });
      if (table.time_called_after !== null && table.time_called_after !== undefined) {
        handText += " · " + t("Time called after hand {n}", { n: table.time_called_after });
      }
      $("hand-no").textContent = handText;
      document.title = $("table-title").textContent;
    }
    // the four players with their seat winds and running totals
    var all = sheetRows();
    var totals = ps.map(function (p, i) {
      return all.reduce(function (s, h) { return s + deltaOf(h, p, i); }, 0);
    });
    var box = $("players");
    box.textContent = "";
    ps.forEach(function (p, i) {
      var card = el("div", { "class": "player" + (p.seat_wind === "E" ? " dealer" : ""), "data-number": p.number });
      var top = el("div");
      top.appendChild(el("span", { "class": "wind" }, windLabel(p.seat)));
      top.appendChild(document.createTextNode(" "));
      top.appendChild(el("span", { "class": "num" }, "#" + p.number));
      card.appendChild(top);
      if (p.wind_note) card.appendChild(el("span", { "class": "now" }, p.wind_note));
      card.appendChild(el("span", { "class": "name" }, p.name));
      card.appendChild(el("span", { "class": "score" + (totals[i] < 0 ? " neg" : "") }, signed(totals[i])));
      box.appendChild(card);
    });

    $("sheet-view").hidden = view !== "sheet";
    $("entry-view").hidden = view !== "entry";
    $("sheet-actions").hidden = view !== "sheet";
    $("entry-actions").hidden = view !== "entry";
    var pending = !!outbox();
    var over = !table || table.next_hand === null || table.next_hand === undefined;
    $("btn-win").disabled = over || pending;
    $("btn-draw").disabled = over || pending;
    if (view === "sheet") renderSheet(totals, pending); else renderEntry();
  }

  function renderSheet(totals, pending) {
    var ps = players(), hands = sheetRows();
    var head = $("sheet").tHead, bodyEl = $("sheet").tBodies[0], foot = $("sheet").tFoot;
    head.textContent = ""; bodyEl.textContent = ""; foot.textContent = "";
    var hr = el("tr");
    hr.appendChild(el("th", null, "#"));
    hr.appendChild(el("th", null, ""));
    ps.forEach(function (p) { hr.appendChild(el("th", { title: p.name }, shortName(p.name))); });
    head.appendChild(hr);
    hands.forEach(function (h, n) {
      var tr = el("tr", { "class": n === hands.length - 1 ? "latest" : "" });
      tr.appendChild(el("td", null, h.hand === null || h.hand === undefined ? "" : h.hand));
      // who won and who fed are marked on their own cells; the second column is short: fan, self-drawn
      var what = el("td", { "class": "what" });
      if (h.kind === "win") {
        what.textContent = t("{n} fan", { n: h.fan });
        if (h.discarder === null || h.discarder === undefined) what.appendChild(el("small", null, t("Self-drawn")));
      } else {
        what.textContent = t(h.kind === "draw" ? "Draw" : h.kind !== "penalty" ? h.kind
          : String(h.penalty).indexOf("false_win") === 0 ? "False win" : "Penalty");
      }
      tr.appendChild(what);
      ps.forEach(function (p, i) {
        var d = deltaOf(h, p, i);
        var cls = (d < 0 ? "neg" : "") + (String(h.winner) === String(p.number) ? " won" : "") +
                  (String(h.discarder) === String(p.number) ? " fed" : "") +
                  (h.kind === "penalty" && String(h.player) === String(p.number) ? " penalised" : "");
        tr.appendChild(el("td", { "class": cls }, signed(d)));
      });
      bodyEl.appendChild(tr);
    });
    var ob = outbox();
    if (pending && ob) {
      var tr = el("tr", { "class": "latest" });
      tr.appendChild(el("td", null, ob.hand || ""));
      tr.appendChild(el("td", { "class": "what", colspan: String(ps.length + 1) }, "⏳ " + t("pending")));
      bodyEl.appendChild(tr);
    }
    var fr = el("tr");
    fr.appendChild(el("td", { colspan: "2" }, t("Total")));
    totals.forEach(function (s) { fr.appendChild(el("td", { "class": s < 0 ? "neg" : "" }, signed(s))); });
    foot.appendChild(fr);
    $("sheet-empty").hidden = hands.length > 0 || pending;
  }

  function renderEntry() {
    if (!entry) return;
    var ps = players(), isWin = entry.kind === "win";
    Array.prototype.forEach.call(document.querySelectorAll("#entry-view > h2, #winner, #discarder, .tabs, " +
      "#totals-pane, #tiles-pane"), function (e) { e.style.display = isWin ? "" : "none"; });
    // winner and discarder
    var wbox = $("winner"), dbox = $("discarder");
    wbox.textContent = ""; dbox.textContent = "";
    ps.forEach(function (p) {
      wbox.appendChild(pickButton(p, { "aria-pressed": String(entry.winner === p.number), "data-number": p.number,
                                       title: p.name }, function () {
        if (entry.winner !== p.number) entry.discarder = null;  // the row below changes with the winner
        entry.winner = p.number;
        changed();
      }));
    });
    // the winner's own place in the discarder row is "self-drawn": one row of four, big targets
    ps.forEach(function (p) {
      var own = entry.winner === p.number;
      var pressed = own ? entry.discarder === "self" : entry.discarder === p.number;
      var attrs = { "aria-pressed": String(pressed), "data-number": own ? "self" : p.number,
                    "class": own ? "self" : "", title: p.name };
      var pick = function () { entry.discarder = own ? "self" : p.number; changed(); };
      var b = own ? button(t("Self-drawn"), attrs, pick) : pickButton(p, attrs, pick);
      b.disabled = entry.winner === null;
      dbox.appendChild(b);
    });
    // tiles or totals
    $("tab-tiles").setAttribute("aria-selected", String(entry.input === "tiles"));
    $("tab-totals").setAttribute("aria-selected", String(entry.input === "totals"));
    $("tiles-pane").hidden = entry.input !== "tiles";
    $("totals-pane").hidden = entry.input !== "totals";
    if (entry.input === "totals") {
      if ($("fan").value !== String(entry.fan)) $("fan").value = entry.fan;
      var q = $("fan-quick");
      if (!q.childNodes.length) {
        [8, 9, 10, 12, 16, 24].forEach(function (f) {
          q.appendChild(button(String(f), { "data-fan": f }, function () { entry.fan = String(f); changed(); }));
        });
      }
    } else {
      renderHand();
      renderPicker();
    }
    $("btn-penalty").textContent = t("False win penalty");
    renderStale();
    renderPreview();
  }

  // The stale entry's panel (the desk's, docs/gui.md "A stale entry is never lost"): what happened, that
  // the entry is kept, and the two ways on: record it as the hand now in play (its winds may change the
  // fans: check, then Confirm), or correct the hand recorded meanwhile with it (a reason, audited)
  function staleState() {
    var hand = entry.hand, ps = players();
    var row = ((table && table.hands) || []).filter(function (h) { return h.hand === hand; })[0] || null;
    var over = !table || table.next_hand === null || table.next_hand === undefined;
    var head;
    if (!row && table && table.signed_off) {
      head = t("Not recorded: the sheet was signed off meanwhile (a referee withdraws the sign-off first).");
    } else if (!row && over) {
      head = t("Not recorded: the session at this table ended meanwhile (time was called).");
    } else if (!row) {
      head = t("Not recorded: the table changed meanwhile (another station saved first).");
    } else {
      var w = row.kind === "win" && row.winner !== null ? playerBy(row.winner) : null;
      var what = w ? w.name + " · " + t("{n} fan", { n: row.fan }) : t("Draw");
      head = t("Not recorded: hand {n} was recorded meanwhile at another station: {what}.", { n: hand, what: what });
    }
    return { head: head, next: over || (table && table.signed_off) ? null : table.next_hand,
             correct: row && !(table && table.signed_off) ? hand : null, players: ps };
  }
  function renderStale() {
    var box = $("stale");
    var appears = box.hidden && entry.stale;
    box.hidden = !entry.stale;
    if (!entry.stale) return;
    // the referee is down at the tiles and Confirm when the desk records the hand: a greyed Confirm alone
    // says nothing, so the panel that says why comes into sight (centred: clear of the sticky header)
    if (appears) setTimeout(function () { box.scrollIntoView({ block: "center" }); }, 0);
    var st = staleState();
    var text = $("stale-text");  // two lines: no space to join sentences with in every language
    text.textContent = "";
    text.appendChild(el("strong", null, st.head));
    text.appendChild(el("br"));
    text.appendChild(document.createTextNode(t("Your entry is kept.")));
    $("stale-next").hidden = st.next === null;
    $("stale-next").textContent = t("Record as hand {n} (check, then Confirm)", { n: st.next });
    $("stale-fix").hidden = st.correct === null;
    $("stale-correct").textContent = t("Correct hand {n} with this one", { n: st.correct });
    $("stale-reason").placeholder = t("Reason for the correction");
    if ($("stale-reason").value !== entry.reason) $("stale-reason").value = entry.reason;
  }

  function renderHand() {
    var box = $("hand");
    box.textContent = "";
    var groups = entry.melds.map(function (md, i) {
      return { tiles: meldTiles(md), cls: "meld", concealed: md.kind === "ckong", remove: function () {
        entry.history.push(snapshot(entry)); entry.melds.splice(i, 1); changed();
      } };
    });
    var standing = entry.standing.map(function (k, i) { return { k: k, i: i }; })
      .sort(function (a, b) { return a.k - b.k; });
    if (standing.length) groups.push({ standingTiles: standing, cls: "standing" });
    if (entry.winning !== null) groups.push({ tiles: [entry.winning], cls: "win", remove: function () {
      entry.history.push(snapshot(entry)); entry.winning = null; changed();
    } });
    if (entry.flowers.length) {
      groups.push({ flowerTiles: entry.flowers.slice().sort(), cls: "flowers" });
    }
    if (!groups.length) box.appendChild(el("span", { "class": "empty" }, t("{n} of 14 tiles", { n: 0 })));
    groups.forEach(function (g) {
      var ge = el("div", { "class": "group " + g.cls });
      if (g.standingTiles) {
        g.standingTiles.forEach(function (s) {
          var b = button("", { "class": "t", "aria-label": tileName(s.k) }, function () {
            entry.history.push(snapshot(entry)); entry.standing.splice(s.i, 1); changed();
          });
          b.appendChild(img(tileName(s.k)));
          ge.appendChild(b);
        });
      } else if (g.flowerTiles) {
        g.flowerTiles.forEach(function (f) {
          var b = button("", { "class": "t", "aria-label": f }, function () { toggleFlower(f); });
          b.appendChild(img(f));
          ge.appendChild(b);
        });
      } else {
        g.tiles.forEach(function (k, i) {
          var b = button("", { "class": "t", "aria-label": tileName(k) }, g.remove);
          b.appendChild(img(g.concealed && (i === 0 || i === 3) ? "back" : tileName(k), tileName(k)));
          ge.appendChild(b);
        });
      }
      box.appendChild(ge);
    });
    // the mode sticks until another is chosen, as on the desk (docs/gui.md "One meld model"): said in words
    var modeName = { chow: "Chow", pung: "Pung", kong: "Kong", ckong: "Concealed kong" }[entry.mode];
    $("hand-help").textContent = t("{n} of 14 tiles", { n: count(entry) }) + " · " + (modeName ?
      t("Mode: {mode}: every tile tapped adds one, until another mode is chosen.", { mode: t(modeName) }) :
      t("The 14th tile tapped is the winning tile. Tap a tile of the hand to take it back."));
    // modes and situation flags
    var modes = $("modes");
    modes.textContent = "";
    [["tile", "Tile"], ["chow", "Chow"], ["pung", "Pung"], ["kong", "Kong"], ["ckong", "Concealed kong"]]
      .forEach(function (md) {
        modes.appendChild(button(t(md[1]), { "aria-pressed": String(entry.mode === md[0]), "data-mode": md[0] },
          function () { entry.mode = md[0]; changed(); }));
      });
    var flags = $("flags");
    flags.textContent = "";
    [["fourth_tile", "Last copy"], ["kong_related", "Kong win"], ["last_tile_of_wall", "Last tile"]]
      .forEach(function (f) {
        flags.appendChild(button(t(f[1]), { "aria-pressed": String(entry.flags[f[0]]), "data-flag": f[0] },
          function () { entry.flags[f[0]] = !entry.flags[f[0]]; changed(); }));
      });
  }

  function toggleFlower(f) {
    var i = entry.flowers.indexOf(f);
    if (i >= 0) entry.flowers.splice(i, 1); else entry.flowers.push(f);
    changed();
  }

  function renderPicker() {
    var box = $("picker");
    if (!box.childNodes.length) {  // built once; the badges and the enabled state change
      var add = function (name, k, label) {
        var b = button("", { "class": "tile", "data-tile": name, "aria-label": label || name }, function () {
          if (k === null) toggleFlower(name); else tapTile(k);
        });
        b.appendChild(img(name, label || name));
        b.appendChild(el("span", { "class": "badge", hidden: "" }, ""));
        if (k !== null) b.classList.add("kind");
        box.appendChild(b);
      };
      for (var k = 0; k < 34; k++) add(tileName(k), k);
      box.appendChild(el("span", { "class": "gap" })); box.appendChild(el("span", { "class": "gap" }));  // 7 of 9
      ["flower1", "flower2", "flower3", "flower4", "season1", "season2", "season3", "season4"]
        .forEach(function (f) { add(f, null); });
    }
    var c = copies(entry);
    // a complete hand folds the (all greyed) tiles away: the fans and Confirm come up under the thumb;
    // the flowers stay, and a tap on a tile of the hand brings the picker back
    box.classList.toggle("full", count(entry) === 14);
    $("modes").hidden = count(entry) === 14;
    Array.prototype.forEach.call(box.querySelectorAll("button.tile"), function (b) {
      var name = b.getAttribute("data-tile"), badge = b.querySelector(".badge");
      var k = name.indexOf("flower") === 0 || name.indexOf("season") === 0 ? -1 : tileIndex(name);
      var n = k < 0 ? (entry.flowers.indexOf(name) >= 0 ? 1 : 0) : c[k];
      badge.hidden = !n;
      badge.textContent = k < 0 ? "✓" : String(n);
      b.disabled = k >= 0 && !canAdd(entry, k);
      b.setAttribute("aria-pressed", String(k < 0 && n > 0));
    });
  }
  function tileIndex(name) {
    var h = HONOURS.indexOf(name);
    return h >= 0 ? 27 + h : SUITS.indexOf(name[1]) * 9 + parseInt(name[0], 10) - 1;
  }

  function fanName(f) {
    if (typeof f === "string") return f;
    var n = lang === "zh" ? (f.zh || f.name_zh || f.en || f.id) : (f.en || f.name_en || f.name || f.id);
    return f.count > 1 ? n + " ×" + f.count : n;
  }

  function renderPreview() {
    if (!entry) return;
    var v = $("verdict"), fans = $("fans"), pay = $("payments").tBodies[0];
    fans.textContent = ""; pay.textContent = "";
    v.className = "verdict";
    var st = preview.state, d = preview.data, confirm = false, note = "";
    var fw = table && table.false_win, step = !!(entry.penalty && fw && st === "under");
    $("btn-penalty").hidden = true;
    $("btn-cancel").textContent = t(step ? "Back" : "Cancel");
    if (st === "draw") {
      v.textContent = t("Record hand {n} as a draw: nobody pays.", { n: entry.hand });
      confirm = true;
    } else if (st === "missing") {
      v.textContent = d;
      v.className = "verdict muted";
    } else if (st === "checking") {
      v.textContent = t("Checking…");
      v.className = "verdict muted";
    } else if (st === "offline") {
      v.textContent = t("No connection: the hand is checked when it is sent.");
      confirm = true;
    } else if (st === "invalid") {
      v.textContent = d;
      v.className = "verdict bad";
    } else if (st === "ok" || st === "under") {
      var withoutFlowers = (d.fans || []).reduce(function (s, f) {
        return s + (f.id === "FLOWER_TILES" ? 0 : (f.points || 0) * (f.count || 1));
      }, 0);
      if (st === "ok") {
        v.textContent = t("{total} fans: it counts.", { total: d.total });
        v.className = "verdict good";
        confirm = true;
      } else if (step) {  // the confirm step of the false-win penalty: who, how much, who gets it
        var who = playerBy(entry.winner);
        v.textContent = penaltyText(fw, who ? who.name : entry.winner, entry.winner);
        v.className = "verdict bad";
        note = t("All four agree? Confirm records it; the hand goes on and its result is entered as usual.");
        confirm = true;
      } else {
        v.textContent = t("Only {n} fans without flowers: at least 8 are needed, a false win.",
                          { n: (d.fans || []).length ? withoutFlowers : d.total });
        v.className = "verdict bad";
        if (fw) {
          $("btn-penalty").hidden = false;
        } else {  // this tournament's false win has no fixed amount: the referee's
          var w = playerBy(entry.winner);
          note = t("Call the referee to record the false win of {name}.", { name: w ? w.name : entry.winner });
        }
      }
      if (!step) (d.fans || []).forEach(function (f) {
        var li = el("li");
        li.appendChild(el("span", null, fanName(f)));
        var pts = typeof f === "object" ? (f.points || 0) * (f.count || 1) : "";
        li.appendChild(el("span", { "class": "pts" }, pts + " " + t("fan")));
        fans.appendChild(li);
      });
      if (st === "ok" || step) {
        var moves = step ? penaltyDeltas(fw, entry.winner) : d.payments;
        players().forEach(function (p) {
          var x = moves ? (moves[p.number] || moves[String(p.number)] || 0) : 0;
          var tr = el("tr", { "data-number": p.number });
          tr.appendChild(el("td", null, windLabel(p.seat) + " " + p.name + (p.wind_note ? " · " + p.wind_note : "")));
          tr.appendChild(el("td", { "class": x < 0 ? "neg" : "" }, signed(x)));
          pay.appendChild(tr);
        });
      }
    }
    $("note").textContent = note;
    $("note").hidden = !note;
    $("btn-confirm").disabled = !confirm || sending || entry.stale;  // a stale entry: first the way on
    $("btn-confirm").classList.toggle("danger", step);  // a penalty is confirmed on red
  }

  // ---- wiring ---------------------------------------------------------------------------------------
  function startEntry(kind) {
    entry = blankEntry(kind);
    preview = { state: "none", data: null, key: "" };
    view = "entry";
    banner("");
    render();
    changed();
    window.scrollTo(0, 0);
  }

  $("btn-win").addEventListener("click", function () { startEntry("win"); });
  $("btn-draw").addEventListener("click", function () { startEntry("draw"); });
  $("btn-cancel").addEventListener("click", function () {
    if (entry && entry.penalty) {  // back from the false-win step to the hand as entered
      entry.penalty = false;
      renderPreview();
      return;
    }
    entry = null; view = "sheet"; saveDraft(); render();
  });
  $("btn-confirm").addEventListener("click", function () {
    if (!entry || $("btn-confirm").disabled) return;
    var fw = table && table.false_win;
    if (entry.penalty && fw && preview.state === "under") {
      // the preset as the players saw it: the server refuses it if the tournament's differs now
      send({ type: "penalty", hand: table.next_hand, player: entry.winner, kind: fw.kind, points: fw.points,
             settlement: fw.settlement });
    } else {
      send(body(entry));
    }
  });
  $("btn-penalty").addEventListener("click", function () {  // a confirm step, in the page (no dialog)
    if (!entry || !(table && table.false_win) || preview.state !== "under") return;
    entry.penalty = true;
    renderPreview();
    $("preview").scrollIntoView({ block: "nearest" });
  });
  // the stale entry's two ways on
  $("stale-next").addEventListener("click", function () {
    if (!entry || !entry.stale || !table || table.next_hand === null || table.next_hand === undefined) return;
    entry.hand = table.next_hand;  // its winds too: the preview is asked again, Confirm stays the referee's
    entry.stale = false;
    preview = { state: "none", data: null, key: "" };
    banner("");
    changed();
    window.scrollTo(0, 0);
  });
  $("stale-reason").addEventListener("input", function () { entry.reason = $("stale-reason").value; saveDraft(); });
  $("stale-correct").addEventListener("click", function () {
    if (!entry || !entry.stale || sending) return;
    var reason = entry.reason.trim();
    if (!reason) {
      $("stale-reason").placeholder = t("A correction needs a reason");
      $("stale-reason").focus();
      return;
    }
    if (missing(entry)) { renderPreview(); return; }  // an entry that cannot be checked corrects nothing
    var b = body(entry);  // the entry's own hand: the one recorded meanwhile
    b.correction = { reason: reason };
    send(b);
  });
  $("tab-tiles").addEventListener("click", function () { entry.input = "tiles"; changed(); });
  $("tab-totals").addEventListener("click", function () { entry.input = "totals"; changed(); });
  $("fan").addEventListener("input", function () { entry.fan = $("fan").value; saveDraft(); schedulePreview(); });
  $("undo").addEventListener("click", removeLast);
  $("clear").addEventListener("click", clearHand);
  $("lang").addEventListener("click", function () {
    var next = nextLanguage();
    if (!next) return;
    store.set("mcr-lang", next.code);
    loadTexts(next.code).then(load);  // the players' wind notes are the server's words
  });
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
  document.addEventListener("touchstart", function () {}, { passive: true });  // iOS Safari: :active on tiles

  renderTexts();
  loadTexts(lang).then(load).then(schedulePoll);  // the words first, so the first answer is said in them
}());
