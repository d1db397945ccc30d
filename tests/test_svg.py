"""SVG pictures: structure, every card once, hidden cards kept secret, marks on their piles.

The golden files under ``tests/golden/`` were checked by eye once (rendered to
PNG and looked at).  After a deliberate change to the drawing, rewrite them
with ``python tests/test_svg.py`` and look at them again before committing.
"""

from __future__ import annotations

import io
import pickle
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import attrs
import pytest
import resvg_py
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from patience_rules import (
    Card,
    InvalidNotationError,
    InvalidPositionError,
    PatienceError,
    Suit,
    destinations,
    forty_thieves,
    golf,
    new_game,
    scorpion,
    svg,
)
from patience_rules.strategies import games

NS = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).parent / "golden"
GOLDEN_POSITIONS = {
    "golf": ("GO1-E-AAAAAAB", ["7", "d"], {"highlight": ["w", "4"], "arrows": ["4"]}),
    "forty_thieves": (
        "FT1-N-AAAAAAB",
        ["d", "d", "w-3", "d", "w-f1", "d", "d"],
        {"highlight": ["f5"], "arrows": ["2-1"]},
    ),
    "scorpion": ("SC1-C-AAAAAAB", ["6C-5"], {"highlight": ["QD", "7"], "arrows": ["QD-7"]}),
}


def golden_svg(game: str) -> str:
    """The pinned picture of *game*'s golden position, rendered now."""
    code, record, options = GOLDEN_POSITIONS[game]
    position = new_game(code)
    for notation in record:
        position = position.play(notation)
    return svg.render(position, size=600, **options)


def parse(text: str) -> ET.Element:
    """The SVG document *text*, checked to be well-formed XML with an svg root."""
    root = ET.fromstring(text)  # noqa: S314 - our own output
    assert root.tag == f"{NS}svg"
    return root


def cards_of(root: ET.Element) -> list[ET.Element]:
    """Every card element: the uses of class ``card`` or ``card back``."""
    return [use for use in root.iter(f"{NS}use") if use.get("class", "").startswith("card")]


def card_size(root: ET.Element) -> tuple[float, float]:
    """The card outline's size, read from the picture's own definitions."""
    outline = next(rect for rect in root.iter(f"{NS}rect") if rect.get("id") == "pr-face")
    return float(outline.get("width", "0")), float(outline.get("height", "0"))


def boxes(root: ET.Element, pile: str) -> list[tuple[float, float, float, float]]:
    """The rectangles of *pile*'s cards (or of its empty outline), bottom first."""
    width, height = card_size(root)
    found = [
        (float(use.get("x", "0")), float(use.get("y", "0")), width, height)
        for use in cards_of(root)
        if use.get("data-pile") == pile
    ]
    if found:
        return found
    slot = next(rect for rect in root.iter(f"{NS}rect") if rect.get("data-pile") == pile)
    return [(float(slot.get("x", "0")), float(slot.get("y", "0")), width, height)]


def inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    """Whether *point* lies in *box*."""
    x, y = point
    left, top, width, height = box
    return left <= x <= left + width and top <= y <= top + height


