"""A decision's options as the screen shows them: in words, numbered in the order the
hand is listed, with the default answer Enter gives. What a typed answer means is the
game's one answer grammar (`engine.notation`), which this module only hands the numbering
and the words shown.
"""

from __future__ import annotations

import re

from rftg_cli.decision import Decision, IllegalChoice
from .engine.notation import action_cards, action_codes, answer_text, is_pass, option_name
from .engine.notation import parse_typed
from rftg_cli.words import plural


def card_line(game, card) -> str:
    """One-line summary of a card design, in the words of the game's power kinds."""
    from .cards.text import card_summary

    return card_summary(card, game.rules.powers)


def action_names(game) -> dict[str, str]:
    return {k: a.name for k, a in game.rules.action_index().items()}


def option_label(game, decision: Decision, option) -> str:
    """The option as the rulebook would say it: 'Settle New Sparta (conquer)'."""
    kind = decision.kind
    if kind == "action" or is_pass(option) or option in decision.info.get("labels", {}):
        return option_name(game, decision, option)
    if kind == "develop":
        cost = decision.info.get("costs", {}).get(option)
        return game.name(option) + (f" (pay {cost})" if cost is not None else "")
    if kind == "settle":
        world, how, powers = option
        if how == "place":      # face down: how to place it comes after the reveal
            return game.name(world)
        cost = decision.info.get("costs", {}).get(option)
        how_text = "conquer" if how == "conquer" else f"pay {cost}" if cost is not None else how
        return f"{game.name(world)} ({how_text}{_using(game, powers)})"
    if kind == "develop_way":
        card, powers = option
        cost = decision.info.get("costs", {}).get(option)
        return f"{game.name(card)} (pay {cost}{_using(game, powers)})"
    if kind == "upgrade":
        new, old = option
        return f"replace {game.name(old)} with {game.name(new)}"
    if kind == "trade":
        value = decision.info.get("values", {}).get(option)
        good = game.design[option].good
        for_cards = f" for {plural(value, 'card')}" if value else ""
        return f"{game.name(option)}: sell {good}{for_cards}"
    if kind == "produce_order":
        card, idx = option
        drawn = decision.info.get("draws", {}).get(option)
        return f"{game.name(card)}: {_power_words(game, card, idx)}" + (
            f" (now {plural(drawn, 'card')})" if drawn else "")
    if kind == "consume":
        card, idx, detail = option
        what = _power_words(game, card, idx)
        goods = ""
        kind_used = game.design[card].powers[idx].kind
        if detail and all(isinstance(d, int) and 0 <= d < len(game.design) for d in detail) \
                and kind_used != "draw_lucky":
            what_on = " — ante " if kind_used == "ante_card" else " — goods on "
            goods = what_on + ", ".join(game.name(w) for w in detail)
        elif detail:
            goods = f" — {', '.join(str(d) for d in detail)}"
        return f"{game.name(card)}: {what}{goods}"
    if isinstance(option, int) and 0 <= option < len(game.design):
        return game.name(option)
    try:        # a plugin's decision: its answer's text form (`takeover "X" of "Ann" with ...`)
        return answer_text(game, decision, option)
    except IllegalChoice:
        return str(option)


def _power_words(game, card: int, idx: int) -> str:
    """What a card's power does, as the card's text says it ("V: draw 1 card per ...")."""
    try:
        from .cards.text import power_text
        return power_text(game.design[card].powers[idx], game.design[card], game.rules.powers)
    except (ImportError, IndexError):
        return f"power {idx}"


def _using(game, powers) -> str:
    """' using Space Mercenaries x2, Colony Ship': the powers an option uses."""
    if not powers:
        return ""
    return " using " + ", ".join(
        game.name(c) + (f" x{powers.count((c, i))}" if powers.count((c, i)) > 1 else "")
        for c, i in dict.fromkeys(powers))


def hand_key(game, card: int) -> tuple:
    """The one order cards are listed in, in the hand table and in numbered options:
    developments, then worlds, each by cost, then by name."""
    design = game.design[card]
    return (design.type, design.cost, design.name)


def shown_options(game, decision: Decision) -> list:
    """The options in the order they are numbered on screen: cards in `hand_key` order,
    the way out (pass) last; other options as the engine gives them."""
    def card_of(option):
        card = option if isinstance(option, int) else (
            option[0] if isinstance(option, tuple) and option else None)
        return card if isinstance(card, int) and 0 <= card < len(game.design) else None

    options = list(decision.options)
    if decision.kind == "action" or not all(card_of(o) is not None or is_pass(o)
                                            for o in options):
        return options
    return sorted(options, key=lambda o: (is_pass(o),) + (
        () if is_pass(o) else hand_key(game, card_of(o))))


