"""End-to-end tests of the ``patience-rules`` command, driven through ``main``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import patience_rules
from patience_rules import (
    Card,
    Game,
    GameCode,
    InvalidPositionError,
    Reason,
    message,
    new_game,
    one_deck,
    parse_code,
    replay,
    solver,
)
from patience_rules.cli import main, read_record
from patience_rules.cli._console import Console
from patience_rules.cli._table import header, move_text, table
from patience_rules.locales import text

WINNABLE_GOLF = "GO1-E-AAAAAAF"
"""An Easy Golf deal that a depth-first search wins within a few dozen positions."""


def run(argv: list[str], text: str = "") -> tuple[int, str]:
    """Run the command with *text* as standard input; return its status and output."""
    out = io.StringIO()
    status = main(argv, io.StringIO(text), out)
    return status, out.getvalue()


def lines(*moves: str) -> str:
    """Scripted input: one move per line."""
    return "".join(f"{move}\n" for move in moves)


def printed_record(output: str, lang: str = "en") -> dict[str, Any]:
    """The game record ``play`` prints at quit, checked to be format 1 in *lang*, without those."""
    tail = output.split(text("record_follows", lang) + "\n", 1)[1]
    record: dict[str, Any] = json.loads(tail.splitlines()[0])
    assert record.pop("lang") == lang
    assert record.pop("format") == 1
    return record


def shown(game: Game[Any, Any], lang: str = "en") -> str:
    """The header and table the client prints for *game* (no colour), each line ended."""
    console = Console(io.StringIO(), lang, colour=False)
    return "".join(f"{line}\n" for line in [header(console, game), *table(console, game)])


def win(game: Game[Any, Any], budget: int = 5000) -> list[str] | None:
    """The notations of a won game from *game*, by depth-first search, or None."""
    seen: set[object] = set()

    def search(game: Game[Any, Any], path: list[str]) -> list[str] | None:
        if game.status == "won":
            return path
        if game.state in seen or len(seen) >= budget:
            return None
        seen.add(game.state)
        moves = sorted(game.legal_moves(), key=lambda move: str(move) == "d")  # draw last
        for move in moves:
            found = search(game.play(move), [*path, str(move)])
            if found is not None:
                return found
        return None

    return search(game, [])


def greedy(game: Game[Any, Any], limit: int) -> list[str]:
    """Up to *limit* notations, each the last legal move listed (draws come first in Golf)."""
    notations = []
    while len(notations) < limit and game.legal_moves():
        move = game.legal_moves()[-1]
        notations.append(str(move))
        game = game.play(move)
    return notations


def no_traceback(capsys: pytest.CaptureFixture[str]) -> str:
    """Standard error so far, checked to hold a one-line message and no traceback."""
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.startswith("patience-rules")
    return err


# -- play --------------------------------------------------------------------------------------


def test_play_golf_to_a_win() -> None:
    """A scripted winning Golf game is announced as won with 350 points and recorded."""
    notations = win(new_game(WINNABLE_GOLF))
    assert notations is not None
    status, out = run(["play", WINNABLE_GOLF], lines(*notations))
    assert status == 0
    assert "You won! Final score: 350." in out
    assert f"move {len(notations)} · score 350 · won" in out
    assert printed_record(out) == {"code": WINNABLE_GOLF, "moves": notations}


def test_play_golf_until_stuck_in_hindi() -> None:
    """Golf getting stuck is announced in the chosen language with the penalised score."""
    notations = [*["d"] * 16, *greedy(replay(WINNABLE_GOLF, ["d"] * 16), 35)]
    final = replay(WINNABLE_GOLF, notations)
    assert final.status == "stuck"
    status, out = run(["play", WINNABLE_GOLF, "--lang", "hi"], lines(*notations))
    assert status == 0
    left = sum(map(len, final.state.columns))
    stuck = text("stuck", "hi", left=left, score=final.score)
    assert f"{shown(final, 'hi')}{stuck}\n" in out
    assert "· अटकी\n" in out
    assert f"बचे {left} पत्तों" in stuck
    assert final.score == max(0, 10 * (35 - left) - 10 * left)


def test_each_accepted_move_shows_the_new_position() -> None:
    """After a move the client prints the header (code, counter, score) and the position."""
    after = new_game(WINNABLE_GOLF).play("d")
    status, out = run(["play", WINNABLE_GOLF], lines("d"))
    assert status == 0
    assert f"{WINNABLE_GOLF} · Golf (easy) · move 1 · score 0\n" in out
    assert shown(after) in out
    assert f"waste: {after.state.waste[-1].unicode()}" in shown(after)


def test_undo_restores_the_position_and_is_recorded() -> None:
    """``u`` puts the position back, keeps the move counter and records ``u``."""
    start = new_game(WINNABLE_GOLF)
    status, out = run(["play", WINNABLE_GOLF], lines("d", "u"))
    assert status == 0
    assert f"Undone.\n{WINNABLE_GOLF} · Golf (easy) · move 1 · score 0\n" in out
    assert f"Undone.\n{shown(start.play('d').undo())}" in out
    assert start.play("d").undo().state == start.state
    assert printed_record(out)["moves"] == ["d", "u"]


def test_undo_with_nothing_to_undo_is_refused() -> None:
    """An undo at the start prints the refusal reason and records nothing."""
    status, out = run(["play", WINNABLE_GOLF], lines("u"))
    assert status == 0
    assert f"✗ {message(Reason.NOTHING_TO_UNDO)}" in out
    assert printed_record(out)["moves"] == []


def test_refused_move_prints_its_hindi_reason_and_changes_nothing() -> None:
    """A refused move prints the library's Hindi reason; the next move plays from the same game."""
    game = new_game(WINNABLE_GOLF)
    refused = next(str(n) for n in range(1, 8) if game.check(str(n)) is not None)
    reason = game.check(refused)
    assert reason is not None
    status, out = run(["play", WINNABLE_GOLF, "--lang", "hi"], lines(refused, "TS", "d"))
    assert status == 0
    assert f"✗ {reason.message_in('hi')}\n" in out
    assert "✗ यह पत्ता अवरुद्ध है\n" in out  # 10♠ is covered: the source's Hindi sentence
    assert shown(game.play("d"), "hi") in out
    assert "चाल 1 · अंक 0\n" in out
    assert printed_record(out, "hi")["moves"] == ["d"]


