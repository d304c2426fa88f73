"""A decision's options in words, its default answer, and what a typed answer means.

Numbers refer to the numbered options (in any script's decimal digits); names are matched
case-insensitively, whole, by their start or by any part, as Tab completion offers them;
"pass", "done", "skip" and "none" name the way out when there is one. Whatever is typed is
data: an answer that cannot be read is an `IllegalChoice` with one line of reason.
"""

from __future__ import annotations

import re
import unicodedata

from .engine.decision import Decision, IllegalChoice
from rftg_cli.ui.escape import shown
from rftg_cli.ui.numbers import MAX_NUMBER, number  # noqa: F401  (typed numbers)
from rftg_cli.words import plural

PASS_WORDS = {"pass", "done", "skip", "none", "no", "-"}
# More than any real answer, less than what makes matching slow: a longer line is refused.
MAX_ANSWER = 1000


def card_line(game, card) -> str:
    """One-line summary of a card design, in the words of the game's power kinds."""
    from .cards.text import card_summary

    return card_summary(card, game.rules.powers)


def is_pass(option) -> bool:
    """The option that declines: develop -1, settle/consume (-1, ...), windfall -1, an
    empty choice (no defense)."""
    return option in (-1, ()) or (isinstance(option, tuple) and option and option[0] == -1)


def action_names(game) -> dict[str, str]:
    return {k: a.name for k, a in game.rules.action_index().items()}


def option_label(game, decision: Decision, option) -> str:
    """The option as the rulebook would say it: 'Settle New Sparta (conquer)'."""
    kind = decision.kind
    labels = decision.info.get("labels", {})     # a plugin's decision may name its options
    if option in labels:
        return labels[option]
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
    if kind == "consume":
        card, idx, detail = option
        try:
            from .cards.text import power_text
            what = power_text(game.design[card].powers[idx], game.design[card],
                              game.rules.powers)
        except (ImportError, IndexError):
            what = f"power {idx}"
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
    from .engine.notation import answer_text
    try:        # a plugin's decision: its answer's text form (`takeover "X" of "Ann" with ...`)
        return answer_text(game, decision, option)
    except IllegalChoice:
        return str(option)


def _using(game, powers) -> str:
    """' using Space Mercenaries x2, Colony Ship': the powers an option uses."""
    if not powers:
        return ""
    return " using " + ", ".join(
        game.name(c) + (f" x{powers.count((c, i))}" if powers.count((c, i)) > 1 else "")
        for c, i in dict.fromkeys(powers))


def option_name(game, decision: Decision, option) -> str:
    """The word(s) a player types for the option (a card name, an action name, 'pass')."""
    if decision.kind == "action":
        return option_label(game, decision, option)
    if is_pass(option):
        return option_label(game, decision, option)
    if option in decision.info.get("labels", {}):
        return option_label(game, decision, option)
    if isinstance(option, int):
        return game.name(option)
    if isinstance(option, tuple) and option and isinstance(option[0], int):
        return game.name(option[0])
    return str(option)


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
    if decision.count is None:
        return option_label(game, decision, answer)
    from .engine.notation import answer_text

    if decision.kind in game.rules.notations:
        return unquoted(answer_text(game, decision, answer))
    return ", ".join(game.name(c) for c in answer) or "none"


def unquoted(text: str) -> str:
    """An answer's text form without the quotes a name does not need (no comma, quote,
    `#` or `@` in it): `keep "Tourist World"` reads `keep Tourist World`."""
    return re.sub(r'"([^",#@\\]*)"', r"\1", text)


DASHES = str.maketrans({"—": "-", "–": "-"})


def fold(text: str) -> str:
    """The form names are compared in: compatibility-normalized (so 'ﬁ' is 'fi' and a
    full-width letter is a letter), case-folded, a dash as '-' (as `RFTG_ASCII=1` shows
    it in an option's label)."""
    return unicodedata.normalize("NFKC", text).translate(DASHES).casefold().strip()




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
    try:
        if decision.count is None:
            return _parse_choice(text, game, decision)
        return _parse_pick(text, game, decision)
    except IllegalChoice:
        if not in_text_form(text, game, decision):
            raise
    from .engine.notation import parse_answer as parse_text

    # Read as the saves write it, a part of a card's name allowed; if it does not read, the
    # notation's reason says what in it is wrong.
    return parse_text(game, decision, text, loose=True)


def in_text_form(text: str, game, decision: Decision) -> bool:
    """Whether `text` starts as an answer's text form does (`keep Tourist World`, `pay
    "Lifeforms, Inc"`), as the default in brackets and the saves write it."""
    notation = game.rules.notations.get(decision.kind)
    return notation is not None and fold(text).partition(" ")[0] in notation.verbs


def _parse_choice(text: str, game, decision: Decision):
    if decision.kind == "action":
        return parse_actions(text, game, decision)
    options = shown_options(game, decision)
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
    options = shown_options(game, decision)
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


# ---------------------------------------------------------------------- action cards

def action_cards(game, decision: Decision) -> list:
    """The action cards this decision chooses from (`Action`s), in the engine's order."""
    index = game.rules.action_index()
    ids = dict.fromkeys(a for option in decision.options for a in option)
    return [index[a] for a in ids if a in index]


