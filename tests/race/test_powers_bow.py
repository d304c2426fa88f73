"""The Brink of War's powers that are not prestige nor takeovers, in constructed positions
(the rulebook's « LES POUVOIRS DES CARTES (par phase) » quoted per test)."""

from rftg_cli.race.engine.scoring import score
from rftg_cli.race.engine.settle import military_strength
from tests.powers_helpers import Table

PASS = (-1, "pass", ())


def table() -> Table:
    return Table(sets=("bow",))


# ---------------------------------------------------------------- II: draw then discard

def test_draw_then_discard_draws_everything_before_the_discards():
    """« Piocher, puis défausser »: at the start of Develop draw, add to hand, discard 1;
    with several such powers, « doit piocher toutes les cartes indiquées avant de défausser
    une carte par pouvoir ». Galactic Power Brokers (2) and Information Hub (1): 3 drawn,
    then two discards of 1."""
    t = table()
    t.tableau(0, "Information Hub", "Galactic Power Brokers")
    t.tableau(1, "Old Earth")
    t.pad(0, 1)
    t.start("develop", {1: ("develop",)})
    d = t.pending
    assert d.kind == "draw_discard" and d.count == (1, 1) and len(d.options) == 4
    t.answer((d.options[0],))
    d = t.pending
    assert d.kind == "draw_discard" and len(d.options) == 3
    assert t.game.answer_text((d.options[0],)).startswith("discard ")
    t.answer((d.options[0],))
    t.finish()
    assert len(t.p(0).hand) == 2


# ---------------------------------------------------------------- II / III / V: saving cards

def test_galactic_scavengers_saves_a_card_paid_and_gives_it_back_in_produce():
    """« Sauver une carte d'un paiement »: after reductions, one card of a development's
    payment goes under Galactic Scavengers; « Piocher les cartes sauvées » in Produce."""
    t = table()
    t.tableau(0, "Galactic Scavengers")
    scav = t.p(0).tableau[0]
    t.tableau(1, "Old Earth")
    [labs] = t.hand(0, "Mining Robots")                 # cost 2
    a, b, c = t.pad(0, 3)
    t.start("develop", {1: ("develop",)})
    t.answer(labs)
    t.answer((a, b))
    d = t.pending
    assert d.kind == "save_card" and d.count == (1, 1) and set(d.options) == {a, b}
    assert t.game.answer_text((b,)).startswith("save ")
    t.answer((b,))
    t.finish()
    assert t.p(0).hand == [c] and a in t.game.discard_pile and b not in t.game.discard_pile
    assert t.game.view(1)["extra"]["saved"] == {"saved": {scav: 1}}
    t.run("produce", {1: ("produce",)})
    assert b in t.p(0).hand


def test_galactic_scavengers_save_from_a_world_payment_not_military_discards():
    """For a world: « (mais pas une carte défaussée pour accroître sa force militaire) »."""
    t = table()
    t.tableau(0, "Galactic Scavengers", "Space Mercenaries")
    t.tableau(1, "Old Earth")
    [penal] = t.hand(0, "Former Penal Colony")          # defense 2: 1 + 1 card
    [a, b] = t.pad(0, 2)
    t.start("settle", {1: ("settle",)})
    t.answer((penal, "place", ()))
    d = t.pending
    assert d.kind == "military_discard"
    t.answer((a,))
    t.finish()
    assert penal in t.p(0).tableau and a in t.game.discard_pile
    assert t.game.view(0)["extra"].get("saved", {"saved": {}}) == {"saved": {}}


def test_saved_cards_are_discarded_with_their_world():
    from rftg_cli.race.engine.round import remove_from_tableau
    from rftg_cli.race.engine.saved import save

    t = table()
    t.tableau(0, "Galactic Scavengers")
    scav = t.p(0).tableau[0]
    [a] = t.filler(1)
    save(t.game, scav, a)
    remove_from_tableau(t.game, 0, scav)
    assert a in t.game.discard_pile and scav in t.game.discard_pile


# ---------------------------------------------------------------- III: after placing

def test_imperium_fuel_depot_draws_two_then_discards_one_after_a_world():
    """« Piocher après, puis défausser »: after placing a world, draw 2, discard 1."""
    t = table()
    t.tableau(0, "Imperium Fuel Depot", "Old Earth")
    t.tableau(1, "New Sparta")
    [gem] = t.hand(0, "Gem World")
    pads = t.pad(0, 3)
    t.start("settle", {1: ("settle",)})
    t.answer((gem, "place", ()))
    t.answer(tuple(sorted(pads[:2])))
    d = t.pending
    assert d.kind == "draw_discard" and len(d.options) == 3     # 1 left + 2 drawn
    t.answer((d.options[0],))
    t.finish()
    assert gem in t.p(0).tableau and len(t.p(0).hand) == 2


