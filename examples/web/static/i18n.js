// The page's own texts in English and Hindi: labels, card and pile names, and
// the sentences that announce a move's effects. The rules' refusals come from
// the server, already in the player's language.

const TEXTS = {
  en: {
    title: "Patience",
    language: "Language",
    game: "Game",
    variant: "Variant",
    winnable: "Winnable deal",
    new_game: "New game",
    code: "Game code",
    play_code: "Play this code",
    undo: "Undo",
    hint: "Hint",
    resign: "Resign",
    table: "Table",
    help: "Click or tap a card to play it; drag it to choose where it goes. "
      + "Keyboard: Tab to a card or pile, Enter plays it, Space picks it up and puts it down, "
      + "D (Forty Thieves) sends it to its best place, Escape cancels.",
    share: "Share this game:",
    download: "Download the game record",
    game_golf: "Golf",
    game_forty_thieves: "Forty Thieves",
    game_scorpion: "Scorpion",
    variant_easy: "easy",
    variant_classic: "classic",
    variant_standard: "standard",
    variant_flexible: "flexible",
    score: "Score {score} · moves {moves}",
    status_won: "You won!",
    status_stuck: "No move is left: the game is over.",
    status_resigned: "Resigned.",
    no_moves: "No legal move is left: undo or resign.",
    hint_is: "Hint: {move}",
    hint_none: "No hint.",
    undone: "Undone.",
    picked: "{name} picked up: {targets}",
    picked_nowhere: "{name} picked up: it goes nowhere",
    cancelled: "Cancelled.",
    dealing: "Dealing…",
    new_deal: "New game: {game}",
    // Names.
    card: "{rank} of {suit}",
    face_down: "face-down card, {pile}",
    ranks: ["", "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"],
    suits: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
    pile_column: "column {n}",
    pile_foundation: "foundation {n}",
    pile_run: "removed run {n}",
    pile_s: "stock",
    pile_w: "waste",
    pile_r: "reserve",
    pile_x: "removed runs",
    pile_cards: "{pile}, {count} cards",
    pile_empty: "{pile}, empty",
    pile_down: "{pile}, {down} face down, {up} face up",
    // Effects.
    cards_moved: "{cards} from {source} onto {target}.",
    stock_drawn: "Drew {card}.",
    reserve_dealt: "Reserve dealt: {cards}.",
    card_turned_up: "{card} turned up on {pile}.",
    run_removed: "The {suit} run leaves {source}.",
    score_changed: "{points} points, score {score}.",
    status_changed_won: "You won!",
    status_changed_stuck: "No move is left: the game is over.",
    status_changed_playing: "The game goes on.",
    draw_taken_back: "{card} goes back onto the stock.",
    reserve_taken_back: "The reserve is taken back: {cards}.",
    card_turned_down: "{card} turned face down on {pile}.",
    run_restored: "The {suit} run goes back onto {target}.",
    and: " and ",
  },
  hi: {
    title: "पेशेंस",
    language: "भाषा",
    game: "खेल",
    variant: "प्रकार",
    winnable: "जीतने योग्य बँटवारा",
    new_game: "नया खेल",
    code: "खेल का कोड",
    play_code: "यह कोड खेलें",
    undo: "वापस लें",
    hint: "सुझाव",
    resign: "खेल छोड़ें",
    table: "बोर्ड",
    help: "पत्ता चलने के लिए उस पर क्लिक या टैप करें; जगह चुनने के लिए उसे खींचें। "
      + "कीबोर्ड: Tab से पत्ते या ढेर पर जाएँ, Enter उसे चलता है, Space उसे उठाता और रखता है, "
      + "D (चालीस चोर) उसे सबसे अच्छी जगह भेजता है, Escape रद्द करता है।",
    share: "यह खेल साझा करें:",
    download: "खेल का रिकॉर्ड डाउनलोड करें",
    game_golf: "गोल्फ़",
    game_forty_thieves: "चालीस चोर",
    game_scorpion: "बिच्छू",
    variant_easy: "आसान",
    variant_classic: "क्लासिक",
    variant_standard: "मानक",
    variant_flexible: "लचीला",
    score: "अंक {score} · चाल {moves}",
    status_won: "आप जीत गए!",
    status_stuck: "अब कोई चाल संभव नहीं: खेल समाप्त।",
    status_resigned: "खेल छोड़ दिया गया।",
    no_moves: "कोई सही चाल नहीं बची: वापस लें या खेल छोड़ें।",
    hint_is: "सुझाव: {move}",
    hint_none: "कोई सुझाव नहीं।",
    undone: "चाल वापस ली गई।",
    picked: "{name} उठाया गया: {targets}",
    picked_nowhere: "{name} उठाया गया: यह कहीं नहीं जाता",
    cancelled: "रद्द किया गया।",
    dealing: "पत्ते बाँटे जा रहे हैं…",
    new_deal: "नया खेल: {game}",
    card: "{suit} का {rank}",
    face_down: "उलटा पत्ता, {pile}",
    ranks: ["", "इक्का", "2", "3", "4", "5", "6", "7", "8", "9", "10", "गुलाम", "बेगम", "बादशाह"],
    suits: { C: "चिड़ी", D: "ईंट", H: "पान", S: "हुकुम" },
    pile_column: "स्तंभ {n}",
    pile_foundation: "आधार ढेर {n}",
    pile_run: "हटाई गई क्रमशृंखला {n}",
    pile_s: "गड्डी",
    pile_w: "खुला ढेर",
    pile_r: "बचे हुए पत्ते",
    pile_x: "हटाई गई क्रमशृंखलाएँ",
    pile_cards: "{pile}, {count} पत्ते",
    pile_empty: "{pile}, खाली",
    pile_down: "{pile}, {down} उलटे, {up} सीधे",
    cards_moved: "{cards}: {source} से {target} पर।",
    stock_drawn: "गड्डी से {card} खुला।",
    reserve_dealt: "बचे हुए पत्ते बाँटे गए: {cards}।",
    card_turned_up: "{pile} पर {card} सीधा हुआ।",
    run_removed: "{suit} की क्रमशृंखला {source} से हटी।",
    score_changed: "{points} अंक, कुल {score}।",
    status_changed_won: "आप जीत गए!",
    status_changed_stuck: "अब कोई चाल संभव नहीं: खेल समाप्त।",
    status_changed_playing: "खेल जारी है।",
    draw_taken_back: "{card} गड्डी पर वापस गया।",
    reserve_taken_back: "बचे हुए पत्ते वापस लिए गए: {cards}।",
    card_turned_down: "{pile} पर {card} उलटा हुआ।",
    run_restored: "{suit} की क्रमशृंखला {target} पर वापस आई।",
    and: " और ",
  },
};

