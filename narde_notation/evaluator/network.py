"""The numpy network: inputs → tanh hidden layer → sigmoid outputs.

Outputs (:data:`OUTPUTS`), for the side to move before its roll: P(win),
P(win by mars), P(lose by mars), P(win by koks), P(lose by koks) (R9; the
koks columns count the koks condition whatever the ruleset, so one
network serves every variant).  Trained by :mod:`.train` on the
cross-entropy of each output against its target, whose gradient with
respect to the output layer's sums is ``prediction - target``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from narde_notation._files import atomic_write
from narde_notation.evaluator.package_data import read_arrays

__all__ = ["OUTPUTS", "Network", "adam_step", "cross_entropy"]

FloatArray = npt.NDArray[np.float64]

#: the output columns, in order.
OUTPUTS = ("win", "win_mars", "lose_mars", "win_koks", "lose_koks")
_PARAMS = ("w1", "b1", "w2", "b2")


class Network:
    """A one-hidden-layer network, weights float64 (float32 in a copy made by
    :meth:`astype` for fast evaluation).

    Args:
        n_inputs, n_hidden: layer sizes; ``seed`` draws the initial weights
            (uniform, scaled by fan-in).
        params: the weights themselves (``w1`` (hidden, inputs), ``b1``,
            ``w2`` (outputs, hidden), ``b2``) instead of a fresh draw.
        meta: what is known of how the weights were made (:meth:`save` writes it).
        dtype: the weights' dtype (float64; :meth:`astype` makes float32 copies).
    """

    def __init__(self, n_inputs: int, n_hidden: int = 80, seed: int = 0,
                 params: dict[str, FloatArray] | None = None,
                 meta: dict[str, Any] | None = None, dtype: Any = np.float64) -> None:
        if params is None:
            rng = np.random.default_rng(seed)
            params = {
                "w1": rng.uniform(-1, 1, (n_hidden, n_inputs)) / np.sqrt(n_inputs),
                "b1": np.zeros(n_hidden),
                "w2": rng.uniform(-1, 1, (len(OUTPUTS), n_hidden)) / np.sqrt(n_hidden),
                "b2": np.zeros(len(OUTPUTS)),
            }
        self.params = {k: np.asarray(params[k], dtype=dtype) for k in _PARAMS}
        self.meta: dict[str, Any] = dict(meta or {})

    @property
    def n_inputs(self) -> int:
        """Width of the input layer."""
        return int(self.params["w1"].shape[1])

    @property
    def n_hidden(self) -> int:
        """Width of the hidden layer."""
        return int(self.params["w1"].shape[0])

    def astype(self, dtype: Any) -> Network:
        """A copy whose weights are ``dtype`` (float32: half the memory traffic of
        float64; the shipped weights are stored as float32, so they are the same
        numbers).  The copy does not follow later changes of :attr:`params`."""
        return Network(self.n_inputs, self.n_hidden, params=self.params, meta=self.meta,
                       dtype=dtype)

    def widened(self, n_inputs: int, n_hidden: int | None = None, seed: int = 0,
                scale: float = 0.1) -> Network:
        """A copy with inputs and hidden units appended that computes the same
        outputs from any inputs whose first columns are this network's: the new
        inputs get zero weights into every hidden unit; the new hidden units
        input weights uniform in ±``scale``/√``n_inputs`` (so they answer and learn),
        zero bias and zero weights to the outputs (a warm start, decisions
        "Evaluator inputs that see primes").

        Raises:
            ValueError: fewer inputs or hidden units than this network's.
        """
        n_hidden = self.n_hidden if n_hidden is None else n_hidden
        if n_inputs < self.n_inputs or n_hidden < self.n_hidden:
            raise ValueError(f"cannot narrow a network of {self.n_inputs} inputs and "
                             f"{self.n_hidden} hidden units to {n_inputs} and {n_hidden}")
        p = {k: np.asarray(v, dtype=np.float64) for k, v in self.params.items()}
        w1 = np.zeros((n_hidden, n_inputs))
        w1[:self.n_hidden, :self.n_inputs] = p["w1"]
        extra = n_hidden - self.n_hidden
        if extra:  # (numpy.random is not imported to widen the inputs alone)
            rng = np.random.default_rng(seed)
            w1[self.n_hidden:] = rng.uniform(-scale, scale, (extra, n_inputs)) / np.sqrt(n_inputs)
        w2 = np.zeros((len(OUTPUTS), n_hidden))
        w2[:, :self.n_hidden] = p["w2"]
        b1 = np.concatenate([p["b1"], np.zeros(extra)])
        return Network(n_inputs, n_hidden, params={"w1": w1, "b1": b1, "w2": w2, "b2": p["b2"]},
                       meta=self.meta, dtype=self.params["w1"].dtype)

    def forward(self, x: npt.NDArray[Any]) -> npt.NDArray[Any]:
        """Outputs (n, 5) in 0…1 for inputs ``x`` (n, n_inputs), in the weights' dtype."""
        p = self.params
        hidden = np.tanh(x @ p["w1"].T + p["b1"])
        out: npt.NDArray[Any] = 1.0 / (1.0 + np.exp(-(hidden @ p["w2"].T + p["b2"])))
        return out

    def gradients(self, x: FloatArray, target: FloatArray) -> tuple[dict[str, FloatArray],
                                                                   float]:
        """Gradients of the mean cross-entropy over the rows of ``x`` against
        ``target`` (n, 5), and that loss."""
        p = self.params
        hidden = np.tanh(x @ p["w1"].T + p["b1"])
        out = 1.0 / (1.0 + np.exp(-(hidden @ p["w2"].T + p["b2"])))
        n = len(x)
        d_out = (out - target) / n
        d_hidden = (d_out @ p["w2"]) * (1.0 - hidden * hidden)
        loss = cross_entropy(out, target)
        return {"w1": d_hidden.T @ x, "b1": d_hidden.sum(0), "w2": d_out.T @ hidden,
                "b2": d_out.sum(0)}, loss

    def save(self, path: Path, dtype: type = np.float64,
             extra: dict[str, FloatArray] | None = None) -> None:
        """Write the weights, :attr:`meta` (JSON) and ``extra`` arrays to ``path``
        atomically (a temporary file, then ``os.replace``).

        Raises:
            OSError: the folder cannot be written.
        """
        arrays: dict[str, Any] = {k: v.astype(dtype) for k, v in self.params.items()}
        arrays.update(extra or {})
        arrays["meta"] = np.array(json.dumps(self.meta, sort_keys=True))
        # package data and checkpoints are readable by all
        with atomic_write(path, mode=0o644) as (fh, _):
            np.savez_compressed(fh, allow_pickle=False, **arrays)

    @classmethod
    def load(cls, path: Path | str) -> tuple[Network, dict[str, FloatArray]]:
        """The network of a file written by :meth:`save`, and its extra arrays.

        Raises:
            OSError: the file cannot be read (FileNotFoundError: there is none).
            ValueError: it is not a weights file, or it is damaged (cut short,
                empty, bytes changed, shapes that do not fit together).
        """
        data = read_arrays(path)
        missing = [k for k in (*_PARAMS, "meta") if k not in data]
        if missing:
            raise ValueError(f"{path}: not a weights file (no {', '.join(missing)})")
        try:
            params = {k: data[k].astype(np.float64) for k in _PARAMS}
            meta = json.loads(str(data["meta"]))
        except (TypeError, ValueError) as exc:  # JSONDecodeError is a ValueError
            raise ValueError(f"{path}: damaged weights file ({exc})") from exc
        extra = {k: v for k, v in data.items() if k not in (*_PARAMS, "meta")}
        _check_shapes(path, params, meta)
        w1 = params["w1"]
        return cls(w1.shape[1], w1.shape[0], params=params, meta=meta), extra


