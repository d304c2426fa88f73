"""The card game at the full-screen table: what one seat sees, described for the host's
table (`rftg_cli.table.view`): the scoreboard, the decision's choices and the rest of the
hand with what each card costs now, every tableau, the log, and each card's whole text.

Typed answers and commands go through the human seat's own reader (`HumanSeat`), so the
table accepts exactly what line mode accepts; rows chosen by keys go through
`Decision.check`, so both give the same answer and the same text in the save.
"""

from __future__ import annotations

import os

from rftg_cli.decision import Decision, IllegalChoice
from rftg_cli.legend import marks_of
from rftg_cli.table.view import HINTED, NO_DEFAULT, Ask, Row, ScoreRow, Section, TableView
from . import render
from .hand import hand_now
from .engine.notation import action_cards, action_codes, picks_of
from .options import answer_words, enter_answer, option_label, shown_options


def ascii_only() -> bool:
    return bool(os.environ.get("RFTG_ASCII"))


class RaceTable:
    """The card game's side of the table for one human seat: `view(game, me, decision)`;
    commands typed at the table print on `console` (the table's log pane)."""

    def __init__(self, console, *, on_save=None, on_why=None, on_hint=None,
                 on_default=None) -> None:
        from .human import HumanSeat

        self.seat = HumanSeat(None, console, on_save=on_save, on_why=on_why, on_hint=on_hint,
                              on_default=on_default)

    answer_words = staticmethod(answer_words)      # a hint names an answer as listed

    def view(self, game, me: int, decision: Decision | None = None) -> TableView:
        mine = decision if decision is not None and decision.player == me else None
        sections, ask = choices(game, me, mine, self.seat) if mine else ((), None)
        return TableView(status=status(game, me), warning=render.end_warning(game) or "",
                         scores=scores(game, me),
                         sections=sections + (hand_section(game, me, mine),),
                         tableaux=tableaux(game, me),
                         log=tuple(render.log_lines(game, me)), ask=ask,
                         legend=marks_of(game.config))


def make_table(console, *, on_save=None, on_why=None, on_hint=None,
               on_default=None) -> RaceTable:
    return RaceTable(console, on_save=on_save, on_why=on_why, on_hint=on_hint,
                     on_default=on_default)


# ---------------------------------------------------------------------- the scoreboard

def status(game, me: int) -> str:
    view = game.view(me)
    return (f"Round {view['round']} · {view['phase']} · VP pool {view['pool']} · "
            f"deck {view['deck_size']} · discard {view['discard_size']}")


def scores(game, me: int) -> tuple[ScoreRow, ...]:
    """Every seat's total now and how it adds up, then each opponent that is no seat."""
    view = game.view(me)
    rows = []
    for result in game.outcome().results:
        parts = result.breakdown
        added = [f"chips {parts.get('chips', 0)}", f"cards {parts.get('cards', 0)}"]
        bonus = sum(parts.get("bonuses", {}).values())
        added += [f"6-dev {bonus}"] if bonus else []
        added += [f"{k} {v}" for k, v in parts.get("extras", {}).items()]
        details = result.details
        if result.seat is not None:
            seat = view["seats"][result.seat]
            facts = [f"tableau {len(seat['tableau'])}/{render.tableau_limit(game, result.seat)}",
                     f"hand {seat['hand_size']}", f"goods {len(seat['goods'])}"]
        else:
            size = details.get("tableau_size", len(details.get("tableau", ())))
            facts = [f"tableau {size}/{game.rules.game_end_tableau}"]
        rows.append(ScoreRow(result.name, result.score, " + ".join(added), " · ".join(facts),
                             me=result.seat == me))
    return tuple(rows)


