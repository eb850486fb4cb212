/* A Chinese system's hand on the phone (issue 33): what the game entry (game_entry.js) adds for the server's
 * ``entry.form`` "wins" (one ron, tsumo or draw line: the flags, the joker's indicator, each player's horses, the
 * kongs; the hand type in place of tiles, where ``entry.value`` is "hand_type", several of them where
 * ``entry.several_types``; the chickens counted to the other players, the charging or the responsible chicken
 * and a win on a discard's hot kong, where ``entry.chickens``) and "events" (Sichuan: the
 * void suits, then the hand's events one after another: a kong, a self-drawn win, a win on a discard with one or
 * more winners, the end of the wall with the ready players and the flower pigs).
 *
 * It builds the result line of docs/rule-systems.md "At the table: the Chinese systems' result lines" and shows
 * the store's answer (POST /api/score): every total, fan and payment is the server's, and so is the refusal of a
 * line that is not one, and the payments so far of a Sichuan hand not over yet (the answer's ``partial``). What it
 * offers is the entry's options, never the profile's name.
 */
import { tileButton } from "./entry.js";
import {
  form, gameChanged, isWin, nameOf, options, playerRow, renderTiles, renderWinnerTabs, resetValue, section,
  several, tapWinner, toggle, valueOf, winnersOf, winsMissing, words
} from "./game_entry.js";
import * as H from "./hand.js";
import { S, button, el, players, signed, t } from "./page.js";

var FANS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];  // a typed fan (from a paper sheet); the store checks its range
var SUITS = ["m", "s", "p"];

export function blankKong() { return { player: null, kind: null, discarder: null }; }

// ---- the line -----------------------------------------------------------------------------------------
// a winner's (or a ready player's) value: a typed fan, a hand type, or the tiles with the winner's flags
export function chineseValue(w) {
  if (w.input === "fan") return { fan: w.fan };
  if (options().value === "hand_type") return { hand_type: handTypeValue(w.hand_type) };
  var v = { hand: tilesWanted() === 13 ? H.readyNotation(w) : H.notation(w) };
  if (S.entry && S.entry.outcome !== "wall_end") {
    Object.keys(w.flags || {}).forEach(function (f) { if (w.flags[f]) v[f] = true; });
  }
  return v;
}
// the hand types tapped: one (Nanchang, or one of several), or a list in the entry's order whose fan add up
function typeList(v) { return Array.isArray(v) ? v.slice() : v ? [v] : []; }
function handTypeValue(v) {
  if (!options().several_types) return v;
  var on = typeList(v);
  var list = (options().hand_types || []).map(function (h) { return h.id; }).filter(function (id) { return on.indexOf(id) >= 0; });
  return list.length === 1 ? list[0] : list;
}
function tsumoValue(e) {  // on a tsumo line "hand" is the hand's number: the tiles are "tiles"
  var v = chineseValue(e);
  if (v.hand !== undefined) { v.tiles = v.hand; delete v.hand; }
  return v;
}
function winnersLine(e) {
  return winnersOf(e).map(function (n) { return Object.assign({ player: n }, chineseValue(valueOf(e, n))); });
}

export function winsBody(e) {
  var b = { hand: e.hand, type: e.outcome };
  if (e.outcome === "ron") Object.assign(b, { discarder: e.discarder, winners: winnersLine(e) });
  else if (e.outcome === "tsumo") Object.assign(b, { winner: e.winner }, tsumoValue(e));
  if (e.outcome === "ron" || e.outcome === "tsumo") {
    if (e.joker.length) b.joker = e.joker[0];
    var horses = {};
    Object.keys(e.horses).forEach(function (n) { if (e.horses[n].length) horses[n] = e.horses[n].slice(); });
    if (Object.keys(horses).length) b.horses = horses;
  }
  if (e.kongs.length) b.kongs = e.kongs.map(kongLine);
  if (options().chickens && isWin(e)) Object.assign(b, chickensLine(e));
  return b;
}
// the chickens (幺鸡) counted to the players who did not win, the charging chicken's player (冲锋鸡), the
// responsible chicken's discarder and claimer (责任鸡) and, on a discard, the discarder's hot kong (热炮): what the
// store pays for them is its own (the preview shows it), and so is refusing what cannot go together
function chickensLine(e) {
  var out = {}, counts = {};
  Object.keys(e.chickens || {}).forEach(function (n) { if (e.chickens[n] && countOffered(e, n)) counts[n] = e.chickens[n]; });
  if (Object.keys(counts).length) out.chickens = counts;
  if (e.charging !== null && e.charging !== undefined) out.charging_chicken = e.charging;
  var r = e.responsible || {};
  if (r.from !== null && r.from !== undefined && r.to !== null && r.to !== undefined) {
    out.responsible_chicken = { from: r.from, to: r.to };
  }
  if (e.outcome === "ron" && e.hot_kong) out.hot_kong = e.hot_kong;
  return out;
}
function kongLine(k) {
  var out = { player: k.player, kind: k.kind };
  if (k.kind === "melded") out.discarder = k.discarder;
  return out;
}