def test_unknown_notation_is_explained() -> None:
    """A line that is no move of the game says so and points to ``?``."""
    status, out = run(["play", WINNABLE_GOLF], lines("x9"))
    assert status == 0
    assert "✗ 'x9': This is not a move of this game. Type ? for the legal moves." in out
    assert "Type ? for the legal moves." in out


@pytest.mark.parametrize("key", ["?", "h"])
def test_help_lists_the_legal_moves(key: str) -> None:
    """``?`` and ``h`` list every legal move in its notation."""
    game = new_game(WINNABLE_GOLF)
    status, out = run(["play", WINNABLE_GOLF], lines(key))
    assert status == 0
    assert "Legal moves: " + " ".join(map(str, game.legal_moves())) + "\n" in out


def test_moves_are_recorded_in_canonical_notation() -> None:
    """A card typed in any accepted form is recorded by its canonical notation."""
    game = new_game(WINNABLE_GOLF)
    column = int(str(game.legal_moves()[-1]))
    card = game.state.columns[column - 1][-1]
    status, out = run(["play", WINNABLE_GOLF], lines(card.unicode().lower()))
    assert status == 0
    assert printed_record(out)["moves"] == [str(card)]


def test_quit_and_end_of_input_print_the_record() -> None:
    """``q`` stops reading (later lines are ignored); end of input quits the same way."""
    quit_status, quit_out = run(["play", WINNABLE_GOLF], lines("d", "q", "d"))
    eof_status, eof_out = run(["play", WINNABLE_GOLF], lines("d"))
    assert quit_status == eof_status == 0
    assert (
        printed_record(quit_out)
        == printed_record(eof_out)
        == {
            "code": WINNABLE_GOLF,
            "moves": ["d"],
        }
    )
    assert "Final score: 0 after 1 move." in quit_out


def test_a_won_game_refuses_moves_but_accepts_undo() -> None:
    """After a win the prompt says so, a move is refused and undo still works."""
    notations = win(new_game(WINNABLE_GOLF))
    assert notations is not None
    status, out = run(["play", WINNABLE_GOLF], lines(*notations, "d", "u"))
    assert status == 0
    assert "game over: u undoes, q quits> " in out
    assert f"✗ {message(Reason.GAME_WON)}" in out
    assert printed_record(out)["moves"] == [*notations, "u"]


