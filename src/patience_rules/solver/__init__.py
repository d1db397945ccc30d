"""Exact solvers for the games, hints and live winnability built on them, winnable deals.

One interface for every game with a solver (:data:`SOLVABLE_GAMES`): pass a
:class:`~patience_rules.Game` or a ``State`` and the solver of its game
answers.  The solvers see everything — the order of Golf's and Forty
Thieves' stock, Scorpion's face-down cards and reserve (a perfect
information search) — and are exact:
:attr:`Outcome.WIN` comes with a line of moves that wins,
:attr:`Outcome.NO_WIN` is a proof that no line wins from the position, and
:attr:`Outcome.UNKNOWN` only means that the caller's budget (states explored
and/or seconds) ran out first.

>>> from patience_rules import new_game, solver
>>> solution = solver.solve(new_game("GO1-E-AAAAAAB"))
>>> solution.outcome
<Outcome.WIN: 'win'>
>>> game = new_game("GO1-E-AAAAAAB")
>>> for move in solution.line:
...     game = game.play(move)
>>> game.status
<Status.WON: 'won'>

Golf has two engines that give the same answers: a depth-first search in
plain Python, which finds easy wins quickly, and a sweep with numpy (the
optional ``patience-rules[solver]`` extra), one board card at a time, that
first runs as a beam to find wins and then, if it had to cut, exactly.  The
default, ``method="auto"``, tries the first with a small budget and then
runs the second when numpy is installed.

Every call can be bounded and stopped: *max_seconds* bounds its wall time,
and *cancel*, any event-like object with ``is_set()`` such as a
:class:`threading.Event`, stops it from another thread within a few
hundredths of a second (see :doc:`/solving`, "Deadlines and cancellation").
"""

from __future__ import annotations

import concurrent.futures
import datetime as dt
import enum
import secrets
import time
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, overload

import attrs

from patience_rules import forty_thieves, golf, scorpion
from patience_rules.codes import DEALS, GameCode, parse_code, variant_of
from patience_rules.errors import IllegalMoveError, InvalidCodeError
from patience_rules.game import Game, rules_of
from patience_rules.solver import (
    _daily,
    _difficulty,
    _fair,
    _forty_thieves,
    _golf,
    _many,
    _scorpion,
    _winnable,
)
from patience_rules.solver._base import (
    Budget,
    CancelSignal,
    Engine,
    OutOfBudgetError,
    SolverError,
    check_attempts,
    check_budget,
    check_cancel,
    check_count,
    check_seconds,
    shown,
)
from patience_rules.solver._fair import FAIR_WORLDS, MAX_WORLDS, FairHint, FairVerdict, MoveChance
from patience_rules.solver._playback import Step, playback

if TYPE_CHECKING:
    import random
    from collections.abc import Iterable, Iterator

__all__ = [
    "DIFFICULTY_LEVELS",
    "DIFFICULTY_SECONDS",
    "FAIR_SECONDS",
    "FAIR_WORLDS",
    "HINT_STATES",
    "MAX_WORLDS",
    "METHODS",
    "SOLVABLE_GAMES",
    "WINNABLE_SECONDS",
    "CancelSignal",
    "Difficulty",
    "FairHint",
    "FairVerdict",
    "MoveChance",
    "MoveVerdict",
    "Outcome",
    "Solution",
    "SolverError",
    "Step",
    "daily_deal",
    "deal_of_difficulty",
    "difficulty",
    "fair_hint",
    "fair_judge_move",
    "has_numpy",
    "hint",
    "judge_move",
    "playback",
    "solve",
    "solve_code",
    "solve_many",
    "supports",
    "winnability",
    "winnable_deal",
]

METHODS = ("auto", "python", "numpy")
"""The solver engines :func:`solve` accepts (``"numpy"`` is Golf's only)."""

HINT_STATES = 500_000
"""The default number of states :func:`hint` lets the solver explore."""

WINNABLE_SECONDS = 5.0
"""The default time :func:`winnable_deal` may take, all its attempts included."""

DIFFICULTY_LEVELS = _difficulty.LEVELS
"""The levels of :class:`Difficulty`: 0 (no win found), then 1 (easiest) to 5 (hardest)."""

DIFFICULTY_SECONDS = 10.0
"""The default time :func:`deal_of_difficulty` may take, every deal it rates included."""

FAIR_SECONDS = 2.0
"""The default time :func:`fair_hint` and :func:`fair_judge_move` may take, all worlds included."""

_ENGINES: dict[str, Engine] = {
    engine.game: engine for engine in (_golf.ENGINE, _forty_thieves.ENGINE, _scorpion.ENGINE)
}
_STATES: dict[str, type] = {
    "golf": golf.State,
    "forty_thieves": forty_thieves.State,
    "scorpion": scorpion.State,
}

SOLVABLE_GAMES: tuple[str, ...] = tuple(_ENGINES)
"""The games the solver plays, named as in ``State.game`` and :class:`~patience_rules.GameCode`."""

has_numpy = _golf.has_numpy

_M_co = TypeVar("_M_co", covariant=True)
_GolfPosition = golf.State | Game[golf.State, golf.Move]
_FortyThievesPosition = forty_thieves.State | Game[forty_thieves.State, forty_thieves.Move]
_ScorpionPosition = scorpion.State | Game[scorpion.State, scorpion.Move]