def tableaux(game, me: int) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each seat's cards (yours first, worlds with a good marked) under its name and the
    action cards it chose, then the opponents that are no seats as they show themselves."""
    view = game.view(me)
    mark = "*" if ascii_only() else "■"
    out = []
    for i in [me] + [i for i in range(len(view["seats"])) if i != me]:
        seat = view["seats"][i]
        cards = ", ".join(game.name(c) + (mark if c in seat["goods"] else "")
                          for c in seat["tableau"])
        chose = render.chosen_actions(game, i, me)
        out.append((seat["name"] + (f" ({chose})" if chose else ""), (cards or "(no cards)",)))
    out += [(title, tuple(lines[:render.BOARD_LINES]))
            for title, lines in render.opponent_status(game)]
    return tuple(out)


# ---------------------------------------------------------------------- cards

def style_of(card) -> str:
    if card.is_development:
        return "dev"
    return card.good or ("military" if card.military else "world")


def card_text(game, me: int, number: int, now=None) -> tuple[str, ...]:
    """The whole text of a card, never cut: what it is, each power, its VP rules and what
    they would score for you now, and what placing it costs you now."""
    from .cards.text import SPECIAL_TEXT, cost_text, good_text, power_text, type_text
    from .cards.text import vp_rule_text, vp_text

    card = game.design[number]
    head = [type_text(card), cost_text(card), vp_text(card)] + (
        [good_text(card)] if card.good else [])
    lines = [card.name, ", ".join(head)]
    lines += [power_text(p, card, game.rules.powers) for p in card.powers
              if not (p.kind == "produce" and not p.pay_with)]
    lines += [SPECIAL_TEXT[s] for s in card.specials if s in SPECIAL_TEXT]
    if card.vp_rules:
        lines.append("VP: " + ", ".join(vp_rule_text(r) for r in card.vp_rules))
    if now is not None and now.value is not None:
        lines.append(f"would score {now.value} VP in your tableau now")
    if now is not None:
        lines.append(f"now: {now.text}" + (" (you can place it)" if now.playable else ""))
    return tuple(lines)


def card_row(game, me: int, number: int, now, *, label: str | None = None, value=None,
             choice: bool = False, short: str = "", note: str = "") -> Row:
    info = now.get(number)
    return Row(label=label or game.name(number), note=note or (info.text if info else ""),
               text=card_text(game, me, number, info), value=value, choice=choice,
               playable=bool(info and info.playable), style=style_of(game.design[number]),
               short=short)


def hand_section(game, me: int, decision: Decision | None) -> Section:
    """The cards in your hand the decision's lines do not name first, in the hand's order."""
    from .options import hand_key

    hand = game.view(me)["hand"]
    taken = card_options(game, decision) if decision is not None else set()
    now = hand_now(game, me, decision)
    rows = tuple(card_row(game, me, c, now) for c in sorted(hand, key=lambda c: hand_key(game, c))
                 if c not in taken)
    above = len(hand) - len(rows)
    return Section(f"Your hand ({len(hand)}" + (f", {above} of them above)" if above else ")"),
                   rows)


def card_of(option) -> int | None:
    card = option if isinstance(option, int) else (
        option[0] if isinstance(option, tuple) and option else None)
    return card if isinstance(card, int) and card >= 0 else None


def card_options(game, decision: Decision) -> set[int]:
    """The cards the decision's lines name first ("Gem World (pay 2)", not "replace Old
    Earth with Gem World"): the hand need not list them again."""
    if decision.kind == "action":
        return set()
    return {card for option in decision.options
            if (card := card_of(option)) is not None and card < len(game.design)
            and option_label(game, decision, option).startswith(game.name(card))}


# ---------------------------------------------------------------------- the decision

