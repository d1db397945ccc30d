"""The terminal client's table, move forms, shorthands, notices, hints and languages."""

from __future__ import annotations

import argparse
import ast
import errno
import io
import re
import string
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
import wcwidth
from hypothesis import given, settings
from hypothesis import strategies as st

from patience_rules import (
    LANGUAGES,
    Reason,
    forty_thieves,
    message,
    new_game,
    replay,
    solver,
)
from patience_rules.cli import _solving, main
from patience_rules.cli._console import Console
from patience_rules.cli._table import WIDTH, header, move_text, table
from patience_rules.game import Game
from patience_rules.locales import CATALOGUES, en, hi, text
from test_cli import (
    SCORPION_WON,
    SCORPION_WON_RECORD,
    WINNABLE_GOLF,
    lines,
    playout,
    printed_record,
    run,
    shown,
)

CODES = [
    "GO1-E-AAAAAAB",
    "GO1-C-AAAAAAC",
    "FT1-N-AAAAAAB",
    "FT1-N-AAAAAAC",
    "SC1-C-AAAAAAB",
    "SC1-F-AAAAAAC",
]


def rendered(game: Game[Any, Any], lang: str = "en", *, ascii_only: bool = False) -> list[str]:
    """The header and table lines of *game*, as an ASCII-only or a Unicode stream gets them."""
    stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii") if ascii_only else io.StringIO()
    console = Console(stream, lang, colour=False)
    return [console.shown(line) for line in [header(console, game), *table(console, game)]]


# -- the table ---------------------------------------------------------------------------------


def test_golf_table_at_the_deal() -> None:
    """Golf: stock count and waste card on one line, then each column bottom first."""
    assert rendered(new_game(WINNABLE_GOLF))[1:3] == [
        "stock: 16 cards · waste: 10♥",
        "column 1: 2♦ Q♣ J♦ 6♦ 5♦",
    ]


def test_forty_thieves_table_shows_the_waste_top_and_a_count() -> None:
    """Forty Thieves: the top waste card, three under it, a count; foundations on one line."""
    game = replay("FT1-N-AAAAAAB", ["d"] * 7)
    waste = [card.unicode() for card in game.state.waste]
    assert rendered(game)[1:3] == [
        f"stock: 57 cards · waste: 7 cards, top {waste[-1]}, then {' '.join(waste[-2:-5:-1])} …",
        "foundations: f1 ♠ f2 ♥ f3 ♦ f4 ♣ f5 ♠ f6 ♥ f7 ♦ f8 ♣",
    ]
    assert rendered(game.play("d").undo().undo())[1].endswith(
        f"top {waste[-2]}, then {waste[-3]} {waste[-4]} {waste[-5]} …"
    )


def test_forty_thieves_foundations_show_their_top_cards() -> None:
    """A foundation with cards shows its top card; the rest show their suit."""
    notations = playout(new_game("FT1-N-AAAAAAB"))
    final = replay("FT1-N-AAAAAAB", notations)
    line = rendered(final)[2]
    for number, pile in enumerate(final.state.foundations, 1):
        suit = forty_thieves.FOUNDATION_SUITS[number - 1]
        assert f"f{number} {pile[-1].unicode() if pile else suit.symbol}" in line


def test_scorpion_table_masks_face_down_cards_and_names_the_reserve() -> None:
    """Scorpion: the reserve's count, the removed runs, ``##`` for each face-down card."""
    game = new_game("SC1-C-AAAAAAB")
    lines_ = rendered(game)
    assert lines_[1] == "reserve: 3 cards face down (r deals them) · runs removed: none"
    assert lines_[2].startswith("column 1: ## ## ## ")
    assert rendered(game.play("r"))[1] == "reserve: dealt · runs removed: none"


def test_empty_piles_say_so() -> None:
    """An empty column reads ``column N: empty``, never a bare label."""
    notations = playout(new_game("GO1-E-AAAAAAB"))
    final = replay("GO1-E-AAAAAAB", notations)
    empty = [n for n, column in enumerate(final.state.columns, 1) if not column]
    assert empty
    for number in empty:
        assert f"column {number}: empty" in rendered(final)
    assert not any(line.endswith(":") for line in rendered(final))


def test_stock_counts_are_singular_for_one_card() -> None:
    """``stock: 1 card``, never ``1 cards``."""
    game = replay(WINNABLE_GOLF, ["d"] * 15)
    assert rendered(game)[1].startswith("stock: 1 card · ")


