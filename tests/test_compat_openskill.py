"""The reach into openskill (`ledger/domain/compat_openskill.py`): its Plackett–Luce update
gives `PlackettLuce.rate`'s own floats, bit for bit, and what it reads is still there."""

from __future__ import annotations

import random

from openskill import models

from ledger.domain.compat_openskill import missing_internals, rater

SHAPES = [(1, 1), (1, 1, 1), (1, 1, 1, 1), (1,) * 5, (1,) * 6, (2, 2)]


def tables(seed: int, n: int) -> list[tuple[list[list[tuple[float, float]]], list[int]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        shape = rng.choice(SHAPES)
        teams = [[(rng.uniform(5, 45), rng.uniform(0.3, 8.4)) for _ in range(k)]
                 for k in shape]
        out.append((teams, [rng.randint(1, len(shape)) for _ in shape]))  # ties too
    return out


def by_rate(model: models.PlackettLuce, teams: list[list[tuple[float, float]]],
            ranks: list[int]) -> list[list[tuple[float, float]]]:
    rated = model.rate([[model.rating(mu=m, sigma=s) for m, s in t] for t in teams],
                       ranks=ranks)
    return [[(r.mu, r.sigma) for r in t] for t in rated]


def test_what_it_reads_is_still_there() -> None:
    assert missing_internals(models.PlackettLuce()) == [], (
        "openskill changed: compat_openskill reads these of PlackettLuce")


def test_the_lean_update_is_rates_own_bit_for_bit() -> None:
    model = models.PlackettLuce(mu=25.0, sigma=25 / 3, beta=25 / 6, tau=25 / 300)
    rate = rater(model)
    assert rate.__qualname__.startswith("_lean")
    made = tables(1, 5000)
    assert [rate(t, r) for t, r in made] == [by_rate(model, t, r) for t, r in made]


def test_other_models_and_options_go_through_rate() -> None:
    made = tables(2, 300)
    for model in (models.BradleyTerryFull(), models.ThurstoneMostellerPart(),
                  models.PlackettLuce(limit_sigma=True), models.PlackettLuce(balance=True)):
        rate = rater(model)
        assert rate.__qualname__.startswith("_public")
        assert [rate(t, r) for t, r in made] == [by_rate(model, t, r) for t, r in made]
