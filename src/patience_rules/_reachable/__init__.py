"""What loading guarantees beyond a position's form: that play could have reached it.

A game module's ``from_dict`` checks what a position alone must satisfy.  This
package checks each position of a :class:`~patience_rules.Game` (its undo
history and the current one) against the rest of the game: the code's deal,
when the game has a code, and the move counter at that position, which is at
most the counter minus the actions played since.  One module per game does the
game's own checks.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Hashable
from typing import Any, cast

from patience_rules._reachable import forty_thieves, golf, scorpion
from patience_rules._rules import GameState, Rules
from patience_rules.codes import GameCode
from patience_rules.errors import InvalidPositionError

__all__ = ["check", "deal_of", "replayed"]

_CHECKS: dict[str, Callable[[Any, Any, int], None]] = {
    "golf": golf.check,
    "forty_thieves": forty_thieves.check,
    "scorpion": scorpion.check,
}
"""Each game's checks of one position: the position, the code's deal as :data:`_TABLES`
makes it (``None`` without a code), and the counter."""

_PROVED_CHECKS: dict[str, Callable[[Any, Any, int, Any], None]] = {
    "forty_thieves": forty_thieves.check,
}
"""The games whose checks also take what the game's check of a built position proved of
it against the deal (``game._check_built``; Forty Thieves: how many dealt cards each
column keeps in place), called as :data:`_CHECKS` with that proof after the counter."""

_TABLES: dict[str, Callable[[Any], object]] = {"scorpion": scorpion.Deal.of}
"""The games whose checks read the deal through tables, built once per deal (see
:func:`_tabled`); the others' checks take the dealt position itself."""


def check(  # noqa: PLR0913 - the checks' inputs, and what the caller knows of them
    rules: Rules[Any, Any],
    state: GameState,
    code: GameCode | None,
    moves: int,
    history: tuple[GameState, ...],
    *,
    replayed: bool = False,
    proof: object = None,
    dealt: GameState | None = None,
) -> None:
    """Check every position of a game against its code's deal and its counters.

    *history* is no longer than *moves*, and each of its positions leads to
    the next by one legal action (the caller has checked both).  Where each
    check survives a legal action (:func:`_survives`), the oldest position
    alone is checked: the others then pass too.  Where the history starts at the code's
    deal (:func:`_from_deal`), every position is one play reaches, and none is checked.
    Else the oldest and the current position alone are (:func:`_chained_ends`).
    *replayed*: the oldest position is
    one play reaches from the code's deal within its counter (:func:`replayed` said so), so of the
    deal's checks only the one that needs a counter of 0 to be the deal is made.
    *proof*: what the game's check of a built position proved of the oldest position
    against the code's deal (``None``: nothing), which its deal check takes
    (:data:`_PROVED_CHECKS`).  *dealt*: the code's deal, if the caller has it (``None``: it
    is looked up).

    Raises:
        InvalidPositionError: a position is inconsistent; the message says which.
    """
    tables = None
    if code is not None:
        if dealt is None:
            dealt = _deal(rules, code)
        if _from_deal(history, dealt):
            return
        # The tables' cache is a call with its key built (1,400 instructions, callgrind): only
        # for the games whose checks read tables.
        tables = (
            _tabled(cast("Hashable", rules), code.number, code.variant)
            if state.game in _TABLES
            else dealt
        )
    positions = (*history, state)
    indices = range(len(positions))
    if _survives(state.game, dealt=dealt is not None):
        indices = indices[:1]
    elif _chained_ends(history):
        indices = indices[:: len(history)]  # the oldest and the current position
    for index in indices:
        position = positions[index]
        later = len(history) - index
        try:
            _check_position(
                position,
                dealt,
                tables,
                moves - later,
                replayed=replayed and index == 0,
                proof=proof if index == 0 else None,
            )
        except InvalidPositionError as error:
            where = "the position" if later == 0 else f"history[{index}]"
            raise InvalidPositionError(f"{where}: {error}") from None


def _from_deal(history: tuple[GameState, ...], dealt: GameState) -> bool:
    """Whether *history* starts at the code's deal *dealt*: then every position passes.

    Proof.  The positions after the oldest each follow the one before by a legal
    action (the caller has checked it), so the *k*-th after the oldest is one play
    reaches from the deal in *k* actions; its counter is at least *k*, the oldest's
    being at least 0 (the history is no longer than the counter).  Every check
    refuses only a position that play cannot reach from the code's deal within its
    counter: each is a consequence of play (its proof is at the check), a lower bound
    on the actions a position took or something no action changes; and a check made
    with a larger counter than the actions taken refuses nothing more.  So every
    position passes every check, whatever the game and whichever checks it has, those
    added later too (each must hold for every position play reaches, or a saved game
    would not load).  A counter of 0 asks for the deal, which the oldest is.  ∎

    A game's history starts at the deal until it first holds more than
    :data:`~patience_rules.HISTORY_LIMIT` positions and drops the oldest; then
    Scorpion's checks with a code, which do not survive a legal action (see
    :func:`_survives`), run on the oldest and the current position (:func:`_chained_ends`).
    """
    return bool(history) and history[0] == dealt