def cross_entropy(prediction: FloatArray, target: FloatArray) -> float:
    """The mean over rows of the summed binary cross-entropy of each output
    (``prediction`` and ``target`` (n, 5), in 0…1; nats): the training loss.
    ``cross_entropy(target, target)`` is the targets' own entropy, the least
    any network can reach."""
    eps = 1e-9
    return -float(np.mean(np.sum(target * np.log(prediction + eps)
                                 + (1 - target) * np.log(1 - prediction + eps), axis=1)))


def adam_step(params: dict[str, FloatArray], grads: dict[str, FloatArray],
              m: dict[str, FloatArray], v: dict[str, FloatArray], step: int, lr: float) -> None:
    """One Adam update (β1 0.9, β2 0.999, ε 1e-8) of ``params`` in place from
    ``grads``, with the moments ``m`` and ``v`` (updated in place) and the
    update's number ``step`` (from 1, for the bias correction)."""
    b1, b2 = 0.9, 0.999
    for k, g in grads.items():
        m[k] = b1 * m[k] + (1 - b1) * g
        v[k] = b2 * v[k] + (1 - b2) * g * g
        m_hat = m[k] / (1 - b1 ** step)
        v_hat = v[k] / (1 - b2 ** step)
        params[k] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def _check_shapes(path: Path | str, params: dict[str, FloatArray], meta: Any) -> None:
    """The layers fit together and every weight is a finite number, else ValueError."""
    w1, b1, w2, b2 = (params[k] for k in _PARAMS)
    hidden = w1.shape[0] if w1.ndim == 2 else -1
    fits = (w1.ndim == 2 and w1.size > 0 and b1.shape == (hidden,)
            and w2.shape == (len(OUTPUTS), hidden) and b2.shape == (len(OUTPUTS),))
    if not fits or not isinstance(meta, dict):
        raise ValueError(f"{path}: damaged weights file (layers of shapes {w1.shape}, {b1.shape},"
                         f" {w2.shape}, {b2.shape} do not fit together)")
    if not all(np.isfinite(v).all() for v in params.values()):
        raise ValueError(f"{path}: damaged weights file (a weight is not a finite number)")