def arrow_ends(root: ET.Element) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Each arrow's tail (the shaft's start) and head (the tip of its point)."""
    ends = []
    for arrow in root.iter(f"{NS}g"):
        if arrow.get("class") != "arrow":
            continue
        line = arrow.find(f"{NS}line")
        polygon = arrow.find(f"{NS}polygon")
        assert line is not None
        assert polygon is not None
        tip = polygon.get("points", "").split()[0].split(",")
        tail = (float(line.get("x1", "0")), float(line.get("y1", "0")))
        ends.append((tail, (float(tip[0]), float(tip[1]))))
    return ends


def face_up(state: object) -> Counter[str]:
    """The names of the face-up cards of *state*, with their multiplicity."""
    if isinstance(state, golf.State):
        cards = [*state.waste, *(card for column in state.columns for card in column)]
    elif isinstance(state, forty_thieves.State):
        cards = [
            *state.waste,
            *(card for column in state.columns for card in column),
            *(card for pile in state.foundations for card in pile),
        ]
    else:
        assert isinstance(state, scorpion.State)
        runs = [card for suit in state.removed_runs for card in _suit(suit)]
        cards = [*runs, *(card for column in state.columns for card in column.up)]
    return Counter(map(str, cards))


def hidden(state: object) -> Counter[str]:
    """The names of the cards of *state* a player cannot see."""
    if isinstance(state, golf.State | forty_thieves.State):
        return Counter(map(str, state.stock))
    assert isinstance(state, scorpion.State)
    down = [card for column in state.columns for card in column.down]
    return Counter(map(str, (*down, *state.reserve)))


def _suit(suit: Suit) -> list[Card]:
    return [Card.parse(rank + suit.value) for rank in "A23456789TJQK"]


def check_invariants(position: object, *, player_view: bool) -> str:
    """Render *position* and check what every picture must satisfy; return the text."""
    state = getattr(position, "state", position)
    text = svg.render(position, player_view=player_view)
    root = parse(text)
    assert len(root.get("viewBox", "").split()) == 4
    assert root.find(f"{NS}defs") is not None
    assert root.find(f".//{NS}text") is None  # every letter is a path: no font needed
    ids = {element.get("id") for element in root.iter() if element.get("id")}
    for use in root.iter(f"{NS}use"):
        assert use.get("href", "").removeprefix("#") in ids
    elements = cards_of(root)
    shown = Counter(use.get("data-card") for use in elements if use.get("class") == "card")
    assert shown == face_up(state)
    backs = [use for use in elements if use.get("class") == "card back"]
    assert len(backs) == sum(hidden(state).values())
    assert all(use.get("data-card") is None for use in backs)
    assert all(use.get("href") == "#pr-back" for use in backs)
    secrets = Counter(use.get("data-hidden") for use in backs)
    assert secrets == (Counter({None: len(backs)}) if player_view else hidden(state))
    if player_view:
        for name in set(hidden(state)) - set(face_up(state)):
            assert re.search(rf"(?<![0-9A-Za-z]){name}(?![0-9A-Za-z])", text) is None, name
    return text


@pytest.mark.parametrize("code", ["GO1-E-AAAAAAB", "FT1-N-AAAAAAB", "SC1-F-AAAAAAB"])
@pytest.mark.parametrize("player_view", [False, True])
def test_a_deal_draws_every_card_once(code, player_view):
    """A dealt game's picture has every card once: face-up ones named, the rest as backs."""
    check_invariants(new_game(code), player_view=player_view)


@pytest.mark.parametrize("name", ["golf", "forty_thieves", "scorpion"])
@settings(max_examples=30)
@given(data=st.data(), player_view=st.booleans())
def test_any_reachable_position_draws_every_card_once(name, data, player_view):
    """Random play of each game: every picture keeps the card and secrecy invariants."""
    game = data.draw(games(name, max_moves=150))
    check_invariants(game, player_view=player_view)


def hidden_sequence(state: object) -> list[Card]:
    """The hidden cards of *state* in their places' order: stock, or face-down then reserve."""
    if isinstance(state, golf.State | forty_thieves.State):
        return list(state.stock)
    assert isinstance(state, scorpion.State)
    return [card for column in state.columns for card in column.down] + list(state.reserve)


def reshuffled(state: object, order: list[int]) -> object:
    """*state* with its hidden cards put back in *order*, a permutation of their places."""
    cards = [hidden_sequence(state)[index] for index in order]
    if isinstance(state, golf.State | forty_thieves.State):
        return attrs.evolve(state, stock=tuple(cards))
    assert isinstance(state, scorpion.State)
    columns = []
    for column in state.columns:
        down, cards = tuple(cards[: len(column.down)]), cards[len(column.down) :]
        columns.append(attrs.evolve(column, down=down))
    return attrs.evolve(state, columns=tuple(columns), reserve=tuple(cards))


@pytest.mark.parametrize("name", ["golf", "forty_thieves", "scorpion"])
@settings(max_examples=15)
@given(data=st.data())
def test_the_player_view_does_not_depend_on_hidden_cards(name, data):
    """Positions that differ only in their face-down cards give the same player view."""
    state = data.draw(games(name, max_moves=60)).state
    order = data.draw(st.permutations(range(len(hidden_sequence(state)))))
    other = reshuffled(state, order)
    assert svg.render(other, player_view=True) == svg.render(state, player_view=True)
    if hidden_sequence(other) != hidden_sequence(state):
        assert svg.render(other) != svg.render(state)  # while the full view names them


def test_removed_runs_are_drawn_face_up_with_their_king_on_top():
    """Scorpion's removed runs lie face up beside the reserve, one pile per run."""
    dealt = scorpion.deal(1)
    columns = tuple(
        scorpion.Column(
            tuple(card for card in column.down if card.suit is not Suit.SPADES),
            tuple(card for card in column.up if card.suit is not Suit.SPADES),
        )
        for column in dealt.columns
    )
    spade_reserve = tuple(card for card in dealt.reserve if card.suit is not Suit.SPADES)
    state = scorpion.State(dealt.variant, columns, spade_reserve, (Suit.SPADES,), 100)
    root = parse(check_invariants(state, player_view=True))
    run = [use.get("data-card") for use in cards_of(root) if use.get("data-pile") == "run1"]
    assert run == [rank + "S" for rank in "A23456789TJQK"]


