/* A game table (Riichi or a Chinese system; GET /api/table says "game": true): the state of the next hand (round, dealer, honba,
 * deposits), the players' points, and the hands so far with each change and the running points.
 *
 * Every figure is the server's: the rule system derives the state and settles every hand (docs/table-page.md
 * "A Riichi table"); this module only places them.
 */
import { renderGameEntry } from "./game_entry.js";
import { $, S, el, handWhat, playerBy, players, points, sessionOver, shortName, signed, t, windLabel } from "./page.js";
import { outbox } from "./requests.js";

export function isGame() { return !!(S.table && S.table.game); }

// "E1" in the page's words: the wind's label and the hand of the round ("东1" in Chinese), as the score sheet
export function roundLabel(r) { return r ? windLabel(r.charAt(0)) + r.slice(1) : ""; }

// the state of the next hand, one line: "E1 · Dealer Anna · Honba 1 · Deposits 1"
function stateText(table) {
  if (!table.state) return t("Game over");
  var st = table.state, dealer = playerBy(st.dealer);
  var parts = [roundLabel(st.round), t("Dealer {name}", { name: dealer ? shortName(dealer.name) : st.dealer })];
  // honba and riichi sticks are Riichi's: a Chinese system's entry (another form) has neither
  if (!table.entry || !table.entry.form || table.entry.form === "riichi") {
    parts.push(t("Honba {n}", { n: st.honba }), t("Deposits {n}", { n: st.deposits }));
  }
  return parts.join(" · ");
}

export function renderGame() {
  var table = S.table, ps = players(), view = S.view, over = sessionOver();
  $("table-title").textContent = t("Session {session} · Table {table}", { session: table.session, table: table.table });
  var handText = over ? t("Game over") : t("Hand {n}", { n: table.next_hand });
  // the time call is the desk's (or the clock's bell): the page says when, and the last hand the rules leave
  if (table.time_called_after !== null && table.time_called_after !== undefined) {
    handText += " · " + (over || !table.time_last_hand
      ? t("Time called during hand {n}", { n: table.time_called_after })
      : t("Time called during hand {n}; the last hand is {m}", { n: table.time_called_after, m: table.time_last_hand }));
  }
  $("hand-no").textContent = handText;
  document.title = $("table-title").textContent;
  // the four players: starting seat, number, the wind of the next hand when another, name, points now
  var box = $("players");
  box.textContent = "";
  ps.forEach(function (p) {
    var card = el("div", { "class": "player" + (p.seat_wind === "E" ? " dealer" : ""), "data-number": p.number });
    var top = el("div");
    top.appendChild(el("span", { "class": "wind" }, windLabel(p.seat)));
    top.appendChild(document.createTextNode(" "));
    top.appendChild(el("span", { "class": "num" }, "#" + p.number));
    card.appendChild(top);
    if (p.wind_note) card.appendChild(el("span", { "class": "now" }, p.wind_note));
    card.appendChild(el("span", { "class": "name" }, p.name));
    card.appendChild(el("span", { "class": "score points" + (p.points < table.start_points ? " neg" : "") },
                        points(p.points)));
    box.appendChild(card);
  });
  $("game-state").hidden = false;
  $("game-state").textContent = stateText(table);
  // the store refuses every hand here for now (the organiser's values missing): said before anything is entered
  $("game-refusal").hidden = !table.refusal;
  $("game-refusal").textContent = table.refusal ? table.refusal.message : "";

  $("sheet-view").hidden = view !== "sheet";
  $("entry-view").hidden = true;
  $("game-entry").hidden = view !== "entry";
  $("sheet-actions").hidden = view !== "sheet";
  $("entry-actions").hidden = view !== "entry";
  var pending = !!outbox();
  $("btn-draw").hidden = true;  // one way in: the outcome is chosen in the entry
  $("btn-win").textContent = over ? t("Game over") : t("Enter hand {n}", { n: table.next_hand });
  $("btn-win").disabled = over || pending || !!table.signed_off;
  if (view === "sheet") renderGameSheet(pending); else renderGameEntry();
}