// Sichuan: the void suits and the events so far, with the one being entered once it is complete
export function eventsBody(e) {
  var b = { hand: e.hand, type: "hand" };
  if (Object.keys(e.void).length) b.void = Object.assign({}, e.void);
  var draft = e.outcome && !draftMissing(e) ? [eventOf(e)] : [];
  b.events = e.events.concat(draft);
  return b;
}
function eventOf(e) {
  if (e.outcome === "kong") return Object.assign({ type: "kong" }, kongLine(e.kong));
  if (e.outcome === "tsumo") return Object.assign({ type: "tsumo", winner: e.winner }, tsumoValue(e));
  if (e.outcome === "ron") return { type: "ron", discarder: e.discarder, winners: winnersLine(e) };
  return { type: "wall_end", ready: winnersLine(e), pigs: e.pigs.slice() };
}

// ---- what is missing before the store is asked ----------------------------------------------------
// the line's own parts once the winners are whole: a responsible chicken needs both its players
export function lineMissing(e) {
  if (!options().chickens) return null;
  var r = e.responsible || {}, from = r.from !== null && r.from !== undefined, to = r.to !== null && r.to !== undefined;
  if (from && !to) return t("Choose who claimed the responsible chicken.");
  if (to && !from) return t("Choose who discarded the responsible chicken.");
  return null;
}
export function valueMissing(w) {
  if (w.input === "fan") return w.fan === null || w.fan === undefined ? t("Enter the fan.") : null;
  if (options().value === "hand_type") return typeList(w.hand_type).length ? null : t("Choose the hand type.");
  var n = H.count(w), want = tilesWanted(w);
  if (want === 13) return n === 13 ? null : t("{n} of 13 tiles", { n: n });
  return n === 14 && w.winning !== null ? null : t("{n} of 14 tiles", { n: n });
}
function kongMissing(k) {
  if (k.player === null) return t("Choose the player.");
  if (!k.kind) return t("Choose the kong.");
  return k.kind === "melded" && k.discarder === null ? t("Choose the discarder.") : null;
}
function draftMissing(e) {
  if (e.outcome === "kong") return kongMissing(e.kong);
  if (e.outcome === "wall_end" && !winnersOf(e).length) return null;  // nobody ready
  return winsMissing(e);
}
export function eventsMissing(e) {
  if (e.outcome) return draftMissing(e);
  return e.events.length ? null : t("Add the hand's events, one after another.");
}

// ---- the tile picker's targets: the hand, the joker's indicator, the horses ------------------------------
// Sichuan's ready hand at the end of the wall has 13 tiles; every other hand 14
export function tilesWanted() { return S.entry && S.entry.outcome === "wall_end" ? 13 : 14; }
function horsesHere(e) { return !!options().horses && (e.outcome === "ron" || e.outcome === "tsumo") && form() === "wins"; }
export function targets() {
  var out = [["hand", t("Tiles")]];
  if (options().joker) out.push(["joker", t("Joker")]);
  if (horsesHere(S.entry)) out.push(["horses", t("Horses")]);
  return out;
}
// the indicator and the horses are tiles of the wall: with the hand's, at most four of a kind
export function indicators(e) {
  var out = (e.joker || []).slice();
  Object.keys(e.horses || {}).forEach(function (n) { out = out.concat(e.horses[n]); });
  return out;
}
export function indicatorFull(e) {
  if (e.target === "joker") return false;  // a tap replaces it
  return e.horse_of === null || (e.horses[e.horse_of] || []).length >= options().horses;
}
export function takeIndicator(e, name) {
  if (e.target === "joker") { e.joker = [name]; return true; }
  if (indicatorFull(e)) return false;
  (e.horses[e.horse_of] = e.horses[e.horse_of] || []).push(name);
  return true;
}
export function renderIndicators(box, e) {
  if (e.target === "horses") {
    playerRow(box, t("Horses of"), "g-horse-of", function (n) { return e.horse_of === n; },
              function (n) { S.entry.horse_of = n; });
  }
  if (e.joker.length) {
    var row = el("div", { "class": "indicators", id: "g-joker" });
    row.appendChild(el("span", { "class": "muted small" }, t("Joker")));
    row.appendChild(tileButton(e.joker[0], e.joker[0], function () { S.entry.joker = []; gameChanged(); }));
    box.appendChild(row);
  }
  players().forEach(function (p) {
    var hs = e.horses[p.number] || [];
    if (!hs.length || !horsesHere(e)) return;
    var r = el("div", { "class": "indicators", id: "g-horses-" + p.number });
    r.appendChild(el("span", { "class": "muted small" }, t("Horses of {name}", { name: p.name })));
    hs.forEach(function (name, i) {
      r.appendChild(tileButton(name, name, function () { S.entry.horses[p.number].splice(i, 1); gameChanged(); }));
    });
    box.appendChild(r);
  });
}

