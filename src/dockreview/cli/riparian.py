"""``dockreview riparian``: the dock under every riparian method, side by side (:mod:`dockreview.review.methods`)."""

from __future__ import annotations

import json

import click

from dockreview.cli.group import written
from dockreview.cli.options import engine_option, file_backend, page_option, profile_option, reviewed, write_json
from dockreview.outputs.files import inputs_checked
from dockreview.outputs.formats import PRODUCTS
from dockreview.review.methods import MethodComparison


def comparison_lines(comparison: MethodComparison) -> list[str]:
    """The comparison as lines for the terminal: one per method, then the dock's standing."""
    lines = [f"every method's water is cut at {comparison.bound_words}"]
    for m in comparison.methods:
        if m.status == "not-drawn":
            lines.append(f"  {m.method}: not drawn ({m.reason})")
            continue
        changed = f"; checks that change: {', '.join(f'{title}: {status}' for _, title, status in m.changed)}" if m.changed else ""
        lines.append(
            f"  {m.method}: {m.status}: setbacks {m.setback_left_ft:,.1f} ft left, {m.setback_right_ft:,.1f} ft right; "
            f"the lot's water {m.water_area_sqft:,.0f} sq ft{changed}"
        )
    dispute = comparison.dispute()
    if any(side["disputed_sqft"] for side in dispute.values()):
        lines.append(
            "water the methods disagree about: "
            + ", ".join(f"{side['disputed_sqft']:,.0f} sq ft with the {name} neighbour" for name, side in dispute.items())
        )
    if comparison.standing == "needs-data":
        lines.append("no method drawn decides whether the dock keeps clear of the side lines (the data are missing)")
    else:
        passing = ", ".join(comparison.passing_methods) or "none"
        lines.append(f"the dock keeps clear of the side lines under {comparison.standing} of the methods drawn (passes: {passing})")
    return lines


@click.command("riparian")
@click.argument("manifest")
@click.option("--json", "json_path", metavar="PATH|-", help="Write the comparison as JSON ('-' for standard output).")
@click.option(
    "--map", "map_path", metavar="PATH",
    help=f"Draw the comparison ({PRODUCTS['map'].suffix_words}): a PDF holds it and the shoreline sheet (9 NYCRR 274.4) "
         "on a second page.",
)
@engine_option
@profile_option
@page_option
@click.pass_context
def riparian_command(
    ctx: click.Context, manifest: str, json_path: str | None, map_path: str | None, engine: str, profile_path: str | None,
    page: str,
) -> None:
    """The dock of MANIFEST under every riparian method: its setbacks, the lot's water, and where the methods disagree."""
    PRODUCTS["map"].check(map_path, "--map")
    inputs = inputs_checked(manifest, profile_path, {"--json": json_path, "--map": map_path})
    result = reviewed(ctx, manifest, engine, profile_path)
    comparison = result.riparian_methods()
    if map_path:
        file_backend()
        from dockreview.outputs.exhibit.comparison import save_comparison

        save_comparison(result, map_path, comparison=comparison, page=page)
        written(ctx, "map", map_path)
    if json_path is not None:
        write_json(ctx, json.dumps(comparison.to_dict(), indent=2, allow_nan=False) + "\n", json_path, inputs)
    click.echo("\n".join(comparison_lines(comparison)), err=json_path == "-")