def choices(game, me: int, decision: Decision, seat) -> tuple[tuple[Section, ...], Ask]:
    def read(text: str):
        word, _, rest = text.strip().partition(" ")
        from .human import COMMANDS
        from .options import parse_answer

        if word.casefold() in COMMANDS:
            seat.command(word.casefold(), rest.strip(), game, decision)
            return None
        return decision.check(parse_answer(text, game, decision))

    completions = tuple(seat.completions(game, decision))
    learned = seat.learned(game, decision)
    if decision.kind == "action":
        return action_choice(game, decision, read, completions, learned)
    options = shown_options(game, decision)
    now = hand_now(game, me, decision, [c for c in map(card_of, options) if c is not None])
    rows = []
    shorts = decision.info.get("short", {})     # a plugin's decision may word its list
    notes = consume_notes(game, decision)
    for option in options:
        card = card_of(option)
        label = option_label(game, decision, option)
        short = shorts.get(option, "") or (game.name(card) if option in notes else "")
        if card is not None and card < len(game.design):
            # A card of a tableau (a power to use, a world to fill or to take over) is not
            # placed: it costs nothing now.
            costs = {} if any(card in p.tableau for p in game.players) else now
            rows.append(card_row(game, me, card, costs, label=label, value=option, choice=True,
                                 short=short, note=notes.get(option, "")))
        else:
            rows.append(Row(label=label, text=(label,), value=option, choice=True, short=short))
    default, said = enter_answer(game, decision, learned)
    pick = decision.count
    ask = Ask(prompt=decision.prompt, default=said,
              answer=lambda values: decision.check(values if pick else values[0]),
              read=read, pick=pick,
              marked=tuple(default) if pick and default else (),
              cursor=None if pick else default, completions=completions,
              mark_word="discard" if pick and "discard" in decision.prompt.lower() else "choose")
    return (Section(decision.prompt, tuple(rows)),), ask


def consume_notes(game, decision: Decision) -> dict:
    """A consume power in the list: its card, and beside it the worlds whose goods it uses
    ("Epsilon Eridani   on Comet Zone", "on itself"); the power's whole text is in the card pane and the
    bar ("Epsilon Eridani: IV: consume 1 go…" was cut). Only where card and worlds tell the
    choices apart."""
    if decision.kind != "consume":
        return {}
    notes = {}
    for card, idx, detail in (o for o in decision.options
                              if isinstance(o, tuple) and card_of(o) is not None):
        worlds = [d for d in detail if isinstance(d, int) and 0 <= d < len(game.design)]
        kind = game.design[card].powers[idx].kind
        named = ["itself" if w == card else game.name(w) for w in worlds]
        notes[(card, idx, detail)] = "on " + ", ".join(named) \
            if worlds and kind not in ("ante_card", "draw_lucky") else ""
    said = [(option[0], note) for option, note in notes.items()]
    return {option: note for option, note in notes.items()
            if said.count((option[0], note)) == 1}


def action_choice(game, decision: Decision, read, completions, learned=None):
    """Action cards as a pick: mark as many as the round asks, in the engine's order; in a
    learning game the hint's are marked, Enter's answer."""
    cards = action_cards(game, decision)
    need = picks_of(decision)
    order = [a.id for a in cards]

    def answer(values: tuple):
        chosen = tuple(sorted(values, key=order.index))
        if len(chosen) != need:
            raise IllegalChoice(f"mark {need} action cards with Space ({len(chosen)} marked)")
        if chosen not in decision.options:
            raise IllegalChoice(" + ".join(game.rules.action_index()[a].name for a in chosen)
                                + " cannot be chosen together")
        return chosen

    codes = action_codes(cards)             # as line mode lists them: one code a card
    width = max(3, *map(len, codes))
    rows = tuple(Row(label=f"{code:<{width}} {a.name}", text=(a.name, a.text), value=a.id,
                     choice=True) for a, code in zip(cards, codes))
    word = "1 action card" if need == 1 else f"{need} action cards"
    default = HINTED + answer_words(game, decision, learned) if learned is not None else \
        f"{NO_DEFAULT}: mark {word}"
    ask = Ask(prompt=decision.prompt, default=default, answer=answer, read=read,
              pick=(need, need), marked=tuple(learned or ()), completions=completions,
              mark_word="choose")
    return (Section(f"Action cards (choose {need})", rows),), ask

