"""The whole client in Hindi: with ``--lang hi`` no line it prints is English.

A session drives the client through its help, bad arguments, bad codes,
``stats``, files it cannot read or write and games played to their end; every
line of standard output and standard error is checked twice: it holds no
English text of the catalogue (:func:`english_in`), and no Latin word that is
neither a word of the command line itself (an option, a choice, a metavar),
nor one of the few names Hindi keeps (``JSON``), nor typed by the player
(:func:`foreign_words`).
The same session in English must trip both checks at every step, so the
checks can fail.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import re
import string
from pathlib import Path
from typing import TYPE_CHECKING

import pexpect
import pytest

from patience_rules import _stats_command, new_game
from patience_rules.cli import _commands, main
from patience_rules.cli._parser import build_parser, requested_language
from patience_rules.cli._types import cli_name
from patience_rules.codes import GAMES, variant_of
from patience_rules.locales import en, text
from patience_rules.solver import SolverError
from test_cli import WINNABLE_GOLF, greedy, lines, win
from test_cli_table import replay
from test_cli_terminal import spawn

if TYPE_CHECKING:
    from collections.abc import Iterator

_PLACEHOLDER = re.compile(r"\{[a-z0-9_]+\}|%(?:\([a-z_]+\))?[rsd]")
_CODE = re.compile(r"\b[A-Z]{2}[0-9]-[A-Z]-[A-Z2-7]{1,7}\b")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_WORD = re.compile(r"[A-Za-z]+(?:[-_][A-Za-z]+)*")


def _pieces(template: str) -> set[str]:
    """The literal parts of *template* between its placeholders, stripped."""
    return {piece.strip() for piece in _PLACEHOLDER.split(template.replace("{{", "{"))}


def english_fragments() -> set[str]:
    """The literal parts of the English texts that hold a word."""
    return {
        piece
        for template in en.TEXTS.values()
        for piece in _pieces(template)
        if re.search(r"[A-Za-z]{3,}", piece)
    }


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text))


def command_line_values() -> set[str]:
    """What the player may type as a value: subcommands, choices, games and variants."""
    values = {cli_name(game) for game in GAMES}
    values |= {variant.value for game in GAMES for variant in type(variant_of(game))}
    parsers = [build_parser("hi")]
    while parsers:
        parser = parsers.pop()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                values |= set(action.choices)
                parsers += action.choices.values()
            elif action.choices:
                values |= {str(choice) for choice in action.choices}
    return values


def command_line_words() -> set[str]:
    """Every word of the command line itself: its values, options and metavars."""
    words = {"patience-rules"} | VALUES
    parsers = [build_parser("hi")]
    while parsers:
        parser = parsers.pop()
        for action in parser._actions:
            words |= {option.lstrip("-") for option in action.option_strings}
            words |= _words(str(action.metavar or ""))
            if isinstance(action, argparse._SubParsersAction):
                parsers += action.choices.values()
    return words


ENGLISH = english_fragments()
VALUES = command_line_values()
UNTRANSLATED = {"JSON", "SVG", "UTF", "NO_COLOR", "PPP-V-XXXXXXX", "A-Z"}
"""Names Hindi keeps: formats, an environment variable, the form and the letters of a code."""
ALLOWED = command_line_words() | UNTRANSLATED
_PATH = re.compile(r"\S*/\S*")
_OPTION = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*")
_VALUE = re.compile(rf"(?<![A-Za-z-])(?:{'|'.join(map(re.escape, VALUES))})(?![A-Za-z-])")


def _plain(line: str, typed: tuple[str, ...]) -> str:
    """*line* without what the player typed, quoted input, paths, codes, options and values.

    An option (``--seed``) or a value (``easy``) of the command line is written
    as the player types it, in Hindi too; a record's field path (``moves[3]``)
    as the JSON has it.
    """
    for part in sorted(typed, key=len, reverse=True):
        line = line.replace(part, " ")
    line = _QUOTED.sub(" ", line)
    line = _PATH.sub(" ", line)
    line = _OPTION.sub(" ", line)
    line = _CODE.sub(" ", line)
    line = _VALUE.sub(" ", line)
    return re.sub(r"moves\[\d+\]", " ", line)


def _bare(text: str, typed: tuple[str, ...] = ()) -> str:
    """*text* made plain (:func:`_plain`), its blanks made single spaces."""
    return " ".join(_plain(text, typed).split())


_BARE_ENGLISH = {
    fragment: re.compile(rf"(?<![A-Za-z]){re.escape(_bare(fragment))}(?![A-Za-z])")
    for fragment in ENGLISH
    if re.search(r"[A-Za-z]{3,}", _bare(fragment))
}
"""Each English fragment that is still English once plain, as a pattern of whole words."""


def english_in(line: str, typed: tuple[str, ...] = ()) -> set[str]:
    """The English catalogue fragments in *line*, made plain as the line is."""
    bare = _bare(line, typed)
    return {fragment for fragment, pattern in _BARE_ENGLISH.items() if pattern.search(bare)}


def foreign_words(line: str, typed: tuple[str, ...] = ()) -> set[str]:
    """The Latin words of *line* that Hindi mode has no reason to print."""
    return {word for word in _words(_plain(line, typed)) if len(word) > 2} - ALLOWED


def test_the_checks_find_english_and_pass_hindi() -> None:
    """English texts and words are found; Hindi, notation, options and typed input pass."""
    assert english_in("Final score: 10 after 2 moves.") >= {"Final score:", "after"}
    assert english_in("usage: patience-rules play") == {"usage:"}
    assert english_in("2/2 deals, 0.1 s") == {"deals,"}
    assert foreign_words("cannot save to /x: No such file or directory", ("/x",)) >= {"such"}
    hindi = "✗ 'x9': यह इस खेल की चाल नहीं है। सही चालों के लिए ? लिखें।"
    assert not english_in(hindi)
    assert not foreign_words(hindi)
    assert not foreign_words("प्रयोग: patience-rules play [-h] [--lang {en,hi}] [--no-color]")
    assert not foreign_words("saves/game.json में सहेजा गया।", ("saves/game.json",))


def test_every_catalogue_text_is_seen_by_the_checks() -> None:
    """Each English text with a word of its own gives a fragment the first check looks for."""
    for key, template in en.TEXTS.items():
        pieces = _pieces(template)
        words = {word for piece in pieces for word in re.findall(r"[A-Za-z]{3,}", piece)}
        if words - ALLOWED:
            assert pieces & _BARE_ENGLISH.keys(), key


Step = tuple[str, list[str], str, tuple[str, ...]]
"""A step of the session: its name, the command line, standard input, what the player typed."""


def session(folder: Path, lang: str) -> Iterator[Step]:
    """The steps of the session in *lang*, with files in *folder*."""
    record = folder / "record.json"
    record.write_text('{"code": "GO1-X-AAAAAAF", "moves": []}', "utf-8")
    broken = folder / "broken.json"
    broken.write_text("{oops", "utf-8")
    a_file = folder / "a-file"
    a_file.write_text("", "utf-8")
    saved = folder / "saved.json"
    missing = folder / "missing.json"
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    paths = tuple(str(path) for path in (record, broken, a_file, saved, missing, folder, fifo))
    won = win(new_game(WINNABLE_GOLF))
    assert won is not None
    stuck = [*["d"] * 16, *greedy(replay(WINNABLE_GOLF, ["d"] * 16), 35)]
    assert replay(WINNABLE_GOLF, stuck).status == "stuck"
    for command in ([], ["play"], ["deal"], ["new"], ["replay"], ["stats"], ["daily"], ["solve"]):
        yield f"help {command}", [*command, "--help", "--lang", lang], "", ()
    bad = {
        "no command": ["--lang", lang],
        "unknown command": ["--lang", lang, "shuffle"],
        "unknown option": ["play", "--lang", lang, "--colour"],
        "no code": ["deal", f"--lang={lang}"],
        "no value": ["play", "--save", "--lang", lang],
        "value to a flag": ["play", "--winnable=yes", "--la", lang],
        "ambiguous option": ["stats", "golf", "--m", "1", "--lang", lang],
        "unknown game": ["play", "--lang", lang, "--game", "chess"],
        "no whole number": ["stats", "golf", "--seed", "x", "--lang", lang],
        "not positive": ["stats", "golf", "--deals", "0", "--lang", lang],
        "no seconds": ["stats", "golf", "--max-seconds", "-1", "--lang", lang],
        "unknown variant": ["play", "--lang", lang, "--variant", "hard"],
        "stats variant": ["stats", "golf", "--variant", "flexible", "--lang", lang],
        "code and game": ["play", WINNABLE_GOLF, "--game", "golf", "--lang", lang],
    }
    typed = ("--colour",)
    for name, argv in bad.items():
        yield name, argv, "", typed
    for code in ["XX1-E-AAAAAAB", "GO1-X-AAAAAAB", "GO1-E-AAAAAA8", "GO1-E-AAAA", "nonsense"]:
        yield f"code {code}", ["deal", code, "--lang", lang], "", (code,)
    yield "code in a record", ["replay", str(record), "--lang", lang], "", paths
    yield "no JSON", ["replay", str(broken), "--lang", lang], "", paths
    stats = ["stats", "golf", "--deals", "2", "--seed", "1", "--workers", "1", "--lang", lang]
    yield "stats", [*stats, "--max-seconds", "5"], "", ()
    yield "stats unknown", [*stats, "--max-states", "1"], "", ()
    yield "no such file", ["replay", str(missing), "--lang", lang], "", paths
    yield "a folder", ["replay", str(folder), "--lang", lang], "", paths
    yield "save under a file", [
        "play", WINNABLE_GOLF, "--save", str(a_file / "game.json"), "--lang", lang
    ], "", paths
    for option, command in (("--save", "play"), ("--svg", "deal")):
        yield f"{command} to a FIFO", [
            command, WINNABLE_GOLF, option, str(fifo), "--lang", lang
        ], "", paths
    yield "picture under a file", [
        "deal", WINNABLE_GOLF, "--svg", str(a_file / "table.svg"), "--lang", lang
    ], "", paths
    moves = ("d", "?", "!", "x9", "9C", f"svg {a_file}/x.svg", "svg", "x" * 300, "u", "u", "u")
    yield "a game", ["play", WINNABLE_GOLF, "--save", str(saved), "--lang", lang], lines(
        *moves
    ), paths
    yield "the game again", ["play", "--save", str(saved)], lines("d"), paths
    yield "won", ["play", WINNABLE_GOLF, "--lang", lang], lines(*won), ()
    yield "stuck", ["play", WINNABLE_GOLF, "--lang", lang], lines(*stuck, "!"), ()
    yield "forty thieves", ["play", "FT1-N-AAAAAAC", "--lang", lang], lines(
        "d", "w-f", "1-f", "3", "?", "q"
    ), ()
    yield "scorpion", ["play", "SC1-C-AAAAAAB", "--lang", lang], lines("r", "?", "q"), ()
    yield "replay", ["replay", str(saved), "--lang", lang], "", paths
    yield "solve", ["solve", "SC1-C-EZRAYQR", "--lang", lang], "", ()
    yield "solve lost", ["solve", "GO1-C-AAAAAAA", "--lang", lang], "", ()
    unknown = ["solve", "FT1-N-AAAAAAB", "--max-seconds", "1e-9", "--lang", lang]
    yield "solve unknown", unknown, "", ()
    yield "daily", ["daily", "--date", "2026-12-02", "--lang", lang], lines("q"), ()
    yield "bad date", ["daily", "--date", "2026-02-30", "--lang", lang], "", ()


def typed_in(stdin: str, typed: tuple[str, ...]) -> tuple[str, ...]:
    """*typed* and the lines of *stdin* that the client echoes (those of more than two letters)."""
    return (*typed, *(line for line in stdin.splitlines() if len(line) > 2))


def printed(argv: list[str], stdin: str) -> list[str]:
    """The lines the client prints on standard output and standard error, records left out."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        main(argv, io.StringIO(stdin), out)
    return [
        line
        for line in (out.getvalue() + err.getvalue()).splitlines()
        if not line.startswith('{"format"')
    ]


