"""What the system under the tests can do, asked of the system itself: the suite runs on Linux, Windows
and macOS (.github/workflows/test.yml), and a test that needs what only some of them have skips there,
saying why, or takes the portable way. Each answer is probed once, in a throw-away folder."""
from __future__ import annotations

import functools
import os
import tempfile


@functools.cache
def can_make_links() -> bool:
    """Whether this process may make symbolic links (Windows grants it only with developer mode or to
    administrators)."""
    try:
        with tempfile.TemporaryDirectory() as folder:
            os.symlink("target", os.path.join(folder, "link"))
    except (OSError, NotImplementedError):
        return False
    return True


@functools.cache
def names_may_be_any_bytes() -> bool:
    """Whether a file name may be bytes that are not UTF-8 (Linux: yes; Windows names are UTF-16, not
    bytes, and macOS refuses such names with EILSEQ)."""
    if os.name != "posix":
        return False
    try:
        with tempfile.TemporaryDirectory() as folder:
            open(os.path.join(os.fsencode(folder), b"\xff\xfe"), "wb").close()
    except (OSError, UnicodeError, ValueError):
        return False
    return True