def test_the_same_position_gives_the_same_bytes():
    """Rendering is deterministic: a position and its saved-and-loaded copy draw alike."""
    game = new_game("FT1-N-AAAAAAC").play("d").play("d")
    copy = forty_thieves.from_dict(forty_thieves.to_dict(game.state))
    assert svg.render(game) == svg.render(game.state) == svg.render(copy)


def test_size_sets_the_width_and_keeps_the_shape():
    """*size* is the width in pixels, the height follows; by default a unit is a pixel."""
    root = parse(svg.render(golf.deal(3), size=868))
    _, _, width, height = map(float, root.get("viewBox", "").split())
    assert root.get("width") == "868"
    assert float(root.get("height", "0")) == pytest.approx(868 * height / width, abs=0.01)
    natural = parse(svg.render(golf.deal(3)))
    assert (natural.get("width"), natural.get("height")) == (f"{width:g}", f"{height:g}")


def test_a_table_keeps_its_height_until_a_column_outgrows_the_deal():
    """Shorter columns leave the picture's height alone; a longer one makes room."""

    def height(state: object) -> float:
        return float(parse(svg.render(state)).get("viewBox", "").split()[3])

    thieves = forty_thieves.deal(1)
    short = attrs.evolve(thieves, columns=tuple(column[:1] for column in thieves.columns))
    grown = attrs.evolve(thieves, columns=(thieves.columns[0] * 2, *thieves.columns[1:]))
    assert height(short) == height(thieves) < height(grown)
    spider = scorpion.deal(1)
    bare = attrs.evolve(spider, columns=tuple(scorpion.Column() for _ in spider.columns))
    assert height(bare) == height(spider)
    golf_state = golf.deal(1)
    cleared = attrs.evolve(golf_state, columns=((),) * golf.COLUMNS)
    assert height(cleared) == height(golf_state)


def test_labels_name_the_piles_in_the_notation():
    """Labels carry the notation's pile names, and ``labels=False`` drops them."""
    expected = {
        "GO1-E-AAAAAAB": {"w", *map(str, range(1, 8))},
        "FT1-N-AAAAAAB": {"w", *map(str, range(1, 11)), *(f"f{n}" for n in range(1, 9))},
        "SC1-C-AAAAAAB": {"r", *map(str, range(1, 8))},
    }
    for code, names in expected.items():
        root = parse(svg.render(new_game(code)))
        labels = {g.get("data-pile") for g in root.iter(f"{NS}g") if g.get("class") == "label"}
        assert labels == names
        bare = parse(svg.render(new_game(code), labels=False))
        assert not [g for g in bare.iter(f"{NS}g") if g.get("class") == "label"]


def test_a_pile_highlight_covers_the_whole_pile():
    """A highlighted column's rectangle covers every card of that column, and no other."""
    root = parse(svg.render(new_game("SC1-C-AAAAAAB"), highlight={"4": "#00ff00", "r": "red"}))
    marks = {rect.get("data-target"): rect for rect in root.iter(f"{NS}rect")}
    for name, color in (("4", "#00ff00"), ("r", "red")):
        rect = marks[name]
        box = tuple(float(rect.get(key, "0")) for key in ("x", "y", "width", "height"))
        assert rect.get("stroke") == color
        for left, top, width, height in boxes(root, name):
            assert inside((left, top), box)
            assert inside((left + width, top + height), box)
        assert not inside(_centre(boxes(root, "5")[-1]), box)


def test_shared_piles_and_move_targets_highlight_like_their_names():
    """A move's target_pile (a shared Pile) highlights the same pile as its notation."""
    game = new_game("FT1-N-AAAAAAC")
    state = game.state
    targets = [move.target_pile(state) for move in destinations(state, "5")]
    by_pile = svg.render(game, highlight=targets)
    by_name = svg.render(game, highlight=[str(target) for target in targets])
    assert by_pile == by_name
    assert {"f2", "f6", "2"} <= set(re.findall(r'data-target="([^"]+)"', by_pile))


def test_a_card_highlight_marks_every_face_up_copy():
    """A card names each face-up copy of it: Forty Thieves has two of each."""
    state = forty_thieves.deal(1)  # 3♠ is the bottom card of columns 1 and 4
    root = parse(svg.render(state, highlight=[Card.parse("3S")]))
    marks = [rect for rect in root.iter(f"{NS}rect") if rect.get("class") == "highlight"]
    assert [rect.get("data-target") for rect in marks] == ["3S", "3S"]
    spots = {(float(rect.get("x", "0")) + 2, float(rect.get("y", "0")) + 2) for rect in marks}
    assert spots == {boxes(root, "1")[0][:2], boxes(root, "4")[0][:2]}


