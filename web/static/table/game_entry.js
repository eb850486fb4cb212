/* Entering the next hand of a game table (Riichi, and a Chinese system's one line of wins, chinese_entry.js):
 * the outcome (what the rule system offers: ron, tsumo,
 * draw with tenpai, abortive, nagashi, chombo), who declared riichi, and for a win either the tiles (the
 * picker of hand.js, red fives where the preset has them, dora and ura indicators, the situation flags) or
 * the totals (han and fu, a limit, yakuman). The result line is sent to POST /api/score as the entry changes:
 * the server plays it from the table's state and answers the han, fu, yaku and everyone's change, so no
 * rule is written here (docs/table-page.md "A Riichi table").
 *
 * Which entry: the server's ``entry.form`` ("riichi"; a Chinese system's "wins", one ron, tsumo or draw line with
 * its flags, joker, horses and kongs; "events", Sichuan's events of one hand), never the profile's name.
 */
import * as C from "./chinese_entry.js";
import { img, tileButton } from "./entry.js";
import * as H from "./hand.js";
import { $, S, banner, button, el, handWhat, hooks, pickButton, players, points, signed, t } from "./page.js";
import { api, errorText, saveDraft, send } from "./requests.js";

var FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
var SUITS_RED = ["m", "s", "p"];  // the picker's rows: characters, bamboo, dots

export function options() { return (S.table && S.table.entry) || { outcomes: [], abortive: [], limits: [], flags: [] }; }
export function words(kind, key) { var w = options()[kind + "_words"]; return (w && w[key]) || key; }
// "riichi" (riichi, tenpai, pao, totals, dora), or a Chinese system's "wins" or "events"
export function form() { return options().form || "riichi"; }
function riichi() { return form() === "riichi"; }

export function blankGameEntry(hand) {
  return Object.assign(H.blankEntry("game", hand), {
    outcome: null, riichi: [], tenpai: [], nagashi: [], reason: null, chombo: null, target: "hand",
    dora: [], ura: [], reds: { m: false, s: false, p: false }, flags: {}, han: null, fu: null, limit: null,
    pao: null, winners: [], others: {}, stale_reason: "", hand_type: null, fan: null, joker: [], horses: {},
    horse_of: null, kongs: [], kong: C.blankKong(), events: [], void: {}, pigs: [], chickens: {}, charging: null,
    responsible: { from: null, to: null }, hot_kong: null });
}

// ---- several winners on one discard ----------------------------------------------------------------
// ``winners``: the players who won, in the order tapped; ``winner``: the one whose value is being entered. Its
// value (tiles or totals, indicators, flags, pao) lives on the entry itself, where hand.js works on it; the
// other winners' values are kept aside in ``others`` by number, and swapped in when their tab is tapped.
var WIN_FIELDS = ["input", "melds", "standing", "winning", "mode", "history", "target", "dora", "ura", "reds",
                  "flags", "han", "fu", "limit", "pao", "hand_type", "fan"];