def test_the_move_list_uses_the_boards_card_forms() -> None:
    """``?`` lists Scorpion moves as ``10♦-1`` when the board shows ``10♦``."""
    game = new_game("SC1-C-AAAAAAB")
    status, out = run(["play", "SC1-C-AAAAAAB"], lines("?"))
    assert status == 0
    listed = out.split("Legal moves: ", 1)[1].split("Also:", 1)[0].split()
    board = " ".join(rendered(game))
    for move, form in zip(game.legal_moves(), listed, strict=True):
        if isinstance(move, type(game.legal_moves()[-1])):
            card = form.rsplit("-", 1)[0]
            assert card in board.split()
            assert "T" not in card
        assert game.check(form) is None  # the form listed is one the client accepts


def test_ascii_forms_on_an_ascii_only_stream() -> None:
    """An ASCII-only stream gets ``10H`` and ``-`` instead of ``10♥`` and ``·``."""
    shown = rendered(new_game(WINNABLE_GOLF), ascii_only=True)
    assert shown[:2] == [
        "GO1-E-AAAAAAF - Golf (easy) - move 0 - score 0",
        "stock: 16 cards - waste: 10H",
    ]
    assert all(line.isascii() for line in shown)
    scorpion = new_game("SC1-C-AAAAAAB")
    console = Console(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    assert {move_text(console, move) for move in scorpion.legal_moves()} >= {"r", "6C-5"}


def fits(line: str) -> bool:
    """Whether *line* takes at most 80 columns of a terminal, by wcwidth's measure."""
    width = wcwidth.wcswidth(line)
    assert width >= 0, line  # no control character in a printed line
    return width <= WIDTH


@pytest.mark.parametrize("lang", ["en", "hi"])
@pytest.mark.parametrize("code", [*CODES, SCORPION_WON])
def test_no_table_line_is_wider_than_80_columns(code: str, lang: str) -> None:
    """Every line of the table, all along a long game, fits 80 columns, in both languages."""
    notations = SCORPION_WON_RECORD.split() if code == SCORPION_WON else playout(new_game(code))
    game = new_game(code)
    for notation in ["", *notations]:
        game = game.play(notation) if notation else game
        for ascii_only in (False, True):
            for line in rendered(game, lang, ascii_only=ascii_only):
                assert fits(line), line


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(CODES), st.lists(st.integers(0, 10**6), max_size=150))
def test_no_table_line_is_wider_than_80_columns_after_random_play(
    code: str, picks: list[int]
) -> None:
    """Random legal play never makes a table line longer than 80 columns, even with colour."""
    game = new_game(code)
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game = game.play(moves[pick % len(moves)])
    coloured = Console(io.StringIO(), colour=True)
    for line in table(coloured, game):
        assert fits(re.sub(r"\x1b\[[0-9;]*m", "", line)), line
    for lang in CATALOGUES:
        assert all(fits(line) for line in rendered(game, lang))


def test_a_long_scorpion_column_wraps_between_cards() -> None:
    """A column too long for one line goes on under its first card, never split mid-card."""
    notations = playout(new_game("SC1-F-AAAAAAC"))
    final = replay("SC1-F-AAAAAAC", notations)
    longest = max(len(column.down) + len(column.up) for column in final.state.columns)
    assert longest > 17  # more than one line holds
    shown = rendered(final)
    continued = [line for line in shown if line.startswith(" ")]
    assert continued
    for line in continued:
        assert line.startswith(" " * len("column 1: "))
        assert all(re.fullmatch(r"(10|[2-9AJQK])[♠♥♦♣]|##", token) for token in line.split())


# -- colour ------------------------------------------------------------------------------------


