"""The Prestige/Search action card (The Brink of War): one per player, used once per game
either for a Prestige bonus or for a search. Both plugins name it, so that a player who has
used it one way cannot use it the other (`Action.card`)."""

CARD = "prestige_search"


def unused_line(game, me: int) -> list[str]:
    """`rules.board_lines`: who still holds an unused Prestige/Search card."""
    names = [p.name for p in game.players if CARD not in p.spent]
    return [f"Prestige/Search card unused: {', '.join(names) or 'nobody'}"]


def show_unused(rules) -> None:
    """Either plugin shows the card's line, once."""
    if unused_line not in rules.board_lines:
        rules.board_lines.append(unused_line)