function copyWin(from) {
  var w = {};
  WIN_FIELDS.forEach(function (f) { w[f] = from[f]; });
  return JSON.parse(JSON.stringify(w));
}
function putWin(e, w) { WIN_FIELDS.forEach(function (f) { e[f] = w[f]; }); }
// a Sichuan event added: the next one starts from a blank value, no winner
export function resetValue(e) {
  putWin(e, copyWin(blankGameEntry(null)));
  Object.assign(e, { outcome: null, winner: null, winners: [], others: {}, discarder: null, pigs: [] });
}
// a new winner's value: blank, but the indicators are the table's, the same for every winner on the discard
function blankWin(e) {
  var w = copyWin(blankGameEntry(null));
  w.dora = e.dora.slice(); w.ura = e.ura.slice(); w.input = e.input;
  return w;
}
export function winnersOf(e) { return e.winners || (e.winner !== null && e.winner !== undefined ? [e.winner] : []); }
export function valueOf(e, n) { return n === e.winner ? e : (e.others || {})[n]; }
// Sichuan's end of the wall: its ready players are entered as winners are (a 13-tile hand or a typed fan)
export function several(e) { return (e.outcome === "ron" && !!options().multiple_ron) || e.outcome === "wall_end"; }
export function activate(e, n) {  // the value of winner ``n`` is entered now; the current one is kept aside
  e.others = e.others || {};
  if (e.winner !== null) e.others[e.winner] = copyWin(e);
  putWin(e, e.others[n] || blankWin(e));
  delete e.others[n];
  e.winner = n;
}
// a tap on a player of the winner row: one winner (tsumo, or a preset without several rons) is chosen; where
// one discard may have several, a tap adds the player (whose value is entered next) or takes them off again
export function tapWinner(e, n) {
  var ws = winnersOf(e).slice();
  if (!several(e)) { e.winners = [n]; e.winner = n; e.others = {}; return; }
  var i = ws.indexOf(n);
  if (i < 0) {
    if (!ws.length) { e.winner = n; } else { activate(e, n); }
    ws.push(n);
  } else {
    ws.splice(i, 1);
    if (n === e.winner) {
      if (ws.length) { e.winner = null; activate(e, ws[0]); } else { e.winner = null; }
    } else {
      delete (e.others || {})[n];
    }
  }
  e.winners = ws;
}
// the outcome changed: a tsumo (or anything but a ron) keeps the winner being entered only
function keepOneWinner(e) {
  if (several(e) || winnersOf(e).length <= 1) return;
  e.winners = e.winner !== null ? [e.winner] : [];
  e.others = {};
}

function winnerTitle(e) {
  if (e.outcome === "tsumo") return riichi() ? t("Winner (tsumo)") : t("Winner (self-drawn)");
  if (e.outcome === "wall_end") return t("Ready players");
  return several(e) ? t("Winners") : t("Winner");
}
export function isWin(e) { return e.outcome === "ron" || e.outcome === "tsumo"; }
export function toggle(list, v) {
  var i = list.indexOf(v);
  if (i >= 0) list.splice(i, 1); else list.push(v);
}

// ---- the result line ------------------------------------------------------------------------------
// the hand's notation with the red fives written 0: the first five of each suit marked red
export function redNotation(text, reds) {
  var done = {};
  return text.replace(/([0-9]+)([msp])/g, function (all, digits, suit) {
    if (!reds[suit] || done[suit] || digits.indexOf("5") < 0) return all;
    done[suit] = true;
    return digits.replace("5", "0") + suit;
  });
}
function winValue(e) {
  var out = valueOnly(e);
  if (e.pao !== null && e.pao !== undefined) out.pao = e.pao;
  return out;
}
export function valueOnly(e) {
  if (!riichi()) return C.chineseValue(e);
  if (e.input === "tiles") {
    var v = { hand: redNotation(H.notation(e), e.reds) };
    if (e.dora.length) v.dora = e.dora.slice();
    if (e.ura.length) v.ura = e.ura.slice();
    Object.keys(e.flags).forEach(function (f) { if (e.flags[f]) v[f] = true; });
    return v;
  }
  if (e.limit === "yakuman") return { yakuman: 1 };
  if (e.limit) return { limit: e.limit };
  var out = { han: e.han };
  if (e.fu !== null && e.han < 5) out.fu = e.fu;
  return out;
}
export function gameBody(e) {
  if (form() === "events") return C.eventsBody(e);
  if (form() === "wins") return C.winsBody(e);
  var b = { hand: e.hand, type: e.outcome };
  if (e.outcome === "chombo") { b.player = e.chombo; return b; }
  b.riichi = e.riichi.slice();
  if (e.outcome === "ron") {
    b.discarder = e.discarder;
    b.winners = winnersOf(e).map(function (n) { return Object.assign({ player: n }, winValue(valueOf(e, n))); });
  } else if (e.outcome === "tsumo") {
    var v = winValue(e);
    if (v.hand !== undefined) { v.tiles = v.hand; delete v.hand; }  // on a tsumo line "hand" is the hand's number
    Object.assign(b, { winner: e.winner }, v);
  } else if (e.outcome === "draw") {
    b.tenpai = e.tenpai.slice();
  } else if (e.outcome === "nagashi") {
    b.players = e.nagashi.slice();
    b.tenpai = e.tenpai.slice();
  } else if (e.outcome === "abortive") {
    b.reason = e.reason;
  }
  return b;
}
export function missing(e) {
  if (form() === "events") return C.eventsMissing(e);
  if (!e.outcome) return t("Choose the outcome.");
  if (e.outcome === "chombo") return e.chombo === null ? t("Choose the player.") : null;
  if (e.outcome === "abortive") return e.reason ? null : t("Choose the reason.");
  if (e.outcome === "nagashi") return e.nagashi.length ? null : t("Choose the player.");
  if (!isWin(e)) return null;
  return winsMissing(e) || (riichi() ? null : C.lineMissing(e));
}
// the winners (or Sichuan's ready players) and each one's value
export function winsMissing(e) {
  var ws = winnersOf(e);
  if (e.winner === null || !ws.length) return t("Choose the winner.");
  if (e.outcome === "ron" && (e.discarder === null || ws.indexOf(e.discarder) >= 0)) return t("Choose the discarder.");
  var own = valueMissing(e);
  if (own) return own;
  var other = ws.filter(function (n) { return n !== e.winner && valueMissing(valueOf(e, n)); })[0];
  if (other === undefined) return null;
  var p = players().filter(function (x) { return x.number === other; })[0];
  return t("Enter the hand of {name} too.", { name: p ? p.name : other });
}
function valueMissing(w) {
  if (!w) return t("Choose the winner.");
  if (!riichi()) return C.valueMissing(w);
  if (w.input === "tiles") return H.count(w) === 14 && w.winning !== null ? null : t("{n} of 14 tiles", { n: H.count(w) });
  if (w.limit) return null;
  if (w.han === null || (w.han < 5 && w.fu === null)) return t("Enter the han (and fu below 5 han), a limit or yakuman.");
  return null;
}

