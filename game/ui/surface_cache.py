"""Caches of drawn images bounded by the memory they hold, not by how many entries they have.

Every image the UI keeps for reuse (card faces, felt, shapes, text, fonts) lives in a
:class:`SurfaceCache`. An entry-count bound is no bound at all for images: one felt at a big
window size weighs as much as a thousand small labels, and every new window size or language
makes new keys. Here each entry is weighed (width * height * bytes per pixel for a surface, an
estimate for a font) and the least recently used entries go once a cache holds more than its
bound. :func:`cached` is the same for a function (it replaces ``functools.lru_cache``).

The newest entry is always kept, even alone past the bound: an image the screen needs every
frame (the felt of a full-screen window on a 4K display) must not be drawn afresh every frame.
So a cache holds at most ``max(max_bytes, its newest entry)``; the bounds are chosen so that
everything drawn at window sizes up to full HD fits within them.

Every cache registers itself, so tests and benchmarks can sum them: :func:`total_bytes` stays
within :func:`total_bound` (the bounds of the caches alive now).
"""
from __future__ import annotations

import ctypes
import functools
import gc
import sys
import weakref
from collections import OrderedDict

import pygame

MB = 2 ** 20
#: What an entry costs beyond its pixels (its key, the surface object, the dictionary slot).
ENTRY_OVERHEAD = 256
#: A loaded font before any glyph is drawn (measured with Noto Sans on pygame-ce 2.5).
FONT_BASE_BYTES = 64 * 1024
#: A font also keeps the glyphs it has drawn: about this many bytes per pixel of its size squared.
FONT_GLYPH_BYTES_PER_SIZE_SQUARED = 48

_MISSING = object()
_ALL: "weakref.WeakSet[SurfaceCache]" = weakref.WeakSet()


def weight(value) -> int:
    """The bytes ``value`` holds: a surface's pixels, a font's estimate, the sum for a tuple or list."""
    if isinstance(value, pygame.Surface):
        return value.get_width() * value.get_height() * value.get_bytesize()
    if isinstance(value, pygame.font.Font):
        size = value.get_height()
        return FONT_BASE_BYTES + FONT_GLYPH_BYTES_PER_SIZE_SQUARED * size * size
    if isinstance(value, (tuple, list)):
        return sum(weight(item) for item in value)
    return 0


class SurfaceCache:
    """A least-recently-used cache of images holding at most ``max_bytes`` (see :func:`weight`)."""

    def __init__(self, name: str, max_bytes: int, per_window_size: bool = True):
        if max_bytes <= 0:
            raise ValueError(f"a cache needs room for something, not {max_bytes} bytes")
        self.name = name
        self.max_bytes = int(max_bytes)
        #: Whether what it keeps is drawn for one window size (emptied when the window changes size).
        self.per_window_size = bool(per_window_size)
        self.bytes = 0
        self._entries: OrderedDict = OrderedDict()   # key -> (value, bytes)
        _ALL.add(self)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key) -> bool:
        return key in self._entries

    def __iter__(self):
        return iter(list(self._entries))

    def get(self, key, default=None):
        """The value kept for ``key`` (now the most recently used), or ``default``."""
        entry = self._entries.get(key)
        if entry is None:
            return default
        self._entries.move_to_end(key)
        return entry[0]

    def put(self, key, value):
        """Keep ``value`` for ``key``, dropping the least recently used entries beyond the bound; returns ``value``."""
        size = weight(value) + ENTRY_OVERHEAD
        self.discard(key)
        self._entries[key] = (value, size)
        self.bytes += size
        while self.bytes > self.max_bytes and len(self._entries) > 1:
            _key, (_value, dropped) = self._entries.popitem(last=False)
            self.bytes -= dropped
        return value

    def discard(self, key) -> None:
        """Forget ``key`` if it is kept."""
        entry = self._entries.pop(key, None)
        if entry is not None:
            self.bytes -= entry[1]

    def discard_where(self, predicate) -> None:
        """Forget every entry whose key ``predicate`` accepts."""
        for key in [key for key in self._entries if predicate(key)]:
            self.discard(key)

    def keys(self) -> list:
        """The keys kept, least recently used first."""
        return list(self._entries)

    def clear(self) -> None:
        """Forget everything."""
        self._entries.clear()
        self.bytes = 0

    def __repr__(self) -> str:
        return f"SurfaceCache({self.name!r}, {len(self)} entries, {self.bytes / MB:.1f} of {self.max_bytes / MB:.1f} MB)"


