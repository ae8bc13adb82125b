"""Options added with the corrected rules documents: the four-hand pack, Schnapsen's
`exhausted_scores`, the false claim's 3, how stored tables keep their legacy values, and the
house rules the preset files name."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from ledger.config import presets
from ledger.domain.rules import GAMES, RuleError
from ledger.domain.rules.sixty_six_four import PACKS, pack_of

FOUR = GAMES["sixty-six-four"]
THREE = GAMES["sixty-six-three"]
SCHNAPS = GAMES["schnapsen"]


def test_four_hand_pack_defaults_to_the_seeds_24_cards() -> None:
    assert presets.load("sixty-six-four")[1].pack == 24
    assert presets.load("sixty-six-four", "hoyle")[1].pack == 32
    assert presets.load("sixty-six-four", "ten-of-trumps")[1].pack == 32
    assert FOUR.make_options({}).pack == 24
    assert [(n, PACKS[n].hand, PACKS[n].deal_points) for n in (24, 32)] == [(24, 6, 130),
                                                                          (32, 8, 130)]
    for pack, each in ((24, 6), (32, 8)):
        options = FOUR.make_options({"pack": pack})
        assert pack_of(options).hand == each
        status = FOUR.status(FOUR.initial(("A", "B", "C", "D"), options), options)
        assert (status["pack"], status["cards_each"]) == (pack, each)


@pytest.mark.parametrize("pack", [24, 32])
def test_four_hand_card_counts_follow_the_pack(pack: int) -> None:
    options = FOUR.make_options({"pack": pack})
    state = FOUR.initial(("A", "B", "C", "D"), options)
    with pytest.raises(RuleError) as caught:
        FOUR.parse({"points": {"A": 70, "B": 70}}, state, options)
    assert str(caught.value) == ("points: 140 in all; a deal holds 130 (120 in the cards + 10 "
                                 "for the last trick)")
    settlement, _ = FOUR.settle(state, FOUR.parse({"points": {"A": 100, "B": 30}}, state,
                                                  options), options)
    assert (settlement.extra["winner"], settlement.extra["game_points"]) == (["A", "C"], 2)


def test_the_two_packs_make_the_same_side_totals() -> None:
    """The 7s and 8s count nothing, so no side total is possible in one pack only: the
    point checks are the same for both (only the cards each and tricks differ)."""
    def totals(cards: tuple[int, ...]) -> set[int]:
        sums = {0}
        for value in (v for v in cards if v):
            sums |= {s + value for s in sums}
        return sums | {s + 10 for s in sums}
    assert totals(PACKS[24].cards) == totals(PACKS[32].cards)
    assert set(range(131)) - totals(PACKS[24].cards) == {1, 129}


@pytest.mark.parametrize(("game", "options", "message"), [
    (FOUR, {"pack": 36}, "pack: 36 is not one of 24, 32"),
    (FOUR, {"pack": "24"}, 'pack: "24" is not a whole number'),
    (SCHNAPS, {"exhausted_scores": "two"}, "exhausted_scores: two is not one of scale, one"),
    (SCHNAPS, {"false_claim_schwarz": "yes"}, "false_claim_schwarz: yes is not true or false"),
    (GAMES["sixty-six"], {"exhausted_scores": "one"}, "exhausted_scores: unknown option"),
    (THREE, {"pack": 24}, "pack: unknown option"),
])
def test_bad_new_options(game: Any, options: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleError) as caught:
        game.make_options(options)
    assert str(caught.value) == message


def test_three_player_false_claim_gives_3_and_the_dealer_shares_it() -> None:
    options = presets.load("sixty-six-three")[1]
    state = THREE.initial(("A", "B", "C"), options)  # A deals and sits out
    deal = {"ending": "claim", "by": "B", "points": {"B": 50, "C": 0}, "tricks": {"B": 3, "C": 0}}
    settlement, _ = THREE.settle(state, THREE.parse(deal, state, options), options)
    assert settlement.extra["scored"] == {"A": 3, "B": 0, "C": 3}
    legacy = THREE.stored_options({})
    settlement, _ = THREE.settle(state, THREE.parse(deal, state, legacy), legacy)
    assert settlement.extra["scored"] == {"A": 2, "B": 0, "C": 2}


@pytest.mark.parametrize(("game", "legacy"), [
    ("sixty-six", {"false_claim_schwarz": False}),
    ("sixty-six-three", {"false_claim_schwarz": False}),
    ("schnapsen", {"exhausted_scores": "one"}),
    ("sixty-six-four", {"pack": 32}),
])
def test_stored_options_without_a_key_take_the_legacy_value(game: str, legacy: dict[str, Any]
                                                            ) -> None:
    engine = GAMES[game]
    (key, old), = legacy.items()
    stored = engine.options_json(engine.make_options({}))
    del stored[key]
    assert getattr(engine.stored_options(stored), key) == old
    new = presets.load(game)[1]
    assert getattr(new, key) != old  # new tables: the documents' default, frozen explicitly
    assert engine.options_json(engine.stored_options(engine.options_json(new))) == \
        engine.options_json(new)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_preset_names_every_option(game: str) -> None:
    """A new table freezes every option from its preset, never a legacy fill-in."""
    engine = GAMES[game]
    fields = set(engine.options_json(engine.make_options({})))
    for name, _ in presets.preset_names(engine):
        assert set(presets.preset_mapping(engine, name)) >= fields, (game, name)


HOUSE = {
    "crazy-solo": [],
    "hachihachi-trick": ["hand_roles", "empty_round_pot", "empty_round_counts"],
    "sixty-six": ["stake", "schneider_double"],
    "schnapsen": ["stake", "schneider_double"],
    "sixty-six-three": ["stake", "dealer_cap", "schneider_double"],
    "sixty-six-four": ["stake", "schneider_double"],
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_house_rules_are_named_options(game: str) -> None:
    engine = GAMES[game]
    house = presets.house_rules(engine)
    assert [k for k, _ in house] == HOUSE[game]
    defaults = presets.preset_mapping(engine)
    assert all(k in defaults for k, _ in house)


def test_preset_option_combinations_load() -> None:
    for game, name in itertools.product(sorted(GAMES), ["default"]):
        presets.load(game, name)
    assert presets.load("schnapsen", "flat-exhausted")[1].exhausted_scores == "one"
    assert presets.load("hachihachi-trick", "carry")[1].empty_round_pot == "carry"