def _centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    left, top, width, height = box
    return left + width / 2, top + height / 2


@pytest.mark.parametrize(
    ("code", "record", "arrow", "tail", "head"),
    [
        ("GO1-E-AAAAAAB", [], "3", "3", "w"),
        ("GO1-E-AAAAAAB", [], golf.Draw(), "s", "w"),
        ("GO1-E-AAAAAAB", [], ("w", 7), "w", "7"),
        ("FT1-N-AAAAAAB", ["d", "d", "d"], "w-f1", "w", "f1"),
        ("FT1-N-AAAAAAB", [], forty_thieves.parse_move("7-8"), "7", "8"),
        ("FT1-N-AAAAAAB", [], svg.Arrow(forty_thieves.Foundation(2), "10"), "f2", "10"),
        ("SC1-C-AAAAAAB", [], "6H-2", "6H", "2"),
    ],
)
def test_arrows_run_from_the_source_to_the_target(code, record, arrow, tail, head):
    """An arrow starts on its source (pile top or card) and its tip is on its target."""
    game = new_game(code)
    for notation in record:
        game = game.play(notation)
    root = parse(svg.render(game, arrows=[arrow]))
    [(start, tip)] = arrow_ends(root)
    group = next(g for g in root.iter(f"{NS}g") if g.get("class") == "arrow")
    assert (group.get("data-tail"), group.get("data-head")) == (tail, head)
    assert inside(tip, boxes(root, head)[-1])
    if tail[0].isdigit() and len(tail) == 2 and tail[1] in "CDHS":
        card = next(use for use in cards_of(root) if use.get("data-card") == tail)
        x, y = float(card.get("x", "0")), float(card.get("y", "0"))
        pile = boxes(root, card.get("data-pile", ""))
        above = pile[[box[:2] for box in pile].index((x, y)) + 1]
        assert x <= start[0] <= x + card_size(root)[0]
        assert y <= start[1] <= above[1]  # on the visible strip of the card, not the next
    else:
        assert inside(start, boxes(root, tail)[-1])


def test_the_reserve_deal_draws_an_arrow_to_each_of_the_first_three_columns():
    """``r`` is three arrows, from the reserve to columns 1, 2 and 3."""
    root = parse(svg.render(new_game("SC1-C-AAAAAAB"), arrows=["r"]))
    ends = arrow_ends(root)
    assert len(ends) == 3
    for (start, tip), column in zip(ends, "123", strict=True):
        assert inside(start, boxes(root, "r")[-1])
        assert inside(tip, boxes(root, column)[-1])


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"highlight": ["f9"]}, ["'f9'", "no pile", "golf"]),
        ({"highlight": ["KD"]}, ["KD", "not face up"]),  # in the stock
        ({"highlight": "3"}, ["highlight", "collection"]),
        ({"highlight": {"3": 'red" onload="x'}}, ["colour", "CSS"]),
        ({"arrows": [("3", "9")]}, ["arrow head", "'9'"]),
        ({"arrows": "3"}, ["arrows", "collection"]),
        ({"arrows": [42.0]}, ["42.0"]),
        ({"size": 0}, ["size", "0"]),
        ({"size": True}, ["size", "True"]),
        ({"highlight": [[]]}, ["highlight", "[]", "neither a pile nor a card"]),
        ({"highlight": [{"3"}, [1]]}, ["highlight", "{'3'}", "neither"]),
        ({"highlight": [10**5000]}, ["highlight", "an integer of 16610 bits"]),
        ({"highlight": [(10**5000, "w")]}, ["highlight", "16610 bits"]),
        ({"highlight": {"3": 10**5000}}, ["colour", "16610 bits"]),
        ({"arrows": [(10**5000, "w")]}, ["arrow tail", "16610 bits"]),
        ({"arrows": [([], "w")]}, ["arrow tail", "[]"]),
        ({"arrows": [[[]]]}, ["[[]]"]),
        ({"labels": "no"}, ["labels", "'no'", "True or False"]),
        ({"player_view": None}, ["player_view", "None", "True or False"]),
    ],
)
def test_bad_options_are_refused_by_name(options, words):
    """Each malformed option raises a PatienceError whose message names it, briefly."""
    state = golf.deal(1)
    assert "KD" in map(str, state.stock)
    with pytest.raises(PatienceError) as raised:
        svg.render(state, **options)
    assert isinstance(raised.value, ValueError)
    for word in words:
        assert word in str(raised.value)
    assert len(str(raised.value)) < 200


