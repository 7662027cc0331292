"""``dockreview qgis install`` and ``dockreview qgis package``: the QGIS plugin, into a profile or into a zip."""

from __future__ import annotations

from pathlib import Path

import click

from dockreview.cli.group import written


@click.group("qgis")
def qgis_group() -> None:
    """The QGIS plugin (the Processing provider "dockreview"): install it, or pack it for the plugin manager."""


@qgis_group.command("install")
@click.option("--profile", default="default", show_default=True, help="The QGIS user profile.")
@click.option(
    "--config-dir", type=click.Path(file_okay=False), metavar="DIR",
    help="QGIS's settings folder, the one holding profiles/ (default: $QGIS_CUSTOM_CONFIG_PATH, else QGIS's own).",
)
@click.option("--enable/--no-enable", default=True, show_default=True, help="Enable the plugin in the profile's QGIS3.ini.")
@click.option(
    "--check/--no-check", default=True, show_default=True,
    help="Check with qgis_process (when installed) that QGIS runs the same Python, and lists the algorithms afterwards.",
)
@click.pass_context
def install_command(ctx: click.Context, profile: str, config_dir: str | None, enable: bool, check: bool) -> None:
    """Put the plugin into a QGIS profile, enable it, and let QGIS's Python import this dockreview.

    The plugin records this interpreter's import folders; QGIS's Python must be
    the same minor version (a virtual environment made with QGIS's Python, such
    as /usr/bin/python3 on Debian and Ubuntu).
    """
    from dockreview.qgis import install as inst

    config = Path(config_dir) if config_dir else None
    qgis_process = inst.find_qgis_process() if check else None
    if qgis_process is not None:
        inst.check_python(inst.qgis_python(qgis_process))
    done = inst.install(profile, config=config, enable_plugin=enable)
    written(ctx, "QGIS plugin", done.folder, f" (imports dockreview from {done.environment['paths'][0]})")
    if done.settings is not None:
        if not ctx.meta.get("quiet"):
            click.echo(f"plugin enabled in {done.settings}", err=True)
    if qgis_process is None:
        if check:
            click.echo("qgis_process not found: restart QGIS and look for 'dockreview' in the Processing toolbox", err=True)
        return
    if not enable:
        return
    listed = inst.listed_algorithms(qgis_process, config)
    missing = [a for a in inst.ALGORITHMS if a not in listed]
    if missing:
        raise click.ClickException(
            f"qgis_process ({qgis_process}) does not list {', '.join(missing)}; "
            f"run `{qgis_process} run dockreview:review` to see why"
        )
    click.echo(f"qgis_process lists {', '.join(listed)}", err=True)


@qgis_group.command("package")
@click.option("-o", "--output", required=True, metavar="FILE.zip", help="The plugin zip to write.")
@click.pass_context
def package_command(ctx: click.Context, output: str) -> None:
    """Write the plugin zip for QGIS's plugin manager (Plugins > Install from ZIP)."""
    if Path(output).suffix.lower() != ".zip":
        raise click.UsageError(f"-o {output}: use a .zip file name")
    from dockreview.qgis.install import package

    written(ctx, "QGIS plugin zip", package(output))