def picks_of(decision: Decision) -> int:
    return len(decision.options[0]) if decision.options else 0


def squash(text: str) -> str:
    """A name as typed loosely: folded, letters and digits only ('Explore +5' -> 'explore5')."""
    return "".join(ch for ch in fold(text) if ch.isalnum())


def action_code(action) -> str:
    """The short code of an action card alone: its phase's initial and the digits of its
    name ('e5', 'e11', 'd', 'c2'). `action_codes` makes the codes of a table unique."""
    base = action.name.split("(")[0]
    return action.phase[:1] + "".join(ch for ch in base if ch.isdigit())


def action_codes(cards: list) -> list[str]:
    """One code per action card, unique among `cards`: the card's own code, or for a card
    whose code an earlier one holds, a second copy's `d2`, a card named otherwise than its
    phase gets its name's initial before the code (Prestige bonus Develop: `pd`), else the
    phase's first two letters (Search: `se`)."""
    codes: list[str] = []
    for a in cards:
        base = action_code(a)
        digits = base[1:]
        initial = a.name[:1].casefold()
        candidates = [base]
        if any(_same_card(a, b) for b in cards[:len(codes)]):
            candidates.append(base + "2")
        if initial != base[:1]:
            candidates.append(initial + base)
        candidates.append(a.phase[:2] + digits)
        candidates += [f"{base}{n}" for n in range(2, len(cards) + 2)]
        codes.append(next(c for c in candidates if c not in codes))
    return codes


def _same_card(a, b) -> bool:
    """Copies of one card (Develop and Develop (second)): either one will do."""
    return a.phase == b.phase and a.bonus == b.bonus


def _action_hits(token: str, cards: list) -> list[int]:
    """Indexes of the cards `token` names, by the first test that names any: number; a
    card's own code; id, shared code or whole name; start of the name or code; start of a
    word; any part."""
    n = number(token)
    if n is not None:
        return [n - 1] if 1 <= n <= len(cards) else []
    key = squash(token)
    if not key:
        return []
    own = [i for i, code in enumerate(action_codes(cards))
           if code == key != action_code(cards[i])]
    if own:     # a code given to tell a card apart (`d2`, `se`) names that card alone
        return own
    tests = [
        lambda a: key in (a.id, action_code(a), squash(a.name)),
        lambda a: squash(a.name).startswith(key) or action_code(a).startswith(key),
        lambda a: any(squash(w).startswith(key) for w in a.name.split()),
        lambda a: key in squash(a.name),
    ]
    for test in tests:
        hits = [i for i, a in enumerate(cards) if test(a)]
        # A card everyone holds before a once-per-game one sharing its code (Settle before
        # a Search, Develop before a Prestige bonus Develop): that one is typed by name.
        hits = [i for i in hits if not cards[i].once_per_game] or hits
        if hits:
            # A name of one copy names the other too: `develop develop` takes both.
            return [i for i, a in enumerate(cards)
                    if i in hits or any(_same_card(a, cards[h]) for h in hits)]
    return []


def parse_actions(text: str, game, decision: Decision) -> tuple:
    """Action cards typed compactly: `e5 d`, `develop settle`, `explore+5, consume-x2`, card
    numbers (`1 3`) or whole names; commas or spaces between cards."""
    cards = action_cards(game, decision)
    need = picks_of(decision)
    taken: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        words = part.split()
        i = 0
        while i < len(words):
            # The longest run of words that names a card ("Explore +5", "Consume: x2 VP").
            for j in range(len(words), i, -1):
                token = " ".join(words[i:j])
                hits = _action_hits(token, cards)
                free = [h for h in hits if h not in taken]
                if hits and (j == i + 1 or (free and all(_same_card(cards[free[0]], cards[h])
                                                         for h in free))):
                    break
            if not free:
                if hits:
                    raise IllegalChoice(f"{shown(token)} names a card already chosen")
                raise IllegalChoice(f"{shown(token)} is not an action card here; type "
                                    "codes or names such as " + example_actions(cards, need))
            if not all(_same_card(cards[free[0]], cards[h]) for h in free):
                raise IllegalChoice(f"{shown(token)} could mean " + " or ".join(
                    dict.fromkeys(cards[h].name for h in free)) + "; type more of it")
            taken.append(free[0])
            i = j
    if len(taken) != need:
        raise IllegalChoice(f"choose {plural(need, 'action card')}, not {len(taken)} (for "
                            f"example {example_actions(cards, need)})")
    answer = tuple(cards[i].id for i in sorted(taken))
    if answer not in decision.options:
        raise IllegalChoice(" + ".join(cards[i].name for i in sorted(taken))
                            + " cannot be chosen together")
    return answer


def example_actions(cards: list, need: int) -> str:
    """`e5 d` for two picks, `d` for one: codes of the first distinct cards."""
    codes = list(dict.fromkeys(action_code(a) for a in cards))   # copies: one code
    return "`" + " ".join(codes[i] for i in (0, 2)[:need] if i < len(codes)) + "`"