def test_golden_age_puts_a_good_on_a_production_world_placed():
    """« Recevoir une ressource après »: a production world placed gets a good; a world
    without goods does not."""
    t = table()
    t.tableau(0, "Golden Age of Terraforming", "Old Earth")
    t.tableau(1, "New Sparta")
    [volcanic] = t.hand(0, "Volcanic World", extra=3)
    t.run("settle", {1: ("settle",)}, policy=lambda d: (volcanic, "place", ())
          if d.kind == "settle" and (volcanic, "place", ()) in d.options else None)
    assert volcanic in t.p(0).tableau and volcanic in t.p(0).goods


def test_goods_paid_reductions_lifeforms_and_golden_age():
    """« Dépenser une ressource pour réduire le coût »: a Gene good for -3 to settle (and a
    Rare good for -2 to develop): offered as a power to name, then the good discarded."""
    t = table()
    t.tableau(0, "Lifeforms, Inc", "Hive World", "Old Earth")
    lifeforms, hive = t.p(0).tableau[:2]
    t.good(0, hive)
    t.tableau(1, "New Sparta")
    [earth] = t.hand(0, "New Earth", extra=3)             # 5: only with -3
    t.start("settle", {1: ("settle",)})
    d = t.pending
    assert d.info["ways"][earth] == ((earth, "pay", ((lifeforms, 0),)),)
    assert d.info["costs"][(earth, "pay", ((lifeforms, 0),))] == 2
    t.answer((earth, "place", ()))
    t.finish()
    assert earth in t.p(0).tableau and hive not in t.p(0).goods and len(t.p(0).hand) == 1
    t = table()
    t.tableau(0, "Golden Age of Terraforming", "Volcanic World")
    golden, volcanic = t.p(0).tableau
    t.good(0, volcanic)
    t.tableau(1, "Old Earth")
    [mining] = t.hand(0, "Mining Robots", extra=2)
    t.start("develop", {1: ("develop",)})
    t.answer(mining)
    d = t.pending
    assert d.kind == "develop_way" and set(d.options) == {(mining, ()),
                                                         (mining, ((golden, 0),))}
    t.answer((mining, ((golden, 0),)))
    t.finish()
    assert mining in t.p(0).tableau and volcanic not in t.p(0).goods and len(t.p(0).hand) == 2


def test_rebel_fuel_refinery_a_rare_good_for_two_military():
    """« On peut défausser une ressource Rare pour gagner +2 en force militaire »."""
    t = table()
    t.tableau(0, "Rebel Fuel Refinery")
    refinery = t.p(0).tableau[0]
    t.good(0, refinery)
    t.tableau(1, "Old Earth")
    [penal] = t.hand(0, "Former Penal Colony")
    t.start("settle", {1: ("settle",)})
    assert t.pending.info["ways"][penal] == ((penal, "conquer", ((refinery, 0),)),)
    t.answer((penal, "place", ()))
    t.finish()
    assert penal in t.p(0).tableau and refinery not in t.p(0).goods


# ---------------------------------------------------------------- III: more worlds

def test_rebel_sneak_attack_conquers_an_extra_military_world_without_bonus_card():
    """« Coloniser un monde militaire supplémentaire »: discard it to place a military
    world after placing another, by conquest only; no Settle bonus card for it."""
    t = table()
    t.tableau(0, "New Sparta", "Rebel Sneak Attack")
    sneak = t.p(0).tableau[1]
    t.tableau(1, "Old Earth")
    [gem, penal] = t.hand(0, "Gem World", "Former Penal Colony")
    pads = t.pad(0, 3)
    t.start("settle", {0: ("settle",)})
    t.answer((gem, "place", ()))
    t.answer(tuple(sorted(pads[:2])))
    d = t.pending
    option = (penal, "conquer", ((sneak, 1),))
    assert d.kind == "settle" and set(d.options) == {option, PASS}
    assert t.game.answer_text(option) == 'conquer "Former Penal Colony" with ' \
        '"Rebel Sneak Attack"'
    hand = len(t.p(0).hand)
    t.answer(option)
    t.finish()
    assert penal in t.p(0).tableau and sneak not in t.p(0).tableau
    assert len(t.p(0).hand) == hand - 1          # the world placed, no bonus card