def test_every_line_of_the_hindi_client_is_hindi(tmp_path: Path) -> None:
    """No line of the Hindi session is an English text of the catalogue or holds English."""
    for name, argv, stdin, typed_as_is in session(tmp_path, "hi"):
        output = printed(argv, stdin)
        assert output, name
        typed = typed_in(stdin, typed_as_is)
        for line in output:
            assert not english_in(line, typed), (name, line)
            assert not foreign_words(line, typed), (name, line)


def test_the_same_session_in_english_fails_the_checks(tmp_path: Path) -> None:
    """Every step of the session in English trips both checks: they can fail."""
    for name, argv, stdin, typed_as_is in session(tmp_path, "en"):
        output = printed(argv, stdin)
        typed = typed_in(stdin, typed_as_is)
        assert any(english_in(line, typed) for line in output), name
        assert any(foreign_words(line, typed) for line in output), name


def test_an_error_the_catalogue_has_no_text_for_names_the_file_and_the_systems_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An errno with no text of its own is given as the system says it, naming the file."""

    def cross_device(_path: Path, _game: object, **_options: object) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(_commands, "save_picture", cross_device)
    path = tmp_path / "table.svg"
    assert main(["deal", WINNABLE_GOLF, "--svg", str(path), "--lang", "hi"], stdout=io.StringIO())
    assert capsys.readouterr().err == (
        f"patience-rules: {path} में सहेजा नहीं जा सका: सिस्टम का संदेश: Invalid cross-device link\n"
    )


@pytest.mark.parametrize(
    ("argv", "lang"),
    [
        (["play", "--lang", "hi"], "hi"),
        (["--lang=hi", "play"], "hi"),
        (["--lan", "hi", "play", "--lang", "en"], "en"),
        (["play", "--lang", "fr"], "en"),
        (["play", "--", "--lang", "hi"], "en"),
        (["play", "--save", "hi"], "en"),
        (["play", "--lang"], "en"),
    ],
)
def test_the_language_is_read_before_the_command_line(argv: list[str], lang: str) -> None:
    """The last ``--lang`` (or a prefix argparse accepts) before ``--`` picks the language."""
    assert requested_language(argv) == lang


def test_lang_before_or_after_the_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang`` works on either side of the subcommand; after it, it wins."""
    for argv in (["--lang", "hi", "deal", WINNABLE_GOLF], ["deal", WINNABLE_GOLF, "--lang", "hi"]):
        out = io.StringIO()
        assert main(argv, stdout=out) == 0
        assert "गोल्फ़ (आसान)" in out.getvalue()
    out = io.StringIO()
    assert main(["--lang", "hi", "deal", WINNABLE_GOLF, "--lang", "en"], stdout=out) == 0
    assert "Golf (easy)" in out.getvalue()
    assert capsys.readouterr().err == ""