export const VARIANTS = {
  golf: ["easy", "classic"],
  forty_thieves: ["standard"],
  scorpion: ["classic", "flexible"],
};

let lang = "en";

export function setLanguage(code) {
  lang = code in TEXTS ? code : "en";
  document.documentElement.lang = lang;
}

export function language() {
  return lang;
}

/** The text *key* in the page's language, its {fields} filled in. */
export function t(key, fields = {}) {
  const template = TEXTS[lang][key] ?? TEXTS.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ""));
}

const RANKS = { A: 1, T: 10, J: 11, Q: 12, K: 13 };

/** "10 of hearts" for "TH". */
export function cardName(card) {
  const rank = RANKS[card[0]] ?? Number(card[0]);
  return t("card", { rank: TEXTS[lang].ranks[rank], suit: TEXTS[lang].suits[card[1]] });
}

/** "column 3" for "3", "foundation 2" for "f2", "waste" for "w". */
export function pileName(pile) {
  if (/^\d+$/.test(pile)) return t("pile_column", { n: pile });
  if (/^f\d+$/.test(pile)) return t("pile_foundation", { n: pile.slice(1) });
  if (/^run\d+$/.test(pile)) return t("pile_run", { n: pile.slice(3) });
  return t(`pile_${pile}`);
}

/** One effect of a move (as the server writes it) as a sentence. */
export function effectSentence(effect) {
  const cards = (list) => list.map(cardName).join(", ");
  switch (effect.effect) {
    case "cards_moved":
      return t("cards_moved", {
        cards: cards(effect.cards), source: pileName(effect.source), target: pileName(effect.target),
      });
    case "stock_drawn":
      return t("stock_drawn", { card: cardName(effect.card) });
    case "reserve_dealt":
      return t("reserve_dealt", { cards: cards(effect.cards) });
    case "card_turned_up":
      return t("card_turned_up", { card: cardName(effect.card), pile: pileName(effect.pile) });
    case "run_removed":
      return t("run_removed", {
        suit: TEXTS[lang].suits[effect.suit], source: pileName(effect.source),
      });
    case "score_changed":
      return t("score_changed", {
        points: effect.points > 0 ? `+${effect.points}` : effect.points, score: effect.score,
      });
    case "status_changed":
      return t(`status_changed_${effect.after}`);
    case "draw_taken_back":
      return t("draw_taken_back", { card: cardName(effect.card) });
    case "reserve_taken_back":
      return t("reserve_taken_back", { cards: cards(effect.cards) });
    case "card_turned_down":
      return t("card_turned_down", { card: cardName(effect.card), pile: pileName(effect.pile) });
    case "run_restored":
      return t("run_restored", {
        suit: TEXTS[lang].suits[effect.suit], target: pileName(effect.target),
      });
    default:
      return "";
  }
}

/** Fill every element marked data-text (its text) or data-text-label (its aria-label). */
export function translatePage() {
  for (const element of document.querySelectorAll("[data-text]")) {
    element.textContent = t(element.dataset.text);
  }
  for (const element of document.querySelectorAll("[data-text-label]")) {
    element.setAttribute("aria-label", t(element.dataset.textLabel));
  }
}