def _chained_ends(history: tuple[GameState, ...]) -> bool:
    """Whether to check the oldest and the current position alone: for any history at all.

    Proof that the positions between add nothing play could not tell apart.  Each
    position follows the one before by a legal action (the caller has checked it), and
    the *k*-th after the oldest is checked with a counter *k* more than the oldest's.  If
    play reaches the oldest from the code's deal within its counter, it reaches the
    *k*-th within *k* actions more, so within its counter: every position between passes
    every check, as each check refuses only positions play cannot reach within their
    counter (see :func:`_from_deal`).  So a refused position between proves the oldest
    unreachable, though it passed its own checks (they are necessary conditions, not
    sufficient ones: a tampered position can pass them).  Checking the positions between
    would refuse some more such games, never one play reached; the current position, the
    one play goes on from, is still checked in full, with its refusal's message.  ∎

    So a game loads where checking every position would refuse it only when its oldest
    position passes but play cannot reach it, a position between is refused and the
    current one passes (``tests/test_loading_shortcuts.py`` holds one, from the code
    ``SC1-F-AAAACJG``).  The shortcut matters where the checks do not survive a legal
    action (:func:`_survives`: Scorpion with a code, past the history's limit), where it
    checks two positions of a hundred, each a walk of the deal's tables.
    """
    return len(history) > 0


def _survives(game: str, *, dealt: bool) -> bool:
    """Whether a position one legal action after one that passes the checks passes them too.

    With the move counter one more: the *k*-th position after the oldest is checked
    with the counter *k* more than the oldest, each action one move or none.  Then the
    oldest position's checks prove every later one's, and only it needs checking.  The
    proofs, each from the rules of the game's actions, hold for any position that passes,
    reached by play or not:

    * *The deal itself* (a counter of 0 asks for the code's deal): the oldest
      position's counter is at least 0, so every later one's is at least 1.
    * *Golf.*  The counter check (the waste above its dealt card is at most the
      counter): every action puts one card on the waste.  The deal check replays
      the waste from the deal: the replay of a position one action on is the
      earlier position's replay and that action, a legal one.
    * *Forty Thieves*, with a code or without.  The stock is the end of the dealt
      stock and the waste holds drawn cards in the order drawn: a draw takes the
      stock's first card onto the waste, a card move only takes the waste's top.
      Each column is its kept dealt cards, then cards built down by suit: a card
      leaves from the top, and arrives on the top card of its suit one rank higher
      or in an empty column (so the kept dealt cards only grow or lose their top).
      The counter check, ``drawn + max(on foundations + placed, drawn off the waste)``
      at most the counter: a draw adds 1 to *drawn* only; a card move adds 1 to the
      foundations or at most 1 to the cards placed above the kept dealt cards (or,
      without a code, above the fourth row), never both, takes nothing from the waste
      or one card, and leaves no count higher elsewhere: each side of the ``max``
      grows by at most 1.  The score check (between 10 per foundation card less
      5 per card that can have been taken back, and 10 per foundation card plus 5 per
      waste-to-column move that can have been made, with *c* card moves and *f*
      foundation cards: ``10f - 5⌊(c-f)/2⌋ ≤ score ≤ 10f + 5 min(off the waste, c-f)``):
      a draw changes neither side nor the score (*c* is the counter less the draws);
      a card onto a foundation adds 10 to the score and to the lower side, and at
      least 10 to the upper one (``c-f`` stays); waste to column adds 5 to the score
      and to the upper side and lowers the lower one; column to column raises the
      upper side and lowers the lower one; foundation to column takes 15 off the
      score (never below 0) and at most 10 off the upper side, which stays at least
      0.  The lower side (``_least_score``: 10 per foundation card and 5 per card
      drawn onto the columns, less what the spare moves allow) moves no more than
      the score: a draw changes nothing; a card up adds 10 to both (the card's own
      options go, a spare move comes); a card onto a column from the waste adds 5 at
      most to the count, and to the score; column to column adds a spare move or an
      option; a card taken back takes 10 and adds two spare moves or a spare move and
      an option, at least 15 in all.  The cards drawn onto the columns change only
      with the moved card's copies (the count is, card by card, the drawn copies off
      the waste less those on a foundation), and which cards can have gone up only
      grows, but for a card up, which leaves the ranks above it as they were.  The
      card placed back in its dealt column (a move more each) is the moved card, or
      the other copy of a card put on a foundation or placed, which then counts one
      less: the count grows by one at most, and a card that comes off the waste or a
      dealt place is never one (its other copy is on a foundation or placed, the
      dealt places of the card being its own and one left).
    * *Scorpion without a code* (the counter and score check alone): the score is
      exactly 5 per turned card, 100 per run and 5 per same-suit placement, so the
      placements it counts are the earlier ones and the new one if any (never fewer
      than 0 if they were not).  A
      card move places at most one card, turns at most two and removes at most one
      run, adding at most 1 to each of ``placements``, ``⌈(turned - 3 × reserve
      deals)/2⌉`` and ``runs - 3 × reserve deals``; the reserve deal adds 1 to the
      reserve deals and at most 3 turned cards and 3 runs, adding nothing to those
      three.
    * *Scorpion with a code* does not survive: its counter check counts the cards off
      their dealt places and the moves the reserve deal's columns needed, and one
      legal action can add one to each (a position that passes, one that play cannot
      reach, is in ``tests/test_loading_shortcuts.py``; its next position's bound is 2
      more).  The oldest and the current position are checked (:func:`_chained_ends`),
      unless the history starts at the deal (:func:`_from_deal`).  The face-down and
      reserve checks survive (face-down cards only turn from the top, the reserve only
      goes whole), but they are a small part of the cost and the counter check needs the
      whole walk anyway.
    """
    return game != "scorpion" or not dealt


