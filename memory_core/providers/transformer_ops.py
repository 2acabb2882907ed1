"""In-place float32 layer norm and GELU for the numpy encoders (e5, MiniLM).

In place and float32 throughout because these run on (tokens × 1536) activations inside
every layer: a temporary per operation, or one float64 scalar promoting an array (numpy 2
promotes ``np.sqrt(2.0)``), costs more than the GEMM it follows.
"""

from __future__ import annotations

import numpy as np

_F = np.float32
_SQRT_2_OVER_PI = _F(np.sqrt(2.0 / np.pi))
_GELU_C = _F(0.044715)


def layer_norm_(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> None:
    """Normalise the last axis of ``x`` in place."""
    mean = x.mean(-1, keepdims=True)
    x -= mean
    var = np.einsum("...i,...i->...", x, x)[..., None]
    var /= _F(x.shape[-1])
    var += _F(eps)
    np.sqrt(var, out=var)
    x /= var
    x *= w
    x += b


def gelu_(x: np.ndarray) -> None:
    """GELU in place, tanh form: x · (1 + tanh(√(2/π)(x + 0.044715 x³))) / 2.

    Within 1e-3 of the exact erf form everywhere (e5 vectors agree with the reference engine's
    exact GELU at cosine > 0.9999, tested), in ~9 passes over the activations instead of ~20:
    GELU was 23 % of e5's forward pass with the erf polynomial."""
    t = np.square(x)
    t *= x
    t *= _GELU_C
    t += x
    t *= _SQRT_2_OVER_PI
    np.tanh(t, out=t)
    t += _F(1.0)
    t *= _F(0.5)
    x *= t
