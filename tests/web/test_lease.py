"""Leases of work done once across server processes, on SQLite and on a throwaway PostgreSQL:
of two takers one wins; a lease whose holder stopped renewing it is taken over after it
expires; a holder that renews keeps it."""
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from ludotheque.records.sqlstore import SqlStore
from ludotheque.web.lease import Leases


class Clock:
    """The processes' clock, moved by the test."""

    def __init__(self):
        self.t = 1_700_000_000.0

    def __call__(self):
        return self.t


@pytest.fixture
def url(any_db):
    """A new empty database of each backend (conftest's ``any_db``), as a string."""
    return str(any_db)


@pytest.fixture
def stores(url):
    """Two stores on one database: two server processes."""
    a, b = SqlStore(url), SqlStore(url)
    yield a, b
    a.close()
    b.close()


@pytest.fixture
def clock():
    return Clock()


def test_of_two_takers_one_wins_and_the_other_takes_it_once_released(stores, clock):
    a, b = Leases(stores[0], "a", clock), Leases(stores[1], "b", clock)
    assert a.take("ai:g1", 30)
    assert not b.take("ai:g1", 30)
    assert a.take("ai:g1", 30)            # taking one's own lease again keeps it
    assert b.take("ai:g2", 30)            # another key is another lease
    assert a.holder_of("ai:g1") == "a"
    a.release("ai:g1")
    assert a.holder_of("ai:g1") is None
    assert b.take("ai:g1", 30)
    a.release("ai:g1")                    # not a's any more: stays b's
    assert b.holder_of("ai:g1") == "b"


def test_takers_racing_for_many_leases_win_each_exactly_once(stores, clock):
    takers = [Leases(stores[k % 2], f"p{k}", clock) for k in range(4)]
    start = threading.Barrier(len(takers))

    def race(taker):
        start.wait()
        return [key for key in (f"ai:g{i}" for i in range(50)) if taker.take(key, 30)]
    with ThreadPoolExecutor(len(takers)) as pool:
        won = list(pool.map(race, takers))
    keys = [key for keys in won for key in keys]
    assert sorted(keys) == sorted(f"ai:g{i}" for i in range(50))   # each once, none lost


def test_a_lease_whose_holder_died_is_taken_over_after_it_expires(stores, clock):
    a, b = Leases(stores[0], "a", clock), Leases(stores[1], "b", clock)
    assert a.take("ai:g1", 30)
    clock.t += 29
    assert not b.take("ai:g1", 30)
    assert b.take_expired("ai:", 30) == []
    clock.t += 1                          # a never renewed: it died
    assert b.take("ai:g1", 30)
    assert b.holder_of("ai:g1") == "b"
    assert not a.renew("ai:g1", 30)       # a, back too late, learns it must stop


def test_a_holder_that_renews_keeps_its_lease(stores, clock):
    a, b = Leases(stores[0], "a", clock), Leases(stores[1], "b", clock)
    assert a.take("ai:g1", 30)
    for _ in range(5):
        clock.t += 20
        assert a.renew("ai:g1", 30)
        assert not b.take("ai:g1", 30)
        assert b.take_expired("ai:", 30) == []
    assert a.holder_of("ai:g1") == "a"


def test_sweepers_take_over_each_expired_lease_once(stores, clock):
    dead = Leases(stores[0], "dead", clock)
    for i in range(40):
        dead.take(f"ai:g{i}", 30)
    dead.take("expire", 30)               # another kind of work: not swept with "ai:"
    clock.t += 31
    sweepers = [Leases(stores[k % 2], f"s{k}", clock) for k in range(4)]
    start = threading.Barrier(len(sweepers))

    def sweep(sweeper):
        start.wait()
        got = []
        while keys := sweeper.take_expired("ai:", 30, limit=3):
            got += keys
        return got
    with ThreadPoolExecutor(len(sweepers)) as pool:
        swept = list(pool.map(sweep, sweepers))
    keys = [key for keys in swept for key in keys]
    assert sorted(keys) == sorted(f"ai:g{i}" for i in range(40))
    assert sweepers[0].holder_of("expire") == "dead"


def test_a_prefix_is_a_prefix_not_a_pattern(stores, clock):
    a, b = Leases(stores[0], "a", clock), Leases(stores[1], "b", clock)
    a.take("aiXg1", 30)
    clock.t += 31
    assert b.take_expired("ai_", 30) == []
    assert b.take_expired("ai%", 30) == []