def cached(max_bytes: int, per_window_size: bool = True):
    """Decorate a function drawing an image: its results are kept in a :class:`SurfaceCache` of ``max_bytes``.

    The decorated function has ``.cache`` (the SurfaceCache) and ``.cache_clear()``. Results are
    shared: callers blit them and never draw on them.
    """
    def decorate(function):
        cache = SurfaceCache(f"{function.__module__}.{function.__qualname__}", max_bytes, per_window_size)

        @functools.wraps(function)
        def kept(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            value = cache.get(key, _MISSING)
            if value is _MISSING:
                value = cache.put(key, function(*args, **kwargs))
            return value

        kept.cache = cache
        kept.cache_clear = cache.clear
        return kept

    return decorate


#: pygame_gui copies every widget shape it draws into a waiting list and files one a frame into
#: its own fixed-size atlas; a resize or a rebuilt screen adds dozens at once, so the list grows
#: with every new window size. The waiting copies above this many bytes are let go (a shape not
#: found is simply drawn again).
GUI_WAITING_SHAPES_BYTES = 8 * MB


def trim_gui_shapes(ui_manager, max_bytes: int = GUI_WAITING_SHAPES_BYTES) -> None:
    """Bound pygame_gui's waiting shape copies to ``max_bytes``, the oldest going first."""
    try:
        waiting = ui_manager.get_theme().shape_cache.cache_short_term_lookup
    except AttributeError:  # another pygame_gui: nothing of ours to bound
        return
    if len(waiting) < 8:
        return
    held = sum(weight(item["surface"]) for item in waiting.values())
    for key in list(waiting):
        if held <= max_bytes:
            break
        held -= weight(waiting.pop(key)["surface"])


def compact_gui_theme_ids(ui_manager) -> None:
    """Keep pygame_gui's theme lookups (a widget's ids -> the theme blocks that style it) in a small cache.

    pygame_gui (0.6) files each lookup under ``str(a).join(str(b).join(str(c)).join(str(d)))`` of
    the widget's id lists: a key that multiplies their lengths, up to 2.7 million characters for a
    check box in a panel, and keeps every one for good (72 MB after four menus). Here the lists
    themselves are the key, and pygame_gui's own store is emptied after each new lookup.
    """
    theme = ui_manager.get_theme()
    build = getattr(theme, "build_all_combined_ids", None)
    store = getattr(theme, "unique_theming_ids", None)
    if build is None or not isinstance(store, dict) or getattr(build, "compact", False):
        return
    found = SurfaceCache("gui.theme_ids", 1 * MB, per_window_size=False)

    def build_all_combined_ids(element_base_ids, element_ids, class_ids, object_ids):
        key = tuple(None if ids is None else tuple(ids) for ids in (element_base_ids, element_ids, class_ids, object_ids))
        combined = found.get(key)
        if combined is None:
            combined = found.put(key, build(element_base_ids, element_ids, class_ids, object_ids))
            store.clear()
        return combined

    build_all_combined_ids.compact = True
    theme.build_all_combined_ids = build_all_combined_ids


#: glibc's mallopt parameter for the size from which a block gets pages of its own.
_M_MMAP_THRESHOLD = -3
#: Images this big or bigger get pages of their own, handed back the moment they are freed.
OWN_PAGES_FROM = 128 * 1024


def _glibc():
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")  # by name: find_library would start a process (ldconfig)
        libc.malloc_trim, libc.mallopt  # noqa: B018 - both or neither (musl has neither)
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _glibc()


def give_back_memory_as_freed() -> None:
    """Let the memory of freed images and screens go back to the system as they are freed.

    Every image of 128 KiB or more gets pages of its own (glibc does so at first, then raises that
    threshold after the first big free, and freed images stay behind as holes in its heap); and
    after each full collection of the cycle collector (which frees closed screens: their widgets
    refer to each other) what it freed is handed back. Once per process; nothing to do off glibc.
    """
    if _LIBC is None or _after_full_collection in gc.callbacks:
        return
    _LIBC.mallopt(_M_MMAP_THRESHOLD, OWN_PAGES_FROM)
    gc.callbacks.append(_after_full_collection)


def _after_full_collection(phase: str, info: dict) -> None:
    if phase == "stop" and info.get("generation") == 2 and info.get("collected"):
        give_back_freed_memory()


def give_back_freed_memory() -> None:
    """Hand the memory freed since to the system, where the C library keeps it otherwise.

    glibc keeps the pages of freed images inside its heap between live allocations: after a resize
    or a closed table, a hundred megabytes it no longer uses still count against the game. A few
    tens of milliseconds, so only after such a change; nothing to do elsewhere.
    """
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


#: A long load froze what it built out of the collector's scans (``scenes.loading``), not yet scanned again.
_frozen_by_a_load = False


def freeze_what_was_built() -> None:
    """After a long load: what it built leaves the collector's scans (see ``scenes.loading``)."""
    global _frozen_by_a_load
    gc.freeze()
    _frozen_by_a_load = True


def frozen_by_a_load() -> bool:
    """Whether something a long load froze waits to be scanned again (back on the main menu)."""
    return _frozen_by_a_load


def release_closed_screens(thaw: bool = False) -> None:
    """Free a screen just closed or laid out again now, and hand its memory back to the system.

    Its widgets refer to each other, so only the cycle collector frees them, and it comes by when
    enough new objects have piled up, not megabytes of pixels; a few tens of milliseconds, once per
    closed screen or resize. ``thaw`` (on the main menu, every table and replay closed): what a long
    load froze out of the collector's scans (``scenes.loading``) is scanned again, or the screens alive
    during the load would stay in memory for good once closed.
    """
    global _frozen_by_a_load
    if thaw:
        gc.unfreeze()   # at once, whatever it holds (counting it would walk it all)
        _frozen_by_a_load = False
    if not gc.collect():   # with something collected, the callback above has handed it back
        give_back_freed_memory()


def forget_other_window_sizes() -> None:
    """The window changed size: empty every cache of images drawn for a window size.

    Everything on screen is drawn again at the new size (cards of another width, felt and panels of
    another size, type of another size), so what was drawn for the old one would only wait, megabytes
    of it, to be pushed out by the bounds; and going back to an old size draws it again in a moment.
    Emptied before the new size is drawn, so the old and the new images are never held together.
    """
    for cache in caches():
        if cache.per_window_size:
            cache.clear()


def caches() -> list[SurfaceCache]:
    """Every cache alive now."""
    return list(_ALL)


def total_bytes() -> int:
    """What every cache alive now holds, in bytes."""
    return sum(cache.bytes for cache in caches())


def total_bound() -> int:
    """The most every cache alive now may hold, in bytes."""
    return sum(cache.max_bytes for cache in caches())
