"""The installed package's version, read once from its metadata (a leaf: it imports nothing of the package)."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("dockreview")
except PackageNotFoundError:  # a source tree used without installing it
    __version__ = "0+unknown"
