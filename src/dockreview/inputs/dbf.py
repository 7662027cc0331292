"""A shapefile's text encoding: the one its ``.cpg`` names, unless the ``.dbf``'s bytes say it lies.

A ``.cpg`` saying UTF-8 beside a ``.dbf`` written in Windows Latin-1 (cp1252) is
common: a county's export tool writes the one, an editor the other. GDAL then
fails on the first accented name (pyogrio) or reads it as nothing (fiona), and
an owner "Café" would be lost. :func:`text_encoding` reads the ``.dbf``'s
records, a megabyte at a time, and when they are not valid UTF-8 names the
encoding that decodes them, for the reader to use with a warning.
"""

from __future__ import annotations

from pathlib import Path

#: What a ``.cpg`` may say for UTF-8.
UTF8_NAMES = {"utf-8", "utf8", "65001", "utf_8"}
#: Encodings tried, in turn, on a ``.dbf`` that is not the UTF-8 its ``.cpg`` says; latin-1 decodes any byte.
FALLBACKS = (("cp1252", "Windows Latin-1, cp1252"), ("latin-1", "ISO 8859-1"))
_CHUNK = 1 << 20


def declared(shp: Path) -> str | None:
    """The encoding the ``.cpg`` beside ``shp`` names, stripped; None without one (or when it cannot be read).

    Examples
    --------
    >>> import tempfile
    >>> shp = Path(tempfile.mkdtemp()) / "lots.shp"
    >>> _ = shp.with_suffix(".cpg").write_text("UTF-8\\n")
    >>> declared(shp), declared(shp.with_name("other.shp"))
    ('UTF-8', None)
    """
    cpg = _part(shp, ".cpg")
    if cpg is None:
        return None
    try:
        with cpg.open("rb") as handle:
            return handle.read(64).decode("ascii", "replace").strip() or None
    except OSError:
        return None


def _part(shp: Path, suffix: str) -> Path | None:
    for candidate in (shp.with_suffix(suffix), shp.with_suffix(suffix.upper())):
        if candidate.is_file():
            return candidate
    return None


def first_bad_byte(dbf: Path, encoding: str) -> tuple[int, int] | None:
    """The first byte of ``dbf``'s records that ``encoding`` cannot decode, and its offset in the file; None when all decode.

    The header (its length is in bytes 8-9) is skipped; the records, field
    separators and numbers included, are plain ASCII but for the text fields.

    Examples
    --------
    >>> import tempfile
    >>> dbf = Path(tempfile.mkdtemp()) / "a.dbf"
    >>> header = bytes(8) + (32).to_bytes(2, "little") + bytes(22)
    >>> _ = dbf.write_bytes(header + " Café".encode("cp1252"))
    >>> first_bad_byte(dbf, "utf-8"), first_bad_byte(dbf, "cp1252")
    ((233, 36), None)
    """
    with dbf.open("rb") as handle:
        head = handle.read(32)
        offset = int.from_bytes(head[8:10], "little") if len(head) >= 10 else len(head)
        handle.seek(offset)
        carry = b""
        while True:
            chunk = handle.read(_CHUNK)
            data = carry + chunk
            try:
                data.decode(encoding)
                carry = b""
            except UnicodeDecodeError as exc:
                if chunk and exc.reason == "unexpected end of data" and len(data) - exc.start < 4:
                    carry = data[exc.start:]  # a character cut by the chunk's end: decode it with the next chunk
                    data = data[: exc.start]
                else:
                    return data[exc.start], offset + exc.start
            if not chunk:
                return None
            offset += len(data)


def text_encoding(shp: Path, label: str) -> tuple[str | None, str | None]:
    """The encoding to read ``shp``'s attributes with (None: the reader's own choice) and the warning to give, if any.

    Only a ``.cpg`` naming UTF-8 is tested: other encodings decode (almost) any
    byte, so a lie cannot be told from the bytes.
    """
    said = declared(shp)
    dbf = _part(shp, ".dbf")
    if said is None or dbf is None or said.lower() not in UTF8_NAMES:
        return None, None
    try:
        bad = first_bad_byte(dbf, "utf-8")
        if bad is None:
            return None, None
        encoding, name = next((e, n) for e, n in FALLBACKS if first_bad_byte(dbf, e) is None)
    except OSError:
        return None, None  # the reader says why it cannot read the file
    byte, offset = bad
    return encoding, (
        f"{label}: {dbf.name} is not UTF-8 as its .cpg says (byte 0x{byte:02x} at offset {offset:,}); "
        f"its text was read as {name}: check its names, and write {encoding.upper()} in {shp.stem}.cpg if they read right"
    )
