"""Action cards: which phase each one calls and the structured bonus its selector gets.

An action card is data: the phase it calls, whether each copy calls its own instance of the
phase (`repeats`: e.g. a second Develop or Settle card) or copies combine into one phase
(both Explores, both Consumes), and a `Bonus` the phase modules read. A plugin adds action
cards by setting `rules.actions` (the cards every player has) or per-player cards through
`rules.player_actions` (e.g. a card used once per game).
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Bonus:
    """What a selector gets in the phase its card calls (summed when cards combine)."""

    draw: int = 0          # Explore: extra cards drawn; Produce: cards drawn
    keep: int = 0          # Explore: extra cards kept
    mix: bool = False      # Explore: cards in hand may be discarded with those drawn
    discount: int = 0      # Develop / Settle: cards less to pay
    military: int = 0      # Settle: extra military
    draw_after: int = 0    # Develop / Settle: cards drawn after placing
    trade: bool = False    # Consume: trade one good first
    trade_cards: int = 0   # Consume: extra cards for that trade
    vp_factor: int = 1     # Consume: VP of consume powers multiplied
    discard_vp: int = 0    # Consume: after consuming, discard up to this many cards, 1 VP each
    windfall: int = 0      # Produce: empty windfall worlds produced on

    def __add__(self, other: Bonus) -> Bonus:
        out = {}
        for f in fields(Bonus):
            a, b = getattr(self, f.name), getattr(other, f.name)
            out[f.name] = (a or b if f.type == "bool" else max(a, b) if f.name == "vp_factor"
                           else a + b)
        return Bonus(**out)


NO_BONUS = Bonus()


@dataclass(frozen=True, slots=True)
class Action:
    id: str                  # stable id used in saves and typed answers
    name: str                # as printed
    phase: str               # the phase it calls
    text: str                # the selector's bonus in English
    bonus: Bonus = NO_BONUS
    repeats: bool = False    # each card of its phase calls one more instance of the phase
    once_per_game: bool = False   # a player may choose it in one round only
    # The physical card it is one use of, when several actions share one card (a card used
    # for either of two things): a choice holds at most one of them, and once one is chosen
    # (once per game) the whole card is spent.
    card: str = ""
    # The action card it is played as, when it is one with more (a plugin's bonus card played
    # as the card of the phase it names): "" for an action card of its own.
    base: str = ""


EXPLORE_5 = Action("explore5", "Explore +5", "explore", "draw 5 more cards", Bonus(draw=5))
EXPLORE_1_1 = Action("explore11", "Explore +1/+1", "explore", "draw 1 more, keep 1 more",
                     Bonus(draw=1, keep=1))
DEVELOP = Action("develop", "Develop", "develop", "-1 to the development's cost",
                 Bonus(discount=1), repeats=True)
SETTLE = Action("settle", "Settle", "settle", "draw 1 card after settling",
                Bonus(draw_after=1), repeats=True)
TRADE = Action("trade", "Consume: Trade", "consume", "trade one good for cards first",
               Bonus(trade=True))
CONSUME_X2 = Action("consume2", "Consume: x2 VP", "consume", "double VP from consume powers",
                    Bonus(vp_factor=2))
PRODUCE = Action("produce", "Produce", "produce", "produce on one empty windfall world",
                 Bonus(windfall=1))

BASE_ACTIONS = (EXPLORE_5, EXPLORE_1_1, DEVELOP, SETTLE, TRADE, CONSUME_X2, PRODUCE)


def phase_cards(actions: tuple[str, ...], index: dict[str, Action]) -> dict[str, list[list[Action]]]:
    """Phase -> the cards acting in each of its instances for one seat: cards that repeat
    (Develop, Settle) call one instance each, the others combine into one."""
    out: dict[str, list[list[Action]]] = {}
    for a in actions:
        act = index.get(a)
        if act is None:
            continue
        slots = out.setdefault(act.phase, [])
        if act.repeats or not slots:
            slots.append([act])
        else:
            slots[0].append(act)
    return out


def bonus_table(actions: tuple[str, ...], index: dict[str, Action]) -> dict[tuple[str, int], Bonus]:
    """(phase, instance) -> the bonus these chosen cards give their selector there."""
    table = {}
    for phase, slots in phase_cards(actions, index).items():
        for i, cards in enumerate(slots):
            total = NO_BONUS
            for act in cards:
                total = total + act.bonus
            table[(phase, i)] = total
    return table
