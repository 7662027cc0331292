"""Whole layers at once: the screen (arrays), the audits of a docks layer and of a chart's piers, the Dask backend."""