def test_colour_options_override_the_terminal_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--color`` colours piped output; ``--no-color`` keeps a terminal plain."""
    monkeypatch.delenv("NO_COLOR", raising=False)

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    forced = io.StringIO()
    assert main(["deal", WINNABLE_GOLF, "--color"], io.StringIO(), forced) == 0
    assert "\x1b[1mGO1-E-AAAAAAF" in forced.getvalue()
    plain = Terminal()
    assert main(["deal", WINNABLE_GOLF, "--no-color"], io.StringIO(), plain) == 0
    assert "\x1b[" not in plain.getvalue()


def test_playable_cards_stand_out() -> None:
    """With colour, the exposed cards that fit the waste are underlined and bold, no other."""
    game = new_game(WINNABLE_GOLF).play("d")  # Q♥ on the waste: K♥ (column 7) fits
    out = io.StringIO()
    assert main(["play", WINNABLE_GOLF, "--color"], io.StringIO("d\n"), out) == 0
    marked = re.findall(r"\x1b\[1;4(?:;31)?m([^\x1b]+)\x1b\[0m", out.getvalue().split("> ")[1])
    playable = [
        game.state.columns[move.column - 1][-1].unicode()
        for move in game.legal_moves()
        if str(move) != "d"
    ]
    assert marked == playable == ["K♥"]


# -- shorthands and notices --------------------------------------------------------------------

FT = "FT1-N-AAAAAAC"


def test_forty_thieves_to_foundation_shorthand_plays_auto_place() -> None:
    """``N-f`` sends the top card to the foundation auto-place picks; recorded canonically."""
    game = new_game(FT)
    source = next(
        str(move.source)
        for move in game.legal_moves()
        if isinstance(move, forty_thieves.MoveCard)
        and isinstance(move.target, forty_thieves.Foundation)
    )
    expected = forty_thieves.auto_place_move(game.state, source)
    status, out = run(["play", FT], lines(f"{source}-f"))
    assert status == 0
    assert printed_record(out)["moves"] == [str(expected)]


def test_forty_thieves_to_foundation_shorthand_refused_with_the_reason() -> None:
    """``w-f`` on an empty waste and ``N-f`` with no foundation to take the card say why."""
    game = new_game(FT)
    column = next(n for n in range(1, 11) if forty_thieves.tap_move(game.state, str(n)) is None)
    card = game.state.columns[column - 1][-1]
    status, out = run(["play", FT], lines("w-f", f"{column}-f"))
    assert status == 0
    assert f"✗ The card on w goes on no foundation: {message(Reason.EMPTY_SOURCE)}." in out
    assert f"✗ The card on {column} goes on no foundation: " in out
    reason = Reason.FOUNDATION_NEEDS_ACE if card.rank != 1 else Reason.FOUNDATION_WRONG_RANK
    assert message(reason) in out
    assert printed_record(out)["moves"] == []


def test_a_bare_pile_name_is_the_tap_move() -> None:
    """``w`` after a draw plays the library's tap move for the waste card; a stuck pile says so."""
    game = new_game(FT).play("d")
    tapped = forty_thieves.tap_move(game.state, "w")
    status, out = run(["play", FT], lines("d", "w"))
    assert status == 0
    if tapped is None:
        assert "✗ The card on w has nowhere to go." in out
        assert printed_record(out)["moves"] == ["d"]
    else:
        assert printed_record(out)["moves"] == ["d", str(tapped)]


@pytest.mark.parametrize("code", ["FT1-N-AAAAAAE", "SC1-C-AAAAAAB"])
def test_no_legal_move_left_is_announced(code: str) -> None:
    """Forty Thieves and Scorpion say when no legal move is left, and what the player can do."""
    notations = playout(new_game(code), limit=2000)
    final = replay(code, notations)
    assert not final.legal_moves()
    status, out = run(["play", code], lines(*notations))
    assert status == 0
    assert out.rstrip().count("No legal move is left: u undoes the last move, q quits.") == 1


def test_a_won_game_is_congratulated_in_hindi() -> None:
    """Winning with ``--lang hi`` prints the Hindi congratulation with the score."""
    record = SCORPION_WON_RECORD.split()
    final = replay(SCORPION_WON, record)
    status, out = run(["play", SCORPION_WON, "--lang", "hi"], lines(*record))
    assert status == 0
    assert f"आप जीत गए! अंतिम अंक: {final.score}।" in out


# -- hints and winnable deals ------------------------------------------------------------------


def test_hint_gives_a_legal_move_and_the_outlook(monkeypatch: pytest.MonkeyPatch) -> None:
    """``!`` and ``hint`` name a legal move and say the deal is still winnable."""
    monkeypatch.setattr(_solving, "HINT_SECONDS", None)  # the answer, however busy the machine
    game = new_game(WINNABLE_GOLF)
    status, out = run(["play", WINNABLE_GOLF], lines("!", "hint"))
    assert status == 0
    hints = re.findall(r"Hint: (\S+) \(still winnable\)\.", out)
    assert len(hints) == 2
    assert all(game.check(move) is None for move in hints)