// a Chinese system's hand under its row: the dealer, each winner's total and fans, what was paid and why
function detailRow(h, span) {
  var tr = el("tr", { "class": "detail", "data-detail": h.hand });
  var td = el("td", { colspan: String(span), "class": "what" });
  var dealer = playerBy(h.dealer);
  var lines = [t("Dealer {name}", { name: dealer ? shortName(dealer.name) : h.dealer })];
  (h.winners || []).forEach(function (w) {
    var p = playerBy(w.player);
    lines.push((p ? shortName(p.name) : w.player) + " · " + w.value + ((w.fans || []).length ? ": " +
      w.fans.map(function (f) { return f.name + " " + f.value; }).join(", ") : ""));
  });
  h.payments.forEach(function (pay) {
    var p = pay.player ? playerBy(pay.player) : null;
    lines.push(pay.words + (p ? " · " + shortName(p.name) : "") + ": " + Object.keys(pay.deltas)
      .filter(function (n) { return pay.deltas[n]; }).map(function (n) {
        var q = playerBy(n);
        return (q ? shortName(q.name) : n) + " " + signed(pay.deltas[n]);
      }).join(", "));
  });
  lines.forEach(function (line) { td.appendChild(el("small", { "class": "line" }, line)); });
  tr.appendChild(td);
  return tr;
}

function renderGameSheet(pending) {
  var ps = players(), table = S.table, hands = table.hands || [];
  var head = $("sheet").tHead, body = $("sheet").tBodies[0], foot = $("sheet").tFoot;
  head.textContent = ""; body.textContent = ""; foot.textContent = "";
  $("sheet").classList.add("game");
  var hr = el("tr");
  hr.appendChild(el("th", null, "#"));
  hr.appendChild(el("th", null, ""));
  ps.forEach(function (p) { hr.appendChild(el("th", { title: p.name }, shortName(p.name))); });
  head.appendChild(hr);
  hands.forEach(function (h, n) {
    var tr = el("tr", { "class": n === hands.length - 1 ? "latest" : "", "data-hand": h.hand });
    tr.appendChild(el("td", null, String(h.hand)));
    var what = el("td", { "class": "what" });
    what.appendChild(el("b", null, roundLabel(h.round) + (h.honba ? "-" + h.honba : "")));
    what.appendChild(el("small", null, handWhat(h)));
    tr.appendChild(what);
    var winners = (h.winners || []).map(function (w) { return String(w.player); });
    ps.forEach(function (p) {
      var d = h.deltas[p.number] || 0, num = String(p.number);
      var cls = (d < 0 ? "neg" : "") + (winners.indexOf(num) >= 0 ? " won" : "") +
                (String(h.discarder) === num ? " fed" : "") + (h.riichi.indexOf(num) >= 0 ? " riichi" : "");
      var td = el("td", { "class": cls, "data-number": num });
      td.appendChild(el("span", { "class": "delta" }, d ? signed(d) : "0"));
      td.appendChild(el("small", { "class": "run" }, points(h.scores[p.number])));
      tr.appendChild(td);
    });
    body.appendChild(tr);
    if (h.payments) body.appendChild(detailRow(h, ps.length + 2));
  });
  var ob = outbox();
  if (pending && ob) {
    var tr = el("tr", { "class": "latest" });
    tr.appendChild(el("td", null, ob.hand || ""));
    tr.appendChild(el("td", { "class": "what", colspan: String(ps.length + 1) }, "⏳ " + t("pending")));
    body.appendChild(tr);
  }
  // the points now; once the game is over, the session's result: points, uma, score
  var rows = [[t("Points"), ps.map(function (p) { return points(p.points); })]];
  if ((table.results || []).length) {
    var by = {};
    table.results.forEach(function (r) { by[r.number] = r; });
    rows.push([t("Uma"), ps.map(function (p) { return signed(by[p.number].uma); })]);
    if (table.results.some(function (r) { return r.penalty; })) {  // a chombo: after the uma, its own row
      rows.push([t("Penalty"), ps.map(function (p) { return signed(by[p.number].penalty); })]);
    }
    rows.push([t("Score"), ps.map(function (p) { return signed(by[p.number].score); })]);
  }
  rows.forEach(function (r) {
    var fr = el("tr");
    fr.appendChild(el("td", { colspan: "2" }, r[0]));
    r[1].forEach(function (v) { fr.appendChild(el("td", null, v)); });
    foot.appendChild(fr);
  });
  $("sheet-empty").hidden = hands.length > 0 || pending;
}
