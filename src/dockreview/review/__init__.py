"""The review of one dock on one lot (:func:`~dockreview.review.pipeline.review`), what-if docks, and suggest."""
