"""Sizes of the standalone builds (run `make build` first): the one-file program, the one-folder
build and what takes the room inside it.

    .venv/bin/python bench/build_size.py [--top 12]

The last line is JSON: {"onefile_bytes": ..., "onefolder_bytes": ..., "onefile_limit_bytes": ...}.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXE_NAME = "crazy-eights.exe" if sys.platform == "win32" else "crazy-eights"
ONE_FILE = ROOT / "dist" / EXE_NAME
ONE_FOLDER = ROOT / "dist" / "crazy-eights-folder"
LIMIT = 30 * 1024 * 1024  # the target for the one-file program


def tree_bytes(path: Path) -> int:
    """Bytes of a file or folder; symbolic links (PyInstaller links duplicated libraries) count nothing."""
    if path.is_symlink():
        return 0
    if path.is_file():
        return path.stat().st_size
    return sum(item.stat().st_size for item in path.rglob("*") if item.is_file() and not item.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=12, help="how many of the largest parts to list")
    args = parser.parse_args(argv)
    if not ONE_FILE.is_file() or not ONE_FOLDER.is_dir():
        print("run `make build` first", file=sys.stderr)
        return 1
    one_file, one_folder = ONE_FILE.stat().st_size, tree_bytes(ONE_FOLDER)
    print(f"one-file   {ONE_FILE.relative_to(ROOT)}: {one_file:,} bytes ({one_file / 2**20:.1f} MiB; "
          f"limit {LIMIT / 2**20:.0f} MiB)")
    print(f"one-folder {ONE_FOLDER.relative_to(ROOT)}/: {one_folder:,} bytes ({one_folder / 2**20:.1f} MiB)")
    internal = ONE_FOLDER / "_internal"
    parts = sorted(((tree_bytes(item), item) for item in internal.iterdir()), key=lambda pair: pair[0],
                   reverse=True) if internal.is_dir() else []
    # Break the two big folders down one level further.
    expanded = []
    for size, item in parts:
        if item.is_dir() and item.name in ("pygame_ce.libs", "python3.11", "pygame", "pygame_gui") or (
                item.is_dir() and size > one_folder * 0.15):
            expanded += [(tree_bytes(sub), sub) for sub in item.iterdir()]
        else:
            expanded.append((size, item))
    expanded.sort(key=lambda pair: pair[0], reverse=True)
    print(f"largest parts of the one-folder build (of {one_folder / 2**20:.1f} MiB):")
    for size, item in [pair for pair in expanded if pair[0]][:args.top]:
        print(f"  {size / 2**20:6.2f} MiB  {item.relative_to(ONE_FOLDER)}")
    print(json.dumps({"onefile_bytes": one_file, "onefolder_bytes": one_folder, "onefile_limit_bytes": LIMIT}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
