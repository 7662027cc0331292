"""The ``dockreview`` command: a thin click group that parses, calls the API and prints.

One module per group of commands: :mod:`~dockreview.cli.check` (check, map,
report), :mod:`~dockreview.cli.where` (envelope, suggest, screen),
:mod:`~dockreview.cli.data` (layers, audit), :mod:`~dockreview.cli.profiles` (profiles),
:mod:`~dockreview.cli.qgis` (qgis install, package); the group and its global options in
:mod:`~dockreview.cli.group`, the shared options in :mod:`~dockreview.cli.options`. The group imports a command's
module only when the command runs (:data:`~dockreview.cli.group.COMMANDS`).
"""

from dockreview.cli.group import hoist_global_flags, main, run

__all__ = ["main", "run", "hoist_global_flags"]
