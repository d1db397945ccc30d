// The page: keeps the server's last answer, draws it, and sends the player's
// gestures and buttons to the API. The server owns the game; nothing here
// knows a rule.

import * as api from "./api.js";
import { drawTable } from "./table.js";
import {
  VARIANTS, effectSentence, language, setLanguage, t, translatePage,
} from "./i18n.js";

const $ = (selector) => document.querySelector(selector);
let current = null; // the server's last answer
let table = null;
let queue = Promise.resolve(); // one action at a time, in order

/** Run *action* after the ones before it; the page is busy until it ends. */
function run(action) {
  document.body.dataset.busy = "true";
  queue = queue.then(action).catch(showError).finally(() => {
    document.body.dataset.busy = "false";
  });
  return queue;
}

function showError(error) {
  const message = error instanceof api.ApiError ? error.message : String(error);
  say(message, { refusal: true });
}

function say(message, { refusal = false } = {}) {
  $("#message").textContent = message;
  $("#message").classList.toggle("refusal", refusal);
  announce(message);
}

function announce(sentence) {
  $("#announcer").textContent = sentence;
}

/** Show the answer *data*: the table, the score line, the messages. */
async function show(data, sentences = []) {
  const focused = document.activeElement?.dataset?.pile ? {
    pile: document.activeElement.dataset.pile, card: document.activeElement.dataset.card,
  } : null;
  current = data;
  history.replaceState(null, "", `#${data.id}`);
  const svg = await api.picture(data.id);
  table = drawTable($("#table"), svg, data, (gesture) => run(() => play(gesture)), announce);
  $("#table").dataset.moves = data.moves;
  showScore();
  $("#undo").disabled = !data.can_undo;
  $("#hint").disabled = data.over;
  $("#resign").disabled = data.over;
  await showOver();
  if (data.refusal) {
    say(data.refusal.message, { refusal: true });
  } else {
    const status = data.over || data.legal_moves.length ? [] : [t("no_moves")];
    say([...sentences, ...status].join(" "));
  }
  if (focused) refocus(focused);
}

function showScore() {
  let line = t("score", { score: current.score, moves: current.moves });
  if (current.resigned) line += ` · ${t("status_resigned")}`;
  else if (current.status !== "playing") line += ` · ${t(`status_${current.status}`)}`;
  $("#score").textContent = line;
}

async function showOver() {
  $("#over").hidden = !current.over;
  if (!current.over) return;
  $("#final-code").textContent = current.code;
  const { record } = await api.record(current.id);
  const link = $("#download");
  URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([JSON.stringify(record)], { type: "application/json" }));
  link.download = `${current.code}.json`;
}

/** Put the keyboard focus back where it was, on the redrawn table. */
function refocus({ pile, card }) {
  const svg = $("#table svg");
  const same = card && svg.querySelector(`use.card[data-card="${card}"][data-pile="${pile}"]`);
  const element = same || svg.querySelector(`rect.slot[data-pile="${pile}"]`);
  element?.focus();
}

// The actions.

async function play(gesture) {
  const data = await api.act(current.id, gesture);
  await show(data, data.effects.map(effectSentence));
}

async function deal(request) {
  say(t("dealing"));
  const data = await api.newGame(request);
  await show(data, [t("new_deal", { game: t(`game_${data.view.game}`) })]);
}

async function undo() {
  const data = await api.undo(current.id);
  await show(data, [t("undone"), ...data.effects.map(effectSentence)]);
}

async function hint() {
  const data = await api.hint(current.id);
  await show(data);
  if (data.hint) {
    table.highlight([data.hint.source, ...data.hint.targets], "hint");
    say(t("hint_is", { move: data.hint.notation }));
  } else {
    say(t("hint_none"));
  }
}

async function resign() {
  await show(await api.resign(current.id));
}

async function changeLanguage(code) {
  setLanguage(code);
  api.setApiLanguage(code);
  translatePage();
  fillVariants();
  if (current) await show(await api.show(current.id));
}

function fillVariants() {
  const select = $("#variant");
  const chosen = select.value;
  select.replaceChildren(...VARIANTS[$("#game").value].map((variant) => {
    const option = new Option(t(`variant_${variant}`), variant);
    option.selected = variant === chosen;
    return option;
  }));
}

// For scripts and tests: the same actions, each a promise of the redrawn page.
window.patience = {
  act: (gesture) => run(() => play(gesture)),
  deal: (request) => run(() => deal(request)),
  undo: () => run(undo),
  hint: () => run(hint),
  resign: () => run(resign),
  idle: () => queue,
  current: () => current,
};

$("#game").addEventListener("change", fillVariants);
$("#lang").addEventListener("change", (event) => run(() => changeLanguage(event.target.value)));
$("#new-game").addEventListener("submit", (event) => {
  event.preventDefault();
  const request = { game: $("#game").value, variant: $("#variant").value };
  if ($("#winnable").checked) request.winnable = true;
  run(() => deal(request));
});
$("#load-code").addEventListener("submit", (event) => {
  event.preventDefault();
  run(() => deal({ code: $("#code").value.trim() }));
});
$("#undo").addEventListener("click", () => run(undo));
$("#hint").addEventListener("click", () => run(hint));
$("#resign").addEventListener("click", () => run(resign));

setLanguage(language());
translatePage();
fillVariants();
const resumed = location.hash.slice(1);
run(async () => {
  try {
    if (resumed) {
      await show(await api.show(resumed));
      return;
    }
  } catch (error) {
    if (!(error instanceof api.ApiError)) throw error;
  }
  await deal({ game: "golf", variant: "easy" });
});