def test_imperium_invasion_fleet_conquers_a_non_military_world():
    """« Assujettir un monde non militaire »: its defense is its printed cost (New Earth 5
    against +3); the card leaves the tableau (its prestige: the prestige rules)."""
    t = table()
    t.tableau(0, "New Sparta", "Imperium Invasion Fleet")
    fleet = t.p(0).tableau[1]
    t.tableau(1, "Old Earth")
    [earth] = t.hand(0, "New Earth")
    t.start("settle", {1: ("settle",)})
    assert t.pending.info["ways"][earth] == ((earth, "conquer", ((fleet, 2),)),)
    t.answer((earth, "place", ()))
    t.finish()
    assert earth in t.p(0).tableau and fleet in t.game.discard_pile


def test_imperium_invasion_fleet_gives_2_prestige_for_the_civil_world_it_conquers():
    """« Assujettir un monde non militaire: En tant qu'action, le joueur peut défausser
    cette carte de son tableau pour poser un monde non militaire comme un monde militaire et
    gagner 2 Prestiges » (BoW; card data: its settle power carries `PRESTIGE`, « gain
    prestige when settling with this power », FORMAT.md §7): in an ordinary Settle, New
    Earth conquered with it gives 2 prestige; a world conquered without it gives none."""
    t = table()
    t.tableau(0, "New Sparta", "Imperium Invasion Fleet")
    t.tableau(1, "Old Earth")
    [earth, penal] = t.hand(0, "New Earth", "Former Penal Colony")
    t.start("settle", {1: ("settle",)})
    t.answer((penal, "place", ()))                  # military 2 + 3 against 2
    t.finish()
    assert penal in t.p(0).tableau and t.p(0).prestige == 0
    t.start("settle", {1: ("settle",)})
    t.answer((earth, "place", ()))
    t.finish()
    assert earth in t.p(0).tableau and t.p(0).prestige == 2
    assert "Player 1 gains 2 prestige (Imperium Invasion Fleet)." in \
        [text for _, text in t.game.events]


# ---------------------------------------------------------------- III: replacing a world

def test_terraforming_engineers_replace_a_world_of_the_same_kind():
    """« Remplacer un monde »: a non-military world by one of the same kind costing 0 to 3
    more, for free; a windfall replacement gets its good; the old world's good is lost;
    not a world placed this phase."""
    t = table()
    t.tableau(0, "Terraforming Engineers", "Volcanic World", "Old Earth")
    _, volcanic, _ = t.p(0).tableau
    t.good(0, volcanic)
    t.tableau(1, "New Sparta")
    [gem_smugglers, mining_world] = t.hand(0, "Gem Smugglers", "Mining World")
    t.start("settle", {1: ("settle",)})          # nothing to settle: the face-down pass
    d = t.pending
    assert d.kind == "upgrade"
    assert set(d.options) == {(gem_smugglers, volcanic), (mining_world, volcanic), (-1, -1)}
    assert t.game.answer_text((gem_smugglers, volcanic)) == \
        'replace "Volcanic World" with "Gem Smugglers"'
    assert t.game.parse_answer('replace volcanic world with gem smugglers') == \
        (gem_smugglers, volcanic)
    t.answer((gem_smugglers, volcanic))
    t.finish()
    assert gem_smugglers in t.p(0).tableau and volcanic in t.game.discard_pile
    assert gem_smugglers in t.p(0).goods                  # a windfall world
    assert t.p(0).hand == [mining_world]


# ---------------------------------------------------------------- IV: consume and trade

def test_alien_oort_cloud_refinery_good_cannot_be_traded():
    """« Ressource invendable »: its good cannot be sold; consume powers may use it, as a
    good of any kind (« Le type [...] est choisi [...] »)."""
    t = table()
    t.tableau(0, "Alien Oort Cloud Refinery", "Alien Research Team")
    oort, team = t.p(0).tableau
    t.good(0, oort)
    t.tableau(1, "Old Earth")
    t.start("consume", {0: ("trade",)})
    d = t.pending
    assert d is None or d.kind != "trade"
    # The owner may name it another kind and keep it (rules edition 4, `test_any_kind.py`).
    use = next(o for o in d.options if o[0] == team)
    assert use[2] == (oort,) and (-1, -1, ()) in d.options
    t.answer(use)
    t.finish()
    assert oort not in t.p(0).goods        # consumed as an Alien good by the Research Team