// ---- drawing: a winner's value, the kongs -------------------------------------------------------------
// the tiles (the picker of the Riichi entry), a typed fan (Sichuan, from a paper sheet), or the hand type
export function renderValue(box, e) {
  if (options().typed) {
    var tabs = el("div", { "class": "tabs", role: "tablist" });
    [["tiles", t("Tiles")], ["fan", t("Fan")]].forEach(function (x) {
      tabs.appendChild(button(x[1], { role: "tab", id: "g-tab-" + x[0], "aria-selected": String(e.input === x[0]) },
                              function () { S.entry.input = x[0]; gameChanged(); }));
    });
    box.appendChild(tabs);
  }
  if (e.input === "fan") {
    var fc = section(box, t("Fan"));
    fc.className = "choices six";
    fc.id = "g-fan";
    FANS.forEach(function (f) {
      fc.appendChild(button(String(f), { "aria-pressed": String(e.fan === f), "data-fan": f },
                            function () { S.entry.fan = f; gameChanged(); }));
    });
  } else if (options().value === "hand_type") {
    var many = !!options().several_types;  // each type the hand has is tapped on (or off again)
    var hc = section(box, many ? t("Hand types (each one the hand has)") : t("Hand type"));
    hc.className = "choices two";
    hc.id = "g-hand-type";
    (options().hand_types || []).forEach(function (h) {
      var on = many ? typeList(e.hand_type).indexOf(h.id) >= 0 : e.hand_type === h.id;
      hc.appendChild(button(h.name || h.zh, { "aria-pressed": String(on), "data-hand-type": h.id }, function () {
        if (many) { var list = typeList(S.entry.hand_type); toggle(list, h.id); S.entry.hand_type = list; }
        else S.entry.hand_type = h.id;
        gameChanged();
      }));
    });
  } else {
    renderTiles(box, e);
  }
}

// one kong being entered: its player, its kind, and a melded kong's discarder; ``done`` once it is whole
function renderKong(box, k, done, id) {
  playerRow(box, t("Kong by"), id + "-player", function (n) { return k.player === n; },
            function (n) { k.player = n; if (k.discarder === n) k.discarder = null; finish(); });
  var kc = section(box, null);
  kc.className = "choices three";
  kc.id = id + "-kind";
  Object.keys(options().kong_words || {}).forEach(function (kind) {
    kc.appendChild(button(words("kong", kind), { "aria-pressed": String(k.kind === kind), "data-kind": kind },
                          function () { k.kind = kind; finish(); gameChanged(); }));
  });
  if (k.kind === "melded") {
    playerRow(box, t("Discarder"), id + "-discarder", function (n) { return k.discarder === n; },
              function (n) { k.discarder = n; finish(); }, function (n) { return n === k.player; });
  }
  function finish() { if (done && !kongMissing(k)) done(); }
}
function kongText(k) {
  return nameOf(k.player) + " · " + words("kong", k.kind) + (k.kind === "melded" ? " ← " + nameOf(k.discarder) : "");
}

// "wins": the kongs of the hand (each paid as the store says), added one at a time and tapped to take back
export function renderLineExtras(box, e) {
  if (!e.outcome) return;
  if (options().kongs) renderKongs(box, e);
  if (options().chickens && isWin(e)) renderChickens(box, e);
}
function renderKongs(box, e) {
  var list = section(box, t("Kongs"));
  list.className = "choices one";
  list.id = "g-kongs";
  e.kongs.forEach(function (k, i) {
    list.appendChild(button("✕ " + kongText(k), { "data-kong": i }, function () { S.entry.kongs.splice(i, 1); gameChanged(); }));
  });
  renderKong(box, e.kong, function () { S.entry.kongs.push(S.entry.kong); S.entry.kong = blankKong(); }, "g-kong");
}

