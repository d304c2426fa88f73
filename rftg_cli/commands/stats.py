"""`rftg stats`: your record, from your finished saves.

Games and win rate against each opponent (an opponent that is not a seat at each level its
options set, or AI seats) and each set of expansions, your score history, best and average margin, and a plot of your scores
in the terminal. A game in which `undo` was used counts separately: undo replays the same
draws, so it can show what is coming. So does a game in which a `hint` was asked (every
game of `rftg new --learn`): the AI chose for you.

Each finished save is checked as `rftg show` checks it (its seal with your key, its answers
replayed to the saved position), and the standings are those of the replayed game, never
the file's readable summary (issue 41: an edited `summary.winners` counted as a win). Saves
that cannot be read or do not check out are skipped and counted; games not sealed with your
key (another player's, or an older rftg's, whose seal anyone could recompute) are counted
apart, like games where undo was used.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .. import saves
from ..saves import Save, SaveError
from ..ui.escape import printable
from .common import fail, save_dir_of

UNKEYED_TITLE = "Games not sealed with your key: another's, an older rftg's (counted apart):"
PLOT_GAMES = 30       # the most recent games plotted
PLOT_WIDTH = 40       # characters for the highest score


@dataclass
class Game:
    name: str
    date: str
    against: str          # an opponent's kind and option values, or "1 AI", "2 AI"
    expansions: str       # "base", or the expansions' names joined by "+"
    score: int
    best_other: int
    result: str           # "win", "loss", "tie"
    undos: int
    hints: int = 0

    @property
    def margin(self) -> int:
        return self.score - self.best_other


@dataclass
class Record:
    against: str
    expansions: str
    games: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0
    margins: list[int] = field(default_factory=list)

    def add(self, game: Game) -> None:
        self.games += 1
        self.wins += game.result == "win"
        self.losses += game.result == "loss"
        self.ties += game.result == "tie"
        self.margins.append(game.margin)

    def as_dict(self) -> dict:
        return {"against": self.against, "expansions": self.expansions, "games": self.games,
                "wins": self.wins, "losses": self.losses, "ties": self.ties,
                "win_rate": round(self.wins / self.games, 3) if self.games else 0.0,
                "best_margin": max(self.margins, default=None),
                "mean_margin": round(sum(self.margins) / len(self.margins), 2)
                if self.margins else None}


def undo_count(save: Save) -> int:
    """How many times `undo` was used in this game (the save records each one)."""
    return len(save.undos)


def game_of(save: Save, registry) -> Game | None:
    """Your result in one finished save (None when it has no human seat or no standings)."""
    summary = save.summary
    players = summary.get("players", [])
    if "human" not in save.seats or not players:
        return None
    me = save.seats.index("human")
    if me >= len(players) or not isinstance(players[me], dict):
        return None
    mine = players[me]
    others = [p for i, p in enumerate(players) if i != me and isinstance(p, dict)]
    score = _int(mine.get("score"))
    best_other = max((_int(p.get("score")) for p in others), default=0)
    winners = summary.get("winners", [])
    result = ("tie" if len(winners) > 1 and mine.get("name") in winners else
              "win" if mine.get("name") in winners else "loss")
    return Game(name=save.name, date=str(save.updated)[:16].replace("T", " "),
                against=against(save, others, registry),
                expansions=expansion_set(save, registry), score=score,
                best_other=best_other, result=result, undos=undo_count(save),
                hints=len(save.hints))


def _int(value) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def against(save: Save, others: list[dict], registry) -> str:
    """Who you played: the opponent that is not a seat by its kind and the values of the
    game's expansion options (its level), else the number of computer seats."""
    seats = [k for k in save.seats if k != "human"]
    outside = others[len(seats):]
    if outside:
        kind = str(outside[0].get("kind", "opponent"))
        levels = option_values(save, registry)
        return f"{kind} ({', '.join(levels)})" if levels else kind
    return f"{len(seats)} {'AI' if all(k == 'ai' for k in seats) else 'computer'}"


def option_values(save: Save, registry) -> list[str]:
    """The value of every option of the game's expansions that add no cards (the opponent's
    level), the default where none was given: a card set's options (which tiles it deals) are rules of
    the table, not the opponent's."""
    given = dict(save.config.get("options", {}))
    out = []
    for name in save.config.get("expansions", []):
        exp = registry.expansions.get(name) if registry is not None else None
        if exp is None or exp.card_sets:
            continue
        for option in exp.options:
            out.append(str(given.get(option.key, option.default)))
    return out