def test_play_without_code_deals_a_random_easy_golf_game() -> None:
    """With no code, ``play`` deals a fresh Golf (Easy) code and shows it."""
    status, out = run(["play"])
    assert status == 0
    code = parse_code(printed_record(out)["code"])
    assert (code.game, code.variant.value) == ("golf", "easy")
    assert f"{code} · Golf (easy) · move 0" in out


def test_play_variant_chooses_the_rules() -> None:
    """``--variant classic`` deals a Classic Golf code."""
    status, out = run(["play", "--game", "golf", "--variant", "classic"])
    assert status == 0
    assert printed_record(out)["code"].startswith("GO1-C-")


@pytest.mark.parametrize(
    ("variant", "prefix"),
    [("flexible", "SC1-F-"), ("Standard", "FT1-N-"), ("classic", "GO1-C-"), ("easy", "GO1-E-")],
)
def test_a_variant_without_a_game_picks_its_game(variant: str, prefix: str) -> None:
    """``play --variant flexible`` is Scorpion; ``classic`` (Golf's and Scorpion's) is Golf."""
    status, out = run(["play", "--variant", variant])
    assert status == 0
    assert printed_record(out)["code"].startswith(prefix)


def test_ctrl_c_quits_with_the_record() -> None:
    """Ctrl-C at the prompt prints the record and exits with status 130."""

    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # noqa: ARG002
            raise KeyboardInterrupt

    out = io.StringIO()
    assert main(["play", WINNABLE_GOLF], Interrupted(), out) == 130
    assert printed_record(out.getvalue())["moves"] == []