class Outcome(str, enum.Enum):
    """What the solver found.  Compares equal to its value, e.g. ``"win"``."""

    WIN = "win"
    """A winning line exists; :attr:`Solution.line` is one."""
    NO_WIN = "no_win"
    """No line of play wins from the position, and that is proved."""
    UNKNOWN = "unknown"
    """The budget ran out (or the call was cancelled) before the search could tell."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class Solution(Generic[_M_co]):
    """The solver's answer, typed by the moves of its game (``Solution[golf.Move]``, …).

    *outcome* says what was found; *line* is a winning sequence of moves when
    the outcome is :attr:`Outcome.WIN` (empty when the game is already won)
    and empty otherwise; *states* counts the states the search explored;
    *seconds* is the time it took (not compared by ``==``).

    The line may name hidden cards: the solver sees every card, so a
    winning line can move a card that is still face down or in the stock.
    Show it when the player gives up, not move by move to a client that
    must not learn the deal.
    """

    outcome: Outcome
    line: tuple[_M_co, ...] = ()
    states: int = 0
    seconds: float = attrs.field(default=0.0, eq=False)


@attrs.frozen
class MoveVerdict(Generic[_M_co]):
    """Whether a move lost a winnable game: :func:`judge_move`'s answer, proved or unknown.

    *move* is the move played (as the game's ``legal_moves`` lists it),
    *before* and *after* the exact outcomes of the position before and after
    it, *states* the states the searches explored, *seconds* the time taken
    (not compared by ``==``).  :attr:`lost` reads them.

    Names no card.  Like :func:`winnability`, it is decided knowing every
    hidden card; it tells the player no more than the status line would
    before and after the move.
    """

    move: _M_co
    before: Outcome
    after: Outcome
    states: int = 0
    seconds: float = attrs.field(default=0.0, eq=False)

    @property
    def lost(self) -> bool | None:
        """``True``: winnable before, lost after (both proved); ``None``: unknown.

        ``False`` when the game is still winnable after the move, or was
        already lost before it; ``None`` when either side is unknown within
        the budget (an unknown stays unknown, never a "yes").
        """
        if self.after is Outcome.WIN or self.before is Outcome.NO_WIN:
            return False
        if self.before is Outcome.WIN and self.after is Outcome.NO_WIN:
            return True
        return None


def supports(position: object) -> bool:
    """Whether the solver plays *position*'s game: a game name, a ``State`` or a ``Game``.

    Names no card.

    >>> from patience_rules import new_game
    >>> supports("golf"), supports(new_game("FT1-N-AAAAAAB")), supports("chess")
    (True, True, False)
    """
    if isinstance(position, Game):
        position = position.state
    game = position if isinstance(position, str) else getattr(type(position), "game", None)
    return game in _ENGINES


def _engine_of(position: object) -> tuple[Engine, Any]:
    """The engine of *position*'s game and its checked state."""
    if isinstance(position, Game):
        position = position.state
    for game, state_type in _STATES.items():
        if isinstance(position, state_type):
            engine = _ENGINES[game]
            return engine, engine.position(position)
    raise SolverError(
        f"{type(position).__name__} is not a position the solver plays: "
        f"a State or a Game of {', '.join(_ENGINES)}"
    )


def _check_method(engine: Engine, method: object) -> None:
    if not isinstance(method, str) or method not in METHODS:
        raise SolverError(
            f"unknown solver method {shown(method)} (expected one of {', '.join(METHODS)})"
        )
    if method not in engine.methods:
        raise SolverError(
            f"the {engine.game} solver has no {method!r} method "
            f"(expected one of {', '.join(engine.methods)})"
        )
    if method == "numpy" and not _golf.has_numpy():
        raise SolverError("method 'numpy' needs numpy: pip install 'patience-rules[solver]'")


@overload
def solve(
    position: _GolfPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    method: str = ...,
    cancel: CancelSignal | None = ...,
) -> Solution[golf.Move]: ...
@overload
def solve(
    position: _FortyThievesPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    method: str = ...,
    cancel: CancelSignal | None = ...,
) -> Solution[forty_thieves.Move]: ...
@overload
def solve(
    position: _ScorpionPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    method: str = ...,
    cancel: CancelSignal | None = ...,
) -> Solution[scorpion.Move]: ...
def solve(
    position: object,
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
    cancel: CancelSignal | None = None,
) -> Solution[golf.Move | forty_thieves.Move | scorpion.Move]:
    """Solve *position* exactly: a ``State`` or a :class:`~patience_rules.Game`.

    *max_states* and *max_seconds* bound the search (``None``: no bound);
    *max_seconds* bounds the whole call, counted from the call.  When either
    runs out, or *cancel* (an event-like object, see :class:`CancelSignal`)
    is set from another thread, the outcome is :attr:`Outcome.UNKNOWN`
    within a few hundredths of a second.  *method* is one of :data:`METHODS`
    that the game's solver has.  Any position can be solved, not only a
    fresh deal; a won position gives ``WIN`` with an empty line, a stuck one
    ``NO_WIN``.  Not player-safe: the line may name hidden cards (the solver
    sees every card), so solving a game in progress is an analysis tool, to
    show the player who asks how it could still be won (:func:`playback`
    steps through the line), not a hint that keeps the hidden cards hidden.

    >>> from patience_rules import golf
    >>> solve(golf.deal(2, golf.Variant.CLASSIC), method="python").outcome
    <Outcome.WIN: 'win'>
    >>> solve(golf.deal(0, golf.Variant.CLASSIC)).outcome
    <Outcome.NO_WIN: 'no_win'>
    >>> solve(golf.deal(15, golf.Variant.CLASSIC), max_states=100).outcome
    <Outcome.UNKNOWN: 'unknown'>

    Raises:
        SolverError: *position* is not a position of a game in
            :data:`SOLVABLE_GAMES` (or one built past the rules' limits, such
            as a Golf column of more than 5 cards), or a budget, *cancel* or
            the method is invalid; the message names the argument.
    """
    budget = _budget(max_states, max_seconds, cancel)
    engine, state = _engine_of(position)
    _check_method(engine, method)
    return _solve(engine, state, budget, method)


def _budget(max_states: object, max_seconds: object, cancel: object) -> Budget:
    """The call's budget, checked; its clock starts now."""
    states, seconds = check_budget(max_states, max_seconds)
    return Budget.start(states, seconds, check_cancel(cancel))


def _solve(
    engine: Engine,
    state: Any,  # noqa: ANN401 - the engine's State
    budget: Budget,
    method: str,
) -> Solution[golf.Move | forty_thieves.Move | scorpion.Move]:
    started = time.perf_counter()
    try:
        budget.check_clock()
        line = engine.search(state, budget, method)
    except OutOfBudgetError:
        return Solution(Outcome.UNKNOWN, (), budget.states, time.perf_counter() - started)
    outcome = Outcome.NO_WIN if line is None else Outcome.WIN
    return Solution(outcome, line or (), budget.states, time.perf_counter() - started)


@overload
def hint(
    position: _GolfPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> golf.Move | None: ...
@overload
def hint(
    position: _FortyThievesPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> forty_thieves.Move | None: ...
@overload
def hint(
    position: _ScorpionPosition,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> scorpion.Move | None: ...
def hint(
    position: object,
    *,
    max_states: int | None = HINT_STATES,
    max_seconds: float | None = 0.5,
    cancel: CancelSignal | None = None,
) -> golf.Move | forty_thieves.Move | scorpion.Move | None:
    """A good next move for *position*, or ``None`` when there is nothing left to play.

    The first move of a winning line when the solver finds one within the
    budget (by default :data:`HINT_STATES` states or half a second, the
    whole call) and before *cancel* is set; otherwise the game's heuristic
    move — Golf: play the exposed card of the tallest column that fits (the
    leftmost on a tie), else draw.  The move may name a hidden card: the
    solver knows the stock's order and Scorpion's face-down cards, though a
    move of a face-up card or a draw shows no more than the player sees.

    >>> from patience_rules import new_game
    >>> hint(new_game("GO1-E-AAAAAAB"))
    PlayColumn(column=7)

    Raises:
        SolverError: *position* is not one the solver plays (see :func:`solve`),
            or a budget or *cancel* is invalid.
    """
    budget = _budget(max_states, max_seconds, cancel)
    engine, state = _engine_of(position)
    solution = _solve(engine, state, budget, "auto")
    if solution.line:
        return solution.line[0]
    return engine.heuristic_move(state)


def _check_seed(seed: object) -> int:
    number = check_count("seed", seed)
    if number >= 1 << 64:
        raise SolverError(f"seed must be an integer from 0 to 2**64 - 1, not {shown(seed)}")
    return number


def _check_worlds(worlds: object) -> int:
    count = check_count("worlds", worlds, least=1)
    if count > MAX_WORLDS:
        raise SolverError(f"worlds must be at most {MAX_WORLDS}, not {shown(worlds)}")
    return count


@overload
def fair_hint(
    position: _GolfPosition,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairHint[golf.Move]: ...
@overload
def fair_hint(
    position: _FortyThievesPosition,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairHint[forty_thieves.Move]: ...
@overload
def fair_hint(
    position: _ScorpionPosition,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairHint[scorpion.Move]: ...
def fair_hint(  # noqa: PLR0913 - keyword-only options
    position: object,
    *,
    worlds: int = FAIR_WORLDS,
    seed: int = 0,
    max_states: int | None = None,
    max_seconds: float | None = FAIR_SECONDS,
    cancel: CancelSignal | None = None,
) -> FairHint[golf.Move | forty_thieves.Move | scorpion.Move]:
    """A hint that knows only what the player knows, with each move's chance of winning.

    The hidden cards (Golf's and Forty Thieves' stock, Scorpion's face-down
    cards and reserve) are dealt back into their places at random *worlds*
    times, repeatably from *seed* (the library's own generator, see
    :mod:`patience_rules.shuffle`); each world is solved within an equal
    share of the budget, and every legal move scores the worlds in which it
    still wins.  The recommended move wins in the most of them.  An
    estimated chance counts an unknown world as not won
    (:attr:`MoveChance.chance`, a lower bound; :attr:`MoveChance.chance_at_most`
    counts it as won).  With nothing hidden there is one world, the position.

    *max_states* and *max_seconds* bound the whole call, every world
    included; once either runs out, or *cancel* is set, the worlds not yet
    solved count as unknown for every move.  With *max_seconds* the counts
    depend on the machine's speed; with only *max_states* they do not.

    The chance is that of a player who sees every card after this move, in
    a world the player cannot tell from the real one: it estimates from
    above what a player who does not see them can win.

    Player-safe: the hint never names a hidden card, and it is the same
    (move, chances and all) however the hidden cards lie, since the worlds
    are dealt from the hidden cards sorted and the real position is never
    solved.

    >>> from patience_rules import replay
    >>> moves = "7 1 3 3 2 2 1 d d 4 6 4 2 5 5 7 7 3 d 6 2 7 7 3 d d 2 d 5 4 d d d"
    >>> game = replay("GO1-E-AAAAAAB", moves.split())   # 9♥ fits the waste's 8♦
    >>> fair = fair_hint(game, seed=1, max_seconds=None)
    >>> fair.move, fair.worlds, fair.chance
    (PlayColumn(column=5), 16, 1.0)
    >>> [(str(c.move), c.wins, c.losses, c.unknown) for c in fair.chances]
    [('5', 16, 0, 0), ('d', 0, 16, 0)]

    Raises:
        SolverError: *position* is not one the solver plays, or *worlds*,
            *seed*, a budget or *cancel* is invalid; the message names it.
    """
    budget = _budget(max_states, max_seconds, cancel)
    count = _check_worlds(worlds)
    start = _check_seed(seed)
    engine, state = _engine_of(position)
    moves = rules_of(engine.game).legal_moves(state)
    return _fair.estimate(engine, state, moves, count=count, seed=start, budget=budget)


def _played(engine: Engine, state: Any, move: object) -> tuple[Any, Any]:  # noqa: ANN401 - any engine's state
    """*move* in *state* as ``legal_moves`` lists it, and the state after it.

    Raises:
        InvalidNotationError: *move* is not a move of the game.
        IllegalMoveError: the rules refuse it.
    """
    rules = rules_of(engine.game)
    chosen = rules.to_move(state, move)
    refusal = rules.refusal(state, chosen)
    if refusal is not None:
        raise IllegalMoveError(refusal, f"move {str(chosen)!r}")
    after = rules.apply(state, chosen)
    listed = (legal for legal in rules.legal_moves(state) if rules.apply(state, legal) == after)
    return next(listed, chosen), after


@overload
def judge_move(
    position: _GolfPosition,
    move: golf.Move | str,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> MoveVerdict[golf.Move]: ...
@overload
def judge_move(
    position: _FortyThievesPosition,
    move: forty_thieves.Move | str,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> MoveVerdict[forty_thieves.Move]: ...
@overload
def judge_move(
    position: _ScorpionPosition,
    move: scorpion.Move | str,
    *,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> MoveVerdict[scorpion.Move]: ...
def judge_move(
    position: object,
    move: object,
    *,
    max_states: int | None = None,
    max_seconds: float | None = 0.5,
    cancel: CancelSignal | None = None,
) -> MoveVerdict[golf.Move | forty_thieves.Move | scorpion.Move]:
    """Whether *move*, played in *position*, turned a winnable game into a lost one.

    The position after the move is solved first, within half the budget: if
    it is still winnable, so was the position before.  Otherwise the
    position before is solved with what is left; a position lost before a
    move is lost after it too.  :attr:`MoveVerdict.lost` is ``True`` only
    when both sides are proved; an unknown side leaves it ``None``.  The
    budget (half a second by default) and *cancel* bound the whole call.

    It names no move that would have kept the win, on purpose: the solver
    would pick that move seeing the hidden cards, and a player who can undo
    would play it with their help (a move of face-up cards that only the
    stock's order or a face-down card makes good).  The move that would
    have kept the player's chance, chosen from what they can see, is
    :func:`fair_judge_move`'s :attr:`FairVerdict.keeper`.

    Names no card, like :func:`winnability`, and is decided knowing every
    hidden card.

    >>> from patience_rules import replay
    >>> moves = "7 1 3 3 2 2 1 d d 4 6 4 2 5 5 7 7 3 d 6 2 7 7 3 d d 2 d 5 4 d d d"
    >>> game = replay("GO1-E-AAAAAAB", moves.split())
    >>> verdict = judge_move(game, "d")
    >>> verdict.before, verdict.after, verdict.lost
    (<Outcome.WIN: 'win'>, <Outcome.NO_WIN: 'no_win'>, True)
    >>> judge_move(game, "5").lost
    False

    Raises:
        SolverError: *position* is not one the solver plays, or a budget or
            *cancel* is invalid.
        InvalidNotationError: *move* is not a move of the game.
        IllegalMoveError: the rules refuse *move* in *position*.
    """
    budget = _budget(max_states, max_seconds, cancel)
    engine, state = _engine_of(position)
    chosen, later = _played(engine, state, move)
    started = time.perf_counter()
    share = budget.share(2)
    after = _solve(engine, later, share, "auto").outcome
    budget.take(share)
    before = Outcome.WIN
    if after is not Outcome.WIN:
        share = budget.share(1)
        before = _solve(engine, state, share, "auto").outcome
        budget.take(share)
        if before is Outcome.NO_WIN:
            after = Outcome.NO_WIN
    return MoveVerdict(chosen, before, after, budget.states, time.perf_counter() - started)


@overload
def fair_judge_move(
    position: _GolfPosition,
    move: golf.Move | str,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairVerdict[golf.Move]: ...
@overload
def fair_judge_move(
    position: _FortyThievesPosition,
    move: forty_thieves.Move | str,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairVerdict[forty_thieves.Move]: ...
@overload
def fair_judge_move(
    position: _ScorpionPosition,
    move: scorpion.Move | str,
    *,
    worlds: int = ...,
    seed: int = ...,
    max_states: int | None = ...,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> FairVerdict[scorpion.Move]: ...
def fair_judge_move(  # noqa: PLR0913 - keyword-only options
    position: object,
    move: object,
    *,
    worlds: int = FAIR_WORLDS,
    seed: int = 0,
    max_states: int | None = None,
    max_seconds: float | None = FAIR_SECONDS,
    cancel: CancelSignal | None = None,
) -> FairVerdict[golf.Move | forty_thieves.Move | scorpion.Move]:
    """How much *move*, played in *position*, lowered the chance of winning, as the player sees it.

    The :func:`fair_hint` of *position* (same arguments, same worlds) and
    the played move's chances in those worlds: :attr:`FairVerdict.lowered_by`
    is how far it fell short of the hint's move, and
    :attr:`FairVerdict.keeper` the move that would have kept the higher
    chance (``None`` when the move played was as good).

    Player-safe, as :func:`fair_hint` is: nothing in it names a hidden card
    or depends on where the hidden cards lie.

    >>> from patience_rules import replay
    >>> moves = "7 1 3 3 2 2 1 d d 4 6 4 2 5 5 7 7 3 d 6 2 7 7 3 d d 2 d 5 4 d d d"
    >>> review = fair_judge_move(replay("GO1-E-AAAAAAB", moves.split()), "d", max_seconds=None)
    >>> review.chance_before, review.chance_after, review.lowered_by, review.keeper
    (1.0, 0.0, 1.0, PlayColumn(column=5))

    Raises:
        SolverError: *position* is not one the solver plays, or *worlds*,
            *seed*, a budget or *cancel* is invalid.
        InvalidNotationError: *move* is not a move of the game.
        IllegalMoveError: the rules refuse *move* in *position*.
    """
    engine, state = _engine_of(position)
    chosen, _after = _played(engine, state, move)
    hint = fair_hint(
        state,
        worlds=worlds,
        seed=seed,
        max_states=max_states,
        max_seconds=max_seconds,
        cancel=cancel,
    )
    return FairVerdict(hint, hint.chance_of(chosen))


def winnability(
    position: _GolfPosition | _FortyThievesPosition | _ScorpionPosition,
    *,
    max_seconds: float | None = 0.5,
    max_states: int | None = None,
    cancel: CancelSignal | None = None,
) -> Outcome:
    """Whether *position* can still be won: the status line a UI shows after each move.

    :attr:`Outcome.WIN` "still winnable", :attr:`Outcome.NO_WIN` "no longer
    winnable" (proved), :attr:`Outcome.UNKNOWN` "can't tell" within the
    budget (half a second by default, the whole call) or because *cancel*
    was set.  A won game is ``WIN``.  The outcome names no card, but it is
    decided knowing every hidden card (see :doc:`/solving`).

    >>> from patience_rules import new_game
    >>> game = new_game("GO1-C-AAAAAAA")
    >>> winnability(game)
    <Outcome.NO_WIN: 'no_win'>

    Raises:
        SolverError: *position* is not one the solver plays, or a budget or
            *cancel* is invalid.
    """
    return solve(position, max_states=max_states, max_seconds=max_seconds, cancel=cancel).outcome


def _code_of(code: object) -> tuple[Engine, GameCode]:
    if not isinstance(code, GameCode | str):
        raise SolverError(f"a game code is a str or a GameCode, not {type(code).__name__}")
    try:
        parsed = code if isinstance(code, GameCode) else parse_code(code)
    except InvalidCodeError as error:
        raise SolverError(str(error)) from None
    return _ENGINES[parsed.game], parsed


def solve_code(
    code: GameCode | str,
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
    cancel: CancelSignal | None = None,
) -> Solution[golf.Move | forty_thieves.Move | scorpion.Move]:
    """Solve the deal of *code*; the arguments are :func:`solve`'s.

    The line may name hidden cards, as :func:`solve`'s does.

    >>> solve_code("GO1-C-AAAAAAA").outcome
    <Outcome.NO_WIN: 'no_win'>

    Raises:
        SolverError: *code* is malformed or not a code of a game in
            :data:`SOLVABLE_GAMES`, or a budget, *cancel* or the method is invalid.
    """
    budget = _budget(max_states, max_seconds, cancel)
    engine, parsed = _code_of(code)
    _check_method(engine, method)
    state = engine.deal(parsed.number, parsed.variant)
    return _solve(engine, state, budget, method)


def solve_many(  # noqa: PLR0913 - keyword-only budgets and options, as solve's
    codes: Iterable[GameCode | str],
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    method: str = "auto",
    executor: concurrent.futures.Executor | None = None,
    timeout: float | None = None,
    cancel: CancelSignal | None = None,
) -> Iterator[Solution[golf.Move | forty_thieves.Move | scorpion.Move]]:
    """Solve many deals, in parallel; yields each code's :class:`Solution` in order.

    The work goes to *executor*, any :class:`concurrent.futures.Executor`:
    by default a :class:`~concurrent.futures.ProcessPoolExecutor` with one
    process per CPU, created and shut down here; pass a Dask or Ray executor
    to spread the work over a cluster (it must be able to import
    ``patience_rules``).  *max_states* and *max_seconds* apply to each deal;
    *timeout* bounds the whole run (``None``: no bound).  Once *timeout* has
    passed or *cancel* is set, the solutions not yet found are
    :attr:`Outcome.UNKNOWN`, yielded at once: the deals running in the
    default pool or in a :class:`~concurrent.futures.ThreadPoolExecutor`
    stop, those in another executor stop by the timeout (read from its
    workers' clocks) or their own *max_seconds*.  Every argument and every
    code is checked here, before any work starts; the codes may be of
    different games.  The lines may name hidden cards, as :func:`solve`'s do.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     [str(s.outcome) for s in solve_many(["GO1-E-AAAAAAB", "GO1-C-AAAAAAA"], executor=pool)]
    ['win', 'no_win']

    Raises:
        SolverError: here, a code is malformed or of a game the solver does
            not play, *codes* is not an iterable of codes, or a budget, the
            method, *executor* or *cancel* is invalid; while the solutions
            are read, a worker process died (the pool is broken).
    """
    states, seconds = check_budget(max_states, max_seconds)
    total = check_seconds("timeout", timeout)
    checked_cancel = check_cancel(cancel)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise SolverError(
            "executor must be a concurrent.futures.Executor (with submit()) or None, "
            f"not {type(executor).__name__}"
        )
    if isinstance(codes, str | GameCode) or not _is_iterable(codes):
        raise SolverError(
            f"codes must be an iterable of game codes, not {type(codes).__name__}"
        )
    checked = []
    for code in codes:
        engine, parsed = _code_of(code)
        _check_method(engine, method)
        checked.append(parsed)
    job = _many.Job(states, seconds, method)
    return _many.run(job, checked, executor, _many.Run(total, checked_cancel))


def _is_iterable(value: object) -> bool:
    try:
        iter(value)  # type: ignore[call-overload] # any object: TypeError says no
    except TypeError:
        return False
    return True


def _game_and_variant(game: object, variant: object) -> tuple[Engine, enum.Enum]:
    if not isinstance(game, str) or game not in _ENGINES:
        raise SolverError(
            f"{shown(game)} is not a game the solver plays ({', '.join(_ENGINES)})"
        )
    try:
        member = variant_of(game, variant)  # type: ignore[arg-type] # it checks variant
    except InvalidCodeError as error:
        raise SolverError(str(error)) from None
    return _ENGINES[game], member


def _check_rng(rng: object) -> random.Random | None:
    import random  # noqa: PLC0415 - only for the check: the module is not otherwise needed

    if rng is not None and not isinstance(rng, random.Random):
        raise SolverError(
            f"rng must be a random.Random (e.g. random.Random(7)) or None, "
            f"not {type(rng).__name__}"
        )
    return rng


@overload
def winnable_deal(
    game: Literal["golf"],
    variant: golf.Variant | str | None = ...,
    rng: random.Random | None = ...,
    *,
    max_seconds: float | None = ...,
    attempts: int | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[golf.Move, ...]]: ...
@overload
def winnable_deal(
    game: Literal["forty_thieves"],
    variant: forty_thieves.Variant | str | None = ...,
    rng: random.Random | None = ...,
    *,
    max_seconds: float | None = ...,
    attempts: int | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[forty_thieves.Move, ...]]: ...
@overload
def winnable_deal(
    game: Literal["scorpion"],
    variant: scorpion.Variant | str | None = ...,
    rng: random.Random | None = ...,
    *,
    max_seconds: float | None = ...,
    attempts: int | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[scorpion.Move, ...]]: ...
@overload
def winnable_deal(
    game: str,
    variant: enum.Enum | str | None = ...,
    rng: random.Random | None = ...,
    *,
    max_seconds: float | None = ...,
    attempts: int | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...]]: ...
def winnable_deal(  # noqa: PLR0913 - keyword-only options
    game: str,
    variant: enum.Enum | str | None = None,
    rng: random.Random | None = None,
    *,
    max_seconds: float | None = WINNABLE_SECONDS,
    attempts: int | None = None,
    cancel: CancelSignal | None = None,
) -> tuple[GameCode, tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...]]:
    """A random code of *game* whose deal is proved winnable under *variant*, and a winning line.

    *game* is a name of :data:`SOLVABLE_GAMES`; *variant* the game's
    ``Variant`` member or its name (``None``: the game's default).
    Deal numbers come from *rng* (a :class:`random.Random`, for repeatable
    draws) or, by default, from a secure random source.  Easy wins first:
    up to *attempts* random deals (``None``: the game's own number, see
    :doc:`/solving`; none for Forty Thieves) are each given a small budget
    of states, and the first the solver wins is kept; when none is, or half
    of *max_seconds* has gone, a game with a shipped table of deals proved
    winnable (Forty Thieves, Scorpion) gives a random deal of the table.
    *max_seconds* bounds the whole call, every attempt included (``None``:
    no bound); setting *cancel* stops it.  The same *rng* gives the same
    deal on any machine unless *max_seconds* runs out first.  The line
    names hidden cards (the solver sees the whole deal): keep it from the
    player until they ask for the solution.

    >>> import random
    >>> from patience_rules import golf, new_game
    >>> code, line = winnable_deal("golf", golf.Variant.CLASSIC, random.Random(7))
    >>> game = new_game(code)
    >>> for move in line:
    ...     game = game.play(move)
    >>> game.status
    <Status.WON: 'won'>

    Raises:
        SolverError: no deal was proved winnable within the attempts or
            *max_seconds* (and the game has no table), the call was
            cancelled, or an argument is invalid; the message says which.
    """
    engine, member = _game_and_variant(game, variant)
    seconds = check_seconds("max_seconds", max_seconds)
    tries = None if attempts is None else check_attempts(attempts)
    checked_cancel = check_cancel(cancel)
    draws = _check_rng(rng)
    if seconds is not None and _winnable.table(engine.game, member):
        seconds /= 2  # the other half is the table's: a deal at once
    budget = Budget.start(None, seconds, checked_cancel)

    def draw(count: int) -> int:
        return secrets.randbelow(count) if draws is None else draws.randrange(count)

    found = _winnable.search(engine, member, budget, draw, tries)
    if found is None:
        if cancel is not None and cancel.is_set():
            raise SolverError("winnable_deal was cancelled before it found a winnable deal")
        found = _winnable.from_table(engine.game, member, draw)
    if found is None:
        raise SolverError(
            f"no winnable {game} deal found: none of the deals tried could be proved "
            f"winnable within {_winnable.attempts(engine.game, tries)} attempts "
            f"and {max_seconds} seconds"
        )
    number, line = found
    return GameCode(engine.game, member, number), line


@attrs.frozen
class Difficulty:
    """How hard a deal is, from what the solver did (:func:`difficulty`), with the evidence.

    *level* is 0 when the solver found no win (*outcome* says whether the
    deal is proved lost or only unknown within the budget), else 1 (easiest)
    to 5 (hardest).  The evidence: *states*, the states the deal's search
    explored (up to its first win, when won: the effort); *first_moves*, the
    legal first moves; *winning_first_moves*, how many of them the solver
    still wins after (counted only when the deal is won); *max_states*, the
    deal's state budget, which with the code makes the rating repeatable.
    The rule is in :doc:`/solving`, "Difficulty".  Names no card.
    """

    level: int
    outcome: Outcome
    states: int
    first_moves: int
    winning_first_moves: int
    max_states: int


def difficulty(
    position: GameCode | str | _GolfPosition | _FortyThievesPosition | _ScorpionPosition,
    *,
    max_states: int | None = None,
    max_seconds: float | None = None,
    cancel: CancelSignal | None = None,
) -> Difficulty:
    """How hard *position* is to win: a game code, a ``State`` or a :class:`~patience_rules.Game`.

    The deal's search gets *max_states* states (``None``: the game's own
    budget, the one the levels were calibrated with, see :doc:`/solving`);
    each first move of a won deal gets a fixed number more.  Counted in
    states, the rating of a position is the same on every machine and every
    run.  *max_seconds* (``None``: no bound) and *cancel* only stop the
    rating: one they cut short raises :class:`SolverError` rather than
    return a rating that depends on the machine's speed.  The rating names
    no card, but it is decided knowing every hidden card: rate a game in
    progress only for a player who may learn how winnable it is.

    >>> rating = difficulty("GO1-E-AAAAAAB")
    >>> rating.level, rating.outcome, rating.states, rating.winning_first_moves, rating.first_moves
    (1, <Outcome.WIN: 'win'>, 53, 4, 4)
    >>> difficulty("GO1-C-AAAAAAA").level
    0

    Raises:
        SolverError: *position* is not a code, ``State`` or ``Game`` of a
            game the solver plays, a budget or *cancel* is invalid, or
            *max_seconds* ran out or *cancel* was set before the rating was
            complete; the message says which.
    """
    budget = _budget(None, max_seconds, cancel)
    if isinstance(position, GameCode | str):
        engine, parsed = _code_of(position)
        state = engine.deal(parsed.number, parsed.variant)
    else:
        engine, state = _engine_of(position)
    if max_states is None:
        states = _difficulty.RATING_STATES[engine.game]
    else:
        states = check_count("max_states", max_states)
    rated = _rated(engine, state, budget, states)
    if rated is None:
        why = _why_stopped(max_seconds, cancel)
        raise SolverError(f"no difficulty rating: {why} before the rating was complete")
    return rated


def _why_stopped(max_seconds: object, cancel: CancelSignal | None) -> str:
    """Why a call bounded by *max_seconds* and *cancel* stopped early."""
    if cancel is not None and cancel.is_set():
        return "it was cancelled"
    return f"max_seconds={max_seconds} ran out"


def _rated(
    engine: Engine,
    state: Any,  # noqa: ANN401 - the engine's State
    budget: Budget,
    max_states: int,
) -> Difficulty | None:
    """*state*'s rating, or ``None`` when *budget*'s deadline or cancel signal cut it short."""

    def solve_within(position: Any, within: Budget) -> Solution[Any]:  # noqa: ANN401 - a State
        return _solve(engine, position, within, "auto")

    try:
        solution, first_moves, winning = _difficulty.gather(
            solve_within, state, budget, max_states
        )
    except OutOfBudgetError:
        return None
    won = solution.outcome is Outcome.WIN
    level = _difficulty.level(
        (engine.game, state.variant.value),
        won=won,
        effort=solution.states,
        first_moves=first_moves,
        winning=winning,
    )
    return Difficulty(level, solution.outcome, solution.states, first_moves, winning, max_states)


def deal_of_difficulty(  # noqa: PLR0913 - keyword-only options
    game: str,
    level: int,
    variant: enum.Enum | str | None = None,
    rng: random.Random | None = None,
    *,
    max_seconds: float | None = DIFFICULTY_SECONDS,
    cancel: CancelSignal | None = None,
) -> GameCode:
    """A random code of *game* (under *variant*) whose deal's :func:`difficulty` is *level*.

    *game* is a name of :data:`SOLVABLE_GAMES`; *level* one of
    :data:`DIFFICULTY_LEVELS`; *variant* the game's ``Variant`` member or its
    name (``None``: the game's default).  Deal numbers come from *rng* (a
    :class:`random.Random`, for repeatable draws) or, by default, from a
    secure random source; each is rated with the game's own budget until one
    has the level asked for.  Forty Thieves deals of levels 1 to 5 are drawn
    from the shipped table of deals proved winnable (see
    :func:`winnable_deal`): few random deals are won within the rating's
    budget.  *max_seconds* bounds the whole call (``None``:
    no bound); setting *cancel* stops it.  The same *rng* gives the same
    code on any machine unless *max_seconds* runs out first.  The code names
    the deal: give it to the player as the client gives any new game's code.

    >>> import random
    >>> code = deal_of_difficulty("golf", 3, "classic", random.Random(7))
    >>> code.variant, difficulty(code).level
    (<Variant.CLASSIC: 'classic'>, 3)

    Raises:
        SolverError: an argument is invalid (the message names it), or no
            deal of *level* was found before *max_seconds* ran out or
            *cancel* was set.
    """
    engine, member = _game_and_variant(game, variant)
    wanted = _check_level(level)
    seconds = check_seconds("max_seconds", max_seconds)
    checked_cancel = check_cancel(cancel)
    draws = _check_rng(rng)
    budget = Budget.start(None, seconds, checked_cancel)
    max_states = _difficulty.RATING_STATES[engine.game]
    from_table = wanted in _difficulty.FROM_TABLE.get(engine.game, ())
    table = _winnable.table(engine.game, member) if from_table else ()

    def draw(count: int) -> int:
        return secrets.randbelow(count) if draws is None else draws.randrange(count)

    tried = 0
    while True:
        number = table[draw(len(table))][0] if table else draw(DEALS)
        rated = _rated(engine, engine.deal(number, member), budget, max_states)
        if rated is None:
            break
        tried += 1
        if rated.level == wanted:
            return GameCode(engine.game, member, number)
    why = _why_stopped(max_seconds, cancel)
    raise SolverError(
        f"no {game} deal of difficulty {wanted} found: {why} after {tried} deals were rated"
    )


def _check_level(level: object) -> int:
    """*level* checked: one of :data:`DIFFICULTY_LEVELS`."""
    try:
        checked = check_count("level", level)
    except SolverError:
        checked = -1
    if checked not in DIFFICULTY_LEVELS:
        raise SolverError(
            f"level must be one of {', '.join(map(str, DIFFICULTY_LEVELS))}, not {shown(level)}"
        )
    return checked
def _check_date(date: object) -> dt.date:
    if isinstance(date, dt.datetime) or not isinstance(date, dt.date):
        raise SolverError(
            f"date must be a datetime.date, such as datetime.date(2026, 12, 2), "
            f"not {shown(date)}: a date, not a time, so that everyone gets the same deal"
        )
    return date


@overload
def daily_deal(
    game: Literal["golf"],
    date: dt.date,
    variant: golf.Variant | str | None = ...,
    *,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[golf.Move, ...]]: ...
@overload
def daily_deal(
    game: Literal["forty_thieves"],
    date: dt.date,
    variant: forty_thieves.Variant | str | None = ...,
    *,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[forty_thieves.Move, ...]]: ...
@overload
def daily_deal(
    game: Literal["scorpion"],
    date: dt.date,
    variant: scorpion.Variant | str | None = ...,
    *,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[scorpion.Move, ...]]: ...
@overload
def daily_deal(
    game: str,
    date: dt.date,
    variant: enum.Enum | str | None = ...,
    *,
    max_seconds: float | None = ...,
    cancel: CancelSignal | None = ...,
) -> tuple[GameCode, tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...]]: ...
def daily_deal(
    game: str,
    date: dt.date,
    variant: enum.Enum | str | None = None,
    *,
    max_seconds: float | None = None,
    cancel: CancelSignal | None = None,
) -> tuple[GameCode, tuple[golf.Move | forty_thieves.Move | scorpion.Move, ...]]:
    """The daily deal of *game* on *date*: a code proved winnable under *variant*, and its win.

    Everyone asking for the same *game*, *variant* and *date* gets the same
    code and the same winning line, on any machine, fast or slow, with or
    without numpy: the rule (see :doc:`/solving`, "The daily deal") bounds
    the solver by states, never by time.  *date* is a
    :class:`datetime.date` (not a :class:`~datetime.datetime`: which day it
    is depends on the time zone, so the caller decides, e.g.
    ``datetime.datetime.now(datetime.timezone.utc).date()``).  *variant* is the
    game's ``Variant`` member or its name (``None``: the game's default).
    The line is the certificate: played from the code's deal it wins.
    *max_seconds* (``None``: no bound) and *cancel* can only make the call
    fail, never give another deal; the call takes well under a second.

    Not player-safe: the line names hidden cards (the solver sees the whole
    deal); show the code, and the line only when the player asks for the
    solution (:func:`playback` steps through it).

    >>> import datetime
    >>> from patience_rules import new_game
    >>> code, line = daily_deal("golf", datetime.date(2026, 12, 2))
    >>> str(code)
    'GO1-E-AW4RFMQ'
    >>> game = new_game(code)
    >>> for move in line:
    ...     game = game.play(move)
    >>> game.status
    <Status.WON: 'won'>

    Raises:
        SolverError: an argument is invalid, *max_seconds* ran out or *cancel*
            was set first, or (Golf Classic, in theory) no deal was proved
            winnable; the message says which.
    """
    engine, member = _game_and_variant(game, variant)
    day = _check_date(date)
    seconds = check_seconds("max_seconds", max_seconds)
    budget = Budget.start(None, seconds, check_cancel(cancel))
    prefix = GameCode(engine.game, member, 0).prefix
    try:
        found = _daily.daily(engine, member, prefix, day, budget)
    except OutOfBudgetError:
        why = "was cancelled" if cancel is not None and cancel.is_set() else "ran out of time"
        raise SolverError(
            f"daily_deal {why} before it found the daily {game} deal of {day.isoformat()}"
        ) from None
    if found is None:
        raise SolverError(
            f"no daily {game} deal of {day.isoformat()} under {member.value}: "
            f"none of the deals the rule tries was proved winnable"
        )
    number, line = found
    return GameCode(engine.game, member, number), line