def test_universal_peace_institute_scores_negative_military():
    """« total militaire négatif (comptez votre score militaire négatif comme points de
    victoire) », 1 per military world, 2 per Pan-Galactic Mediator: Institute -2, Mediator
    -1 = -3 military."""
    t = table()
    t.tableau(0, "Universal Peace Institute", "Pan-Galactic Mediator", "Hive World")
    t.tableau(1, "Old Earth")
    assert military_strength(t.game, 0, whole_tableau=True) == -3 + 0
    assert score(t.game, 0).bonuses["Universal Peace Institute"] == 3 + 2 + 1


def test_galactic_scavengers_start_power_saves_a_kept_starting_card():
    """« Le monde de départ [...] les Fourgueurs galactiques, a un pouvoir de départ »: the
    card's icon saves a card from the hand, so once the starting hand is discarded down one
    of the cards kept may be saved under it (as Keldon's engine and Board Game Arena play
    it); the discarded ones are gone."""
    t = table()
    t.tableau(0, "Galactic Scavengers")
    scav = t.p(0).tableau[0]
    cards = t.pad(0, 6)
    t.game.push(("ask_start_discard", 0))
    t.game.run()
    d = t.pending
    assert d.kind == "start_discard" and d.count == (2, 2)
    t.answer(tuple(sorted(cards[:2])))
    d = t.pending
    assert d.kind == "save_card" and d.count == (1, 1) and set(d.options) == set(cards[2:])
    assert set(cards[:2]) <= set(t.game.discard_pile)
    t.answer((cards[2],))
    from rftg_cli.race.engine.saved import saved_under
    assert saved_under(t.game, scav) == [cards[2]]
    assert sorted(t.p(0).hand) == sorted(cards[3:])


def test_terraforming_engineers_not_a_world_placed_this_phase():
    t = table()
    t.tableau(0, "Terraforming Engineers", "Old Earth")
    t.tableau(1, "New Sparta")
    [volcanic, smugglers] = t.hand(0, "Volcanic World", "Gem Smugglers")
    pads = t.pad(0, 2)
    t.start("settle", {1: ("settle",)})
    t.answer((volcanic, "place", ()))
    assert t.pending.kind == "pay" and t.pending.count == (1, 1)     # 2 - 1 (Engineers)
    t.answer((pads[0],))
    assert t.pending is None                                          # no replacement asked
    assert volcanic in t.p(0).tableau and smugglers in t.p(0).hand


def test_oort_cloud_counts_as_any_kind_for_windfalls_and_scoring():
    """Alien Oort Cloud Refinery, a windfall world of the kind its owner chooses: a Gene
    windfall power may fill it (Universal Symbionts), and a 6-cost development counting
    Novelty windfall worlds counts it (Pan-Galactic Hologrid: 2)."""
    t = table()
    t.tableau(0, "Universal Symbionts", "Alien Oort Cloud Refinery")
    oort = t.p(0).tableau[1]
    t.tableau(1, "Old Earth")
    t.run("produce", {1: ("produce",)})
    assert oort in t.p(0).goods
    t = table()
    t.tableau(0, "Pan-Galactic Hologrid", "Alien Oort Cloud Refinery")
    t.tableau(1, "Old Earth")
    assert score(t.game, 0).bonuses["Pan-Galactic Hologrid"] == 2


def bonus(six_dev: str, *tableau: str) -> int:
    t = table()
    t.tableau(0, six_dev, *tableau)
    t.tableau(1, "Earth's Lost Colony")
    return score(t.game, 0).bonuses[six_dev]


def test_golden_age_of_terraforming_scoring():
    """2 per Terraforming card (itself included), 1 per other 6-cost development, 1 per
    production world; windfall worlds nothing."""
    assert bonus("Golden Age of Terraforming", "Terraforming Engineers", "Galactic Exchange",
                 "Volcanic World", "Hive World", "Smuggling Lair") == 2 + 2 + 1 + 1 + 1


def test_alien_cornucopia_scoring():
    """2 per Alien card (itself included), 1 per non-Alien production world."""
    assert bonus("Alien Cornucopia", "Alien Toy Shop", "Volcanic World", "Hive World",
                 "Smuggling Lair") == 2 + 2 + 1 + 1


def test_imperium_planet_buster_is_never_a_six_cost_development():
    """« Le Tueur de planètes de l'Imperium [...] n'est jamais considéré comme un
    développement à 6 [...] les PV de n'importe quel développement à 6 »: Golden Age counts
    1 per other 6-cost development, not it."""
    assert bonus("Golden Age of Terraforming", "Imperium Planet Buster") == 2


