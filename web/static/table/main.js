/* The table page (/t/TOKEN): the four players, the running sheet, and entering a hand on a phone.
 *
 * Plain ES2017 modules, no build step, no libraries (docs/table-page.md). The parts: requests.js (the
 * server, the draft and the outbox), hand.js (the hand model), sheet.js (the frame and the running sheet),
 * entry.js (entering a hand), page.js (what they share). This one wires them and starts the page.
 */
import { changed, schedulePreview, wireEntry } from "./entry.js";
import { gameChanged, scheduleGamePreview, wireGameEntry } from "./game_entry.js";
import { S, $, hooks } from "./page.js";
import { flush, load, loadTexts, poll, schedulePoll, store } from "./requests.js";
import { nextLanguage, render, renderTexts } from "./sheet.js";

// a game table's entry is game_entry.js's (its line, its preview), a hand table's entry.js's
function gameEntry() { return !!(S.entry && S.entry.kind === "game"); }
hooks.render = render;
hooks.changed = function () { if (gameEntry()) gameChanged(); else changed(); };
hooks.schedulePreview = function () { if (gameEntry()) scheduleGamePreview(); else schedulePreview(); };

S.lang = store.get("mcr-lang") || "";  // "": the browser's languages decide (Accept-Language)

wireEntry();
wireGameEntry();
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
loadTexts(S.lang).then(load).then(schedulePoll);  // the words first, so the first answer is said in them
