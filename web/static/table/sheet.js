/* The table page's frame and its running sheet: the header, the four players with their seat winds and
 * running totals, the hands and penalties so far, and which view (sheet or entry) shows.
 */
import { renderEntry } from "./entry.js";
import { isGame, renderGame } from "./game.js";
import { outbox } from "./requests.js";
import { $, S, el, players, sessionOver, shortName, signed, t, windLabel } from "./page.js";

function deltaOf(h, p, i) {
  var d = h.deltas || h.payments;
  if (!d) return 0;
  if (Array.isArray(d)) return d[i] || 0;
  return d[p.number] || d[String(p.number)] || 0;
}
// the sheet's rows: hands and penalties, a penalty before the result of the hand it was given in
function sheetRows() {
  var table = S.table;
  var out = ((table && table.hands) || []).map(function (h, i) { return { at: h.hand, order: 1, i: i, h: h }; });
  ((table && table.penalties) || []).forEach(function (p, i) {
    out.push({ at: p.hand === null || p.hand === undefined ? 1e9 : p.hand, order: 0, i: i,
               h: { kind: "penalty", penalty: p.kind, hand: p.hand, player: p.player, deltas: p.deltas } });
  });
  out.sort(function (a, b) { return a.at - b.at || a.order - b.order || a.i - b.i; });
  return out.map(function (r) { return r.h; });
}

// the language after this one in the server's list (the toggle shows its name), or null
export function nextLanguage() {
  if (S.languages.length < 2) return null;
  var i = S.languages.map(function (l) { return l.code; }).indexOf(S.lang);
  return S.languages[(i + 1) % S.languages.length];
}

export function renderTexts() {
  document.documentElement.lang = S.lang === "zh" ? "zh-CN" : (S.lang || "en");
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

// the whole page, after the table, the words or the view changed
export function render() {
  renderTexts();
  if (isGame()) { renderGame(); return; }  // a game table (Riichi): its state, points and entry
  var ps = players(), table = S.table, view = S.view;
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
  var over = sessionOver();
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