// ---- the live preview: the server plays the line -------------------------------------------------------
var seq = 0;
export function scheduleGamePreview() {
  var e = S.entry;
  if (!e || S.view !== "entry") return;
  var need = missing(e), b = gameBody(e), key = JSON.stringify(b);
  if (need) {  // what is missing now; a preview still on its way is of an older line: its answer is dropped
    seq++;
    S.preview = { state: "missing", data: need, key: key }; renderGamePreview(); return;
  }
  if (S.preview.key === key && S.preview.state !== "missing" && S.preview.state !== "checking") {
    renderGamePreview(); return;
  }
  var mine = ++seq;
  S.preview = { state: "checking", data: null, key: key };
  renderGamePreview();
  api("POST", "/api/score", b).then(function (res) {
    if (mine !== seq) return;
    if (res.ok && res.data && res.data.valid) S.preview = { state: "ok", data: res.data, key: key };
    else if (res.ok && res.data) S.preview = { state: "invalid", data: res.data.error.message, key: key };
    else if (res.status >= 500) S.preview = { state: "offline", data: null, key: key };
    else S.preview = { state: "invalid", data: errorText(res), key: key };
    renderGamePreview();
  }).catch(function () {
    if (mine !== seq) return;
    S.preview = { state: "offline", data: null, key: key };
    renderGamePreview();
  });
}

export function gameChanged() {
  saveDraft();
  renderGameEntry();
  scheduleGamePreview();
}

// ---- drawing ----------------------------------------------------------------------------------------
export function section(box, title) {
  if (title) box.appendChild(el("h2", null, title));
  var c = el("div", { "class": "choices four" });
  box.appendChild(c);
  return c;
}
// a row of the four players: one chosen (``pick``) or several toggled (a list)
export function playerRow(box, title, id, isOn, onTap, disabled) {
  var c = section(box, title);
  c.id = id;
  players().forEach(function (p) {
    var b = pickButton(p, { "aria-pressed": String(isOn(p.number)), "data-number": p.number, title: p.name },
                       function () { onTap(p.number); gameChanged(); });
    b.disabled = !!(disabled && disabled(p.number));
    c.appendChild(b);
  });
}

