"""The checks shared by the games' tests of an oldest saved position read as written.

``_from_written`` (Forty Thieves', Scorpion's) reads a position only when it is exactly
what ``to_dict`` writes; each game's test tampers with saved positions its own ways and
asks these checks of what is read.
"""

import json


class Text(str):
    """A ``str`` subclass: equal to its text, and still not what ``to_dict`` writes."""

    __slots__ = ()


def check_read_as_written(module, state, saved, tampered):
    """Read, *saved* is ``from_dict``'s position and ``to_dict`` writes it back equal.

    *saved* is what ``to_dict`` wrote of *state*, *tampered* or not; untampered, it must
    be read, as *state*.
    """
    written = module._from_written(saved)
    if written is not None:
        assert written == module.from_dict(saved)
        assert module.to_dict(written) == saved
        assert type(saved["score"]) is int
    elif not tampered:
        raise AssertionError("a position as to_dict writes it was not read")
    if not tampered:
        assert written == state
    return written


def check_oldest_in_chain(module, _chain, game):
    """The oldest saved position, read by the game's own step, is ``F`` of it and its ``T``."""
    items = json.loads(json.dumps(game.to_dict()))["history"]
    oldest = _chain._OLDEST[module](module, items[0])
    assert oldest == _chain._oldest(module, items[0]) == (game.history[0], items[0])
