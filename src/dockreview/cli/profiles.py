"""``dockreview profiles``: the shipped rule profiles (name, jurisdiction, source, date read), or one profile's checks;
``dockreview profiles check NAME``: the rules of one profile that clash (:mod:`dockreview.rules.clashes`).

``--profile NAME`` on the other commands (or ``[review] profile = "NAME"`` in a
manifest) picks one of them; ``--profile FILE`` takes a user's own.
"""

from __future__ import annotations

import json
import textwrap

import click

from dockreview.profile import DEFAULT_PROFILE, Profile, load_profile, profile_names
from dockreview.rules import ruleset
from dockreview.rules.clashes import EDGE_TOLERANCE_FT, SWEEP_STEP_FT, SWEEP_TOP_FT, Clash, clashes


def _summary(profile: Profile) -> dict:
    sources = [{"name": s.name, "title": s.title, "address": s.address, "read": s.read} for s in profile.sources.values()]
    return {
        "name": profile.id or profile.source,
        "title": profile.name,
        "jurisdiction": profile.jurisdiction,
        "default": (profile.id or profile.source) == DEFAULT_PROFILE,
        "riparian_method": profile.settings.get("riparian", {}).get("method"),
        "sources": sources,
        "read": sorted({s["read"] for s in sources if s["read"]}),
        "checks": len(profile.checks),
        "unconfirmed": sorted(k for k, v in profile.values.items() if v.text.startswith("unconfirmed")),
    }


def _details(profile: Profile) -> dict:
    out = _summary(profile)
    out["checks"] = [
        {"id": c.id, "kind": c.kind, "section": c.section, "title": c.title, "params": c.params} for c in profile.checks.values()
    ]
    out["values"] = {
        k: {"value": v.value, "unit": v.unit, "section": v.section, "source": v.source, "text": v.text} for k, v in profile.values.items()
    }
    out["settings"] = profile.settings
    return out


def _listing(profiles: list[Profile]) -> str:
    lines = []
    for p in profiles:
        s = _summary(p)
        mark = " (default)" if s["default"] else ""
        lines.append(f"{s['name']}{mark}: {s['jurisdiction']}")
        lines.append(f"  {s['title']}; riparian lines: {s['riparian_method'] or 'not stated'}; {s['checks']} checks")
        for source in s["sources"]:
            lines.append(f"  source: {source['title']}")
            lines.append(f"          {source['address'] or 'no address'}, read {source['read'] or 'on an unstated date'}")
        if s["unconfirmed"]:
            lines.append(f"  unconfirmed numbers: {', '.join(s['unconfirmed'])}")
    return "\n".join(lines)


def _one(profile: Profile) -> str:
    lines = [_listing([profile]), "", "checks:"]
    width = max(len(c.id) for c in profile.checks.values())
    for c in profile.checks.values():
        lines.append(f"  {c.id.ljust(width)}  {c.kind:<22} {c.section}: {c.title}")
    lines += ["", "values:"]
    for key, v in profile.values.items():
        lines.append(f"  {key} = {v.value:g} {v.unit} ({v.section}): {v.text}")
    return "\n".join(lines)


def _sweep_words() -> str:
    return (
        f"frontages and waterway widths swept from {SWEEP_STEP_FT:g} to {SWEEP_TOP_FT:,.0f} ft every {SWEEP_STEP_FT:g} ft, "
        f"edges to {EDGE_TOLERANCE_FT:g} ft"
    )


def _clash_lines(name: str, found: list[Clash]) -> str:
    if not found:
        return f"{name}: no rules clash ({_sweep_words()})"
    lines = [f"{name}: {len(found)} clash{'es' if len(found) > 1 else ''} among its rules ({_sweep_words()})"]
    wrap = textwrap.TextWrapper(width=110, subsequent_indent="     ")
    for k, clash in enumerate(found, 1):
        lines += ["", *wrap.wrap(f"{k}. {clash.text}")]
        for rule in (*clash.admitting, *clash.barring):
            if rule.law:
                lines += textwrap.wrap(f"{rule.section}: \"{rule.law}\"", width=110, initial_indent="   ", subsequent_indent="     ")
    return "\n".join(lines)


class _ProfilesGroup(click.Group):
    """``profiles``, ``profiles NAME`` and ``profiles check NAME``: a first word that is no subcommand names a profile."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        first = next((i for i, a in enumerate(args) if not a.startswith("-")), None)
        if first is not None and args[first] not in self.commands:
            args = [*args[:first], "show", *args[first:]]
        return super().parse_args(ctx, args)


def _as_json(ctx: click.Context, as_json: bool) -> bool:
    return as_json or bool(ctx.parent and ctx.parent.params.get("as_json"))


@click.group(
    "profiles", cls=_ProfilesGroup, invoke_without_command=True, subcommand_metavar="[NAME|FILE] | check NAME|FILE",
)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output on standard output.")
@click.pass_context
def profiles_command(ctx: click.Context, as_json: bool) -> None:
    """List the shipped rule profiles, or show one profile's checks and numbers (NAME, or a profile FILE);
    `check NAME` reports the rules of a profile that clash.

    Pick one for a review with --profile NAME, or [review] profile = "NAME" in the manifest.
    """
    if ctx.invoked_subcommand is None:
        shipped = [load_profile(n) for n in profile_names()]
        click.echo(json.dumps([_summary(p) for p in shipped], indent=2) if as_json else _listing(shipped))


@profiles_command.command("show", hidden=True)
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output on standard output.")
@click.pass_context
def _show(ctx: click.Context, name: str, as_json: bool) -> None:
    """Show one profile's checks and numbers."""
    profile = load_profile(name)
    click.echo(json.dumps(_details(profile), indent=2, default=str) if _as_json(ctx, as_json) else _one(profile))


@profiles_command.command("check")
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output on standard output.")
@click.pass_context
def _check(ctx: click.Context, name: str, as_json: bool) -> None:
    """Report the rules of a profile (NAME, or a profile FILE) that clash: lots one rule admits and another leaves
    no dock, found from the rules' own numbers.

    Exit status 0 when none clash, 1 when some do, 2 for a profile that cannot be read.
    """
    profile = load_profile(name)
    found = clashes(ruleset(profile))
    label = profile.id or profile.source
    if _as_json(ctx, as_json):
        sweep = {"step_ft": SWEEP_STEP_FT, "top_ft": SWEEP_TOP_FT, "edge_tolerance_ft": EDGE_TOLERANCE_FT}
        click.echo(json.dumps({"profile": label, "sweep": sweep, "clashes": [c.to_dict() for c in found]}, indent=2))
    else:
        click.echo(_clash_lines(label, found))
    ctx.exit(1 if found else 0)