def test_galactic_scavengers_saves_a_card_paid_for_a_world():
    t = table()
    t.tableau(0, "Galactic Scavengers")
    scav = t.p(0).tableau[0]
    t.tableau(1, "Old Earth")
    [volcanic] = t.hand(0, "Volcanic World")
    a, b, c = t.pad(0, 3)
    t.start("settle", {1: ("settle",)})
    t.answer((volcanic, "place", ()))
    t.answer((a, b))
    d = t.pending
    assert d.kind == "save_card" and set(d.options) == {a, b}
    t.answer((a,))
    from rftg_cli.race.engine.saved import saved_under
    assert saved_under(t.game, scav) == [a] and b in t.game.discard_pile


def test_retrofit_and_salvage_takes_the_others_hand_limit_discards():
    """« Gagner les défausses des autres joueurs »: after its own hand-limit discards, the
    owner takes the cards the others discarded for theirs (and may exceed its limit)."""
    t = table()
    t.tableau(0, "Retrofit & Salvage, Inc")
    t.tableau(1, "Old Earth")
    mine = t.pad(0, 11)
    theirs = t.pad(1, 12)
    t.game.push(("round_end",))
    t.game.run()
    d = t.pending
    assert d.kind == "hand_limit" and d.player == 0 and d.count == (1, 1)
    t.answer((mine[0],))
    d = t.pending
    assert d.kind == "hand_limit" and d.player == 1 and d.count == (2, 2)
    t.answer(tuple(sorted(theirs[:2])))
    assert set(theirs[:2]) <= set(t.p(0).hand) and len(t.p(0).hand) == 12
    assert mine[0] in t.game.discard_pile and not set(theirs[:2]) & set(t.game.discard_pile)


def test_psi_crystal_world_chooses_its_action_after_seeing_the_others():
    """« Voir les actions des autres joueurs »: « Le joueur choisit son action après la
    révélation de celles des autres joueurs »: asked last, with the others' choices shown."""
    t = table()
    t.tableau(0, "Psi-Crystal World")
    t.tableau(1, "Old Earth")
    t.game.push(("round_start",))
    t.game.run()
    d = t.pending
    assert d.kind == "action" and d.player == 1
    t.answer(("settle",))
    d = t.pending
    assert d.kind == "action" and d.player == 0 and d.info["seen"] == {1: ("settle",)}


def test_rebel_sneak_attack_with_a_civil_world_conquered_as_military():
    """Its extra world « peut être utilisé avec le pouvoir assujettir un monde non militaire
    »: Imperium Invasion Fleet conquers New Earth (5) as the extra world (2 + 3 = 5)."""
    t = table()
    t.tableau(0, "New Sparta", "Rebel Sneak Attack", "Imperium Invasion Fleet")
    sneak, fleet = t.p(0).tableau[1:]
    t.tableau(1, "Old Earth")
    [penal, earth] = t.hand(0, "Former Penal Colony", "New Earth")
    t.start("settle", {1: ("settle",)})
    t.answer((penal, "place", ()))          # conquered its only way: 2 + 3 >= 2
    d = t.pending
    assert d.kind == "settle" and (earth, "conquer", ((fleet, 2), (sneak, 1))) in d.options
    t.answer((earth, "conquer", ((fleet, 2), (sneak, 1))))
    t.finish()
    assert {penal, earth} <= set(t.p(0).tableau)
    assert sneak in t.game.discard_pile and fleet in t.game.discard_pile


def test_oort_cloud_takes_one_kind_for_the_whole_final_count():
    """« est choisi (une seule fois) avant le décompte final »: one kind for every 6-cost
    development. Galactic Genome Project (2 per Gene world) and Pan-Galactic Hologrid (2
    per Novelty windfall world) cannot both count it: the best single kind scores 2."""
    t = table()
    t.tableau(0, "Galactic Genome Project", "Pan-Galactic Hologrid",
              "Alien Oort Cloud Refinery")
    t.tableau(1, "Old Earth")
    result = score(t.game, 0)
    # Gene: Genome 2, Hologrid 1 (a world); Novelty: Genome 0, Hologrid 2. Never 2 + 2.
    assert sum(result.bonuses.values()) == 3