def test_hint_after_the_game_is_lost() -> None:
    """Once stuck, the hint says the game is over."""
    notations = [*["d"] * 16, *playout(replay(WINNABLE_GOLF, ["d"] * 16))]
    assert replay(WINNABLE_GOLF, notations).status == "stuck"
    status, out = run(["play", WINNABLE_GOLF], lines(*notations, "!"))
    assert status == 0
    assert "No hint: the game is over." in out


def test_hint_says_when_no_longer_winnable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The outlook follows the solver: a proof of loss reads "no longer winnable"."""
    monkeypatch.setattr(solver, "winnability", lambda *_args, **_kw: solver.Outcome.NO_WIN)
    status, out = run(["play", WINNABLE_GOLF], lines("!"))
    assert status == 0
    assert re.search(r"Hint: \S+ \(no longer winnable\)\.", out)


def test_scorpion_hints_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver plays Scorpion: ``!`` names a legal Scorpion move and the outlook."""
    monkeypatch.setattr(_solving, "HINT_SECONDS", 5.0)
    game = new_game("SC1-C-AAAAAAB")
    status, out = run(["play", "SC1-C-AAAAAAB"], lines("!"))
    assert status == 0
    found = re.search(r"Hint: (\S+) \((still winnable|no longer winnable|[^)]*unknown)\)\.", out)
    assert found is not None
    assert game.check(found.group(1)) is None


def test_forty_thieves_hints_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver plays Forty Thieves: ``!`` names a legal Forty Thieves move and the outlook."""
    monkeypatch.setattr(_solving, "HINT_SECONDS", 0.2)
    game = new_game(FT)
    status, out = run(["play", FT], lines("!"))
    assert status == 0
    found = re.search(r"Hint: (\S+) \((still winnable|no longer winnable|[^)]*unknown)\)\.", out)
    assert found is not None
    assert game.check(found.group(1)) is None


LOSING = list("7133221dd464255773d62773dd2d54ddd")  # one character a move
"""GO1-E-AAAAAAB played to a position that 5 wins and a draw loses."""


@pytest.fixture
def unhurried(monkeypatch: pytest.MonkeyPatch) -> None:
    """The client's solver calls without a clock: the same answers however busy the machine."""
    for name in ("HINT_SECONDS", "FAIR_SECONDS", "JUDGE_SECONDS"):
        monkeypatch.setattr(_solving, name, None)


@pytest.mark.usefixtures("unhurried")
def test_the_hint_is_the_fair_hint_with_its_counts() -> None:
    """``!`` names the fair hint's move and how many of its 16 worlds it wins and loses."""
    game = replay("GO1-E-AAAAAAB", LOSING)
    status, out = run(["play", "GO1-E-AAAAAAB"], lines(*LOSING, "!"))
    assert status == 0
    fair = solver.fair_hint(game, max_seconds=None)
    assert f"Hint: {fair.move} (still winnable)." in out
    assert "Of 16 deals that look the same to you, it wins 16, loses 0 and 0 are undecided." in out


@pytest.mark.usefixtures("unhurried")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_move_that_loses_a_winnable_game_is_named_once(lang: str) -> None:
    """Drawing throws the win away: said once, with the fair chance it cost and the keeper."""
    status, out = run(["play", "GO1-E-AAAAAAB", "--lang", lang], lines(*LOSING, "d", "d"))
    assert status == 0
    assert out.count(text("lost_win", lang)) == 1
    said = text("lost_chance", lang, before="100%", after="0%", move="5")
    assert said in out
    table_after = out.index(shown(replay("GO1-E-AAAAAAB", [*LOSING, "d"]), lang))
    assert table_after < out.index(said)


@pytest.mark.usefixtures("unhurried")
def test_a_losing_move_undone_and_played_again_is_named_again() -> None:
    """Undo brings the win back, so throwing it away again is a new losing move."""
    status, out = run(["play", "GO1-E-AAAAAAB"], lines(*LOSING, "d", "u", "d"))
    assert status == 0
    assert out.count(text("lost_win", "en")) == 2


@pytest.mark.usefixtures("unhurried")
def test_a_move_that_keeps_the_win_is_not_blamed() -> None:
    """Playing 5, which keeps the win, and every move before it: nothing is said."""
    status, out = run(["play", "GO1-E-AAAAAAB"], lines(*LOSING, "5"))
    assert status == 0
    assert text("lost_win", "en") not in out


