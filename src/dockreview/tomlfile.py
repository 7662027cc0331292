"""Reading a TOML file safely: a regular file only, a megabyte at most, nested a few levels at most.

The manifest (:mod:`dockreview.inputs.manifest`) and a rule profile
(:mod:`dockreview.profile`) are read here. A named pipe given as the file would
block the read forever, ``/dev/zero`` would fill the memory, and a document
nested thousands of levels deep would exhaust Python's stack: each is refused
with one plain line instead, raised as the caller's error class.

:func:`special_kind` is the package's one test of what stands at a path before
anything opens it; :mod:`dockreview.inputs.readable` applies it to layers. This
module is a leaf: it imports nothing of the package but its errors.
"""

from __future__ import annotations

import errno
import os
import stat
import tomllib
from typing import Any

from dockreview.errors import DockReviewError

#: The largest manifest or profile read (bytes): a shipped profile is about 30 kB, a manifest a few.
MAX_TOML_BYTES = 1 << 20
#: The deepest nesting of tables and arrays accepted; a manifest or a profile needs four or five.
MAX_TOML_DEPTH = 32

#: What a file type is called in messages (``stat.S_IFMT`` -> words).
_KINDS = {
    stat.S_IFIFO: "a named pipe (FIFO)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a folder",
}


def special_kind(path: str | os.PathLike) -> str | None:
    """What stands at ``path`` when it cannot be read as a file; None for a regular file or nothing at all.

    ``os.stat`` follows symbolic links without opening anything (opening a named
    pipe would wait for a writer forever). A missing path, or one that cannot be
    looked at (no permission), gives None: the caller's own open says why.

    Examples
    --------
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> special_kind(folder), special_kind(os.path.join(folder, "absent.toml"))
    ('a folder', None)
    >>> special_kind(os.devnull)
    'a character device'
    >>> os.symlink("loop", os.path.join(folder, "loop"))
    >>> special_kind(os.path.join(folder, "loop"))
    'a symbolic link loop'
    """
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        return "a symbolic link loop" if exc.errno == errno.ELOOP else None
    except ValueError:  # a NUL byte in the path
        return None
    return None if stat.S_ISREG(mode) else _KINDS.get(stat.S_IFMT(mode), "not a regular file")


def read_capped(path: str | os.PathLike, *, error: type[DockReviewError], what: str, cap: int = MAX_TOML_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``cap`` of them; else ``error`` naming ``path`` and ``what`` it is.

    The file is opened without blocking and checked again once open (it may be
    swapped between the look and the open); at most ``cap + 1`` bytes are read.

    Examples
    --------
    >>> import os
    >>> from dockreview.errors import ManifestError
    >>> read_capped(os.devnull, error=ManifestError, what="manifest")
    Traceback (most recent call last):
    ...
    dockreview.errors.ManifestError: /dev/null: the manifest is a character device, not a file; give the manifest's file
    """
    kind = special_kind(path)
    if kind == "a symbolic link loop":
        raise error(f"{path}: the {what} is a symbolic link loop (it leads back to itself); point it at the {what}'s file")
    if kind is not None:
        raise error(f"{path}: the {what} is {kind}, not a file; give the {what}'s file")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise error(f"{path}: {what} not found; check the path") from None
    except OSError as exc:
        raise error(f"{path}: cannot read the {what} ({exc.strerror or exc})") from None
    except ValueError as exc:
        raise error(f"{path}: cannot read the {what} ({exc})") from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error(f"{path}: the {what} is not a regular file; give the {what}'s file")
        try:
            data = handle.read(cap + 1)
        except OSError as exc:
            raise error(f"{path}: cannot read the {what} ({exc.strerror or exc})") from None
    if len(data) > cap:
        raise error(f"{path}: the {what} is larger than {cap // 1024:,} KiB; a {what} is a small text file: is this the right file?")
    return data


def nesting_depth(value: Any) -> int:
    """How deep tables and arrays nest in a parsed TOML value (a scalar is 0), counted without recursion.

    Examples
    --------
    >>> nesting_depth({"a": 1}), nesting_depth({"a": {"b": [[1], 2]}}), nesting_depth(3)
    (1, 4, 0)
    """
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def read_toml(
    path: str | os.PathLike, *, error: type[DockReviewError], what: str, cap: int = MAX_TOML_BYTES,
    max_depth: int = MAX_TOML_DEPTH,
) -> dict[str, Any]:
    """The TOML document in ``path``: a regular UTF-8 file of at most ``cap`` bytes, nested at most ``max_depth`` deep.

    Raises
    ------
    DockReviewError
        ``error`` (:class:`~dockreview.errors.ManifestError` or
        :class:`~dockreview.errors.ProfileError`), one line naming ``path``:
        not a regular file, missing, too large, not UTF-8, invalid TOML, or
        nested too deep.

    Examples
    --------
    >>> import os, tempfile
    >>> from dockreview.errors import ProfileError
    >>> path = os.path.join(tempfile.mkdtemp(), "deep.toml")
    >>> with open(path, "w") as handle:
    ...     _ = handle.write("a = " + "[" * 40 + "]" * 40)
    >>> read_toml(path, error=ProfileError, what="profile")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dockreview.errors.ProfileError: ...deep.toml: the profile nests tables or arrays 41 deep; a profile needs at most 32: ...
    """
    data = read_capped(path, error=error, what=what, cap=cap)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(
            f"{path}: the {what} is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start:,}); save it as UTF-8"
        ) from None
    too_deep = f"{path}: the {what} nests tables or arrays {{}} deep; a {what} needs at most {max_depth}: write it flatter"
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: invalid TOML: {exc}") from None
    except RecursionError:
        raise error(too_deep.format("too many levels")) from None
    depth = nesting_depth(document)
    if depth > max_depth:
        raise error(too_deep.format(depth))
    return document
