"""The single-site commands: ``dockreview check``, ``map`` and ``report``."""

from __future__ import annotations

import math
import shutil
import textwrap

import click

from dockreview.cli.group import EXIT, written
from dockreview.cli.options import (
    decision_rule_option,
    engine_option,
    file_backend,
    gpkg_option,
    page_option,
    profile_option,
    reviewed,
    write_json,
)
from dockreview.outputs.files import inputs_checked
from dockreview.outputs.formats import PRODUCTS
from dockreview.review.pipeline import Review
from dockreview.rules import NEEDS_DATA, missing_inputs
from dockreview.rules.base import COUNT_UNITS, officials_words
from dockreview.rules.conditional import DECISION_RULES, survey_words


def _number(value: float | None, unit: str) -> str:
    """A table cell: "-" for none, a count or a whole weight as an integer ("2", "40,000"), else to 0.1."""
    if value is None:
        return "-"
    if not math.isfinite(value):  # an empty layer's clearance: nothing to clear
        return "none"
    if unit in COUNT_UNITS and float(value).is_integer():
        return f"{int(value):,d}"
    return f"{value:,.1f}"


#: A table is wrapped to this width when standard output is not a terminal.
TABLE_WIDTH = 110
#: The narrowest column the messages are wrapped into beside the table; below it they go under their row.
NOTE_MIN = 30
_ATTRIBUTES = "[dock.attributes] "


def _wrapped(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width=max(width, 20), break_on_hyphens=False) or [""]


def _table(result: Review, *, verbose: bool = False, width: int | None = None) -> str:
    """The checks as a table, each needs-data row with what to supply (every row's finding with ``verbose``).

    Wrapped to ``width`` (the terminal's): the notes beside the table when they fit, else under their row.
    """
    width = width or shutil.get_terminal_size((TABLE_WIDTH, 24)).columns
    rows = [("check", "section", "value", "limit", "unit", "status")]
    for c in result.checks:
        rows.append((c.id, c.section, _number(c.value, c.unit), _number(c.limit, c.unit), c.unit, c.status.upper()))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.rjust(w) if i in (2, 3) else cell.ljust(w) for i, (cell, w) in enumerate(zip(r, widths))) for r in rows]
    table_width = sum(widths) + 2 * (len(widths) - 1)
    beside = width - table_width - 2 >= NOTE_MIN
    out = [lines[0] + ("  finding" if beside and verbose else "  what to supply" if beside else ""), "  ".join("-" * w for w in widths)]
    for c, line in zip(result.checks, lines[1:]):
        note = c.message if verbose else (", ".join(c.needs) or c.message) if c.status == NEEDS_DATA else _within(c)
        if not note:
            out.append(line.rstrip())
        elif beside:
            text = _wrapped(note, width - table_width - 2)
            out.append(f"{line}  {text[0]}")
            out += [" " * (table_width + 2) + more for more in text[1:]]
        else:
            out.append(line.rstrip())
            out += ["    " + more for more in _wrapped(note, width - 4)]
    head = f"{result.site.name} - parcel {result.site.parcel_id} - {result.profile.name}"
    verdict = [f"verdict: {result.verdict.upper()}"]
    if result.verdict == "exempt":
        verdict[0] += f" ({result.verdict_reason})"
    elif result.verdict_reason:
        verdict[0] += f": {result.verdict_reason}"
    verdict = textwrap.wrap(verdict[0], width=max(width, 40), subsequent_indent="  ", break_on_hyphens=False)
    verdict += _supply(result, width)
    if result.conditional_checks:
        verdict += _indented(f"decision rule: {DECISION_RULES[result.decision_rule]}", width + 2)
    if result.board_determinations:
        deciders = result.rules.judgment(result.board_determinations)[1]
        verdict.append(f"for {officials_words(deciders)} to determine:")
        for c in result.board_determinations:
            verdict += _indented(f"{c.id} ({c.section}): {c.message}", width)
    return "\n".join([head, *out, "", *verdict])


def _within(check) -> str:
    """A conditional check's note: its margin against the data's accuracy, and the survey that would decide it."""
    if check.within is None:
        return ""
    margin = "at its limit" if not check.margin else f"margin {_number(abs(check.margin), check.unit)} {check.unit}".rstrip()
    if check.uncertainty is None:
        return f"{margin}; accuracy unassessed: {survey_words(check)} would decide it"
    return f"{margin} within ±{_number(check.uncertainty, check.unit)} {check.unit}: {survey_words(check)} would decide it"


def _supply(result: Review, width: int) -> list[str]:
    """What to supply for the checks that need data, grouped (the attributes on one line)."""
    missing = missing_inputs(result.checks)
    if not missing:
        return []
    count = sum(1 for c in result.checks if c.status == NEEDS_DATA)
    lines = [f"to decide the {count} check{'s' if count != 1 else ''} that need data, supply:"]
    attributes = {k[len(_ATTRIBUTES):]: v for k, v in missing.items() if k.startswith(_ATTRIBUTES)}
    for need, ids in missing.items():
        if not need.startswith(_ATTRIBUTES):
            lines += _indented(f"{need} ({', '.join(ids)})", width)
    if attributes:
        lines += _indented(f"[dock.attributes] {', '.join(attributes)}", width)
    return lines


