"""Preset options of the Sixty-Six family (shared/rules/sixty-six.md section 10).

Every variant shares the game-and-stake options; three-player adds `dealer_cap`, four-hand
adds `ten_of_trumps_bonus` and `pack`, Schnapsen adds `exhausted_scores` and doubles the stake
for a Schneider by default.

Options added after tables were first stored (`LEGACY_*` below): the dataclass default is the
rule as the documents say it now, which every new table freezes (the preset files name the key
too); a table stored before the key existed has no such key in its options JSON and keeps the
rule it was played under, because `Game.stored_options` fills the key from `LEGACY_*` rather
than from the default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .errors import RuleError, show
from .options import options_from_mapping

DEALER_RULES = ("alternate", "winner")
MAX_TARGET = 99
EXHAUSTED_SCORES = ("scale", "one")
CLOSE_JUDGED = ("at_close", "whole_deal")
FOUR_HAND_SCALES = ("hoyle", "loser")
PACKS = (24, 32)

# what a table stored before each option existed was played under (see the module docstring)
# a false claim gave a flat 2 in Sixty-Six
LEGACY_TWO = MappingProxyType({"false_claim_schwarz": False})
# a played-out Schnapsen deal gave a flat 1; a close was judged at the close
LEGACY_SCHNAPSEN = MappingProxyType({"exhausted_scores": "one", "close_judged": "at_close"})
# four-hand was Hoyle's 32-card 7–A game, scored on Hoyle's 66–99 / 100–129 / 130 scale
LEGACY_FOUR = MappingProxyType({"pack": 32, "four_hand_scale": "hoyle"})


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """What every variant shares: the game, its stake and the deal's passing.

    - `target`: game points that win a game (7; 10 is a known variant).
    - `stake`: chips the loser of a game pays (each winner, in three-player and four-hand).
    - `schneider_double`: a game loser who scored no game point pays the stake twice.
    - `draw_carry`: after a drawn deal (65–65) the next deal's winner scores 1 extra per draw.
    - `dealer_rule`: `alternate` (the deal passes left) or `winner` (the deal passes left to
      the next player of the side that won the deal; a drawn deal passes left as usual).
    - `one_match`: the table ends after one game; a further deal is refused.
    """

    target: int = 7
    stake: int = 10
    schneider_double: bool = False
    draw_carry: bool = False
    dealer_rule: str = "alternate"
    one_match: bool = False

    def validate(self) -> None:
        check_common(self)


@dataclass(frozen=True, slots=True)
class Options(MatchOptions):
    """Two-player Sixty-Six (and the base of Schnapsen and three-player, which play its deals).

    `false_claim_schwarz`: a false claim gives the opponent 3, not 2, when the opponent has
    taken no trick (section 3; false only for tables stored before the correction).
    """

    false_claim_schwarz: bool = True


@dataclass(frozen=True, slots=True)
class SchnapsenOptions(Options):
    """Schnapsen: a Bummerl with nothing scored (still at 7) costs two stakes by default.

    `exhausted_scores`: when the stock is used up and nobody claimed, the last trick's winner
    scores `scale` (1/2/3 on the loser's points and tricks, section 4) or `one` (a flat 1, a
    house rule).
    `close_judged`: a successful close scores on the opponent's points and tricks `at_close`
    (the Austrian club reading, section 4) or on the `whole_deal` (as two-player Sixty-Six);
    a failed close is judged at the close either way.
    """

    schneider_double: bool = True
    exhausted_scores: str = "scale"
    close_judged: str = "at_close"

    def validate(self) -> None:
        check_common(self)
        check_choice("exhausted_scores", self.exhausted_scores, EXHAUSTED_SCORES)
        check_choice("close_judged", self.close_judged, CLOSE_JUDGED)


@dataclass(frozen=True, slots=True)
class ThreeOptions(Options):
    """Three-player Sixty-Six: the sitting-out dealer's score cannot pass `dealer_cap`."""

    dealer_cap: int = 6

    def validate(self) -> None:
        check_common(self)
        if not 0 <= self.dealer_cap < self.target:
            raise RuleError("dealer_cap", "ss.must_be_below_target", value=self.dealer_cap,
                            hi=self.target - 1)


@dataclass(frozen=True, slots=True)
class FourOptions(MatchOptions):
    """Four-hand Sixty-Six: optionally the side taking the 10 of trumps scores 1 game point.

    `pack`: 24 (9–A, 6 cards each: the seed's game) or 32 (7–A, 8 each: Hoyle's).
    `four_hand_scale`: `hoyle` (66–99 → 1, 100–129 → 2, 130 → 3) or `loser` (the 1-2-3 scale
    judged on the losing side, section 6).
    """

    ten_of_trumps_bonus: bool = False
    pack: int = 24
    four_hand_scale: str = "hoyle"

    def validate(self) -> None:
        check_common(self)
        check_choice("four_hand_scale", self.four_hand_scale, FOUR_HAND_SCALES)
        if self.pack not in PACKS:
            raise RuleError("pack", "not_one_of", value=self.pack,
                            choices=', '.join(map(str, PACKS)))


def check_choice(key: str, value: str, choices: tuple[str, ...]) -> None:
    """A text option must be one of its choices (RuleError naming the option)."""
    if value not in choices:
        raise RuleError(key, "not_one_of", value=show(value), choices=', '.join(choices))


def check_common(options: MatchOptions) -> None:
    """The checks every variant's options share (RuleError naming the option)."""
    if not 1 <= options.target <= MAX_TARGET:
        raise RuleError("target", "ss.must_be_1_to", value=options.target, hi=MAX_TARGET)
    if options.stake < 0:
        raise RuleError("stake", "below_0", value=options.stake)
    if options.dealer_rule not in DEALER_RULES:
        raise RuleError("dealer_rule", "not_one_of", value=show(options.dealer_rule),
                        choices=', '.join(DEALER_RULES))


def scoring(options: Options) -> dict[str, Any]:
    """The options a two-player deal's score depends on, as `sixty_six_deal.score` takes them."""
    return {"false_claim_schwarz": options.false_claim_schwarz,
            "exhausted_scores": getattr(options, "exhausted_scores", "scale"),
            "close_judged": getattr(options, "close_judged", "at_close")}


def make_two(raw: Mapping[str, Any]) -> Options:
    """Options for two-player Sixty-Six from a preset mapping."""
    return options_from_mapping(Options, raw)


def make_schnapsen(raw: Mapping[str, Any]) -> SchnapsenOptions:
    """Options for Schnapsen from a preset mapping."""
    return options_from_mapping(SchnapsenOptions, raw)


def make_three(raw: Mapping[str, Any]) -> ThreeOptions:
    """Options for three-player Sixty-Six from a preset mapping."""
    return options_from_mapping(ThreeOptions, raw)


def make_four(raw: Mapping[str, Any]) -> FourOptions:
    """Options for four-hand Sixty-Six from a preset mapping."""
    return options_from_mapping(FourOptions, raw)
