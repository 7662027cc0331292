"""Where the repository's sample data and notebooks are."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
NOTEBOOKS = ROOT / "notebooks"
