"""Text forms of the search decisions: `search "6-cost development"`, `take "Card"`, `pass`,
`ignore` (a card the searcher does not count)."""

from __future__ import annotations

from rftg_cli.decision import IllegalChoice
from rftg_cli.race.engine import notation
from rftg_cli.race.engine.notation import Cards, name_key, quote
from rftg_cli.ui.escape import cut_escaped

from .categories import all_categories
from .procedure import IGNORE, PASS


def _category_text(game, decision, answer: str) -> str:
    return "search " + quote(decision.info["labels"][answer])


def _category_parse(game, decision, verb: str, reader):
    words = []
    while (token := reader.peek()) is not None:
        reader.pos += 1
        words.append(token[1])
    typed = name_key(" ".join(words))
    for c in all_categories():
        if typed in (name_key(c.name), c.key) and c.key in decision.options:
            return c.key
    names = ", ".join(quote(decision.info["labels"][k]) for k in decision.options)
    raise IllegalChoice(f"no search category '{cut_escaped(typed)}' (categories: {names})")


def _take_text(game, decision, answer: int) -> str:
    if answer in (PASS, IGNORE):
        return "pass" if answer == PASS else "ignore"
    return "take " + Cards(game, decision.player, [answer]).text(answer)


def _take_parse(game, decision, verb: str, reader):
    if verb in ("pass", "ignore"):
        reader.end()
        return PASS if verb == "pass" else IGNORE
    card = decision.options[0]
    found = Cards(game, decision.player, [card]).resolve(reader.ref(frozenset()), {card},
                                                         where="found by the search")
    reader.end()
    return found


NOTATIONS = (
    notation.Notation("search_category", ("search",), _category_text, _category_parse),
    notation.Notation("search_take", ("take", "pass", "ignore"), _take_text, _take_parse),
)
