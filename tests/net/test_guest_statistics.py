"""A guest's own statistics: a person who joins a table on another computer keeps their results on their own
computer, under the name they joined with and the level "network", from the results the host sent their
seat; the host counts its own person and never the friend. Real sockets on localhost."""
from __future__ import annotations

import random
import threading
import time

from game.net import TableClient, TableHost
from game.net.autoplay import guest_step, host_step
from game.rules import preset
from game.session import NETWORK, REMOTE, AIWorker, Seat, TableSession
from game.store import StatisticsStore, UserFolders
from game.store.journal import StoreJournal


def _stores(folder):
    folders = UserFolders(folder / "config", folder / "data")
    statistics = StatisticsStore(folders)
    return statistics, StoreJournal.beside(None, statistics, None)


def _hosted(tmp_path, rules):
    """A host on localhost (its own statistics in ``tmp_path/host``): Mia here, a seat for a friend, a computer."""
    statistics, _journal = _stores(tmp_path / "host")
    session = TableSession.new(rules, 17, [Seat("Mia", "human"), Seat("Ada", REMOTE), Seat("Bruno", "easy")],
                               statistics=statistics, think_budget_ms=10, worker=AIWorker(mode="thread"))
    return session, TableHost(session, bind="127.0.0.1", port=0, code="QX7M")


def _join(host, name, token=None):
    """Join while the host's frame loop polls (the seat is given on the frame thread)."""
    client = TableClient("127.0.0.1", host.address[1], "QX7M", name, token=token)
    joined = {}
    thread = threading.Thread(target=lambda: joined.setdefault("table", client.connect(timeout=5)))
    thread.start()
    while thread.is_alive():
        host.poll()
        time.sleep(0.002)
    return joined["table"]


def _play_match(host, guest, time_limit=60.0):
    """The host's frames in a thread of their own, the guest's here, to the end of the match."""
    stop = threading.Event()

    def host_loop():
        rng = random.Random(3)
        while not stop.is_set() and host_step(host, rng):
            pass
        while not stop.is_set():   # the last change still goes out
            host.poll()
            time.sleep(0.002)
    loop = threading.Thread(target=host_loop, daemon=True)
    loop.start()
    rng, deadline = random.Random(4), time.monotonic() + time_limit
    try:
        while time.monotonic() < deadline and guest_step(guest, rng):
            pass
        assert guest.over and guest.match_result() is not None, "the match did not end at the guest"
    finally:
        stop.set()
        loop.join(5)


def test_the_guest_keeps_its_own_results_and_the_host_only_its_own_person(tmp_path):
    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2)
    session, host = _hosted(tmp_path, rules)
    guest_statistics, guest_journal = _stores(tmp_path / "guest")
    try:
        guest = _join(host, "Zoë")
        assert guest.seat == 1
        guest.keep_statistics(guest_journal, "Zoë")
        _play_match(host, guest)
        results = list(session.match.results)
        winners = set(session.winners)
        hand_scores = [result.scores[1] for result in results if 1 in result.seats]
        hands_won = sum(result.winner == 1 for result in results)

        statistics, problem = guest_statistics.load()
        assert problem is None and statistics.players() == ["Zoë"]
        assert [(e.preset_id, e.level, e.player) for e in statistics.entries] == [("crazy_eights", NETWORK, "Zoë")]
        entry = statistics.entry("crazy_eights", NETWORK, "Zoë")
        assert (entry.hands_played, entry.hands_won, entry.score_sum) == (len(hand_scores), hands_won, sum(hand_scores))
        assert (entry.matches_played, entry.matches_won) == (1, 1 in winners)

        # The host counted Mia (the person at its screen, as always), and nothing of Zoë's.
        hosts, _problem = StatisticsStore(UserFolders(tmp_path / "host" / "config", tmp_path / "host" / "data")).load()
        assert [(e.player, e.level, e.hands_played, e.matches_played) for e in hosts.entries] == [("", "easy", 2, 1)]

        # Taking the seat back after the match brings the results again, as catching up: counted once.
        token = guest.token
        guest.close()
        again = _join(host, "Zoë", token=token)
        again.keep_statistics(guest_journal, "Zoë")
        for _ in range(50):
            host.poll()
            again.poll()
            time.sleep(0.002)
        assert again.seat == 1 and again.match_result() is not None
        assert guest_statistics.load()[0] == statistics
        again.close()
    finally:
        host.close()
        session.close()


def test_a_name_the_statistics_cannot_keep_counts_nothing_and_the_match_plays_on(tmp_path):
    rules = preset("crazy_eights", 3).replace(match_end="single_hand")
    session, host = _hosted(tmp_path, rules)
    guest_statistics, guest_journal = _stores(tmp_path / "guest")
    try:
        guest = _join(host, "Zoë")
        guest.keep_statistics(guest_journal, "\u202eZoë")   # a control character: no statistics name
        _play_match(host, guest)
        assert guest_statistics.load()[0].entries == ()
        guest.close()
    finally:
        host.close()
        session.close()