def _indented(text: str, width: int) -> list[str]:
    return [("  " if i == 0 else "    ") + t for i, t in enumerate(_wrapped(text, width - 4))]


def _write_gpkg(ctx: click.Context, result: Review, path: str | None) -> None:
    if path is None:
        return
    from dockreview.outputs.export import write_gpkg

    layers = write_gpkg(result, path)
    written(ctx, "GeoPackage", path, f" (layers: {', '.join(layers)})" if layers else "")


@click.command()
@click.argument("manifest")
@click.option("--json", "json_path", metavar="PATH|-", help="Write the review as JSON ('-' for standard output).")
@click.option("--map", "map_path", metavar="PATH", help=f"Draw the site plan ({PRODUCTS['map'].suffix_words}).")
@engine_option
@profile_option
@decision_rule_option
@page_option
@gpkg_option
@click.pass_context
def check(
    ctx: click.Context, manifest: str, json_path: str | None, map_path: str | None, engine: str, profile_path: str | None,
    decision_rule: str | None, page: str, gpkg_path: str | None,
) -> None:
    """Review the dock of MANIFEST (site.toml) and print every check.

    Exit status: 0 compliant, 1 noncompliant, 3 incomplete, 2 bad input. A check whose margin lies within the
    data's accuracy counts as the decision rule says: under the simple rule a conditional pass passes (0) and a
    conditional fail fails (1); under the guarded rule either leaves the review incomplete (3).
    """
    PRODUCTS["map"].check(map_path, "--map")
    PRODUCTS["layers"].check(gpkg_path, "--gpkg")
    inputs = inputs_checked(manifest, profile_path, {"--json": json_path, "--map": map_path, "--gpkg": gpkg_path})
    result = reviewed(ctx, manifest, engine, profile_path, decision_rule)
    quiet = ctx.meta.get("quiet")
    if map_path:
        file_backend()
        from dockreview.outputs.exhibit import save_map

        save_map(result, map_path, page=page)
        written(ctx, "map", map_path)
    _write_gpkg(ctx, result, gpkg_path)
    if json_path is not None:
        write_json(ctx, result.to_json() + "\n", json_path, inputs)
    if not (quiet and json_path == "-"):
        click.echo(_table(result, verbose=bool(ctx.meta.get("verbose"))), err=json_path == "-")
    ctx.exit(EXIT[result.verdict])


@click.command("map")
@click.argument("manifest")
@click.option("-o", "--output", "output", required=True, metavar="PATH", help=f"The map file ({PRODUCTS['map'].suffix_words}).")
@click.option(
    "--sheet", type=click.Choice(("site", "evidence")), default="site", show_default=True,
    help="site: the dimensioned site plan; evidence: the Board evidence sheet with the dock in section.",
)
@engine_option
@profile_option
@decision_rule_option
@page_option
@click.pass_context
def map_command(
    ctx: click.Context, manifest: str, output: str, sheet: str, engine: str, profile_path: str | None,
    decision_rule: str | None, page: str,
) -> None:
    """Draw the site plan (or the Board evidence sheet) of MANIFEST to a file."""
    PRODUCTS["map"].check(output, "-o")
    inputs_checked(manifest, profile_path, {"-o": output})
    file_backend()
    from dockreview.outputs.evidence_sheet import save_evidence
    from dockreview.outputs.exhibit import save_map

    result = reviewed(ctx, manifest, engine, profile_path, decision_rule)
    (save_map if sheet == "site" else save_evidence)(result, output, page=page)
    written(ctx, "map", output)


@click.command("report")
@click.argument("manifest")
@click.option("-o", "--output", "output", required=True, metavar="PATH", help=f"The report ({PRODUCTS['report'].suffix_words}).")
@engine_option
@profile_option
@decision_rule_option
@page_option
@gpkg_option
@click.option("--all-checks", is_flag=True, help="List the checks that do not apply to the dock in the table too.")
@click.pass_context
def report_command(
    ctx: click.Context, manifest: str, output: str, engine: str, profile_path: str | None, decision_rule: str | None,
    page: str, gpkg_path: str | None, all_checks: bool,
) -> None:
    """Write the staff report of MANIFEST: exhibit, checks, Board items, interpretations, sources."""
    PRODUCTS["report"].check(output, "-o")
    PRODUCTS["layers"].check(gpkg_path, "--gpkg")
    inputs_checked(manifest, profile_path, {"-o": output, "--gpkg": gpkg_path})
    file_backend()
    from dockreview.outputs.report import write_report

    result = reviewed(ctx, manifest, engine, profile_path, decision_rule)
    write_report(result, output, page=page, all_checks=all_checks)
    written(ctx, "report", output, f" (verdict: {result.verdict})")
    _write_gpkg(ctx, result, gpkg_path)


