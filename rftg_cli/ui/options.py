"""A decision's options in words, its default answer, and what a typed answer means.

Numbers refer to the numbered options; names are matched case-insensitively (a unique prefix
is enough); "pass", "done", "skip" and "none" name the way out when there is one.
"""

from __future__ import annotations

import re

from ..engine.decision import Decision, IllegalChoice

PASS_WORDS = {"pass", "done", "skip", "none", "no", "-"}


def card_line(card) -> str:
    """One-line summary of a card design (from cards.text when it is there)."""
    try:
        from ..cards.text import card_summary
    except ImportError:   # cards.text is optional for the screen
        return f"{card.type}, cost {card.cost}, {card.vp} VP"
    return card_summary(card)


def is_pass(option) -> bool:
    """The option that declines: develop -1, settle/consume (-1, ...), windfall -1."""
    return option == -1 or (isinstance(option, tuple) and option and option[0] == -1)


def action_names(game) -> dict[str, str]:
    return {k: a.name for k, a in game.rules.action_index().items()}


def option_label(game, decision: Decision, option) -> str:
    """The option as the rulebook would say it: 'Settle New Sparta (conquer)'."""
    kind = decision.kind
    if kind == "action":
        names = action_names(game)
        return " + ".join(names.get(a, a) for a in option)
    if is_pass(option):
        return {"consume": "done", "windfall": "skip"}.get(kind, "pass")
    if kind == "develop":
        cost = decision.info.get("costs", {}).get(option)
        return game.name(option) + (f" (pay {cost})" if cost is not None else "")
    if kind == "settle":
        world, how, powers = option
        cost = decision.info.get("costs", {}).get(option)
        how_text = "conquer" if how == "conquer" else f"pay {cost}" if cost is not None else how
        using = f" using {', '.join(game.name(c) for c, _ in powers)}" if powers else ""
        return f"{game.name(world)} ({how_text}{using})"
    if kind == "trade":
        value = decision.info.get("values", {}).get(option)
        good = game.design[option].good
        return f"{game.name(option)}: sell {good}" + (f" for {value} cards" if value else "")
    if kind == "consume":
        card, idx, detail = option
        try:
            from ..cards.text import power_text
            what = power_text(game.design[card].powers[idx], game.design[card])
        except (ImportError, IndexError):
            what = f"power {idx}"
        goods = ""
        if detail and all(isinstance(d, int) and 0 <= d < len(game.design) for d in detail) \
                and game.design[card].powers[idx].kind != "draw_lucky":
            goods = " — goods on " + ", ".join(game.name(w) for w in detail)
        elif detail:
            goods = f" — {', '.join(str(d) for d in detail)}"
        return f"{game.name(card)}: {what}{goods}"
    if isinstance(option, int) and 0 <= option < len(game.design):
        return game.name(option)
    return str(option)


def option_name(game, decision: Decision, option) -> str:
    """The word(s) a player types for the option (a card name, an action name, 'pass')."""
    if decision.kind == "action":
        return option_label(game, decision, option)
    if is_pass(option):
        return option_label(game, decision, option)
    if isinstance(option, int):
        return game.name(option)
    if isinstance(option, tuple) and option and isinstance(option[0], int):
        return game.name(option[0])
    return str(option)


def default_answer(decision: Decision):
    """Empty input: pass/done/skip when possible, else the first legal option; for a pick,
    the first `min` candidates (explore: discard the first cards drawn)."""
    if decision.count is None:
        for option in decision.options:
            if is_pass(option):
                return option
        return decision.options[0]
    low = decision.count[0]
    return tuple(sorted(decision.options[:low]))


def describe_default(game, decision: Decision) -> str:
    answer = default_answer(decision)
    if decision.count is None:
        return option_label(game, decision, answer)
    return ", ".join(game.name(c) for c in answer) or "none"


def _match(word: str, names: list[str]) -> list[int]:
    """Indexes of names equal to word, else of names it is a prefix of (case-insensitive)."""
    w = word.casefold().strip()
    exact = [i for i, n in enumerate(names) if n.casefold() == w]
    if exact:
        return exact
    return [i for i, n in enumerate(names) if n.casefold().startswith(w)]


def parse_answer(text: str, game, decision: Decision):
    """Turn typed text into an answer (not yet checked by the engine); IllegalChoice if the
    text names nothing, or is ambiguous."""
    text = text.strip()
    options = decision.options
    if decision.count is None:
        if text.casefold() in PASS_WORDS:
            for option in options:
                if is_pass(option):
                    return option
            raise IllegalChoice("there is no pass here; choose one of the options")
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(options):
                return options[n - 1]
            raise IllegalChoice(f"choose a number from 1 to {len(options)}")
        names = [option_name(game, decision, o) for o in options]
        labels = [option_label(game, decision, o) for o in options]
        hits = _match(text, labels) or _match(text, names)
        if decision.kind == "action" and not hits:
            hits = [i for i, o in enumerate(options) if text.casefold() in o]
        if len({options[i] for i in hits}) == 1:
            return options[hits[0]]
        if not hits:
            raise IllegalChoice(f"{text!r} is not one of the options; type a number or a name")
        raise IllegalChoice(f"{text!r} could mean " + " or ".join(labels[i] for i in hits[:3])
                            + "; type its number")
    # A pick: numbers and/or card names, separated by commas (or spaces for numbers).
    if text.casefold() in PASS_WORDS:
        return ()
    if re.fullmatch(r"[\d\s,]+", text):
        picks = []
        for token in re.split(r"[\s,]+", text.strip(", ")):
            n = int(token)
            if not 1 <= n <= len(options):
                raise IllegalChoice(f"choose numbers from 1 to {len(options)}")
            picks.append(options[n - 1])
        return tuple(picks)
    names = [game.name(o) if isinstance(o, int) else str(o) for o in options]
    taken: set[int] = set()
    picks = []
    for part in (p for p in text.split(",") if p.strip()):
        part = part.strip()
        hits = [i for i in (_match(part, names) if not part.isdigit() else
                            [int(part) - 1] if 0 < int(part) <= len(options) else [])
                if i not in taken]
        if not hits:
            raise IllegalChoice(f"{part!r} is not one of the cards here (or was named twice)")
        if len({names[i] for i in hits}) > 1:
            raise IllegalChoice(f"{part!r} could mean " + " or ".join(
                sorted({names[i] for i in hits})[:3]))
        taken.add(hits[0])
        picks.append(options[hits[0]])
    return tuple(picks)
