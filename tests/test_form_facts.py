"""Form facts: what a deal form may ask, from the engine through the service, so the app
draws them instead of copying the rules."""

from __future__ import annotations

from ledger.service import CARDS, CHOICE, FLAG, NUMBER, PLAYER, FormFacts, Tally


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
        "contract", "caller", "trump", "team_points", "gang_points", "called_card", "partner")
    alone = service.form_facts(t, {"contract": "heart-alone"})
    assert alone.fields == ("contract", "caller", "trump", "team_points", "gang_points")
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


# ---- every game's facts, pinned: what a form (the app, the CLI, the phone page) draws --------


def kinds(facts: FormFacts) -> dict[str, str]:
    return {f.name: f.kind for f in facts.form}


def test_every_game_describes_each_field_it_asks(service: Tally) -> None:
    seats = {"crazy-solo": ["Ann", "Bea", "Chie", "Dan", "Eve"],
             "hachihachi-trick": ["P1", "P2", "P3", "P4", "P5"],
             "sixty-six": ["Ann", "Bea"], "schnapsen": ["Ann", "Bea"],
             "sixty-six-three": ["Ann", "Bea", "Chie"],
             "sixty-six-four": ["Ann", "Bea", "Chie", "Dan"]}
    assert {g.name for g in service.games()} == set(seats)
    for game, names in seats.items():
        facts = service.form_facts(table(service, game, names), {})
        assert tuple(f.name for f in facts.form) == facts.fields, game
        for f in facts.form:
            assert f.kind in (CARDS, CHOICE, FLAG, NUMBER, PLAYER), (game, f)
            assert f.label.startswith(("slot.", "term.")), (game, f)
            if f.kind == CHOICE:
                assert f.choices and len(f.labels) in (0, len(f.choices)), (game, f)


def test_two_player_sixty_six_fields_follow_the_ending(service: Tally) -> None:
    t = table(service, "sixty-six", ["Ann", "Bea"])
    first = service.form_facts(t, {})
    assert first.fields == ("ending",)
    ending = first.spec("ending")
    assert ending is not None and ending.kind == CHOICE
    assert ending.choices == ("claim", "close", "exhausted", "scored")
    assert ending.labels == ("ending.claim", "ending.close", "ending.exhausted", "ending.scored")
    claim = service.form_facts(t, {"ending": "claim"})
    assert claim.fields == ("ending", "by", "points", "tricks", "last_trick")
    last = claim.spec("last_trick")
    assert last is not None and last.optional and last.choices == ("Ann", "Bea")
    points = claim.spec("points")
    assert points is not None and (points.each, points.low, points.high) == (("Ann", "Bea"), 0,
                                                                             220)
    assert service.form_facts(t, {"ending": "close"}).fields == (
        "ending", "by", "closer_won", "points", "tricks", "at_close")
    close = service.form_facts(t, {"ending": "close", "by": "Ann"})
    by, at = close.spec("by"), close.spec("at_close")
    assert by is not None and by.label == "slot.by_close"
    assert at is not None and at.each == ("Bea",)
    assert [(p.name, p.high) for p in at.parts] == [("points", 220), ("tricks", 5)]
    exhausted = service.form_facts(t, {"ending": "exhausted"})
    assert exhausted.fields == ("ending", "points", "tricks", "last_trick")
    tricks, last = exhausted.spec("tricks"), exhausted.spec("last_trick")
    assert tricks is not None and (tricks.high, tricks.total) == (12, 12)
    assert last is not None and not last.optional
    scored = service.form_facts(t, {"ending": "scored"})
    assert scored.fields == ("ending", "winner", "game_points")
    points_field = scored.spec("game_points")
    assert points_field is not None and points_field.choices == (1, 2, 3)
    assert points_field.labels == ("ss.points_1", "ss.points_2", "ss.points_3")
    winner = scored.spec("winner")
    assert winner is not None and winner.optional and winner.none == "ss.drawn_short"
    drawn = service.form_facts(t, {"ending": "scored", "winner": None})
    assert drawn.fields == ("ending", "winner")
    limits = first.limits
    assert (limits["tricks"], limits["close_limit"], limits["last_trick_bonus"]) == (12, 5, 10)
    assert limits["points_most"][:3] == (100, 122, 144)  # the 2t highest cards + marriages
    assert limits["points_least"][:3] == (0, 0, 0) and limits["points_least"][12] == 120
    assert first.facts["countdown"] is False and first.facts["dealer"] == "Ann"


def test_schnapsen_never_asks_the_last_trick_of_a_claim(service: Tally) -> None:
    t = table(service, "schnapsen", ["Ann", "Bea"])
    assert service.form_facts(t, {"ending": "claim"}).fields == (
        "ending", "by", "points", "tricks")
    assert "last_trick" in service.form_facts(t, {"ending": "exhausted"}).fields
    facts = service.form_facts(t, {})
    assert facts.facts["countdown"] is True
    assert (facts.limits["tricks"], facts.limits["close_limit"]) == (10, 4)
    assert facts.limits["last_trick_bonus"] == 0
    close = service.form_facts(t, {"ending": "close", "by": "Bea"}).spec("at_close")
    assert close is not None and close.each == ("Ann",) and close.parts[1].high == 4