def test_galactic_scavengers_saves_the_one_card_paid_unasked():
    """« Après application des réductions, mettre 1 carte du paiement d'un développement
    sous ce monde »: the save is not optional, so a payment of one card is saved unasked."""
    t = table()
    t.tableau(0, "Galactic Scavengers")
    scav = t.p(0).tableau[0]
    t.tableau(1, "Old Earth")
    [credits] = t.hand(0, "Investment Credits")         # cost 1
    [a, b] = t.pad(0, 2)
    t.start("develop", {1: ("develop",)})
    t.answer(credits)
    if t.pending is not None and t.pending.kind == "pay":
        t.answer((a,))
    assert t.pending is None or t.pending.kind != "save_card"
    from rftg_cli.race.engine.saved import saved_under
    paid = [c for c in (a, b) if c not in t.p(0).hand]
    assert len(paid) == 1 and saved_under(t.game, scav) == paid


def test_alien_guardian_discards_two_cards_from_hand_for_one_prestige():
    """« Défausser des cartes pour du Prestige: On peut défausser 2 cartes de sa main pour
    gagner 1 Prestige »: a use takes 2 cards (not 1 for nothing), and is not offered with
    one card in hand."""
    t = table()
    t.tableau(0, "Alien Guardian")
    t.tableau(1, "Old Earth")
    cards = t.pad(0, 3)
    t.start("consume", {0: ("consume",)})
    d = t.pending
    assert d.kind == "consume"
    guardian = next(o for o in d.options if o[0] == t.p(0).tableau[0])
    t.answer(guardian)
    d = t.pending
    assert d.kind == "consume_hand" and d.count == (2, 2)
    t.answer(tuple(cards[:2]))
    assert t.p(0).prestige == 1 and t.p(0).hand == [cards[2]]
    t = table()
    t.tableau(0, "Alien Guardian")
    t.tableau(1, "Old Earth")
    t.pad(0, 1)
    t.start("consume", {0: ("consume",)})
    assert t.pending is None or all(o[0] != t.p(0).tableau[0] for o in t.pending.options)


def test_spending_prestige_with_galactic_power_brokers_is_optional():
    """« Dépenser du Prestige: On peut dépenser 1 Prestige pour piocher 3 cartes »: unlike
    consuming goods, the power may be left unused (a seat may keep its prestige)."""
    t = table()
    t.tableau(0, "Galactic Power Brokers")
    t.tableau(1, "Old Earth")
    t.game.add_prestige(0, 1)
    t.start("consume", {0: ("consume",)})
    d = t.pending
    assert d.kind == "consume" and (-1, -1, ()) in d.options
    t.answer((-1, -1, ()))
    assert t.p(0).prestige == 1 and t.p(0).hand == []


def test_alien_booby_trap_spends_a_prestige_for_3_military_to_settle():
    """Alien Booby Trap: « dépenser 1 Prestige » for +3 military this phase: with 1
    prestige Hive World (defense 3) is conquered, the prestige spent; without, it is not
    offered."""
    t = table()
    t.tableau(0, "Alien Booby Trap")
    t.tableau(1, "Old Earth")
    [hive] = t.hand(0, "Hive World")
    t.start("settle", {0: ("settle",)})
    assert t.pending is None or all(
        (o[0] if isinstance(o, tuple) else o) != hive for o in t.pending.options)
    t = table()
    t.tableau(0, "Alien Booby Trap")
    trap = t.p(0).tableau[0]
    t.tableau(1, "Old Earth")
    [hive] = t.hand(0, "Hive World")
    t.game.add_prestige(0, 1)
    t.start("settle", {0: ("settle",)})
    assert (hive, "place", ()) in t.pending.options
    t.settle((hive, "conquer", ((trap, 0),)))
    t.finish()
    assert hive in t.p(0).tableau and t.p(0).prestige == 0


def test_terraforming_engineers_replace_alien_oort_cloud_refinery_as_any_kind():
    """« Le type de la Raffinerie Alien du nuage d'Oort [...] peut être changé n'importe
    quand par son propriétaire »: for « un monde du même type » it is of each goods kind,
    so a novelty world costing 0 to 3 more replaces it (as Keldon's engine plays it)."""
    t = table()
    t.tableau(0, "Terraforming Engineers", "Alien Oort Cloud Refinery", "Old Earth")
    _, oort, _ = t.p(0).tableau
    t.tableau(1, "New Sparta")
    [dying] = t.hand(0, "Dying Colony")                 # novelty, cost 0
    t.start("settle", {1: ("settle",)})
    if t.pending.kind == "settle":
        t.answer((-1, "pass", ()))                      # not settled: kept to replace
    d = t.pending
    assert d.kind == "upgrade" and (dying, oort) in d.options