// the chickens of a win: each other player's count (0 to 4), the charging chicken, the responsible chicken (its
// discarder, then who claimed it) and, on a discard, the hot kong; a tap on the chosen one takes it off. What is
// offered is the entry's: ``chicken_counts`` "others" (no count for a winner, whose chickens its tiles show) and
// ``first_chicken`` (the hand's first 幺鸡 is one of these or neither: choosing one takes the other off)
var COUNTS = [0, 1, 2, 3, 4];
function countOffered(e, n) { return options().chicken_counts !== "others" || winnersOf(e).indexOf(n) < 0; }
function firstChicken(kind) { return (options().first_chicken || []).indexOf(kind) >= 0; }
function renderChickens(box, e) {
  var counts = e.chickens || {};
  var c = section(box, t("Chickens (1 of bamboo) counted to each player who did not win"));
  c.className = "counts";
  c.id = "g-chickens";
  players().forEach(function (p) {
    if (!countOffered(e, p.number)) return;
    var row = el("div", { "class": "choices", "data-number": p.number });
    row.appendChild(el("span", { "class": "who" }, p.name));
    COUNTS.forEach(function (n) {
      row.appendChild(button(String(n), { "aria-pressed": String((counts[p.number] || 0) === n), "data-count": n },
        function () {
          S.entry.chickens = S.entry.chickens || {};
          if (n) S.entry.chickens[p.number] = n; else delete S.entry.chickens[p.number];
          gameChanged();
        }));
    });
    c.appendChild(row);
  });
  if (firstChicken("charging")) {
    playerRow(box, t("Charging chicken"), "g-charging", function (n) { return e.charging === n; },
              function (n) {
                S.entry.charging = S.entry.charging === n ? null : n;
                if (S.entry.charging !== null) S.entry.responsible = { from: null, to: null };
              });
  }
  if (firstChicken("responsible")) {
    var r = e.responsible || { from: null, to: null };
    playerRow(box, t("Responsible chicken: discarded by"), "g-responsible-from",
              function (n) { return r.from === n; }, function (n) { setResponsible("from", n); },
              function (n) { return n === r.to; });
    playerRow(box, t("Responsible chicken: claimed by"), "g-responsible-to",
              function (n) { return r.to === n; }, function (n) { setResponsible("to", n); },
              function (n) { return n === r.from; });
  }
  if (e.outcome !== "ron") return;
  var hc = section(box, t("Hot kong: the discarder's kong just before"));
  hc.className = "choices three";
  hc.id = "g-hot-kong";
  Object.keys(options().kong_words || {}).forEach(function (kind) {
    hc.appendChild(button(words("kong", kind), { "aria-pressed": String(e.hot_kong === kind), "data-kind": kind },
                          function () { S.entry.hot_kong = S.entry.hot_kong === kind ? null : kind; gameChanged(); }));
  });
}
function setResponsible(end, n) {
  var r = S.entry.responsible = Object.assign({ from: null, to: null }, S.entry.responsible);
  r[end] = r[end] === n ? null : n;
  if (r.from !== null || r.to !== null) S.entry.charging = null;
}