def test_an_undecided_move_is_not_blamed(monkeypatch: pytest.MonkeyPatch) -> None:
    """No time to prove it: an unknown stays unknown, and the client says nothing."""
    monkeypatch.setattr(_solving, "JUDGE_SECONDS", 0.0)
    status, out = run(["play", "GO1-E-AAAAAAB"], lines(*LOSING, "d"))
    assert status == 0
    assert text("lost_win", "en") not in out


@pytest.mark.usefixtures("unhurried")
def test_a_loss_the_player_could_not_see_coming_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the move played was the fair hint's best, no keeper is named: hidden cards decided."""
    game = replay("GO1-E-AAAAAAB", LOSING)
    fair = solver.fair_hint(game, max_seconds=None)
    as_good = solver.FairVerdict(fair, fair.chances[0])
    monkeypatch.setattr(solver, "fair_judge_move", lambda *_args, **_kw: as_good)
    status, out = run(["play", "GO1-E-AAAAAAB", "--lang", "hi"], lines(*LOSING, "d"))
    assert status == 0
    assert text("lost_win", "hi") in out
    assert text("lost_unseen", "hi") in out


def test_play_winnable_deals_a_proved_winnable_golf_game() -> None:
    """``play --winnable --variant classic`` deals a Classic Golf code the solver wins."""
    status, out = run(["play", "--winnable", "--variant", "classic"])
    assert status == 0
    code = printed_record(out)["code"]
    assert code.startswith("GO1-C-")
    assert solver.solve(new_game(code)).outcome is solver.Outcome.WIN


def test_play_winnable_deals_a_proved_winnable_forty_thieves_game() -> None:
    """``play --winnable --game forty-thieves`` deals a Forty Thieves code the solver wins."""
    status, out = run(["play", "--winnable", "--game", "forty-thieves"])
    assert status == 0
    code = printed_record(out)["code"]
    assert code.startswith("FT1-N-")
    assert solver.solve(new_game(code), max_seconds=5).outcome is solver.Outcome.WIN


# -- languages ---------------------------------------------------------------------------------


def fields(template: str) -> list[str]:
    """The placeholders of *template*, sorted: ``{fields}`` and argparse's ``%(name)r``, ``%s``."""
    names = [f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(template) if name]
    return sorted(names + re.findall(r"%(?:\([a-z_]+\))?[rsd]", template))


def test_fields_finds_both_kinds_of_placeholder() -> None:
    """The placeholder reader sees str.format fields and %-placeholders, not a percent sign."""
    found = fields("{code}: %(value)r, %s and {code} at 95% ")
    assert found == ["%(value)r", "%s", "{code}", "{code}"]


def test_every_catalogue_has_the_same_texts_with_the_same_fields() -> None:
    """Each language has every text, each with the English text's placeholders, nothing else."""
    for lang, catalogue in CATALOGUES.items():
        assert catalogue.keys() == en.TEXTS.keys(), lang
        for key, template in catalogue.items():
            assert fields(template) == fields(en.TEXTS[key]), (lang, key)


def test_every_hindi_text_is_translated() -> None:
    """A Hindi text is not its English one, unless it holds no English word (``"> "``).

    A record's field (``moves[3]``) is named as the JSON has it.
    """
    for key, template in hi.TEXTS.items():
        if template == en.TEXTS[key]:
            bare = re.sub(r"\{[a-z0-9_]+\}|%(?:\([a-z_]+\))?[rsd]|moves\[", "", template)
            assert not re.search(r"[a-z]{2,}", bare), key


def test_the_reasons_texts_are_the_catalogues() -> None:
    """Every reason has its text in each catalogue, and :func:`message` reads it from there."""
    reason_keys = {key for key in en.TEXTS if key.startswith("reason_")}
    assert reason_keys == {f"reason_{reason.value}" for reason in Reason}
    assert tuple(CATALOGUES) == LANGUAGES
    for lang, catalogue in CATALOGUES.items():
        for reason in Reason:
            assert message(reason, lang) == catalogue[f"reason_{reason.value}"]


def argparse_message_ids() -> set[str]:
    """The texts this Python's argparse looks up through gettext, by ``_()`` or ``ngettext()``."""
    tree = ast.parse(Path(argparse.__file__).read_text("utf-8"))
    return {
        argument.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"_", "ngettext"}
        for argument in node.args
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str)
    }


