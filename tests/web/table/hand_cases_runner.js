/* Replays the shared tile-entry cases (tests/fixtures/hand_entry_cases.json) in the page's own hand model,
 * web/static/table/hand.js, as the browser loaded it; run by tests/web/table/test_hand_entry_cases.py through
 * Selenium's execute_async_script: arguments[0] the cases, the last argument the callback. Reports, after
 * each step, what the model holds; the Python side compares it with the table. */
var cases = arguments[0], done = arguments[arguments.length - 1];
var MODE = { tile: "tile", chow: "chow", pung: "pung", kong: "kong", concealed_kong: "ckong" };
var MELD = { chow: "chow", pung: "pung", kong: "kong", ckong: "concealed_kong" };
import("/static/table/hand.js").then(function (H) {
  function seen(e, refused) {
    var greyed = [];
    for (var k = 0; k < 34; k++) if (!H.canAdd(e, k)) greyed.push(H.tileName(k));
    return {
      refused: refused,
      count: H.count(e),
      melds: e.melds.map(function (m) { return [MELD[m.kind], H.tileName(m.tile)]; }),
      standing: e.standing.slice().sort(function (a, b) { return a - b; }).map(H.tileName),
      winning: e.winning === null ? null : H.tileName(e.winning),
      greyed: greyed,
      notation: H.notation(e)
    };
  }
  function step(e, s) {  // the step as the page does it; whether a tap was refused
    if ("mode" in s) e.mode = MODE[s.mode];
    else if ("tap" in s) return !H.tap(e, H.tileIndex(s.tap));
    else if ("take" in s) H.takeStanding(e, e.standing.indexOf(H.tileIndex(s.take)));
    else if ("take_meld" in s) H.takeMeld(e, s.take_meld);
    else if ("take_winning" in s) H.takeWinning(e);
    else if ("undo" in s) H.undo(e);
    else if ("clear" in s) H.clear(e);
    else throw new Error("unknown step " + JSON.stringify(s));
    return false;
  }
  done(cases.map(function (c) {
    var e = H.blankEntry("win", 1);
    return c.steps.map(function (s) { return seen(e, step(e, s)); });
  }));
}).catch(function (err) { done({ error: String(err && err.stack || err) }); });
