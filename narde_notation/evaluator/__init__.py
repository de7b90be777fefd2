"""A Long Narde evaluator: exact in the bear-off, a self-play network elsewhere.

Modules by concept (data flows downward; only :mod:`.game` imports the
rules engine):

* :mod:`.game` — the door to the engine (positions, legal turns, scoring);
* :mod:`.bearoff` — the exact one-sided bear-off database (R7, R8) and
  two-sided no-contact probabilities;
* :mod:`.encoding` — the network's inputs, decoded from packed boards with numpy;
* :mod:`.network` — the numpy network (forward, gradients, weights files);
* :mod:`.estimate` — :class:`Estimate` and the equity of R9;
* :mod:`.search` — 0-ply and 1-ply ranking of legal turns;
* :mod:`.evaluate` — the :class:`Evaluator` facade and :func:`expected_rolls`;
* :mod:`.players` — the :class:`Player` protocol, random, heuristic and
  evaluator players, and the game loop of matches;
* :mod:`.train` — TD(λ) self-play training, resumable, and ``promote``.

numpy is imported by these modules, never by ``import narde_notation``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from narde_notation.evaluator.estimate import Estimate, RankedTurn
    from narde_notation.evaluator.evaluate import Evaluator, expected_rolls

__all__ = ["Estimate", "Evaluator", "RankedTurn", "expected_rolls"]

_LAZY = {
    "Estimate": "narde_notation.evaluator.estimate",
    "RankedTurn": "narde_notation.evaluator.estimate",
    "Evaluator": "narde_notation.evaluator.evaluate",
    "expected_rolls": "narde_notation.evaluator.evaluate",
}


def __getattr__(name: str) -> Any:
    import importlib

    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'narde_notation.evaluator' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
