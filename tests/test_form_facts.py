"""Form facts: what a deal form may ask, from the engine through the service, so the app
draws them instead of copying the rules."""

from __future__ import annotations

from ledger.service import FormFacts, Tally


def table(service: Tally, game: str, seats: list[str], preset: str = "default",
          overrides: dict[str, object] | None = None) -> int:
    for name in seats:
        if name not in {p.name for p in service.players()}:
            service.add_player(name)
    night = service.new_night("2026-11-29")
    return service.new_table(night, game, seats, preset, overrides)


def test_crazy_solo_fields_follow_the_contract(service: Tally) -> None:
    t = table(service, "crazy-solo", ["Ann", "Bea", "Chie", "Dan", "Eve"])
    assert service.form_facts(t, {}).fields == (
        "contract", "caller", "trump", "team_points", "called_card", "partner")
    alone = service.form_facts(t, {"contract": "heart-alone"})
    assert alone.fields == ("contract", "caller", "trump", "team_points")
    assert alone.forced == {"trump": "hearts"}
    assert service.form_facts(t, {"contract": "pass"}).fields == ("contract",)
    assert service.form_facts(t, {}).facts["removed"] == ("6S",)  # five players


def test_hachihachi_facts_follow_the_declarations(service: Tally) -> None:
    t = table(service, "hachihachi-trick", ["P1", "P2", "P3", "P4", "P5"])
    first = service.form_facts(t, {})
    assert first.order == ("P1", "P2", "P3", "P4", "P5") and first.totals == {"tricks": 7}
    two = {"P1": "in", "P2": "out", "P3": "in", "P4": "out", "P5": "out"}
    f = service.form_facts(t, {"declarations": two})
    assert f.facts["ins"] == ("P1", "P3") and "split" in f.fields and "tricks" not in f.fields
    f = service.form_facts(t, {"declarations": two, "split": False})
    assert f.facts["played"] and "tricks" in f.fields
    assert f.facts["hand_players"] == (("P1", False), ("P3", False))
    full = service.form_facts(t, {"declarations": {"P1": "in", "P2": "in", "P3": "in"}})
    assert full.facts["forced_out"] == ("P4", "P5")
    assert full.facts["hand_players"][:2] == (("P4", True), ("P5", True))
    # a forced-out hand's Aces that a role fixes (the form need not ask): the engine's
    assert full.facts["aces_fixed"] == {"karasu": 0, "pika_ichi": 1}
    zetsuba = service.form_facts(t, {"indicator": "KC"}).facts
    assert (zetsuba["trump"], zetsuba["multiplier"]) == ("C", 4)
    # a correction asks the table as it stood: the second round starts from the pot winner
    service.add_deal(t, {"indicator": "7H", "declarations": two, "tricks": {"P1": 4, "P3": 3}})
    order = service.form_facts(t, {}).order
    second = service.add_deal(t, {"indicator": "7H",
                                  "declarations": dict.fromkeys(order, "out")})
    assert service.form_facts(t, {}, second).order == order
    assert order[0] == service.status_before(t, second)["start_player"] != "P2"


def test_four_hand_sides_total_and_bonus(service: Tally) -> None:
    seats = ["Ann", "Bea", "Chie", "Dan"]
    plain = service.form_facts(table(service, "sixty-six-four", seats), {})
    assert plain.sides == (("Ann", "Chie"), ("Bea", "Dan"))
    assert plain.totals == {"points": 130} and "ten_of_trumps" not in plain.fields
    bonus = table(service, "sixty-six-four", seats, overrides={"ten_of_trumps_bonus": True})
    assert "ten_of_trumps" in service.form_facts(bonus, {}).fields


def test_an_engine_without_form_facts_still_names_who_plays(service: Tally) -> None:
    t = table(service, "sixty-six-three", ["Ann", "Bea", "Chie"])
    facts = service.form_facts(t, {})
    assert isinstance(facts, FormFacts) and len(facts.order) == 2  # the dealer sits out
