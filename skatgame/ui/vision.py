"""Colour as different eyes see it: WCAG contrast, grey, and colour-vision deficiencies.

Pure arithmetic on RGB triples (no pygame): the gallery's text report measures each
text's contrast with :func:`contrast_ratio`, and the tests of the card art pass the
suit signs through :func:`simulate` and :func:`grey`.

Contrast follows WCAG 2.x: relative luminance of sRGB colours,
``(L1 + 0.05) / (L2 + 0.05)``. Colour-vision deficiencies follow Machado, Oliveira and
Fernandes (2009), "A Physiologically-based Model for Simulation of Color Vision
Deficiency", the matrices at severity 1.0 (dichromacy), applied to linear RGB.
"""

from __future__ import annotations

from collections.abc import Sequence

RGB = tuple[int, int, int]

#: Machado et al. 2009, severity 1.0, for linear RGB.
MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
DEFICIENCIES = tuple(MACHADO)


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _srgb(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def luminance(color: Sequence[int]) -> float:
    """The relative luminance of an sRGB colour (0 black .. 1 white), as WCAG defines it."""
    r, g, b = (_linear(c) for c in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: Sequence[int], b: Sequence[int]) -> float:
    """The WCAG contrast ratio of two colours: 1 (the same) .. 21 (black on white)."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def simulate(color: Sequence[int], kind: str) -> RGB:
    """``color`` as an eye with ``kind`` (protanopia, deuteranopia, tritanopia) sees it."""
    m = MACHADO[kind]
    lin = [_linear(c) for c in color[:3]]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return (_srgb(out[0]), _srgb(out[1]), _srgb(out[2]))


def grey(color: Sequence[int]) -> RGB:
    """``color`` in grey of the same relative luminance."""
    v = _srgb(luminance(color))
    return (v, v, v)


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (as alpha blending mixes them)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))