def test_a_face_down_card_cannot_be_pointed_at():
    """Naming a hidden Scorpion card is refused: a picture never tells where it lies."""
    state = scorpion.deal(1)
    secret = state.columns[0].down[0]
    with pytest.raises(svg.InvalidOptionError, match=f"{secret}.*not face up"):
        svg.render(state, arrows=[(secret, "2")], player_view=True)


def test_junk_positions_and_notations_are_refused():
    """A position that is no game, or an arrow that is no move, raises a clear error."""
    with pytest.raises(InvalidPositionError, match="not a Game"):
        svg.render("GO1-E-AAAAAAB")
    with pytest.raises(InvalidNotationError, match="x9"):
        svg.render(golf.deal(1), arrows=["x9"])


def test_the_option_error_pickles():
    """InvalidOptionError survives pickling, as every library error does."""
    error = svg.InvalidOptionError("highlight 'f9' names no pile")
    copy = pickle.loads(pickle.dumps(error))  # noqa: S301 - our own data
    assert type(copy) is svg.InvalidOptionError
    assert str(copy) == str(error)


def test_notebooks_show_the_table():
    """``_repr_svg_`` of a Game and of each game's State is the rendered table."""
    for code in ("GO1-C-AAAAAAB", "FT1-N-AAAAAAB", "SC1-C-AAAAAAB"):
        game = new_game(code)
        assert game._repr_svg_() == game.state._repr_svg_() == svg.render(game)


@pytest.mark.parametrize("game", sorted(GOLDEN_POSITIONS))
def test_golden_pictures(game):
    """Each game's pinned position still draws exactly the picture reviewed by eye."""
    assert golden_svg(game) == (GOLDEN / f"{game}.svg").read_text("utf-8")


def pixels(text: str) -> tuple[Image.Image, float]:
    """*text* rasterised by resvg, and the pixels per user unit."""
    root = parse(text)
    scale = float(root.get("width", "0")) / float(root.get("viewBox", "").split()[2])
    png = bytes(resvg_py.svg_to_bytes(svg_string=text))
    return Image.open(io.BytesIO(png)).convert("RGB"), scale


def colour_at(image: Image.Image, scale: float, x: float, y: float) -> tuple[int, int, int]:
    """The colour of the pixel at user coordinates (*x*, *y*)."""
    red, green, blue = image.getpixel((round(x * scale), round(y * scale)))  # type: ignore[misc]
    return red, green, blue


def test_a_real_renderer_draws_red_suits_red_and_backs_blue():
    """Rasterised by resvg: a red pip is red, a black pip dark, a back blue, the table green."""
    game = new_game("SC1-C-AAAAAAB")  # column 4 ends with 5♦, column 6 with A♣
    text = svg.render(game, size=868)
    root = parse(text)
    image, scale = pixels(text)
    width, height = card_size(root)

    def pip(pile: str) -> tuple[int, int, int]:
        left, top, _, _ = boxes(root, pile)[-1]
        return colour_at(image, scale, left + width / 2, top + height * 0.53)

    red, green, blue = pip("4")
    assert red > 150 > green + 60
    assert blue < 90
    assert max(pip("6")) < 60
    left, top, _, _ = boxes(root, "1")[0]  # a face-down card
    red, green, blue = colour_at(image, scale, left + 15, top + 2.5)
    assert blue > 120
    assert blue > red + 60
    red, green, blue = colour_at(image, scale, 3, 3)
    assert green > red + 30
    assert green > blue + 30


def test_a_real_renderer_shows_highlights():
    """Rasterised: a highlighted empty foundation is tinted yellow, an unmarked one is not."""
    text = svg.render(forty_thieves.deal(1), highlight=["f3"], size=1228)
    root = parse(text)
    image, scale = pixels(text)
    marked = colour_at(image, scale, boxes(root, "f3")[0][0] + 4, boxes(root, "f3")[0][1] + 62)
    plain = colour_at(image, scale, boxes(root, "f4")[0][0] + 4, boxes(root, "f4")[0][1] + 62)
    assert marked[0] > plain[0] + 30
    assert marked[1] > plain[1] + 15
    assert marked[2] <= plain[2]


if __name__ == "__main__":
    # Rewrite the golden files: python tests/test_svg.py, then look at them.
    GOLDEN.mkdir(exist_ok=True)
    for name in sorted(GOLDEN_POSITIONS):
        (GOLDEN / f"{name}.svg").write_text(golden_svg(name), "utf-8")
        sys.stdout.write(f"wrote {GOLDEN / name}.svg\n")