export function renderGameEntry() {
  var e = S.entry, box = $("game-entry");
  if (!e || e.kind !== "game") return;
  var keep = window.scrollY;
  box.textContent = "";
  if (e.stale) renderStale(box);
  if (form() === "events") { C.renderEvents(box, e); finishEntry(box, keep); return; }
  // the outcome: what this tournament's rule system has
  var oc = section(box, t("Outcome"));
  oc.id = "g-outcome";
  oc.className = "choices three";
  options().outcomes.forEach(function (o) {
    oc.appendChild(button(words("outcome", o), { "aria-pressed": String(e.outcome === o), "data-outcome": o },
                          function () { S.entry.outcome = o; keepOneWinner(S.entry); gameChanged(); }));
  });
  if (e.outcome && e.outcome !== "chombo" && riichi()) {
    playerRow(box, t("Riichi"), "g-riichi", function (n) { return e.riichi.indexOf(n) >= 0; },
              function (n) { toggle(S.entry.riichi, n); });
  }
  if (isWin(e)) {
    var ws = winnersOf(e);
    playerRow(box, winnerTitle(e), "g-winner",
              function (n) { return ws.indexOf(n) >= 0; }, function (n) { tapWinner(S.entry, n); },
              function (n) { return n === e.discarder || (several(e) && ws.indexOf(n) < 0 && ws.length >= 3); });
    if (e.outcome === "ron") {
      playerRow(box, t("Discarder"), "g-discarder", function (n) { return e.discarder === n; },
                function (n) { S.entry.discarder = n; }, function (n) { return ws.indexOf(n) >= 0; });
    }
    if (ws.length > 1) renderWinnerTabs(box, e, ws);
    renderWin(box, e);
    if (riichi()) renderPao(box, e);
  }
  if (!riichi()) C.renderLineExtras(box, e);
  else if (e.outcome === "draw" || e.outcome === "nagashi") {
    if (e.outcome === "nagashi") {
      playerRow(box, t("Nagashi"), "g-nagashi", function (n) { return e.nagashi.indexOf(n) >= 0; },
                function (n) { toggle(S.entry.nagashi, n); });
    }
    playerRow(box, t("Tenpai"), "g-tenpai", function (n) { return e.tenpai.indexOf(n) >= 0; },
              function (n) { toggle(S.entry.tenpai, n); });
  } else if (e.outcome === "abortive") {
    var rc = section(box, t("Abortive draw"));
    rc.className = "choices two";
    options().abortive.forEach(function (r) {
      rc.appendChild(button(words("abortive", r), { "aria-pressed": String(e.reason === r), "data-reason": r },
                            function () { S.entry.reason = r; gameChanged(); }));
    });
  } else if (e.outcome === "chombo") {
    playerRow(box, t("Chombo by"), "g-chombo", function (n) { return e.chombo === n; },
              function (n) { S.entry.chombo = n; });
  }
  finishEntry(box, keep);
}
function finishEntry(box, keep) {
  var pv = el("section", { id: "g-preview", "class": "preview", "aria-live": "polite" });
  box.appendChild(pv);
  renderGamePreview();
  window.scrollTo(0, keep);  // drawn again whole: the thumb stays where it was
}

// a stale entry (another station recorded its hand first, docs/table-page.md "Writes…"): what happened, the
// entry kept, and the desk's two ways on: record it as the hand now in play, or correct the recorded hand
// with it (a reason; the last recorded hand only, as the server says)
function renderStale(box) {
  var table = S.table, e = S.entry;
  var hands = (table && table.hands) || [];
  var row = hands.filter(function (h) { return h.hand === e.hand; })[0] || null;
  var signedOff = !!(table && table.signed_off);
  var head = signedOff
    ? t("Not recorded: the sheet was signed off meanwhile (a referee withdraws the sign-off first).")
    : row ? t("Not recorded: hand {n} was recorded meanwhile at another station: {what}.",
              { n: e.hand, what: handWhat(row) })
      : t("Not recorded: the table changed meanwhile (another station saved first).");
  var panel = el("div", { id: "g-stale", "class": "stale", role: "alert" });
  var p = el("p");
  p.appendChild(el("strong", null, head));
  p.appendChild(el("br"));
  p.appendChild(document.createTextNode(t("Your entry is kept.")));
  panel.appendChild(p);
  if (table && table.next_hand && !signedOff) {
    panel.appendChild(button(t("Record as hand {n} (check, then Confirm)", { n: table.next_hand }),
      { "class": "primary", id: "g-stale-next" }, function () {
        S.entry.hand = S.table.next_hand;  // its state too: the preview is asked again, Confirm stays the referee's
        S.entry.stale = false;
        S.preview = { state: "none", data: null, key: "" };
        banner("");
        gameChanged();
      }));
  }
  if (row && !signedOff && row === hands[hands.length - 1]) {
    var fix = el("div", { "class": "stale-fix" });
    var reason = el("input", { id: "g-stale-reason", type: "text", maxlength: "200", autocomplete: "off",
                               placeholder: t("Reason for the correction") });
    reason.value = e.stale_reason || "";
    reason.addEventListener("input", function () { S.entry.stale_reason = reason.value; saveDraft(); });
    fix.appendChild(reason);
    fix.appendChild(button(t("Correct hand {n} with this one", { n: e.hand }), { "class": "secondary", id: "g-stale-correct" },
      function () {
        var why = (S.entry.stale_reason || "").trim();
        if (!why) { reason.placeholder = t("A correction needs a reason"); reason.focus(); return; }
        if (missing(S.entry) || S.sending) return;  // an entry that cannot be checked corrects nothing
        var b = gameBody(S.entry);
        b.correction = { reason: why };
        send(b);
      }));
    panel.appendChild(fix);
  }
  box.appendChild(panel);
}

