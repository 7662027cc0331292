"""Site generators for the tests: each builds its files from first principles, importing nothing of dockreview.

The expected values the tests assert come from the construction (a straight
shore at a known rotation, a plane of soundings) or from hand computation, never
from the code under test.
"""
