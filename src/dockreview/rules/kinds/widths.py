"""The components' own widths and proportions (Wrightsville Beach, NC, dimensions (C), (D); structure (F)(1)).

* ``min-width``: the narrowest component of the named classes (walkways; landings
  for T-heads and pierheads; floats) at least ``limit`` wide;
* ``max-aspect``: no component of the named classes longer than ``limit`` times
  its width ("No horizontal dimension shall be greater than two times the other").

A component's length and width are its minimum rotated rectangle's sides
(``component_sizes``, :mod:`dockreview.measure.sizes`). A dock with no component
of the classes is not held to the standard (not applicable).
"""

from __future__ import annotations

from dockreview.rules.base import AT_LEAST, AT_MOST, Facts, fmt
from dockreview.rules.kind import Bound, Param, register


def _plural(components) -> str:
    """("walkway", "landing") -> "walkways or landings"."""
    words = [f"{c.replace('_', ' ')}s" for c in components]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


class ComponentBound(Bound):
    """A bound on the worst of the components of the classes ``components`` (``component_sizes``)."""

    unit = "ft"
    reads = ("component_sizes",)
    params = (
        Param("limit", doc="the bound"),
        Param("components", "codes", doc="the component classes held to it (walkway, landing, float, ...)"),
    )

    def sizes(self, figures) -> list[tuple[str, float, float]]:
        """(component, length, width) of each component of the classes."""
        return [s for s in figures.get("component_sizes") or () if s[0] in self.p.components]

    def inapplicable(self, m, facts: Facts) -> str | None:
        return None if self.sizes(m) else f"the dock has no {_plural(self.p.components)}"


@register
class MinWidth(ComponentBound):
    """The narrowest component of the classes ``components`` at least ``limit`` wide (ft).

    Examples
    --------
    >>> from dockreview.profile import parse_profile
    >>> from dockreview.rules import ruleset
    >>> law = {"checks": {"walk": {"kind": "min-width", "section": "(C)", "limit": 3, "components": ["walkway"]}}}
    >>> rule = ruleset(parse_profile(law, "t")).rule("walk")
    >>> sizes = (("walkway", 40.0, 2.5), ("walkway", 10.0, 4.0), ("float", 20.0, 8.0))
    >>> rule.value({"component_sizes": sizes}), rule.evaluate({"component_sizes": sizes}, Facts()).status
    (2.5, 'fail')
    >>> rule.evaluate({"component_sizes": sizes[2:]}, Facts()).status
    'not-applicable'
    """

    name = "min-width"
    sense = AT_LEAST

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"the narrowest of the {_plural(self.p.components)}"

    def value(self, figures):
        sizes = self.sizes(figures)
        return min(width for _, _, width in sizes) if sizes else None


@register
class MaxAspect(ComponentBound):
    """No component of the classes ``components`` longer than ``limit`` times its width.

    Examples
    --------
    >>> from dockreview.profile import parse_profile
    >>> from dockreview.rules import ruleset
    >>> law = {"checks": {"float": {"kind": "max-aspect", "section": "(F)(1)", "limit": 2, "components": ["float"]}}}
    >>> rule = ruleset(parse_profile(law, "t")).rule("float")
    >>> rule.value({"component_sizes": (("float", 20.0, 8.0), ("float", 16.0, 8.0))})
    2.5
    """

    name = "max-aspect"
    sense = AT_MOST
    unit = ""

    @property
    def what(self) -> str:  # type: ignore[override]
        return f"the most elongated of the {_plural(self.p.components)} (length to width)"

    def value(self, figures):
        sizes = self.sizes(figures)
        return max(length / width for _, length, width in sizes) if sizes else None

    def message(self, m, facts, value, limit, ok) -> str:
        worst = max(self.sizes(m), key=lambda s: s[1] / s[2])
        return (
            f"{worst[0].replace('_', ' ')} {fmt(worst[1], 'ft')} by {fmt(worst[2], 'ft')}: {value:.2f} times as long as "
            f"wide, {'within' if ok else 'over'} the {limit:g} allowed"
        )
