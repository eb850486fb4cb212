/* The hand model of the table page: the hand being entered, what a tap does, what the picker greys, and the
 * notation sent. Pure: no page, no state of its own; every function takes the entry it works on.
 *
 * The desk's hand entry (referee_app/entry/hand_vm.py) follows the same rules. Both are checked against one table
 * of cases, tests/fixtures/hand_entry_cases.json (docs/table-page.md "One table of hands for the phone and
 * the desk"): a rule changed here and not there fails one of the two suites.
 *
 * An entry: { kind: "win" | "draw", winner, discarder (a number, "self" or null), input: "tiles" | "totals",
 * fan, melds: [{ kind: "chow" | "pung" | "kong" | "ckong", tile }], standing: [tile], winning: tile | null,
 * flowers: ["flower1", …], flags, mode: "tile" | "chow" | "pung" | "kong" | "ckong", history, penalty, hand,
 * stale, reason }. Tiles are 0–33: 1m…9m, 1s…9s, 1p…9p, E S W N C F P (the notation's order).
 */

export var SUITS = ["m", "s", "p"];
export var HONOURS = ["E", "S", "W", "N", "C", "F", "P"];
export var FLOWERS = ["flower1", "flower2", "flower3", "flower4", "season1", "season2", "season3", "season4"];

export function tileName(k) { return k >= 27 ? HONOURS[k - 27] : (k % 9 + 1) + SUITS[Math.floor(k / 9)]; }
export function tileIndex(name) {
  var h = HONOURS.indexOf(name);
  return h >= 0 ? 27 + h : SUITS.indexOf(name[1]) * 9 + parseInt(name[0], 10) - 1;
}

export function meldTiles(meld) {
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
  var offer = meld.kind === "kong" ? "1" : "";  // a melded kong needs an offer digit; none = concealed
  return "[" + runs(meldTiles(meld)) + offer + "]";
}

// ``hand``: the hand the entry is for, fixed when it starts (the table moving on never moves it: a hand
// recorded meanwhile elsewhere makes the entry ``stale``, and the referee chooses the way on)
export function blankEntry(kind, hand) {
  return { kind: kind, winner: null, discarder: null, input: "tiles", fan: "", melds: [], standing: [],
           winning: null, flowers: [], flags: { fourth_tile: false, kong_related: false, last_tile_of_wall: false },
           mode: "tile", history: [], penalty: false, hand: hand === undefined ? null : hand, stale: false,
           reason: "" };
}

// tiles toward the 14 of a winning hand (a kong counts as a set of three), the winning tile included
export function count(e) { return 3 * e.melds.length + e.standing.length + (e.winning === null ? 0 : 1); }
export function copies(e) {
  var c = new Array(34).fill(0);
  e.melds.forEach(function (md) { meldTiles(md).forEach(function (k) { c[k]++; }); });
  e.standing.forEach(function (k) { c[k]++; });
  if (e.winning !== null) c[e.winning]++;
  return c;
}
// whether a tap on ``k`` adds it in the entry's mode (the picker greys the rest). A meld leaves room for the
// winning tile: claimed melds never hold it, so one that made the 14th tile before it would be a dead end
export function canAdd(e, k) {
  var c = copies(e), n = count(e);
  if (e.mode === "tile") return n < 14 && c[k] < 4;
  if (n + 3 > (e.winning === null ? 13 : 14)) return false;
  if (e.mode === "chow") return k < 27 && k % 9 <= 6 && c[k] < 4 && c[k + 1] < 4 && c[k + 2] < 4;
  if (e.mode === "pung") return c[k] <= 1;
  return c[k] === 0;  // a kong takes all four
}

function snapshot(e) {
  return JSON.stringify({ melds: e.melds, standing: e.standing, winning: e.winning });
}
function remember(e) { e.history.push(snapshot(e)); }

// A tap on tile ``k`` in the entry's mode; false (and nothing changed) when it cannot be added. The mode
// sticks until another is chosen, as at the desk
export function tap(e, k) {
  if (!canAdd(e, k)) return false;
  remember(e);
  if (e.mode === "tile") {
    // the 14th tile is the winning tile, unless one is set (a tile taken back from a full hand): then
    // the tap fills the hand's gap and the winning tile stays (it stuck at "13 of 14", replaced)
    if (count(e) === 13 && e.winning === null) e.winning = k;
    else e.standing.push(k);
  } else {
    e.melds.push({ kind: e.mode, tile: k });
  }
  return true;
}
// a tap on a tile of the hand takes it back: a meld whole, one standing tile (by its place), the winning tile
export function takeMeld(e, i) { remember(e); e.melds.splice(i, 1); }
export function takeStanding(e, i) { remember(e); e.standing.splice(i, 1); }
export function takeWinning(e) { remember(e); e.winning = null; }
// "Remove last": the hand as it was before the last change; false when there is none
export function undo(e) {
  if (!e.history.length) return false;
  var s = JSON.parse(e.history.pop());
  e.melds = s.melds; e.standing = s.standing; e.winning = s.winning;
  return true;
}
// "Clear": no tile and no flower; an empty hand stays as it is (no step for "Remove last" to take back)
export function clear(e) {
  if (count(e) > 0) remember(e);
  e.melds = []; e.standing = []; e.winning = null; e.flowers = [];
}
export function toggleFlower(e, f) {
  var i = e.flowers.indexOf(f);
  if (i >= 0) e.flowers.splice(i, 1); else e.flowers.push(f);
}

// the hand notation (melds, standing tiles sorted, the winning tile last), "" before the winning tile
export function notation(e) {
  if (e.winning === null) return "";
  var standing = e.standing.slice().sort(function (a, b) { return a - b; });
  return e.melds.map(meldNotation).join("") + runs(standing) + tileName(e.winning);
}

// a ready hand of 13 tiles, no winning tile (Sichuan's end of the wall): its melds and standing tiles
export function readyNotation(e) {
  var standing = e.standing.slice().sort(function (a, b) { return a - b; });
  return e.melds.map(meldNotation).join("") + runs(standing);
}

// the result line the API takes (without session and table); ``nextHand`` when the entry has no hand
export function body(e, nextHand) {
  var hand = e.hand !== null && e.hand !== undefined ? e.hand : nextHand;
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
// what the entry still needs before it can be checked, said with ``t`` (the page's words), or null
export function missing(e, t) {
  if (e.kind === "draw") return null;
  if (e.winner === null) return t("Choose the winner.");
  if (e.discarder === null) return t("Choose the discarder, or self-drawn.");
  if (e.input === "totals") {
    var f = parseInt(e.fan, 10);
    return f >= 1 ? null : t("Enter the fan total.");
  }
  return count(e) === 14 && e.winning !== null ? null : t("{n} of 14 tiles", { n: count(e) });
}