def default_answer(game, decision: Decision):
    """What Enter answers: a fair, if weak, move. Develop and Settle place the best card
    they can afford (`best_card`); other choices pass when they can, else take the first
    option; for a pick, the `min` candidates least worth keeping (explore: keep the best
    cards; pay and discards: lose the cheapest, never a card kept this round while another
    will do). None for action cards: a wrong Enter would lock in the round's actions, so
    there is no default there (`suggested_actions` is offered on a second Enter)."""
    if decision.kind == "action":
        return None
    if decision.count is None:
        best = best_card(game, decision)
        if best is not None:
            return best
        for option in decision.options:
            if is_pass(option):
                return option
        return shown_options(game, decision)[0]
    low = decision.count[0]
    if low == 0:
        return ()
    from .hand import hand_now, keep_rank

    cards = [o for o in decision.options if isinstance(o, int)]
    if len(cards) != len(decision.options):
        return tuple(sorted(decision.options[:low]))
    now = hand_now(game, decision.player, None, cards)
    kept = game.players[decision.player].kept if decision.kind != "explore" else ()
    ranked = sorted(cards, key=lambda c: (c in kept,) + keep_rank(game, decision.player, now, c)
                    + hand_key(game, c))
    return tuple(sorted(ranked[:low]))


def best_card(game, decision: Decision):
    """The Develop or Settle option that places the card worth most (its VP, a 6-cost
    development's at its value now, then its cost): the options are what you can afford."""
    if decision.kind not in ("develop", "settle") or not any(map(is_pass, decision.options)):
        return None     # (how to place a world already chosen: the first way, as listed)
    from .hand import six_value

    costs = decision.info.get("costs", {})

    def worth(option) -> tuple:
        card = option if isinstance(option, int) else option[0]
        design = game.design[card]
        powers = () if isinstance(option, int) else option[2]
        return (design.vp + (six_value(game, decision.player, card) or 0), design.cost,
                -costs.get(option, 0), -len(powers))

    cards = [o for o in decision.options if not is_pass(o)]
    return max(cards, key=worth, default=None)


def suggested_actions(game, decision: Decision) -> tuple:
    """The action cards a second Enter takes: the legal choice whose cards do most for the
    hand and tableau you have (`action_worth`), first listed on a tie."""
    from .hand import hand_now

    index = game.rules.action_index()
    now = hand_now(game, decision.player)
    worth = {a.id: action_worth(game, decision.player, a, now)
             for a in action_cards(game, decision)}
    return max(decision.options, key=lambda o: sum(worth.get(a, 0) for a in o)
               - _copies(index, o))


def _copies(index, option) -> float:
    """Two copies of one action card do the phase twice: worth less than two phases."""
    phases = [index[a].phase for a in option if a in index]
    return 1.5 * (len(phases) - len(set(phases)))


def action_worth(game, me: int, action, now: dict) -> float:
    """A rough value of an action card for a player who presses Enter: place what can be
    placed (`now`: `hand_now`), consume goods held, produce on empty worlds, else explore."""
    p = game.players[me]
    design = game.design
    if action.phase in ("develop", "settle"):
        placeable = [c for c, info in now.items() if info.playable
                     and design[c].is_development == (action.phase == "develop")]
        return 3.0 + max((design[c].vp for c in placeable), default=-3) if placeable else 0.0
    if action.phase == "consume":
        consumers = any(pw.phase == "consume" for c in p.tableau for pw in design[c].powers)
        goods = len(p.goods)
        if not goods:
            return 0.0
        return goods * (1.5 if action.bonus.vp_factor > 1 else 1.0) if consumers \
            else goods * 0.8
    if action.phase == "produce":
        return float(sum(1 for c in p.tableau if design[c].good and not design[c].windfall
                         and c not in p.goods))
    if action.phase == "explore":
        return 1.5 if len(p.hand) < 3 and action.bonus.draw >= 5 else 1.0
    return 0.0


def describe_default(game, decision: Decision) -> str:
    """The default as the prompt shows it, in words that read back to it when typed."""
    answer = default_answer(game, decision)
    if answer is None:
        return "no default: type your choice"
    return answer_words(game, decision, answer)


def enter_answer(game, decision: Decision, learned=None) -> tuple:
    """What Enter answers and the prompt's words for it: in a learning game the hint's
    answer (`learned`, "hint: Gem World"), else `default_answer`."""
    if learned is not None:
        return learned, "hint: " + answer_words(game, decision, learned)
    return default_answer(game, decision), describe_default(game, decision)


def answer_words(game, decision: Decision, answer) -> str:
    """An answer as the list shows it, in words that read back to it when typed: the
    option's label, the action cards' codes and names ("e11 s: Explore +1/+1, Settle"), the
    cards of a pick."""
    if decision.kind == "action":
        cards = {a.id: (a, code) for a, code in
                 zip(action_cards(game, decision), action_codes(action_cards(game, decision)))}
        return (" ".join(cards[a][1] for a in answer) + ": "
                + ", ".join(cards[a][0].name for a in answer))
    if decision.count is None:
        return option_label(game, decision, answer)
    if decision.kind in game.rules.notations:
        return unquoted(answer_text(game, decision, answer))
    return ", ".join(game.name(c) for c in answer) or "none"


def unquoted(text: str) -> str:
    """An answer's text form without the quotes a name does not need (no comma, quote,
    `#` or `@` in it): `keep "Tourist World"` reads `keep Tourist World`."""
    return re.sub(r'"([^",#@\\]*)"', r"\1", text)


def parse_answer(text: str, game, decision: Decision):
    """What a player typed at the prompt, read by the game's one answer grammar
    (`notation.parse_typed`), numbers counting the options as the screen lists them and
    labels as it shows them."""
    shown = shown_options(game, decision)
    labels = [option_label(game, decision, o) for o in shown] if decision.count is None \
        else ()
    return parse_typed(game, decision, text, shown, labels)
