// The table: the server's SVG (the player's view), made playable. Every card
// is a <use class="card"> with data-pile (and data-card when face up), every
// pile outline a <rect class="slot" data-pile>; this module gives them
// accessible names and keyboard focus, draws highlights over piles, and turns
// clicks, double-clicks, drags and keys into gestures for the server.

import { cardName, pileName, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const DRAG_START = 5; // pixels the pointer moves before a press becomes a drag
const DOUBLE_CLICK = 250; // milliseconds a Forty Thieves click waits for a second one

/**
 * Show *svgText* in *container* for the game answer *data*; *gesture* is
 * called with {tap}, {double_click} or {from, to}, *announce* with a sentence.
 */
export function drawTable(container, svgText, data, gesture, announce) {
  container.innerHTML = svgText;
  const svg = container.querySelector("svg");
  const table = new Table(svg, data, gesture, announce);
  table.label();
  return table;
}

class Table {
  constructor(svg, data, gesture, announce) {
    this.svg = svg;
    this.data = data;
    this.game = data.view.game;
    this.gesture = gesture;
    this.announce = announce;
    this.picked = null; // the source picked up with the keyboard
    this.pendingClick = null;
    svg.setAttribute("role", "group");
    svg.addEventListener("pointerdown", (event) => this.press(event));
    svg.addEventListener("keydown", (event) => this.key(event));
    svg.addEventListener("focusin", (event) => this.ring(event.target));
    svg.addEventListener("focusout", () => this.clear("focus-ring"));
    svg.addEventListener("dblclick", (event) => this.doubleClick(event));
  }

  /** Accessible names and keyboard focus for every face-up card and every pile. */
  label() {
    for (const slot of this.svg.querySelectorAll("rect.slot")) {
      slot.setAttribute("tabindex", "0");
      slot.setAttribute("role", "button");
      slot.setAttribute("aria-label", this.describePile(slot.dataset.pile));
      slot.style.pointerEvents = "all";
    }
    for (const card of this.svg.querySelectorAll("use.card")) {
      const pile = pileName(card.dataset.pile);
      if (card.dataset.card) {
        card.setAttribute("tabindex", "0");
        card.setAttribute("role", "button");
        card.setAttribute("aria-label", `${cardName(card.dataset.card)}, ${pile}`);
      } else {
        card.setAttribute("role", "img");
        card.setAttribute("aria-label", t("face_down", { pile }));
      }
    }
  }

  describePile(pile) {
    const cards = [...this.svg.querySelectorAll(`use.card[data-pile="${pile}"]`)];
    const name = pileName(pile);
    const down = cards.filter((card) => !card.dataset.card).length;
    if (!cards.length) return t("pile_empty", { pile: name });
    if (down && down < cards.length) {
      return t("pile_down", { pile: name, down, up: cards.length - down });
    }
    return t("pile_cards", { pile: name, count: cards.length });
  }

  // What a gesture starts from: Scorpion moves a card with the cards above
  // it, so a card; the other games move a pile's top card, so a pile.

  sourceOf(element) {
    const pile = element.dataset.pile;
    if (this.game === "scorpion" && element.dataset.card) return element.dataset.card;
    return pile;
  }

  tapOf(element) {
    if (element.dataset.card && this.game !== "forty_thieves") return element.dataset.card;
    return element.dataset.pile;
  }

  targetsOf(source) {
    const moves = this.data.legal_moves.filter((move) => (
      this.game === "scorpion" && move.kind === "move_cards"
        ? move.cards[0] === source : move.source === source));
    return [...new Set(moves.flatMap((move) => move.targets))];
  }

  /** The elements a drag from *element* carries: it, and in Scorpion the cards above it. */
  carried(element) {
    const pile = [...this.svg.querySelectorAll(`use.card[data-pile="${element.dataset.pile}"]`)];
    const index = pile.indexOf(element);
    return this.game === "scorpion" ? pile.slice(index) : [element];
  }

  // Highlights: a rectangle over each pile named.

  highlight(piles, kind) {
    this.clear(kind);
    for (const pile of piles) {
      const box = this.boxOf(pile);
      if (!box) continue;
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("class", kind);
      rect.dataset.target = pile;
      for (const [name, value] of Object.entries({
        x: box.x - 3, y: box.y - 3, width: box.width + 6, height: box.height + 6, rx: 6,
      })) rect.setAttribute(name, value);
      this.svg.append(rect);
    }
  }

  clear(kind) {
    for (const rect of this.svg.querySelectorAll(`rect.${kind}`)) rect.remove();
  }

  boxOf(pile) {
    const parts = [...this.svg.querySelectorAll(`.slot[data-pile="${pile}"], use.card[data-pile="${pile}"]`)];
    if (!parts.length) return null;
    const boxes = parts.map((part) => part.getBBox());
    const x = Math.min(...boxes.map((b) => b.x));
    const y = Math.min(...boxes.map((b) => b.y));
    return {
      x, y,
      width: Math.max(...boxes.map((b) => b.x + b.width)) - x,
      height: Math.max(...boxes.map((b) => b.y + b.height)) - y,
    };
  }

  ring(element) {
    this.clear("focus-ring");
    if (!element.dataset?.pile) return;
    const box = element.getBBox();
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("class", "focus-ring");
    for (const [name, value] of Object.entries({
      x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4, rx: 5,
    })) rect.setAttribute(name, value);
    this.svg.append(rect);
  }

  // Pointer: a press that does not move is a click; one that moves is a drag.

  press(event) {
    const element = event.target.closest("[data-pile]");
    if (!element || event.button !== 0) return;
    const source = this.sourceOf(element);
    const carried = element.dataset.card ? this.carried(element) : [];
    const start = this.point(event);
    let dragging = false;
    const move = (moved) => {
      const here = this.point(moved);
      if (!dragging && Math.hypot(here.x - start.x, here.y - start.y) < DRAG_START) return;
      if (!dragging) {
        if (!carried.length) return;
        dragging = true;
        this.highlight(this.targetsOf(source), "target");
        for (const card of carried) card.classList.add("picked");
      }
      for (const card of carried) {
        card.setAttribute("transform", `translate(${here.x - start.x} ${here.y - start.y})`);
      }
    };
    const release = (released) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", release);
      if (!dragging) {
        this.click(element);
        return;
      }
      for (const card of carried) {
        card.removeAttribute("transform");
        card.classList.remove("picked");
      }
      this.clear("target");
      const target = this.pileAt(released.clientX, released.clientY, carried);
      if (target && target !== element.dataset.pile) this.gesture({ from: source, to: target });
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", release);
  }

  click(element) {
    if (this.game !== "forty_thieves") {
      this.gesture({ tap: this.tapOf(element) });
      return;
    }
    clearTimeout(this.pendingClick);
    this.pendingClick = setTimeout(() => this.gesture({ tap: this.tapOf(element) }), DOUBLE_CLICK);
  }

  doubleClick(event) {
    const element = event.target.closest("[data-pile]");
    if (!element || this.game !== "forty_thieves") return;
    clearTimeout(this.pendingClick);
    this.gesture({ double_click: element.dataset.pile });
  }

  point(event) {
    const matrix = this.svg.getScreenCTM().inverse();
    return new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix);
  }

  pileAt(x, y, ignored) {
    for (const element of document.elementsFromPoint(x, y)) {
      if (ignored.includes(element)) continue;
      const pile = element.closest?.("[data-pile]");
      if (pile && this.svg.contains(pile)) return pile.dataset.pile;
    }
    return null;
  }

  // Keyboard: Enter taps, Space picks up and puts down, D double-clicks, Escape cancels.

  key(event) {
    const element = event.target.closest?.("[data-pile]");
    if (!element) return;
    if (event.key === "Enter") {
      event.preventDefault();
      this.gesture({ tap: this.tapOf(element) });
    } else if (event.key === " ") {
      event.preventDefault();
      this.pickOrDrop(element);
    } else if (event.key.toLowerCase() === "d" && this.game === "forty_thieves") {
      event.preventDefault();
      this.gesture({ double_click: element.dataset.pile });
    } else if (event.key === "Escape" && this.picked) {
      this.picked = null;
      this.clear("target");
      this.announce(t("cancelled"));
    }
  }

  pickOrDrop(element) {
    if (this.picked === null) {
      this.picked = this.sourceOf(element);
      const targets = this.targetsOf(this.picked);
      this.highlight(targets, "target");
      const name = element.getAttribute("aria-label");
      this.announce(targets.length
        ? t("picked", { name, targets: targets.map(pileName).join(t("and")) })
        : t("picked_nowhere", { name }));
      return;
    }
    const source = this.picked;
    this.picked = null;
    this.clear("target");
    this.gesture({ from: source, to: element.dataset.pile });
  }
}