def test_every_text_is_used_by_the_client() -> None:
    """No catalogue text is dead: each is used by key, or is an errno's or argparse's text.

    (Python 3.13's argparse names a help section with ``%(heading)s:``.)
    """
    package = Path(main.__code__.co_filename).parent
    paths = [*package.glob("*.py"), package.parent / "_stats_command.py"]
    source = " ".join(path.read_text("utf-8") for path in paths)
    families = ("game_", "variant_", "status_", "outlook_", "outcome_", "reason_", "not_a_file")
    message_ids = argparse_message_ids() | {"%(heading)s:"}
    for key, template in en.TEXTS.items():
        if key.startswith("os_") and key != "os_other":
            assert key[3:].upper() in errno.errorcode.values(), key
        elif key.startswith("argparse_"):
            assert template in message_ids, key
        else:
            assert f'"{key}"' in source or key.startswith(families), key


def test_the_language_is_remembered_in_a_saved_game(tmp_path: Path) -> None:
    """A game saved in Hindi goes on in Hindi, and replays in Hindi, without ``--lang``."""
    path = tmp_path / "game.json"
    assert run(["play", WINNABLE_GOLF, "--lang", "hi", "--save", str(path)], lines("d"))[0] == 0
    status, out = run(["play", "--save", str(path)], lines("d"))
    assert status == 0
    assert text("resumed", "hi", path=path, moves="1 चाल") in out
    assert printed_record(out, "hi")["moves"] == ["d", "d"]
    status, out = run(["replay", str(path)])
    assert "अंतिम अंक: 0, 2 चालें के बाद (जारी)।" in out
    status, out = run(["play", "--save", str(path), "--lang", "en"], lines())
    assert "Going on with the game saved in" in out


def test_record_problems_are_given_in_the_chosen_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``replay --lang hi`` of a record that is no JSON object explains it in Hindi."""
    path = tmp_path / "record.json"
    path.write_text("[1, 2]", "utf-8")
    assert run(["replay", str(path), "--lang", "hi"]) == (1, "")
    assert "खेल का रिकॉर्ड एक JSON ऑब्जेक्ट" in capsys.readouterr().err


# -- pictures ----------------------------------------------------------------------------------


def face_up(game: Game[Any, Any]) -> set[str]:
    """The notation of every card a player of *game* can see."""
    state = game.state
    if game.state.game == "scorpion":
        return {str(card) for column in state.columns for card in column.up}
    piles = [*state.columns, state.waste[-1:] if game.state.game == "golf" else state.waste]
    piles += getattr(state, "foundations", [])
    return {str(card) for pile in piles for card in pile}


def pictured(path: Path) -> set[str]:
    """The cards the SVG picture in *path* names, checked to be one ``<svg>`` document."""
    root = ET.fromstring(path.read_text("utf-8"))  # noqa: S314 - our own output
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return {element.get("data-card") for element in root.iter() if element.get("data-card")}


@pytest.mark.parametrize("code", ["GO1-E-AAAAAAF", "FT1-N-AAAAAAB", "SC1-C-AAAAAAB"])
def test_deal_saves_a_picture_in_the_players_view(tmp_path: Path, code: str) -> None:
    """``deal CODE --svg FILE`` writes the table as SVG, naming no card a player cannot see."""
    path = tmp_path / "table.svg"
    game = new_game(code)
    status, out = run(["deal", code, "--svg", str(path)])
    assert status == 0
    assert out == shown(game) + f"Picture saved to {path}.\n"
    assert pictured(path) <= face_up(game)
    assert pictured(path) >= {
        str(column[-1])
        for column in getattr(game.state, "columns", [])
        if isinstance(column, tuple) and column
    }


def test_deal_reports_a_picture_it_cannot_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unwritable picture file exits with status 1 and one line naming it."""
    path = tmp_path / "no" / "table.svg"
    assert run(["deal", WINNABLE_GOLF, "--svg", str(path)])[0] == 1
    assert f"cannot save to {path}: No such file or directory" in capsys.readouterr().err


def test_a_picture_of_the_current_position_while_playing(tmp_path: Path) -> None:
    """``svg FILE`` at the prompt saves the table as it stands; nothing is recorded."""
    path = tmp_path / "now.svg"
    status, out = run(["play", WINNABLE_GOLF], lines("d", f"svg {path}", "svg", "d"))
    assert status == 0
    assert f"Picture saved to {path}." in out
    assert "✗ Name the picture's file: svg FILE" in out
    after = new_game(WINNABLE_GOLF).play("d")
    assert str(after.state.waste[-1]) in pictured(path)
    assert printed_record(out)["moves"] == ["d", "d"]