def _deal(rules: Rules[Any, Any], code: GameCode) -> GameState:
    """The deal *code* names, kept for the next check of the same game (see :func:`_dealt`)."""
    # A game module is hashable, though the Rules protocol does not say so.
    return cast("GameState", _dealt(cast("Hashable", rules), code.number, code.variant))


def deal_of(rules: Rules[Any, Any], state: GameState, code: GameCode | None) -> GameState | None:
    """The deal of *code*, if it names a deal of *state*'s game and variant; else ``None``."""
    if code is None or code.game != state.game or code.variant is not state.variant:
        return None
    return _deal(rules, code)


@functools.lru_cache(maxsize=128)
def _dealt(rules: Any, number: int, variant: enum.Enum) -> Any:  # noqa: ANN401 - a game module
    """``rules.deal(number, variant)``, kept for the next check of the same game.

    A web back end loads the same game on every request, and dealing (the seeded shuffle)
    was a third of checking a ``Game(state, code, moves)``.  A deal is a frozen value, so
    sharing one is safe; 128 deals are at most a few hundred kilobytes.
    """
    return rules.deal(number, variant)


@functools.lru_cache(maxsize=128)
def _tabled(rules: Any, number: int, variant: enum.Enum) -> object:  # noqa: ANN401 - a game module
    """The deal of :func:`_dealt` as its game's checks read it (see :data:`_TABLES`).

    Kept like the deal: Scorpion's checks look cards up in tables of the deal, which
    were built again for every position of an undo history.  The tables are frozen
    values built from the deal alone, so sharing them is safe.
    """
    dealt = _dealt(rules, number, variant)
    make = _TABLES.get(dealt.game)
    return dealt if make is None else make(dealt)


def _check_position(  # noqa: PLR0913 - the position, its deal and what is known of it
    position: GameState,
    dealt: GameState | None,
    tables: object,
    counter: int,
    *,
    replayed: bool = False,
    proof: object = None,
) -> None:
    """Check one position, reached when the move counter was at most *counter*.

    *tables* is the deal *dealt* as the game's checks read it (see :data:`_TABLES`).
    *replayed*: the position is one play reaches from *dealt*, which the game's own deal
    checks then cannot refuse (they refuse only positions play cannot reach).  *proof*:
    what the game's check of a built position proved of it against *dealt*, or ``None``.
    """
    if dealt is not None and counter == 0 and position != dealt:
        raise InvalidPositionError("no move was played before it, but it is not the code's deal")
    tables = None if replayed else tables
    if proof is None:
        _CHECKS[position.game](position, tables, counter)
    else:
        _PROVED_CHECKS[position.game](position, tables, counter, proof)


def replayed(rules: Rules[Any, Any], state: GameState, code: GameCode | None, moves: int) -> bool:
    """Whether *state* is exactly a position play reaches from *code*'s deal, found cheaply.

    Within *moves* actions, where the game's own counter check does not tell it (Scorpion:
    see :func:`scorpion.replayed <patience_rules._reachable.scorpion.replayed>`).
    Then it passes every check of a position: ``from_dict`` reads back every position
    play reaches, and the deal checks refuse only positions play cannot reach.  Golf's
    deal check replays the position from the deal anyway, and its counter check, which
    still runs, counts the replay's actions exactly; Scorpion's replay is a direct line
    of play.  For Forty Thieves, and for anything that does not replay, the answer is no
    and the full checks decide.
    """
    replay = _REPLAYS.get(state.game)
    if replay is None or code is None or code.game != state.game:
        return False
    # A game module is hashable, though the Rules protocol does not say so.
    return replay(state, _tabled(cast("Hashable", rules), code.number, code.variant), moves)


def _golf_replayed(state: Any, dealt: Any, _moves: int) -> bool:  # noqa: ANN401 - Golf's
    """Golf's :func:`~patience_rules._reachable.golf.replayed`; the counter is checked after."""
    return golf.replayed(state, dealt)


_REPLAYS: dict[str, Callable[[Any, Any, int], bool]] = {
    "golf": _golf_replayed,
    "scorpion": scorpion.replayed,
}
"""The games whose positions :func:`replayed` replays from the deal (as :data:`_TABLES`
makes it), within the counter."""