// several winners: whose value the tiles or totals below are (one tab each, the one being entered pressed)
export function renderWinnerTabs(box, e, ws) {
  var c = section(box, t("Hand of"));
  c.id = "g-active";
  players().forEach(function (p) {
    if (ws.indexOf(p.number) < 0) return;
    var b = pickButton(p, { role: "tab", "aria-selected": String(p.number === e.winner), "data-number": p.number,
                            title: p.name }, function () {
      if (p.number !== S.entry.winner) { activate(S.entry, p.number); gameChanged(); }
    });
    c.appendChild(b);
  });
}

// pao: the player liable for the winner's yakuman (daisangen, daisuushii), tapped again to take it off; the
// store refuses it on a hand that is no yakuman, and the preview says so
function renderPao(box, e) {
  playerRow(box, t("Pao (liable player)"), "g-pao", function (n) { return e.pao === n; },
            function (n) { S.entry.pao = S.entry.pao === n ? null : n; }, function (n) { return n === e.winner; });
}

export function renderWin(box, e) {
  if (!riichi()) { C.renderValue(box, e); return; }
  var tabs = el("div", { "class": "tabs", role: "tablist" });
  [["tiles", "Tiles"], ["totals", "Totals"]].forEach(function (x) {
    tabs.appendChild(button(t(x[1]), { role: "tab", id: "g-tab-" + x[0], "aria-selected": String(e.input === x[0]) },
                            function () { S.entry.input = x[0]; gameChanged(); }));
  });
  box.appendChild(tabs);
  if (e.input === "totals") renderTotals(box, e); else renderTiles(box, e);
}

function renderTotals(box, e) {
  var hc = section(box, t("Han"));
  hc.className = "choices seven";
  hc.id = "g-han";
  for (var h = 1; h <= 13; h++) {
    (function (h) {
      hc.appendChild(button(String(h), { "aria-pressed": String(!e.limit && e.han === h), "data-han": h },
                            function () { S.entry.han = h; S.entry.limit = null; gameChanged(); }));
    }(h));
  }
  if (!e.limit && e.han !== null && e.han < 5) {
    var fc = section(box, t("Fu"));
    fc.className = "choices six";
    fc.id = "g-fu";
    FU.forEach(function (f) {
      fc.appendChild(button(String(f), { "aria-pressed": String(e.fu === f), "data-fu": f },
                            function () { S.entry.fu = f; gameChanged(); }));
    });
  }
  var lc = section(box, t("Limit"));
  lc.className = "choices three";
  lc.id = "g-limit";
  options().limits.forEach(function (l) {
    lc.appendChild(button(words("limit", l), { "aria-pressed": String(e.limit === l), "data-limit": l },
                          function () { S.entry.limit = S.entry.limit === l ? null : l; gameChanged(); }));
  });
}

// indicators are physical tiles too: with the hand's, at most four of a kind
function used(e) {
  var c = H.copies(e);
  e.dora.concat(e.ura, C.indicators(e)).forEach(function (name) { c[H.tileIndex(name.replace("0", "5"))]++; });
  return c;
}

