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
    from narde_notation.analysis.game import GameAnalysis, analyse
    from narde_notation.analysis.summary import player_summary
    from narde_notation.archive.frames import findings_frame, games_frame, summary, turns_frame
    from narde_notation.archive.summary import Summary
    from narde_notation.evaluator.estimate import Estimate
    from narde_notation.evaluator.evaluate import Evaluator, expected_rolls
    from narde_notation.formats.reader import parse_games, read_games
    from narde_notation.replay.validation import GameReport, TurnReplay, validate, validate_games
    from narde_notation.rules.engine import Step, Turn, TurnCheck
    from narde_notation.rules.game import Game
    from narde_notation.rules.position import Position
    from narde_notation.rules.scoring import Outcome
    from narde_notation.show.plots import (
        plot_dice,
        plot_equity,
        plot_game_lengths,
        plot_mars_rate,
        plot_race,
    )

#: public name -> module that defines it, imported on first access.
_LAZY = {
    "Position": "narde_notation.rules.position",
    "Game": "narde_notation.rules.game",
    "Turn": "narde_notation.rules.engine",
    "Step": "narde_notation.rules.engine",
    "TurnCheck": "narde_notation.rules.engine",
    "Outcome": "narde_notation.rules.scoring",
    "GameReport": "narde_notation.replay",
    "TurnReplay": "narde_notation.replay",
    "Summary": "narde_notation.archive.summary",
    "read_games": "narde_notation.formats",
    "parse_games": "narde_notation.formats",
    "validate": "narde_notation.replay",
    "validate_games": "narde_notation.replay",
    "games_frame": "narde_notation.archive.frames",
    "turns_frame": "narde_notation.archive.frames",
    "findings_frame": "narde_notation.archive.frames",
    "summary": "narde_notation.archive.frames",
    "plot_dice": "narde_notation.show.plots",
    "plot_game_lengths": "narde_notation.show.plots",
    "plot_mars_rate": "narde_notation.show.plots",
    "plot_race": "narde_notation.show.plots",
    "plot_equity": "narde_notation.show.plots",
    "analyse": "narde_notation.analysis.game",
    "GameAnalysis": "narde_notation.analysis.game",
    "player_summary": "narde_notation.analysis.summary",
    "Evaluator": "narde_notation.evaluator.evaluate",
    "Estimate": "narde_notation.evaluator.estimate",
    "expected_rolls": "narde_notation.evaluator.evaluate",
}


__getattr__, __dir__ = lazy_names(__name__, _LAZY)  # the packages' one lazy-facade helper




# In Jupyter, records and reports display as HTML (tags, moves, final board);
# outside IPython this costs nothing and imports nothing more.
if "IPython" in sys.modules:  # pragma: no cover - depends on the host
    from narde_notation.show.jupyter import register_ipython_formatters

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
