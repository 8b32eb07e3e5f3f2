"""What closed screens held is freed a slice a frame (game/ui/letting_go.py)."""
from __future__ import annotations

import weakref

from game.ui import letting_go
from game.ui.letting_go import LettingGo


class Entry:
    """Stands for a history entry: freed by reference counting alone."""


def test_lists_and_dicts_are_freed_a_slice_per_call_from_the_end(monkeypatch):
    monkeypatch.setattr(letting_go, "CHUNK", 100)
    history = [Entry() for _ in range(250)]
    copies = {step: Entry() for step in range(150)}
    first, last, a_copy = weakref.ref(history[0]), weakref.ref(history[-1]), weakref.ref(copies[0])
    freeing = LettingGo()
    freeing.add([history, copies, []])
    del history, copies
    assert freeing.pending

    freeing.work(budget=0.0)   # one slice: the dict added last goes first, a hundred of its entries
    assert a_copy() is not None and last() is not None
    freeing.work(budget=0.0)
    assert a_copy() is None, "the dict is emptied"
    freeing.work(budget=0.0)
    assert last() is None and first() is not None, "then the list, from its end"
    freeing.work(budget=0.0)
    freeing.work(budget=0.0)
    assert first() is None and not freeing.pending


def test_finish_frees_everything_at_once():
    kept = [Entry() for _ in range(10_000)]
    one = weakref.ref(kept[5000])
    freeing = LettingGo()
    freeing.add([kept])
    del kept
    freeing.finish()
    assert one() is None and not freeing.pending


def test_the_main_loop_keeps_full_pace_while_something_is_freed(app):
    app.main_menu()
    app.step()
    app._last_input = 0.0   # long after the last input: an idle menu would slow down
    idle_rate = app.frame_rate()
    app.letting_go.add([[Entry() for _ in range(10)]])
    assert app.frame_rate() >= 60 > idle_rate
    app.step()
    assert not app.letting_go.pending and app.frame_rate() == idle_rate