export function renderTiles(box, e) {
  // the hand: melds, standing tiles, the winning tile apart (hand.js's model); a red five drawn as its face
  var hand = el("div", { id: "g-hand", "class": "hand", "aria-label": t("Tiles in hand") });
  var reds = {};
  SUITS_RED.forEach(function (s) { reds[s] = e.reds[s]; });
  function face(k) {
    var name = H.tileName(k);
    if (k < 27 && k % 9 === 4 && reds[name.charAt(1)]) { reds[name.charAt(1)] = false; return "0" + name.charAt(1); }
    return name;
  }
  e.melds.forEach(function (md, i) {
    var g = el("div", { "class": "group meld" });
    H.meldTiles(md).forEach(function (k, j) {
      var shown = md.kind === "ckong" && (j === 0 || j === 3) ? "back" : face(k);
      g.appendChild(tileButton(shown, H.tileName(k), function () { H.takeMeld(S.entry, i); gameChanged(); }));
    });
    hand.appendChild(g);
  });
  var standing = e.standing.map(function (k, i) { return { k: k, i: i }; }).sort(function (a, b) { return a.k - b.k; });
  if (standing.length) {
    var sg = el("div", { "class": "group standing" });
    standing.forEach(function (s) {
      sg.appendChild(tileButton(face(s.k), H.tileName(s.k), function () { H.takeStanding(S.entry, s.i); gameChanged(); }));
    });
    hand.appendChild(sg);
  }
  if (e.winning !== null) {
    var wg = el("div", { "class": "group win" });
    wg.appendChild(tileButton(face(e.winning), H.tileName(e.winning), function () { H.takeWinning(S.entry); gameChanged(); }));
    hand.appendChild(wg);
  }
  if (!hand.childNodes.length) hand.appendChild(el("span", { "class": "empty" }, t("{n} of 14 tiles", { n: 0 })));
  box.appendChild(hand);
  // where a tap goes: the hand (in a mode), the dora indicators, the ura indicators
  var tg = el("div", { "class": "choices three", id: "g-target" });
  var targets = riichi() ? [["hand", t("Tiles")], ["dora", t("Dora")], ["ura", t("Ura")]] : C.targets();
  targets.forEach(function (x) {
    tg.appendChild(button(x[1], { "aria-pressed": String(e.target === x[0]), "data-target": x[0] },
                          function () { S.entry.target = x[0]; gameChanged(); }));
  });
  var what = targets.filter(function (x) { return x[0] === e.target; })[0];
  var of = C.tilesWanted(e) === 13 ? t("{n} of 13 tiles", { n: H.count(e) }) : t("{n} of 14 tiles", { n: H.count(e) });
  box.appendChild(el("p", { "class": "muted small" }, of + " · " +
    t("Tap tiles for: {what}", { what: what ? what[1] : t("Tiles") })));
  if (targets.length > 1) box.appendChild(tg);
  if (!riichi()) C.renderIndicators(box, e);
  ["dora", "ura"].forEach(function (kind) {
    if (!e[kind].length) return;
    var row = el("div", { "class": "indicators", id: "g-" + kind });
    row.appendChild(el("span", { "class": "muted small" }, t(kind === "dora" ? "Dora" : "Ura")));
    e[kind].forEach(function (name, i) {
      row.appendChild(tileButton(name, name, function () { S.entry[kind].splice(i, 1); gameChanged(); }));
    });
    box.appendChild(row);
  });
  // a complete hand folds the (all greyed) tiles away, as for MCR: the preview and Confirm come up under the
  // thumb; the red fives stay, and Dora or Ura (or a tap on a tile of the hand) brings the tiles back
  var full = e.target === "hand" && H.count(e) === C.tilesWanted(e);
  if (e.target === "hand" && !full) {
    var modes = el("div", { "class": "choices modes", id: "g-modes" });
    [["tile", "Tile"], ["chow", "Chow"], ["pung", "Pung"], ["kong", "Kong"], ["ckong", "Concealed kong"]]
      .forEach(function (md) {
        modes.appendChild(button(t(md[1]), { "aria-pressed": String(e.mode === md[0]), "data-mode": md[0] },
                                 function () { S.entry.mode = md[0]; gameChanged(); }));
      });
    box.appendChild(modes);
  }
  // the picker: nine to a row, a suit to a row; the red fives (where the preset has them) as toggles
  var picker = el("div", { id: "g-picker", "class": "picker" + (full ? " full" : "") });
  var c = H.copies(e), all = used(e);
  for (var k = 0; k < 34; k++) {
    (function (k) {
      var name = H.tileName(k);
      var b = button("", { "class": "tile kind", "data-tile": name, "aria-label": name }, function () {
        var en = S.entry;
        if (en.target === "hand") { if (!canTake(en, k) || !H.tap(en, k)) return; }
        else if (!riichi()) { if (!C.takeIndicator(en, name)) return; }
        else { en[en.target].push(name); }
        gameChanged();
      });
      b.appendChild(img(name, name));
      var badge = el("span", { "class": "badge" }, String(c[k]));
      badge.hidden = !c[k];
      b.appendChild(badge);
      b.disabled = e.target === "hand" ? !canTake(e, k)
        : all[k] >= 4 || (riichi() ? e[e.target].length >= 5 : C.indicatorFull(e));
      picker.appendChild(b);
    }(k));
  }
  if (options().red_fives) {
    picker.appendChild(el("span", { "class": "red-label small muted" }, t("Red fives")));
    SUITS_RED.forEach(function (s) {
      var five = H.tileIndex("5" + s);
      var b = button("", { "class": "tile red", "data-tile": "0" + s, "aria-pressed": String(e.reds[s]),
                           "aria-label": "0" + s }, function () { S.entry.reds[s] = !S.entry.reds[s]; gameChanged(); });
      b.appendChild(img("0" + s, "0" + s));
      b.disabled = !e.reds[s] && c[five] === 0;  // a red five is one of the hand's fives
      picker.appendChild(b);
    });
  }
  box.appendChild(picker);
  var fl = el("div", { "class": "choices flags four-flags", id: "g-flags" });
  (C.tilesWanted(e) === 13 ? [] : options().flags).forEach(function (f) {  // a ready hand has no flags
    fl.appendChild(button(words("flag", f), { "aria-pressed": String(!!e.flags[f]), "data-flag": f },
                          function () { S.entry.flags[f] = !S.entry.flags[f]; gameChanged(); }));
  });
  box.appendChild(fl);
  var tools = el("div", { "class": "row-tools" });
  tools.appendChild(button(t("Remove last"), { id: "g-undo" }, function () { if (H.undo(S.entry)) gameChanged(); }));
  tools.appendChild(button(t("Clear"), { id: "g-clear" }, function () {
    H.clear(S.entry); S.entry.dora = []; S.entry.ura = []; S.entry.reds = { m: false, s: false, p: false };
    if (!riichi()) { S.entry.joker = []; S.entry.horses = {}; }
    gameChanged();
  }));
  box.appendChild(tools);
}

