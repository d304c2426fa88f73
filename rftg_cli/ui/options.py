"""A decision's options in words, its default answer, and what a typed answer means.

Numbers refer to the numbered options (in any script's decimal digits); names are matched
case-insensitively, whole, by their start or by any part, as Tab completion offers them;
"pass", "done", "skip" and "none" name the way out when there is one. Whatever is typed is
data: an answer that cannot be read is an `IllegalChoice` with one line of reason.
"""

from __future__ import annotations

import re
import unicodedata

from ..engine.decision import Decision, IllegalChoice
from .escape import shown

PASS_WORDS = {"pass", "done", "skip", "none", "no", "-"}
# More than any real answer, less than what makes matching slow: a longer line is refused.
MAX_ANSWER = 1000
# Larger than any option count; longer numbers are out of range without being converted.
MAX_NUMBER = 999_999


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


def fold(text: str) -> str:
    """The form names are compared in: compatibility-normalized (so 'ﬁ' is 'fi' and a
    full-width letter is a letter) and case-folded."""
    return unicodedata.normalize("NFKC", text).casefold().strip()


def number(token: str) -> int | None:
    """The value of a number typed in any script's decimal digits ('3', '٣', '３'), or None.

    Superscripts and other non-decimal digits are not numbers (`int` refuses them), and a
    number too long to be an option's is MAX_NUMBER + 1 rather than handed to `int` (which
    refuses more than 4,300 digits)."""
    token = token.strip()
    if not token or not token.isdecimal():
        return None
    digits = "".join(str(unicodedata.decimal(ch)) for ch in token).lstrip("0")
    if len(digits) > len(str(MAX_NUMBER)):
        return MAX_NUMBER + 1
    return int(digits or "0")


def _match(word: str, names: list[str], *, anywhere: bool = True) -> list[int]:
    """Indexes of names equal to word, else of names it starts, else (`anywhere`) of names
    it is part of (case-insensitive), like Tab completion offers them."""
    w = fold(word)
    if not w:
        return []
    folded = [fold(n) for n in names]
    tests = (str.__eq__, str.startswith) + ((str.__contains__,) if anywhere else ())
    for test in tests:
        hits = [i for i, n in enumerate(folded) if test(n, w)]
        if hits:
            return hits
    return []


def parse_answer(text: str, game, decision: Decision):
    """Turn typed text into an answer (not yet checked by the engine); IllegalChoice, with
    one line of reason, for anything it cannot read. Every input is data: no text raises
    anything else."""
    text = text.strip()
    if len(text) > MAX_ANSWER:
        raise IllegalChoice(f"that answer is {len(text):,} characters long; type a number "
                            "or a name")
    if decision.count is None:
        return _parse_choice(text, game, decision)
    return _parse_pick(text, game, decision)


def _parse_choice(text: str, game, decision: Decision):
    options = decision.options
    if fold(text) in PASS_WORDS:
        for option in options:
            if is_pass(option):
                return option
        raise IllegalChoice("there is no pass here; choose one of the options")
    n = number(text)
    if n is not None:
        if 1 <= n <= len(options):
            return options[n - 1]
        raise IllegalChoice(f"choose a number from 1 to {len(options)}")
    not_digits(text)
    names = [option_name(game, decision, o) for o in options]
    labels = [option_label(game, decision, o) for o in options]
    # Labels ("Explore +5", "Old Earth: IV: consume ...") by their start, names (what Tab
    # completes) by any part: a part of a label's power text would match too much.
    hits = _match(text, labels, anywhere=False) or _match(text, names)
    if decision.kind == "action" and not hits:
        folded = fold(text)
        hits = [i for i, o in enumerate(options) if folded and folded in o]
    if len({options[i] for i in hits}) == 1:
        return options[hits[0]]
    if not hits:
        raise IllegalChoice(f"{shown(text)} is not one of the options; type a number or a name")
    raise IllegalChoice(f"{shown(text)} could mean "
                        + " or ".join(shown(labels[i], 60)[1:-1] for i in hits[:3])
                        + "; type its number")


def not_digits(text: str) -> None:
    """Superscripts ('²', the key left of 1 on a French keyboard) and other digits that are
    not decimal look like numbers but are not: say so rather than match them as a name."""
    if number(text) is None and number(fold(text).replace(",", "")) is not None:
        raise IllegalChoice(f"{shown(text)} is not a number here; type digits like 2")


RANGE_RE = re.compile(r"(\w*)\s*-\s*(\w*)")


def _parse_pick(text: str, game, decision: Decision):
    """A pick: numbers, ranges (`2-4`) and card names, separated by commas (numbers also by
    spaces). Empty parts (`1,,2`) are ignored."""
    options = decision.options
    if fold(text) in PASS_WORDS:
        return ()
    names = [game.name(o) if isinstance(o, int) else str(o) for o in options]
    taken: set[int] = set()
    picks = []

    def take(i: int, part: str) -> None:
        if i in taken:
            raise IllegalChoice(f"{shown(part)} names a card already chosen")
        taken.add(i)
        picks.append(options[i])

    def index(token: str, part: str) -> int:
        n = number(token)
        if n is None or not 1 <= n <= len(options):
            raise IllegalChoice(f"choose numbers from 1 to {len(options)} "
                                f"({shown(part)} is not one)")
        return n - 1

    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        words = part.split()
        if all(number(w) is not None for w in words):
            for w in words:
                take(index(w, part), part)
            continue
        span = RANGE_RE.fullmatch(part)
        if span and (number(span[1]) is not None or number(span[2]) is not None):
            if not span[1] or not span[2]:
                raise IllegalChoice(f"{shown(part)}: a range needs a number at each end, "
                                    "like 2-4")
            low, high = index(span[1], part), index(span[2], part)
            if low > high:
                raise IllegalChoice(f"{shown(part)}: a range goes up, like 2-4")
            for i in range(low, high + 1):
                take(i, part)
            continue
        not_digits(part)
        hits = [i for i in _match(part, names) if i not in taken]
        if not hits:
            raise IllegalChoice(f"{shown(part)} is not one of the cards here "
                                "(or was named twice)")
        if len({names[i] for i in hits}) > 1:
            raise IllegalChoice(f"{shown(part)} could mean " + " or ".join(
                sorted({names[i] for i in hits})[:3]))
        take(hits[0], part)
    return tuple(picks)
