"""The Prestige/Search action card (The Brink of War): one per player, used once per game
either for a Prestige bonus or for a search. Both plugins name it, so that a player who has
used it one way cannot use it the other (`Action.card`)."""

CARD = "prestige_search"
