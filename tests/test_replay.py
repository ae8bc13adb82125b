"""The fold of `ledger/domain/replay.py`, without SQLite: generated tables of every game replay
to the states their deals were made from, "state before deal N" is the fold of the deals
before it, and every state survives being stored as a checkpoint."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.config import presets
from ledger.domain.replay import (
    Mark,
    decode_mark,
    decode_state,
    encode_mark,
    encode_state,
    replay,
    state_before,
)
from ledger.domain.rules import RuleError
from tests import decade

SEATS = {"crazy-solo": 5, "hachihachi-trick": 4, "sixty-six": 2, "schnapsen": 2,
         "sixty-six-three": 3, "sixty-six-four": 4}
NAMES = ("Ann", "Bea", "Chie", "Dan", "Eve")


@dataclass(frozen=True)
class Row:
    """A stored deal as the fold reads it (what `ledger.store.rows.DealRow` carries)."""

    deal_id: int
    number: int
    kind: str
    outcome: str | None


def table(game_name: str, seed: int, n: int = 25) -> tuple[object, object, list[Row], list]:
    seats = NAMES[:SEATS[game_name]]
    game, options = presets.load(game_name, "default", decade.LONG.get(game_name))
    made = decade.table_deals(random.Random(seed), game_name, seats, n, fix_rate=0)
    rows, states = [], []
    state = game.initial(seats, options)
    for i, obj in enumerate(made.lines, start=1):
        obj = {k: v for k, v in obj.items() if k not in ("game", "players")}
        states.append(state)
        state = game.settle(state, game.parse(obj, state, options), options)[1]
        rows.append(Row(100 + i, i, "record", json.dumps(obj)))
    states.append(state)
    return game, options, rows, states


@pytest.mark.parametrize("game_name", sorted(SEATS))
@given(seed=st.integers(0, 10_000))
def test_the_fold_and_its_checkpoints(game_name: str, seed: int) -> None:
    game, options, rows, states = table(game_name, seed)
    start = Mark.start(states[0])
    steps, end = replay(game, options, start, rows)
    assert [x.state for x in steps] == states[1:] and end.state == states[-1]
    nets = dict.fromkeys(start.state.seats, 0)
    for i, (row, step) in enumerate(zip(rows, steps, strict=True)):
        assert state_before(game, options, start, rows, row.deal_id).state == states[i]
        for seat, net in step.settlement.nets.items():
            nets[seat] += net
        assert step.mark.nets == tuple(nets.values()) and step.mark.played == i + 1
    assert sum(end.nets) == 0
    for state in states:  # stored and read back, every one: equal, same class
        back = decode_state(encode_state(state), start.state)
        assert back == state and type(back) is type(state)
    for step in steps:
        assert decode_mark(encode_mark(step.mark), start) == step.mark


def test_a_void_keeps_the_state_and_a_replaced_outcome_re_settles_the_rest() -> None:
    game, options, rows, states = table("crazy-solo", 3, n=6)
    voided = [*rows[:2], Row(rows[2].deal_id, 3, "void", None), *rows[3:]]
    steps, end = replay(game, options, Mark.start(states[0]), voided)
    assert steps[2].settlement is None and steps[2].mark == steps[1].mark
    assert end.played == 5
    same, _ = replay(game, options, Mark.start(states[0]), rows,
                     replace={rows[2].deal_id: None})
    assert [(x.kind, x.settlement, x.mark) for x in same] == \
        [(x.kind, x.settlement, x.mark) for x in steps]


def test_a_deal_that_no_longer_parses_names_its_number() -> None:
    game, options, rows, states = table("crazy-solo", 4, n=3)
    bad = [*rows[:2], Row(103, 3, "record", json.dumps({"contract": "solo"}))]
    with pytest.raises(RuleError) as err:
        replay(game, options, Mark.start(states[0]), bad)
    assert err.value.field.startswith("deal 3: ")


def test_a_checkpoint_that_does_not_fit_is_not_used() -> None:
    game, options, _, states = table("crazy-solo", 5, n=2)
    start = states[0]
    assert decode_state(None, start) is None
    assert decode_state("not json", start) is None
    assert decode_state('{"seats": ["Ann"], "colour": 1}', start) is None  # another engine
    renamed = encode_state(states[1]).replace("Bea", "Bee")  # stored before a rename
    assert decode_state(renamed, start) is None
    with pytest.raises(KeyError):
        state_before(game, options, Mark.start(start), [], 7)
    mark = Mark.start(start)
    assert decode_mark((encode_state(start), 0, "[0, 0]"), mark) is None  # two nets, 5 seats
    assert decode_mark((encode_state(start), None, "[0,0,0,0,0]"), mark) is None
    assert decode_mark((encode_state(start), 0, "[0,0,0,0,0]"), mark) == mark