def expansion_set(save: Save, registry) -> str:
    """The expansions that change the cards or rules, not the one that brings the opponent."""
    names = [str(n) for n in save.config.get("expansions", [])
             if not (registry is not None and n in registry.expansions
                     and registry.expansions[n].default_opponent)]
    return "+".join(names) or "base"


def collect(folder: Path, registry) -> dict:
    finished: list[Game] = []
    unkeyed: list[Game] = []
    unreadable = running = 0
    for _, save in saves.list_saves(folder):
        if isinstance(save, SaveError):
            unreadable += 1
            continue
        if save.status != saves.FINISHED:
            running += 1
            continue
        try:
            saves.restore(save, registry=registry)     # the seal, the replay, the summary
        except SaveError:
            unreadable += 1
            continue
        game = game_of(save, registry)
        if game is not None:
            (unkeyed if save.unkeyed else finished).append(game)
    finished.sort(key=lambda g: g.date)
    clean = [g for g in finished if not g.undos and not g.hints]
    undone = [g for g in finished if g.undos and not g.hints]
    hinted = [g for g in finished if g.hints]
    return {"folder": str(folder), "finished": len(finished), "running": running,
            "unreadable": unreadable, "records": records(clean),
            "with_undo": records(undone), "with_hints": records(hinted), "unkeyed": records(unkeyed), "history": [
                {**asdict(g), "margin": g.margin} for g in finished]}


def records(games: list[Game]) -> list[dict]:
    by_table: dict[tuple[str, str], Record] = {}
    for game in games:
        key = (game.against, game.expansions)
        by_table.setdefault(key, Record(*key)).add(game)
    total = Record("all", "all")
    for game in games:
        total.add(game)
    rows = [r.as_dict() for _, r in sorted(by_table.items())]
    return rows + ([total.as_dict()] if len(rows) > 1 else [])


def plot(history: list[dict], width: int = PLOT_WIDTH) -> list[str]:
    """Your scores over time, one bar per game (the latest PLOT_GAMES), W/L/T beside it."""
    recent = history[-PLOT_GAMES:]
    top = max((max(g["score"], g["best_other"]) for g in recent), default=0) or 1
    out = []
    for g in recent:
        bar = "#" * round(width * max(0, g["score"]) / top)
        mark = {"win": "W", "loss": "L", "tie": "T"}[g["result"]] + (
            "h" if g["hints"] else "u" if g["undos"] else " ")
        out.append(f"{g['date'][:10]} {mark} {bar:<{width}} {g['score']:>3} vs "
                   f"{g['best_other']}")
    return out


def run(*, save_dir: Path | None, as_json: bool, registry=None) -> int:
    from ..plugins import default_registry

    try:
        data = collect(save_dir_of(save_dir), registry or default_registry())
    except SaveError as exc:
        return fail(f"stats: {exc}")
    if as_json:
        print(json.dumps(data, indent=2))
        return 0
    from rftg_cli.ui.console import make_console

    console = make_console()
    say = lambda text="": console.print(printable(text), markup=False)  # noqa: E731
    if not data["history"] and not data["unkeyed"]:
        say(f"No finished games in {data['folder']} yet ({data['running']} being played). "
            "Finish one and `rftg stats` keeps your record.")
        return 0
    say(f"Your record: {data['finished']} finished games in {data['folder']}"
        + (f", {data['running']} being played" if data["running"] else "")
        + (f", {data['unreadable']} unreadable saves skipped" if data["unreadable"] else ""))
    for title, rows in (("", data["records"]),
                        ("Games where undo was used (counted apart):", data["with_undo"]),
                        ("Games where hints were asked (counted apart):",
                         data["with_hints"]),
                        (UNKEYED_TITLE, data["unkeyed"])):
        if not rows:
            continue
        if title:
            say()
            say(title)
        say(f"  {'against':<16} {'expansions':<14} {'games':>5} {'won':>4} {'rate':>5} "
            f"{'best':>5} {'mean':>6}")
        for r in rows:
            best = "-" if r["best_margin"] is None else f"{r['best_margin']:+d}"
            mean = "-" if r["mean_margin"] is None else f"{r['mean_margin']:+.1f}"
            say(f"  {r['against'][:16]:<16} {r['expansions'][:14]:<14} {r['games']:>5} "
                f"{r['wins']:>4} {r['win_rate']:>5.0%} {best:>5} {mean:>6}")
    say()
    say("Scores (best, mean: your margin over the best other score; u: undo used; "
        "h: hints asked):")
    for line in plot(data["history"]):
        say("  " + line)
    return 0