def test_three_player_sixty_six_names_who_cannot_be_named(service: Tally) -> None:
    t = table(service, "sixty-six-three", ["Ann", "Bea", "Chie"])
    facts = service.form_facts(t, {"ending": "claim"})
    assert facts.order == ("Bea", "Chie")  # Ann deals and sits out
    by = facts.spec("by")
    assert by is not None and by.choices == ("Bea", "Chie")
    assert facts.impossible["by"] == ("Ann",) and facts.facts["not_playing"] == ("Ann",)


def test_four_hand_fields_follow_the_ending(service: Tally) -> None:
    t = table(service, "sixty-six-four", ["Ann", "Bea", "Chie", "Dan"],
              overrides={"ten_of_trumps_bonus": True})
    played = service.form_facts(t, {})
    assert played.fields == ("ending", "points", "ten_of_trumps")
    points = played.spec("points")
    assert points is not None and points.each == ("Ann", "Bea")
    assert (points.labels, points.total, points.high) == (("Ann+Chie", "Bea+Dan"), 130, 130)
    ending = played.spec("ending")
    assert ending is not None and ending.choices == ("played", "scored")
    scored = service.form_facts(t, {"ending": "scored"})
    assert scored.fields == ("ending", "winner", "game_points", "ten_of_trumps")
    assert service.form_facts(t, {"ending": "scored", "winner": None}).fields == (
        "ending", "winner", "ten_of_trumps")
    assert played.limits["cards_each"] == 6


def test_crazy_solo_choices_and_what_three_players_cannot_play(service: Tally) -> None:
    five = service.form_facts(table(service, "crazy-solo", ["A1", "B1", "C1", "D1", "E1"]), {})
    contract = five.spec("contract")
    assert contract is not None
    assert contract.choices == ("solo", "heart-solo", "alone", "heart-alone", "pass")
    assert contract.labels[0] == "contract.solo" and five.impossible == {}
    trump = five.spec("trump")
    assert trump is not None and trump.choices == ("clubs", "diamonds", "hearts", "spades")
    points = five.spec("team_points")
    assert points is not None and (points.low, points.high) == (0, 120)
    card = five.spec("called_card")
    assert card is not None and card.size == 1 and "6S" not in card.choices
    assert (five.limits["pack"], five.limits["hand"]) == (35, 7)
    three = service.form_facts(table(service, "crazy-solo", ["A1", "B1", "C1"]), {})
    assert three.impossible == {"contract": ("solo", "heart-solo")}


def test_hachihachi_limits_forced_values_and_parts(service: Tally) -> None:
    t = table(service, "hachihachi-trick", ["P1", "P2", "P3", "P4", "P5"])
    first = service.form_facts(t, {})
    assert first.limits == {"hand_size": 7, "aces_in_pack": 4, "tricks": 7, "max_in": 3,
                            "split_with": 2}
    assert first.facts["reasons"] == ("carried", "out-fee", "forced-out", "hand-roles",
                                      "tricks", "pot", "split", "mizuten")
    assert first.facts["complete"] is False and first.facts["declared"] == 0
    later = service.form_facts(t, {"start_player": "P3"})
    assert later.order == ("P3", "P4", "P5", "P1", "P2")
    full = service.form_facts(t, {"declarations": {"P1": "in", "P2": "in", "P3": "in"}})
    assert full.forced == {"declarations": {"P4": "out", "P5": "out"}}
    assert full.facts["complete"] is True
    hands = full.spec("hands")
    assert hands is not None and (hands.size, hands.kind) == (7, CARDS)
    aces = {p.name: p for p in hands.parts}["aces"]
    assert (aces.each, aces.high) == (("P4", "P5"), 4)
    tricks = full.spec("tricks")
    assert tricks is not None and (tricks.each, tricks.total) == (("P1", "P2", "P3"), 7)


def test_setup_facts_come_from_each_game_s_hook(service: Tally) -> None:
    removal = service.setup_facts("crazy-solo")["removal"]
    assert [(r.players, r.removed, r.short_pack, r.in_play, r.hand) for r in removal[:3]] == [
        (3, (), True, 36, 12), (4, (), False, 36, 9), (5, ("6S",), False, 35, 7)]
    assert service.setup_facts("hachihachi-trick")["hand_roles"].roles[0].id == "sanbon"
    assert service.setup_facts("sixty-six-four") == {"partners": ((0, 2), (1, 3))}
    assert service.setup_facts("sixty-six") == {}


def test_games_branch_on_no_name() -> None:
    """The new-table form's facts come from a `Game` hook, never `if name == …`."""
    from pathlib import Path

    text = Path(__file__).parents[1].joinpath("ledger/service/games.py").read_text()
    assert "if name ==" not in text and "crazy_solo" not in text


def test_the_partners_note_reads_the_engine_s_pairing() -> None:
    from tui.forms.sixty_six_four import PartnersNote

    assert str(PartnersNote().render()) == (
        "Seats 1 and 3 play against seats 2 and 4: seat the partners opposite.")