// ---- Sichuan: the void suits, the events so far, the event being entered -----------------------------
export function renderEvents(box, e) {
  renderVoid(box, e);
  var list = section(box, t("Events"));
  list.className = "events";
  list.id = "g-events";
  if (!e.events.length) list.appendChild(el("p", { "class": "muted small" }, t("No events yet.")));
  e.events.forEach(function (ev, i) {
    list.appendChild(el("p", { "class": "event", "data-event": ev.type }, (i + 1) + ". " + eventText(ev)));
  });
  if (e.events.length) {
    list.appendChild(button(t("Remove the last event"), { id: "g-event-undo" }, function () {
      S.entry.events.pop(); gameChanged();
    }));
  }
  var oc = section(box, t("Next event"));
  oc.className = "choices two";
  oc.id = "g-event";
  (options().events || []).forEach(function (kind) {
    oc.appendChild(button(words("event", kind), { "aria-pressed": String(e.outcome === kind), "data-event": kind },
                          function () { startEvent(kind); }));
  });
  if (e.outcome) renderDraft(box, e);
}
function startEvent(kind) {
  var e = S.entry;
  if (e.outcome !== kind) {
    resetValue(e);
    e.outcome = kind;
    e.kong = blankKong();
  }
  gameChanged();
}
function renderVoid(box, e) {
  if (!options().void) return;
  var c = section(box, t("Void suit"));
  c.className = "void";
  c.id = "g-void";
  players().forEach(function (p) {
    var row = el("div", { "class": "choices four", "data-number": p.number });
    row.appendChild(el("span", { "class": "who" }, p.name));
    SUITS.forEach(function (suit) {
      row.appendChild(button(words("suit", suit), { "aria-pressed": String(e.void[p.number] === suit), "data-suit": suit },
        function () {
          if (S.entry.void[p.number] === suit) delete S.entry.void[p.number]; else S.entry.void[p.number] = suit;
          gameChanged();
        }));
    });
    c.appendChild(row);
  });
}
function renderDraft(box, e) {
  if (e.outcome === "kong") {
    renderKong(box, e.kong, null, "g-kong");
  } else {
    var ws = winnersOf(e);
    playerRow(box, e.outcome === "tsumo" ? t("Winner (self-drawn)") : e.outcome === "ron" ? t("Winners") : t("Ready players"),
              "g-winner", function (n) { return ws.indexOf(n) >= 0; }, function (n) { tapWinner(S.entry, n); },
              function (n) { return n === e.discarder || (several(e) && ws.indexOf(n) < 0 && ws.length >= 3); });
    if (e.outcome === "ron") {
      playerRow(box, t("Discarder"), "g-discarder", function (n) { return e.discarder === n; },
                function (n) { S.entry.discarder = n; }, function (n) { return ws.indexOf(n) >= 0; });
    }
    if (ws.length > 1) renderWinnerTabs(box, e, ws);
    if (ws.length) renderValue(box, e);
    if (e.outcome === "wall_end") {
      playerRow(box, t("Flower pigs"), "g-pigs", function (n) { return e.pigs.indexOf(n) >= 0; },
                function (n) { toggle(S.entry.pigs, n); });
    }
  }
  var add = button(t("Add the event"), { "class": "secondary", id: "g-add-event" }, function () {
    var en = S.entry;
    if (draftMissing(en)) return;
    en.events.push(eventOf(en));
    resetValue(en);
    en.kong = blankKong();
    gameChanged();
  });
  add.disabled = !!draftMissing(e);
  box.appendChild(add);
}
function eventText(ev) {
  var head = words("event", ev.type) + " · ";
  if (ev.type === "kong") return head + kongText(ev);
  if (ev.type === "tsumo") return head + nameOf(ev.winner) + " " + valueText(ev, "tiles");
  if (ev.type === "ron") {
    return head + ev.winners.map(function (w) { return nameOf(w.player) + " " + valueText(w, "hand"); }).join(", ") +
           " ← " + nameOf(ev.discarder);
  }
  var ready = ev.ready.map(function (w) { return nameOf(w.player) + " " + valueText(w, "hand"); }).join(", ");
  var out = head + t("Ready: {names}", { names: ready || "—" });
  if (ev.pigs.length) out += " · " + t("Flower pigs") + ": " + ev.pigs.map(nameOf).join(", ");
  return out;
}
function valueText(v, key) { return v.fan !== undefined ? t("{n} fan", { n: v.fan }) : v[key]; }

// ---- the server's preview: each winner's fans, the payments ----------------------------------------------
export function renderFans(pv, w, i) {
  var ul = el("ul", { "class": "fans", "data-winner": w.player });
  if (!i) ul.id = "g-fans";
  w.fans.forEach(function (f) {
    var li = el("li", { "data-fan": f.id });
    li.appendChild(el("span", null, f.name));
    li.appendChild(el("span", { "class": "pts" }, String(f.value)));
    ul.appendChild(li);
  });
  pv.appendChild(ul);
}
// what was paid and why, as the store settled it: "Horses · Anna: Anna +16, Bob −16"
export function renderPayments(pv, d) {
  if (!d.payments.length) return;
  pv.appendChild(el("h3", null, t("Payments")));
  var ul = el("ul", { "class": "payment-list", id: "g-payment-list" });
  d.payments.forEach(function (p) {
    var li = el("li", { "data-kind": p.kind });
    li.appendChild(el("b", null, p.words + (p.player ? " · " + nameOf(p.player) : "")));
    li.appendChild(el("span", { "class": "small" }, " " + players().filter(function (q) { return p.deltas[q.number]; })
      .map(function (q) { return q.name.split(/\s+/)[0] + " " + signed(p.deltas[q.number]); }).join(", ")));
    ul.appendChild(li);
  });
  pv.appendChild(ul);
}

