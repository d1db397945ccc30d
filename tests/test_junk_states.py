import pytest

from patience_rules import PatienceError, forty_thieves, golf, scorpion

MODULES = [golf, forty_thieves, scorpion]
JUNK = [None, 3, "golf", (), {"columns": []}]


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__)
@pytest.mark.parametrize("junk", JUNK, ids=repr)
def test_junk_states_raise_patience_errors(module, junk):
    """Every pure function that takes a position refuses a non-position with a PatienceError."""
    move = module.legal_moves(module.deal(1))[0]
    for call in [
        lambda: module.legal_moves(junk),
        lambda: module.refusal(junk, move),
        lambda: module.apply(junk, move),
        lambda: module.to_dict(junk),
        lambda: module.is_won(junk),
        lambda: module.has_legal_moves(junk),
    ]:
        with pytest.raises(PatienceError, match="is not a"):
            call()


@pytest.mark.parametrize("module", MODULES, ids=lambda module: module.__name__)
def test_another_games_state_is_junk_too(module):
    """A position of another game is refused, not misread."""
    other = golf.deal(1) if module is not golf else scorpion.deal(1)
    with pytest.raises(PatienceError):
        module.legal_moves(other)