def test_a_terminal_gets_prompts_without_echo(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a terminal the moves are read with ``input()`` and not echoed back."""

    class Keyboard(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Keyboard(lines("d", "u")))
    assert main(["play", WINNABLE_GOLF]) == 0
    out = capsys.readouterr().out
    assert "> Undone." in out  # the prompt, then the answer to the line typed there
    assert "> d\n" not in out
    assert printed_record(out)["moves"] == ["d", "u"]


@settings(max_examples=25)
@given(st.data())
def test_the_printed_record_replays_to_the_game_played(data: st.DataObject) -> None:
    """Whatever is typed (moves, undos, refused and garbage lines), the record replays to it."""
    game = new_game(WINNABLE_GOLF)
    typed = []
    for _ in range(data.draw(st.integers(0, 30))):
        choices = [*map(str, game.legal_moves()), "u", "1", "9C", "zz", "?"]
        line = data.draw(st.sampled_from(choices))
        typed.append(line)
        if line == "u" and game.can_undo:
            game = game.undo()
        elif line not in {"u", "zz", "?"} and game.check(line) is None:
            game = game.play(line)
    status, out = run(["play", WINNABLE_GOLF], lines(*typed))
    assert status == 0
    record = printed_record(out)
    assert replay(record["code"], record["moves"]) == game


def playout(game: Game[Any, Any], limit: int = 300) -> list[str]:
    """Notations of *game* played until no new position is in reach (or *limit* actions).

    Each step takes the highest-scoring legal move that reaches an unseen position.
    """
    seen = {game.state}
    notations: list[str] = []
    while len(notations) < limit:
        options = [(game.play(move), str(move)) for move in game.legal_moves()]
        fresh = [(after, notation) for after, notation in options if after.state not in seen]
        if not fresh:
            break
        game, notation = max(fresh, key=lambda option: option[0].score)
        seen.add(game.state)
        notations.append(notation)
    return notations


@pytest.mark.parametrize(
    "code",
    [
        "GO1-E-AAAAAAB",
        "GO1-C-AAAAAAC",
        "FT1-N-AAAAAAB",
        "FT1-N-AAAAAAC",
        "SC1-C-AAAAAAB",
        "SC1-F-AAAAAAC",
    ],
)
def test_play_a_scripted_game_to_its_end(code: str) -> None:
    """A game played until nothing new is in reach: every move shown, the record replays."""
    notations = playout(new_game(code))
    final = replay(code, notations)
    status, out = run(["play", code], lines(*notations, "?"))
    assert status == 0
    assert out.count(f"{code} · ") == len(notations) + 1  # the deal, then every move
    assert f"move {final.moves} · score {final.score}" in out
    assert shown(final) in out
    console = Console(io.StringIO())
    legal = " ".join(move_text(console, move) for move in final.legal_moves()) or "none"
    listed = out.split("> ?\n", 1)[1].split("Also:", 1)[0]
    assert " ".join(listed.split()) == f"Legal moves: {legal}"
    assert printed_record(out) == {"code": code, "moves": notations}


# -- save and replay ---------------------------------------------------------------------------


def test_save_writes_the_record_and_replay_prints_the_final_position(tmp_path: Path) -> None:
    """``play --save`` keeps the record; ``replay`` shows the same final position and score."""
    path = tmp_path / "game.json"
    notations = ["d", *greedy(new_game(WINNABLE_GOLF).play("d"), 5), "u"]
    status, out = run(["play", WINNABLE_GOLF, "--save", str(path)], lines(*notations))
    assert status == 0
    assert f"Saved to {path}." in out
    saved = json.loads(path.read_text("utf-8"))
    assert saved == {"format": 1, "code": WINNABLE_GOLF, "moves": notations, "lang": "en"}
    assert Game.from_record(saved) == replay(WINNABLE_GOLF, notations)  # the library's record
    final = replay(WINNABLE_GOLF, notations)
    status, out = run(["replay", str(path)])
    assert status == 0
    assert out.startswith(f"{WINNABLE_GOLF} · Golf (easy) · move {final.moves}")
    assert f"{shown(final)}Final score: {final.score} after {final.moves} moves" in out


def test_save_rewrites_the_file_after_every_action(tmp_path: Path) -> None:
    """The saved record is current even when the session is cut off."""

    class CutOff(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            if self.tell() == len(self.getvalue()):
                raise KeyboardInterrupt
            return super().readline(size)

    path = tmp_path / "game.json"
    main(["play", WINNABLE_GOLF, "--save", str(path)], CutOff(lines("d", "d")), io.StringIO())
    assert read_record(path.read_text("utf-8")) == (parse_code(WINNABLE_GOLF), ("d", "d"))


def test_a_failed_save_during_the_game_is_reported_and_play_goes_on(tmp_path: Path) -> None:
    """When the save file cannot be rewritten mid-game, the client says so and keeps playing."""
    path = tmp_path / "game.json"

    class Saboteur(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            line = super().readline(size)
            if line == "d\n" and path.is_file():  # the file turns into a directory
                path.unlink()
                path.mkdir()
            return line

    out = io.StringIO()
    assert main(["play", WINNABLE_GOLF, "--save", str(path)], Saboteur(lines("d", "u")), out) == 1
    assert f"✗ cannot save to {path}: Is a directory" in out.getvalue()
    assert f"The last save to {path} failed: it holds an older record." in out.getvalue()
    assert "Undone." in out.getvalue()
    assert printed_record(out.getvalue())["moves"] == ["d", "u"]


def test_play_goes_on_with_the_game_in_an_existing_save_file(tmp_path: Path) -> None:
    """``play --save FILE`` with a record in FILE resumes it, undo history included."""
    path = tmp_path / "game.json"
    first = ["d", *greedy(new_game(WINNABLE_GOLF).play("d"), 2)]
    assert run(["play", WINNABLE_GOLF, "--save", str(path)], lines(*first))[0] == 0
    status, out = run(["play", "--save", str(path)], lines("u", "d"))
    assert status == 0
    assert f"Going on with the game saved in {path} (3 moves)." in out
    assert read_record(path.read_text("utf-8")) == (
        parse_code(WINNABLE_GOLF),
        (*first, "u", "d"),
    )
    assert f"move 4 · score {replay(WINNABLE_GOLF, [*first, 'u', 'd']).score}" in out


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["GO1-E-AAAAAAB"], "holds the game GO1-E-AAAAAAF, not GO1-E-AAAAAAB"),
        (["--game", "golf"], "already holds a game"),
    ],
)
def test_play_will_not_resume_a_save_file_as_another_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], problem: str
) -> None:
    """A save file of one game cannot be continued as another; the file is left alone."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"code": WINNABLE_GOLF, "moves": ["d"]}), "utf-8")
    before = path.read_text("utf-8")
    assert run(["play", *argv, "--save", str(path)], lines("d"))[0] == 2
    assert problem in no_traceback(capsys)
    assert path.read_text("utf-8") == before


def test_play_will_not_overwrite_a_save_file_that_is_no_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--save`` onto a file that is not a game record refuses and keeps the file."""
    path = tmp_path / "notes.txt"
    path.write_text("my notes", "utf-8")
    assert run(["play", "--save", str(path)], lines("d"))[0] == 1
    assert "not a JSON game record" in no_traceback(capsys)
    assert path.read_text("utf-8") == "my notes"


def test_replay_reads_standard_input() -> None:
    """``replay -`` reads the record from standard input."""
    record = json.dumps({"code": WINNABLE_GOLF, "moves": ["d", "u", "d"]})
    final = replay(WINNABLE_GOLF, ["d", "u", "d"])
    status, out = run(["replay", "-"], record)
    assert status == 0
    assert f"{shown(final)}Final score: 0 after 2 moves (playing).\n" in out


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "not a JSON game record"),
        ("[1, 2]", "must be a JSON object"),
        ('{"moves": []}', "neither a 'code' field"),
        ('{"code": "GO1-E-AAAAAAF"}', "no 'moves' field"),
        (
            '{"code": "GO1-X-AAAAAAF", "moves": []}',
            "field 'code': 'GO1-X-AAAAAAF': The second part of a game code is a variant letter",
        ),
        ('{"code": 7, "moves": []}', "field 'code'"),
        ('{"code": "GO1-E-AAAAAAF", "moves": "d"}', "must be a list"),
        ('{"code": "GO1-E-AAAAAAF", "moves": ["d", 5]}', "moves[1] is not a move notation"),
        ('{"code": "GO1-E-AAAAAAF", "moves": ["d", "zz"]}', "moves[1] 'zz': This is not a move"),
        ('{"format": 2, "code": "GO1-E-AAAAAAF", "moves": []}', "field 'format' must be 1"),
        ('{"code": "GO1-E-AAAAAAF", "moves": [], "lang": "fr"}', "field 'lang'"),
        ('{"code": "GO1-E-AAAAAAF", "moves": ["u"]}', "moves[0] 'u' is refused"),
        ("[" * 100_000, "not a JSON game record"),
    ],
)
def test_replay_rejects_a_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, problem: str
) -> None:
    """A malformed or unplayable record exits with status 1 and one clear line."""
    path = tmp_path / "record.json"
    path.write_text(content, "utf-8")
    assert run(["replay", str(path)]) == (1, "")
    err = no_traceback(capsys)
    assert problem in err
    assert str(path) in err


@pytest.mark.parametrize("junk", [None, 7, b'{"code": "GO1-E-AAAAAAF", "moves": []}', "{}", "[]"])
def test_read_record_rejects_junk_with_a_library_error(junk: Any) -> None:
    """``read_record`` raises InvalidPositionError (a PatienceError) on anything else."""
    with pytest.raises(InvalidPositionError, match="record"):
        read_record(junk)


def test_replay_refusal_is_in_the_chosen_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``replay --lang hi`` names a refused move's reason in Hindi."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"code": WINNABLE_GOLF, "moves": ["TS"]}), "utf-8")
    assert run(["replay", str(path), "--lang", "hi"])[0] == 1
    assert "moves[0] 'TS' अस्वीकार: यह पत्ता अवरुद्ध है" in no_traceback(capsys)


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("missing.json", "No such file or directory"),
        (".", "Is a directory"),
        ("binary.json", "not UTF-8"),
    ],
)
def test_replay_reports_an_unreadable_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, problem: str
) -> None:
    """A missing file, a directory or a binary file exits with status 1 and names the file."""
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    path = tmp_path / name
    assert run(["replay", str(path)]) == (1, "")
    err = no_traceback(capsys)
    assert f"cannot read {path}" in err
    assert problem in err


def test_play_reports_a_save_file_it_cannot_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--save`` into a missing directory exits with status 1 before the game starts."""
    path = tmp_path / "no" / "such" / "dir.json"
    assert run(["play", WINNABLE_GOLF, "--save", str(path)], lines("d"))[0] == 1
    assert f"cannot save to {path}" in no_traceback(capsys)


# -- Forty Thieves -----------------------------------------------------------------------------

FORTY_THIEVES = "FT1-N-AAAAAAB"


def test_forty_thieves_refusals_are_given_in_hindi() -> None:
    """Forty Thieves refusals (empty waste, wrong suit) print the library's Hindi reasons."""
    game = new_game(FORTY_THIEVES)
    pairs = (f"{a}-{b}" for a in range(1, 11) for b in range(1, 11) if a != b)
    wrong_suit = next(n for n in pairs if (r := game.check(n)) and r.reason == Reason.WRONG_SUIT)
    empty_waste = game.check("w-1")
    assert empty_waste is not None
    status, out = run(["play", FORTY_THIEVES, "--lang", "hi"], lines("w-1", wrong_suit))
    assert status == 0
    assert f"> w-1\n✗ {empty_waste.message_in('hi')}\n" in out
    assert f"> {wrong_suit}\n✗ {message(Reason.WRONG_SUIT, 'hi')}\n" in out
    assert printed_record(out, "hi")["moves"] == []


def test_forty_thieves_random_game_and_code() -> None:
    """``play --game forty-thieves`` and ``new forty-thieves`` deal Forty Thieves codes."""
    status, out = run(["play", "--game", "forty-thieves"], lines("d"))
    assert status == 0
    code = printed_record(out)["code"]
    assert code.startswith("FT1-N-")
    assert f"{code} · Forty Thieves (standard) · move 1 · score 0\n" in out
    assert run(["new", "forty_thieves"])[1].startswith("FT1-N-")


def test_forty_thieves_deal_shows_the_foundations() -> None:
    """``deal`` prints the Forty Thieves position as the library renders it."""
    game = new_game(FORTY_THIEVES)
    status, out = run(["deal", FORTY_THIEVES])
    assert (status, out) == (0, shown(game))
    assert "foundations: f1 ♠ f2 ♥ f3 ♦ f4 ♣ f5 ♠ f6 ♥ f7 ♦ f8 ♣\n" in out
    assert "stock: 64 cards · waste: empty\n" in out


# -- Scorpion ----------------------------------------------------------------------------------

SCORPION = "SC1-C-AAAAAAB"


def test_scorpion_refusals_are_given_in_hindi() -> None:
    """Scorpion refusals print Hindi reasons, the source's same-suit sentence verbatim."""
    game = new_game(SCORPION)
    tries = (f"{card}-{column}" for card in one_deck() for column in range(1, 8))
    other_suit = next(
        n for n in tries if (r := game.check(n)) and r.reason == Reason.SAME_SUIT_REQUIRED
    )
    status, out = run(["play", SCORPION, "--lang", "hi"], lines(other_suit, "r", "r"))
    assert status == 0
    assert f"> {other_suit}\n✗ नियम: पत्ते एक ही सूट के होने चाहिए\n" in out
    assert f"> r\n✗ {message(Reason.RESERVE_DEALT, 'hi')}\n" in out
    assert printed_record(out, "hi")["moves"] == ["r"]


def test_scorpion_deal_masks_the_face_down_cards() -> None:
    """The 12 face-down cards and the reserve are never shown."""
    game = new_game(SCORPION)
    position = game.to_dict()
    hidden = [*position["reserve"], *(c for column in position["columns"] for c in column["down"])]
    assert len(hidden) == 15
    status, out = run(["deal", SCORPION])
    assert (status, out) == (0, shown(game))
    assert out.startswith(f"{SCORPION} · Scorpion (classic) · move 0 · score 0\n")
    assert out.count("##") == 12
    words = set(out.split())
    assert not {Card.parse(card).unicode() for card in hidden} & words


def test_scorpion_random_game_and_code() -> None:
    """``play --game scorpion --variant flexible`` and ``new scorpion`` deal Scorpion codes."""
    status, out = run(["play", "--game", "scorpion", "--variant", "flexible"], lines("r"))
    assert status == 0
    code = printed_record(out)["code"]
    assert code.startswith("SC1-F-")
    assert f"{code} · Scorpion (flexible) · move 1 · score 0\n" in out
    assert run(["new", "scorpion"])[1].startswith("SC1-C-")


# A Scorpion game dealt from a code and won without undo, found by a search
# (the same record as tests/test_scorpion_properties.py).
SCORPION_WON = "SC1-F-AAAAAAA"
SCORPION_WON_RECORD = (
    "2C-1 3C-6 6D-4 7D-5 7S-5 9D-5 AC-6 JC-4 QH-4 QC-6 9C-4 7H-2 5H-6 9D-1 TC-5 8S-4 "
    "5D-2 JH-6 8D-5 3S-2 9S-3 AS-1 4H-6 2S-2 2D-3 3D-6 KC-4 4C-2 5C-1 QC-4 QS-6 4D-5 "
    "6H-6 TD-4 4S-1 6S-5 9S-1 KD-7 8D-4 8H-5 AD-6 6H-5 JD-3 KH-6 TC-4 TS-5 3S-1 3D-6 "
    "r 2H-3 3H-4 5C-1 5S-5 6C-3 7C-1 8H-2 8C-4 9H-5 JS-3 QD-7 KS-1 TD-7 TH-6 AS-1 "
    "AH-6"
)


def test_play_scorpion_to_a_win() -> None:
    """A scripted winning Scorpion game is announced as won with the library's score."""
    record = SCORPION_WON_RECORD.split()
    final = replay(SCORPION_WON, record)
    assert final.status == "won"
    status, out = run(["play", SCORPION_WON], lines(*record))
    assert status == 0
    assert f"move {final.moves} · score {final.score} · won\n" in out
    assert shown(final) in out
    assert f"You won! Final score: {final.score}." in out
    assert printed_record(out) == {"code": SCORPION_WON, "moves": record}


# -- deal and new ------------------------------------------------------------------------------


def test_deal_prints_the_position() -> None:
    """``deal CODE`` prints the header and the dealt position."""
    game = new_game("GO1-C-AAAAAAB")
    assert run(["deal", " go1-c-aaaaaab "]) == (0, shown(game))
    assert shown(game).startswith("GO1-C-AAAAAAB · Golf (classic) · move 0 · score 0\n")


@pytest.mark.parametrize(("variant", "letter"), [(None, "E"), ("easy", "E"), ("classic", "C")])
def test_new_prints_a_fresh_code(variant: str | None, letter: str) -> None:
    """``new golf`` prints a code of the asked variant (Easy by default)."""
    argv = ["new", "golf"] if variant is None else ["new", "golf", "--variant", variant]
    status, out = run(argv)
    assert status == 0
    code = parse_code(out)
    assert isinstance(code, GameCode)
    assert str(code) == out.strip()
    assert out.startswith(f"GO1-{letter}-")


@pytest.mark.parametrize(
    ("argv", "level"), [(["golf", "--variant", "classic"], 1), (["scorpion"], 0)]
)
def test_new_with_a_difficulty_prints_a_code_of_that_level(argv: list[str], level: int) -> None:
    """``new GAME --difficulty N`` prints only a code whose deal the solver rates N."""
    status, out = run(["new", *argv, "--difficulty", str(level)])
    assert status == 0
    code = parse_code(out)
    assert str(code) == out.strip()
    assert code.game == argv[0]
    assert solver.difficulty(code).level == level


def test_new_with_a_difficulty_says_when_none_is_found_in_time(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """When no deal of that difficulty turns up in time, ``new`` says so and exits with 1."""
    monkeypatch.setattr(solver, "DIFFICULTY_SECONDS", 0)
    status, out = run(["new", "golf", "--difficulty", "4"])
    assert (status, out) == (1, "")
    assert "no golf deal of difficulty 4 found: max_seconds=0 ran out" in capsys.readouterr().err


# -- bad command lines -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["play", "GO1-E-AAAAAA8"], "'GO1-E-AAAAAA8': The deal part of a game code holds only"),
        (["deal", "XX1-E-AAAAAAB"], "'XX1-E-AAAAAAB': A game code starts with the prefix of"),
        (["deal", "GO1-E"], "'GO1-E': A game code has the form PPP-V-XXXXXXX"),
        (["play", "--variant", "hard"], "'hard' is not a variant of any game (golf: easy,"),
        (["play", "--game", "golf", "--variant", "flexible"], "'flexible' is not a golf variant"),
        (["new", "golf", "--variant", "flexible"], "'flexible' is not a golf variant"),
        (["new", "golf", "--difficulty", "6"], "argument --difficulty: invalid choice: 6"),
        (["new", "golf", "--difficulty", "hard"], "--difficulty: invalid int value: 'hard'"),
        (["new", "golf", "--difficulty", "1", "--variant", "x"], "'x' is not a golf variant"),
        (["play", WINNABLE_GOLF, "--game", "golf"], "give either a CODE or --game/--variant"),
        (["play", "--game", "chess"], "unknown game 'chess'"),
        (["play", "--lang", "fr"], "invalid choice: 'fr'"),
        (["play", "--colour"], "unrecognized arguments: --colour"),
        (["shuffle"], "invalid choice: 'shuffle'"),
        ([], "the following arguments are required: COMMAND"),
        (["deal"], "the following arguments are required: CODE"),
    ],
)
def test_a_bad_command_line_exits_with_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], problem: str
) -> None:
    """A bad code, game, variant or option exits with status 2 and a clear message."""
    status, out = run(argv, lines("d"))
    assert (status, out) == (2, "")
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert problem in err


