/* What every part of the table page shares: its state, its words, and small helpers to draw with.
 *
 * The page keeps no translation: its words come from the server's catalogue in the page's language
 * (GET /api/texts, docs/texts.md), English until they arrive.
 */

export var S = {
  table: null,          // the last GET /api/table
  view: "sheet",        // "sheet" | "entry"
  entry: null,          // the hand being entered (hand.js)
  preview: { state: "none", data: null, key: "" },
  sending: false,       // a hand of this page is on its way
  lang: "",             // "": the browser's languages decide (Accept-Language)
  words: {},
  winds: { E: "E", S: "S", W: "W", N: "N" },
  languages: []
};

// What the parts call across: drawn by main.js, so that the requests need not know the drawing (render:
// the whole page; changed: the entry changed; schedulePreview: the entry's fans asked again)
export var hooks = { render: function () {}, changed: function () {}, schedulePreview: function () {} };

export function t(text, params) {
  var s = S.words[text] || text;
  if (params) {
    Object.keys(params).forEach(function (k) { s = s.split("{" + k + "}").join(String(params[k])); });
  }
  return s;
}

export function $(id) { return document.getElementById(id); }
export function el(tag, attrs, text) {
  var e = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (k) {
    if (k === "class") e.className = attrs[k]; else e.setAttribute(k, attrs[k]);
  });
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}
export function button(text, attrs, onclick) {
  var b = el("button", Object.assign({ type: "button" }, attrs || {}), text);
  b.addEventListener("click", onclick);
  return b;
}

export function players() { return S.table ? S.table.players : []; }
export function playerBy(number) {
  return players().filter(function (p) { return String(p.number) === String(number); })[0];
}
export function sessionOver() {
  return !S.table || S.table.next_hand === null || S.table.next_hand === undefined;
}
export function windLabel(w) {  // no seat wind once the session is over
  return w ? (S.winds[w] || w) : "·";
}
export function shortName(name) { return String(name).trim().split(/\s+/)[0]; }  // "Zhang Wei" → "Zhang"
// A player as the referee picks them, as at the desk (docs/table-page.md "Seat letters"): the letter is
// the starting seat; the hand's wind, when it is another, is the server's note ("now East", wind_note)
export function pickButton(p, attrs, onclick) {
  var b = button(windLabel(p.seat) + " " + shortName(p.name), attrs, onclick);
  if (p.wind_note) b.appendChild(el("small", { "class": "now" }, p.wind_note));
  return b;
}
export function signed(n) { return n > 0 ? "+" + n : String(n); }
// a game's points with thousands marked: 25,000
export function points(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }

export function banner(text, kind) {
  var b = $("banner");
  b.textContent = text;
  b.className = "banner " + (kind || "");
  b.hidden = !text;
}
export function setNet(online) {
  $("net").hidden = online;
  $("net").textContent = t("offline");
}
// a game table's hand, short: its outcome and the (first) winner's value, in the server's words
export function handWhat(h) {
  var w = h.winners && h.winners[0];
  var what = h.outcome + (w ? " · " + w.value : "");
  if (h.reason_words) what += " · " + h.reason_words;
  return what;
}