// a tap adds a tile while the hand has room: 14 for a win, 13 for Sichuan's ready hand at the end of the wall
function canTake(e, k) { return H.canAdd(e, k) && (C.tilesWanted(e) === 14 || H.count(e) < C.tilesWanted(e)); }

export function renderGamePreview() {
  var e = S.entry, pv = $("g-preview");
  if (!e || !pv) return;
  pv.textContent = "";
  var st = S.preview.state, d = S.preview.data, confirm = false;
  var v = el("div", { "class": "verdict", id: "g-verdict" });
  pv.appendChild(v);
  var refused = S.table && S.table.refusal;  // no hand can be recorded: the store's words, not what is missing
  if (st === "missing" && refused) { v.textContent = refused.message; v.className = "verdict bad"; }
  else if (st === "missing") { v.textContent = d; v.className = "verdict muted"; }
  else if (st === "checking" || st === "none") { v.textContent = t("Checking…"); v.className = "verdict muted"; }
  else if (st === "offline") { v.textContent = t("No connection: the hand is checked when it is sent."); confirm = true; }
  else if (st === "invalid") { v.textContent = d; v.className = "verdict bad"; }
  else if (st === "ok" && d.partial) {
    // a hand not over yet (Sichuan's events so far): the server's payments so far, said not final in its words;
    // it cannot be recorded yet (the server refuses it), so Confirm stays off
    v.textContent = d.partial_words;
    v.className = "verdict partial";
    renderPreviewBody(pv, d, true);  // the verdict names no winner: each one's name and value heads its fans
  }
  else if (st === "ok") {
    confirm = true;
    var ws = d.winners || [];
    // one winner: its value; several: each winner's name and value
    var values = ws.length === 1 ? [ws[0].value] : ws.map(function (w) { return nameOf(w.player) + " " + w.value; });
    v.textContent = t("Record hand {n}: {outcome}.", { n: e.hand, outcome: [d.outcome].concat(values).join(" · ") });
    v.className = "verdict good";
    renderPreviewBody(pv, d);
  }
  $("btn-penalty").hidden = true;
  $("btn-cancel").textContent = t("Cancel");
  $("btn-confirm").disabled = !confirm || S.sending || e.stale;
}