def test_version_goes_to_the_output() -> None:
    """``--version`` prints the library's version and exits with status 0."""
    assert run(["--version"]) == (0, f"patience-rules {patience_rules.__version__}\n")


def test_help_goes_to_the_output() -> None:
    """``--help`` prints the usage to the given output and exits with status 0."""
    status, out = run(["play", "--help"])
    assert status == 0
    assert out.startswith("usage: patience-rules play")


# -- colour ------------------------------------------------------------------------------------


class Terminal(io.StringIO):
    """An output stream that claims to be a terminal."""

    def isatty(self) -> bool:
        """Always a terminal."""
        return True


def test_colour_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal without NO_COLOR, hearts and diamonds are red and the header bold."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    out = Terminal()
    assert main(["deal", WINNABLE_GOLF], io.StringIO(), out) == 0
    assert "\x1b[1mGO1-E-AAAAAAF" in out.getvalue()
    assert "\x1b[31m10♥\x1b[0m" in out.getvalue()


def test_no_colour_with_no_color_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR turns colour off even on a terminal."""
    monkeypatch.setenv("NO_COLOR", "1")
    out = Terminal()
    assert main(["deal", WINNABLE_GOLF], io.StringIO(), out) == 0
    assert "\x1b[" not in out.getvalue()


def test_no_colour_when_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Output to a file or pipe has no escape codes."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert "\x1b[" not in run(["play", WINNABLE_GOLF], lines("d", "1", "u"))[1]


# -- python -m ---------------------------------------------------------------------------------


def test_python_m_plays_from_a_pipe() -> None:
    """``python -m patience_rules play`` reads piped moves and exits cleanly; bad codes fail."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"}
    played = subprocess.run(  # noqa: S603 - this interpreter, fixed arguments
        [sys.executable, "-m", "patience_rules", "play", WINNABLE_GOLF],
        input=lines("d", "q"),
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    )
    assert played.returncode == 0, played.stderr
    assert printed_record(played.stdout) == {"code": WINNABLE_GOLF, "moves": ["d"]}
    failed = subprocess.run(
        [sys.executable, "-m", "patience_rules", "deal", "nonsense"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    )
    assert failed.returncode == 2
    assert failed.stderr.startswith("patience-rules: 'nonsense': A game code has the form")
    assert "Traceback" not in failed.stderr


# -- the README --------------------------------------------------------------------------------


def transcripts(path: Path) -> list[str]:
    """The ``console`` blocks of *path* that show a ``patience-rules play`` session."""
    blocks = path.read_text("utf-8").split("```console\n$ patience-rules play ")[1:]
    return [block.split("```", 1)[0] for block in blocks]


def check_transcript(block: str) -> None:
    """The lines of *block* appear, in order, in what the client prints for its typed lines."""
    command, *shown = block.splitlines()
    typed = [line[2:] for line in shown if line.startswith("> ")]
    status, out = run(["play", *command.split()], lines(*typed))
    assert status == 0
    remaining = iter(out.splitlines())
    for line in shown:
        if line != "…":
            assert line in remaining, line


ROOT = Path(__file__).parent.parent


def test_the_readme_transcript_is_what_the_client_prints() -> None:
    """The README's session is real output: its lines appear, in order, when replayed."""
    (block,) = transcripts(ROOT / "README.md")
    check_transcript(block)


def test_the_client_pages_transcripts_are_what_the_client_prints() -> None:
    """Each session on the terminal client page, one per game and one in Hindi, is real."""
    blocks = transcripts(ROOT / "docs" / "cli.md")
    assert [block.split()[0][:2] for block in blocks] == ["GO", "FT", "SC", "GO"]
    for block in blocks:
        check_transcript(block)


def test_python_m_stops_quietly_when_the_reader_goes_away() -> None:
    """Output piped into a reader that stops early ends without a traceback."""
    reader = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.readline()"], stdin=subprocess.PIPE
    )
    assert reader.stdin is not None
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"}
    played = subprocess.run(  # noqa: S603 - this interpreter, fixed arguments
        [sys.executable, "-m", "patience_rules", "play", WINNABLE_GOLF],
        input=lines(*["d", "?", "u"] * 300),
        stdout=reader.stdin,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    )
    reader.stdin.close()
    reader.wait()
    assert played.returncode == 1
    assert played.stderr == ""
