"""A Long Narde evaluator: exact in the bear-off, a self-play network elsewhere.

Modules by concept (data flows downward; only :mod:`.game` imports the
rules engine):

* :mod:`.game` — the door to the engine (positions, legal turns, scoring);
* :mod:`.bearoff` — the exact one-sided bear-off database (R7, R8) and
  two-sided no-contact probabilities;
* :mod:`.encoding` — the network's inputs, decoded from packed boards with numpy;
* :mod:`.network` — the numpy network (forward, gradients, weights files);
* :mod:`.estimate` — :class:`Estimate` and the equity of R9;
* :mod:`.search` — 0-, 1- and 2-ply ranking of legal turns (move filters);
* :mod:`.rollout` — rollouts (shared quasi-random dice, luck correction);
* :mod:`.evaluate` — the :class:`Evaluator` facade and :func:`expected_rolls`;
* :mod:`.players` — the :class:`Player` protocol, random, heuristic and
  evaluator players, and the game loop of matches;
* :mod:`.train` — TD(λ) self-play training, resumable, and ``promote``.

numpy is imported by these modules, never by ``import narde_notation``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from narde_notation._lazy import lazy_names

if TYPE_CHECKING:  # the lazy names, for type checkers
    from narde_notation.evaluator.estimate import Estimate, RankedTurn, equities, flip
    from narde_notation.evaluator.evaluate import Evaluator, expected_rolls
    from narde_notation.evaluator.game import child_boards_of_rolls, mover_view
    from narde_notation.evaluator.network import OUTPUTS
    from narde_notation.evaluator.rollout import CHUNK, Rollout, Runner, Trials, iter_rollout
    from narde_notation.evaluator.search import Judge, Ranking, Values

__getattr__, __dir__ = lazy_names(
    __name__,
    {
        "Estimate": ".estimate",
        "RankedTurn": ".estimate",
        "Evaluator": ".evaluate",
        "expected_rolls": ".evaluate",
        "mover_view": ".game",
        "equities": ".estimate",
        "flip": ".estimate",
        "child_boards_of_rolls": ".game",
        "Judge": ".search",
        "Rollout": ".rollout",
        "Runner": ".rollout",
        "Trials": ".rollout",
        "CHUNK": ".rollout",
        "iter_rollout": ".rollout",
        "OUTPUTS": ".network",
        "Ranking": ".search",
        "Values": ".search",
    },
)

__all__ = [
    "CHUNK",
    "OUTPUTS",
    "Estimate",
    "Evaluator",
    "Judge",
    "RankedTurn",
    "Ranking",
    "Rollout",
    "Runner",
    "Trials",
    "Values",
    "child_boards_of_rolls",
    "equities",
    "expected_rolls",
    "flip",
    "iter_rollout",
    "mover_view",
]
