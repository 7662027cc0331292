"""Synthetic counties for tests and benchmarks (nothing in the package imports this)."""
