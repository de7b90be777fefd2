"""narde-notation: read, check and analyse Long Narde game records.

The working set is importable from here::

    from narde_notation import Position, read_games, validate, games_frame

Data flows one way: text → grammar (:mod:`narde_notation.formats.reader`) →
records (:mod:`narde_notation.model.record`) → engine (:mod:`narde_notation.rules.position`,
:mod:`narde_notation.rules.engine`) → findings and positions
(:mod:`narde_notation.replay.validation`) → tables and plots
(:mod:`narde_notation.archive.frames`, :mod:`narde_notation.show.plots`).

Positions (the rules engine), reading, validation, tables, plots and the
evaluator (``Evaluator``, ``Estimate``, ``expected_rolls``) and the analysis
(``analyse``, ``GameAnalysis``, ``player_summary``, ``plot_equity``) are imported on
first use (module ``__getattr__``), so ``import narde_notation`` loads
neither the engine nor Lark nor pandas nor matplotlib nor numpy.
"""


# ruff: noqa: E402 (the start-up guard runs before the other imports)
from narde_notation import _startup

_startup.guard()  # first: a Ctrl-C in a console script's start-up exits 130

import sys
from typing import TYPE_CHECKING

from narde_notation import _compat
from narde_notation._lazy import lazy_names
from narde_notation.model import (  # the record model's front door
    CODES,
    OFF,
    Finding,
    GameOverError,
    GameRecord,
    HalfTurn,
    IllegalTurnError,
    Move,
    NardeError,
    NotationError,
    PositionError,
    Ruleset,
    RulesetError,
    Severity,
    Side,
)
from narde_notation.version import __version__ as __version__

_compat.install()  # the 0.x flat module paths, deprecated

if TYPE_CHECKING:  # the lazy names, for type checkers and IDEs
    from narde_notation.analysis import GameAnalysis, analyse, player_summary
    from narde_notation.archive import Summary, findings_frame, games_frame, summary, turns_frame
    from narde_notation.evaluator import Estimate, Evaluator, expected_rolls
    from narde_notation.formats import parse_games, read_games
    from narde_notation.replay import GameReport, TurnReplay, validate, validate_games
    from narde_notation.rules import Game, Outcome, Position, Step, Turn, TurnCheck
    from narde_notation.show import (
        plot_dice,
        plot_equity,
        plot_game_lengths,
        plot_mars_rate,
        plot_race,
    )

#: public name -> the front door that lends it (its one home), imported on first access.
_LAZY = {
    "Position": "narde_notation.rules",
    "Game": "narde_notation.rules",
    "Turn": "narde_notation.rules",
    "Step": "narde_notation.rules",
    "TurnCheck": "narde_notation.rules",
    "Outcome": "narde_notation.rules",
    "GameReport": "narde_notation.replay",
    "TurnReplay": "narde_notation.replay",
    "Summary": "narde_notation.archive",
    "read_games": "narde_notation.formats",
    "parse_games": "narde_notation.formats",
    "validate": "narde_notation.replay",
    "validate_games": "narde_notation.replay",
    "games_frame": "narde_notation.archive",
    "turns_frame": "narde_notation.archive",
    "findings_frame": "narde_notation.archive",
    "summary": "narde_notation.archive",
    "plot_dice": "narde_notation.show",
    "plot_game_lengths": "narde_notation.show",
    "plot_mars_rate": "narde_notation.show",
    "plot_race": "narde_notation.show",
    "plot_equity": "narde_notation.show",
    "analyse": "narde_notation.analysis",
    "GameAnalysis": "narde_notation.analysis",
    "player_summary": "narde_notation.analysis",
    "Evaluator": "narde_notation.evaluator",
    "Estimate": "narde_notation.evaluator",
    "expected_rolls": "narde_notation.evaluator",
}


__getattr__, __dir__ = lazy_names(__name__, _LAZY)  # the packages' one lazy-facade helper




# In Jupyter, records and reports display as HTML (tags, moves, final board);
# outside IPython this costs nothing and imports nothing more.
if "IPython" in sys.modules:  # pragma: no cover - depends on the host
    from narde_notation.show import register_ipython_formatters

    register_ipython_formatters()

__all__ = [
    "CODES",
    "OFF",
    "Estimate",
    "Evaluator",
    "Finding",
    "Game",
    "GameAnalysis",
    "GameOverError",
    "GameRecord",
    "GameReport",
    "HalfTurn",
    "IllegalTurnError",
    "Move",
    "NardeError",
    "NotationError",
    "Outcome",
    "Position",
    "PositionError",
    "Ruleset",
    "RulesetError",
    "Severity",
    "Side",
    "Step",
    "Summary",
    "Turn",
    "TurnCheck",
    "TurnReplay",
    "analyse",
    "expected_rolls",
    "findings_frame",
    "games_frame",
    "parse_games",
    "player_summary",
    "plot_dice",
    "plot_equity",
    "plot_game_lengths",
    "plot_mars_rate",
    "plot_race",
    "read_games",
    "summary",
    "turns_frame",
    "validate",
    "validate_games",
]
