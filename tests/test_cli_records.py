"""The client's record loading: both record forms, and files that hold something else."""

import io
import json
from pathlib import Path

import pytest

from patience_rules import Game, new_game
from patience_rules.cli import main, read_record
from patience_rules.locales import text
from patience_rules.views import player_view

GOLF = "GO1-E-AAAAAAF"


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    """Run the client with *stdin*; return its status and standard output."""
    out = io.StringIO()
    status = main(argv, io.StringIO(stdin), out)
    return status, out.getvalue()


def started_game() -> Game:
    """A game loaded from a saved position and played on: it saves in the ``start`` form."""
    return Game.from_dict(new_game(GOLF).play("d").to_dict()).play("d").undo().play("d")


def replayed(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """``replay PATH``'s output, checked to succeed."""
    status, out = run(["replay", str(path)])
    assert status == 0, capsys.readouterr().err
    return out


def test_replay_reads_the_start_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record of a game built from a position replays to that game's score and counter."""
    game = started_game()
    record = game.to_record()
    assert "start" in record
    path = tmp_path / "started.json"
    path.write_text(json.dumps(record), "utf-8")
    out = replayed(path, capsys)
    assert out.splitlines()[-1] == f"Final score: {game.score} after {game.moves} moves (playing)."
    assert game.moves == 3
    assert read_record(json.dumps(record)) == (Game.from_dict(record["start"]), ("d", "u", "d"))


def test_play_goes_on_from_a_start_form_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --save`` of a start-form record resumes it and saves it in the same form."""
    path = tmp_path / "started.json"
    path.write_text(json.dumps(started_game().to_record()), "utf-8")
    status, _ = run(["play", "--save", str(path)], "d\nq\n")
    assert status == 0, capsys.readouterr().err
    saved = json.loads(path.read_text("utf-8"))
    assert saved["moves"] == ["d", "u", "d", "d"]
    assert saved["start"] == started_game().to_record()["start"]
    assert run(["play", GOLF, "--save", str(path)], "q\n")[0] == 0  # the start's own code
    assert run(["play", "GO1-E-AAAAAAB", "--save", str(path)], "q\n") == (2, "")
    assert "GO1-E-AAAAAAF" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (
            json.dumps(new_game(GOLF).to_dict()),
            ["saved game in the position format", "Game.from_dict()", "play --save"],
        ),
        (
            json.dumps(player_view(new_game(GOLF))),
            ["player view", "hidden cards are left out", "cannot be played on"],
        ),
        (
            json.dumps(new_game(GOLF).rules.to_dict(new_game(GOLF).state)),
            ["position without its game", "from_dict()"],
        ),
        (" go1-e-aaaaaaf\n", ["this is a game code", "patience-rules play GO1-E-AAAAAAF"]),
        ("moves: d, d", ["not a JSON game record", "line 1, column 1", "play --save"]),
        ('{"format": 1, "moves": []}', ["neither a 'code' field", "nor a 'start' field"]),
        (
            json.dumps({"code": GOLF, "start": {}, "moves": []}),
            ["a 'code' or a 'start' field, not both"],
        ),
        (json.dumps({"start": {"format": 1}, "moves": []}), ["field 'start': missing field"]),
    ],
    ids=["saved game", "view", "position", "code", "not json", "no start", "both", "bad start"],
)
def test_replay_says_what_a_file_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, words: list[str]
) -> None:
    """A file holding another kind of save, or no JSON, is refused saying what it is."""
    path = tmp_path / "file.json"
    path.write_text(content, "utf-8")
    assert run(["replay", str(path)]) == (1, "")
    err = capsys.readouterr().err
    assert "Traceback" not in err
    for word in words:
        assert word in err


def test_replay_help_describes_both_forms() -> None:
    """The help of ``replay`` names the code form and the start form, in every language."""
    for lang in ("en", "hi"):
        description = text("help_replay_description", lang, limit=1)
        assert '"code": ' in description
        assert '"start": {...}, "moves"' in description
        assert "play --save" in description
