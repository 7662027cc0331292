"""``dockreview profiles``: the shipped rule profiles (name, jurisdiction, source, date read), or one profile's checks.

``--profile NAME`` on the other commands (or ``[review] profile = "NAME"`` in a
manifest) picks one of them; ``--profile FILE`` takes a user's own.
"""

from __future__ import annotations

import json

import click

from dockreview.profile import DEFAULT_PROFILE, Profile, load_profile, profile_names


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


@click.command("profiles")
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output on standard output.")
def profiles_command(name: str | None, as_json: bool) -> None:
    """List the shipped rule profiles, or show one profile's checks and numbers (NAME, or a profile FILE).

    Pick one for a review with --profile NAME, or [review] profile = "NAME" in the manifest.
    """
    if name is None:
        shipped = [load_profile(n) for n in profile_names()]
        click.echo(json.dumps([_summary(p) for p in shipped], indent=2) if as_json else _listing(shipped))
        return
    profile = load_profile(name)
    click.echo(json.dumps(_details(profile), indent=2, default=str) if as_json else _one(profile))
