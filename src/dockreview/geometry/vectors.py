"""Plane vectors in working units: unit length, the left normal."""

from __future__ import annotations

import numpy as np


def unit(vector: np.ndarray) -> np.ndarray:
    """Return ``vector`` scaled to length one."""
    return vector / np.hypot(*vector)


def left_of(direction: np.ndarray) -> np.ndarray:
    """The unit vector 90 degrees counter-clockwise of ``direction`` (its left)."""
    return np.array([-direction[1], direction[0]])
