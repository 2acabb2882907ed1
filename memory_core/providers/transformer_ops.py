"""In-place float32 layer norm and GELU for the numpy encoders (e5, MiniLM).

In place and float32 throughout because these run on (tokens × 1536) activations inside
every layer: a temporary per operation, or one float64 scalar promoting an array (numpy 2
promotes ``np.sqrt(2.0)``), costs more than the GEMM it follows.
"""

from __future__ import annotations

import numpy as np

_F = np.float32
# Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7): numpy has no erf and BERT's GELU needs it
_P, _A1, _A2, _A3, _A4, _A5 = (_F(0.3275911), _F(0.254829592), _F(-0.284496736),
                               _F(1.421413741), _F(-1.453152027), _F(1.061405429))
_INV_SQRT2 = _F(1.0 / np.sqrt(2.0))


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


def erf(x: np.ndarray) -> np.ndarray:
    """float32 erf (A&S 7.1.26)."""
    a = np.abs(x)
    t = _P * a
    t += _F(1.0)
    np.reciprocal(t, out=t)
    poly = _A5 * t
    for c in (_A4, _A3, _A2, _A1):
        poly += c
        poly *= t
    np.square(a, out=a)
    np.negative(a, out=a)
    np.exp(a, out=a)
    poly *= a
    np.subtract(_F(1.0), poly, out=poly)
    return np.copysign(poly, x, out=poly)


def gelu_(x: np.ndarray) -> None:
    """Exact (erf) GELU in place: x · (1 + erf(x/√2)) / 2."""
    e = erf(x * _INV_SQRT2)
    e += _F(1.0)
    e *= _F(0.5)
    x *= e