// the server's answer under the verdict: each winner's value (under a heading with the name when there are
// several, or when ``named``), the payments, each player's change and points
function renderPreviewBody(pv, d, named) {
  var ws = d.winners || [];
  ws.forEach(function (w, i) { renderWinnerValue(pv, w, i, named || ws.length > 1); });
  if (d.payments) C.renderPayments(pv, d);
  var tb = el("table", { "class": "payments", id: "g-payments" }), body = el("tbody");
  players().forEach(function (p) {
    var x = d.deltas[p.number] || 0, tr = el("tr", { "data-number": p.number });
    tr.appendChild(el("td", null, p.name + ((d.riichi || []).indexOf(String(p.number)) >= 0 ? " · " + t("Riichi") : "")));
    tr.appendChild(el("td", { "class": x < 0 ? "neg" : "" }, signed(x)));
    tr.appendChild(el("td", { "class": "muted" }, points(d.scores[p.number])));
    body.appendChild(tr);
  });
  tb.appendChild(body);
  pv.appendChild(tb);
}

export function nameOf(number) {
  var p = players().filter(function (x) { return String(x.number) === String(number); })[0];
  return p ? p.name : String(number);
}

// a winner's yaku (name · romaji, han) and fu parts; under a heading with the name when there are several.
// The first winner's list keeps the ids g-yaku and g-fu-parts
function renderWinnerValue(pv, w, i, named) {
  if (named) {
    pv.appendChild(el("h3", { "class": "winner-head", "data-winner": w.player },
                      nameOf(w.player) + " · " + w.value + (w.pao ? " · " + t("Pao: {name}", { name: nameOf(w.pao) }) : "")));
  } else if (w.pao) {
    pv.appendChild(el("p", { "class": "small", "data-pao": w.pao }, t("Pao: {name}", { name: nameOf(w.pao) })));
  }
  if (w.yaku) {
    var ul = el("ul", { "class": "fans", "data-winner": w.player });
    if (!i) ul.id = "g-yaku";
    w.yaku.forEach(function (y) {
      var li = el("li", { "data-yaku": y.id });
      li.appendChild(el("span", null, y.name + (y.romaji && y.romaji !== y.name ? " · " + y.romaji : "")));
      li.appendChild(el("span", { "class": "pts" }, t("{n} han", { n: y.han })));
      ul.appendChild(li);
    });
    pv.appendChild(ul);
  }
  if (w.fans) C.renderFans(pv, w, i);
  if (w.fu_parts && w.yakuman === 0) {
    var fp = el("p", { "class": "muted small", "data-winner": w.player }, w.fu_parts.map(function (f) {
      return f.name + " " + f.fu;
    }).join(" · ") + " → " + t("{n} fu", { n: w.fu }));
    if (!i) fp.id = "g-fu-parts";
    pv.appendChild(fp);
  }
}

export function startGameEntry() {
  S.entry = blankGameEntry(S.table ? S.table.next_hand : null);
  S.preview = { state: "none", data: null, key: "" };
  S.view = "entry";
  banner("");
  hooks.render();
  gameChanged();
  window.scrollTo(0, 0);
}

export function wireGameEntry() {
  $("btn-win").addEventListener("click", function () { if (S.table && S.table.game) startGameEntry(); });
  $("btn-confirm").addEventListener("click", function () {
    var e = S.entry;
    if (!e || e.kind !== "game" || $("btn-confirm").disabled || missing(e)) return;
    send(gameBody(e));
  });
}