def test_argparse_is_itself_again_after_the_hindi_parser(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The Hindi parser lends argparse its texts only while it works: another parser is English."""
    assert main(["--lang", "hi"]) == 2
    assert "प्रयोग: patience-rules" in capsys.readouterr().err
    other = argparse.ArgumentParser(prog="other")
    assert other.format_usage() == "usage: other [-h]\n"


def test_stats_report_in_hindi_names_every_outcome() -> None:
    """The Hindi ``stats`` report gives the sample and each outcome in Hindi, the game as typed."""
    out = io.StringIO()
    argv = ["stats", "golf", "--deals", "2", "--seed", "1", "--workers", "1", "--max-states", "1"]
    with contextlib.redirect_stderr(io.StringIO()) as err:
        assert main([*argv, "--lang", "hi"], stdout=out) == 0
    report = out.getvalue().splitlines()
    assert report[0] == "golf easy: 2 बँटवारे (बीज 1), विधि auto"
    assert report[1] == "नतीजे: जीत 0, जीत असंभव 0, अज्ञात 2"
    assert report[3] == "  अज्ञात बँटवारे न जीते गए गिने गए हैं; सब जीते जाएँ तो अधिकतम 100.0%"
    assert err.getvalue().splitlines()[-1].startswith("2/2 बँटवारे, ")


def test_a_hindi_game_in_a_terminal() -> None:
    """In a pseudo-terminal, a Hindi game's every line (colour aside) is Hindi."""
    child = spawn("play", WINNABLE_GOLF, "--lang", "hi")
    child.logfile_read = io.StringIO()
    for move in ("d", "?", "x9", "u", "q"):
        child.expect_exact("> ")
        child.sendline(move)
    child.expect(pexpect.EOF)
    child.close()
    output = child.logfile_read.getvalue()
    assert child.exitstatus == 0
    typed = ("x9",)
    for line in re.sub(r"\x1b\[[0-9;]*m", "", output).splitlines():
        if not line.startswith('{"format"'):
            assert not english_in(line, typed), line
            assert not foreign_words(line, typed), line
    assert "सही चालें: d 7" in output
    assert text("final_score", "hi", score=0, moves=text("one_move", "hi")) in output


def test_the_placeholders_are_hindi_words() -> None:
    """In Hindi no line names FILE, CODE, GAME or COMMAND: the help, the prompt's texts, errors."""
    runs = [[*command, "--help"] for command in ([], ["play"], ["deal"], ["new"], ["replay"])]
    runs += [["stats", "--help"], ["deal"], [], ["play", WINNABLE_GOLF, "--game", "golf"]]
    shown = [line for argv in runs for line in printed([*argv, "--lang", "hi"], "")]
    shown += printed(["play", WINNABLE_GOLF, "--lang", "hi"], lines("?", "svg", "q"))
    assert "और: ! सुझाव, svg फ़ाइल चित्र सहेजता है, u वापस लें, q छोड़ें।" in shown
    assert "खेल का रिकॉर्ड (दोबारा चलाएँ: patience-rules replay फ़ाइल):" in shown
    for line in shown:
        assert not re.search(r"\b(?:FILE|CODE|GAME|COMMAND)\b", line), line


def test_the_placeholder_pattern_finds_every_field() -> None:
    """The pattern that splits texts into their parts sees every field str.format fills in."""
    for template in en.TEXTS.values():
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        assert {m[1:-1] for m in _PLACEHOLDER.findall(template) if m.startswith("{")} == names


def test_a_solvers_refusal_is_marked_as_the_solvers_own_words(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The solver words its refusals in English only: Hindi says whose words they are."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise SolverError("the golf solver has no 'gpu' method")

    monkeypatch.setattr(_stats_command, "solve_many", refuse)
    argv = ["stats", "golf", "--deals", "1", "--workers", "1", "--lang", "hi"]
    assert main(argv, stdout=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err == "patience-rules: सॉल्वर का संदेश: the golf solver has no 'gpu' method\n"


def commands_shown(page: Path) -> list[tuple[list[str], list[str]]]:
    """The commands other than ``play`` in the ``console`` blocks of *page*, with their lines."""
    shown = []
    for block in page.read_text("utf-8").split("```console\n")[1:]:
        for command in block.split("```", 1)[0].split("$ patience-rules ")[1:]:
            argv, *output = command.splitlines()
            if not argv.startswith("play "):
                shown.append((argv.split(), output))
    return shown


def test_the_hindi_commands_on_the_client_page_are_real(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each command the terminal client page shows prints its lines, in order."""
    monkeypatch.chdir(tmp_path)  # where missing.json is missing
    shown = commands_shown(Path(__file__).parent.parent / "docs" / "cli.md")
    assert len(shown) >= 5
    for argv, output in shown:
        remaining = iter(printed(argv, ""))
        for line in output:
            if line != "…":
                assert line in remaining, (argv, line)
