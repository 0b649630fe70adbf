"""The change bus: what one server process publishes reaches the others (PostgreSQL
LISTEN/NOTIFY on a throwaway cluster, or one process's own bus), and a listener whose
connection is killed comes back and says that changes may have been missed."""
import asyncio
import statistics
import time

import psycopg
import pytest

from ludotheque.web.bus import LocalBus, PgBus, make_bus

WAIT = 60      # seconds: a generous bound on a loaded machine, never a pace


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 10 * WAIT))


class Heard:
    """What a subscriber received, as a queue to wait on."""

    def __init__(self, bus):
        self.changes = asyncio.Queue()
        self.resynced = asyncio.Event()
        bus.subscribe(lambda g, p: self.changes.put_nowait((g, p)), self.resynced.set)

    async def next(self):
        return await asyncio.wait_for(self.changes.get(), WAIT)


def test_a_change_published_by_one_process_reaches_another_and_not_itself(postgres_url):
    async def main():
        a, b = PgBus(postgres_url), PgBus(postgres_url)
        await a.start()
        await b.start()
        heard_a, heard_b = Heard(a), Heard(b)
        try:
            await a.publish("g1", {"ply": 3, "kind": "move"})
            await b.publish("g2", {"ply": 0, "kind": "names"})
            assert await heard_b.next() == ("g1", {"ply": 3, "kind": "move"})
            assert await heard_a.next() == ("g2", {"ply": 0, "kind": "names"})
            # a bus never hears itself: b's next change is a's, not its own g2
            await a.publish("g3", {"ply": 1, "kind": "move"})
            assert await heard_b.next() == ("g3", {"ply": 1, "kind": "move"})
        finally:
            await a.close()
            await b.close()
    run(main())


def test_latency_of_a_change_between_two_processes(postgres_url, capsys):
    """1000 changes, each waited for before the next: the p99 of publish-to-callback."""
    async def main():
        a, b = PgBus(postgres_url), PgBus(postgres_url)
        await a.start()
        await b.start()
        heard = Heard(b)
        latencies = []
        try:
            for i in range(1000):
                start = time.perf_counter()
                await a.publish("g1", {"ply": i, "kind": "move"})
                assert await heard.next() == ("g1", {"ply": i, "kind": "move"})
                latencies.append(time.perf_counter() - start)
        finally:
            await a.close()
            await b.close()
        return latencies
    latencies = run(main())
    p99 = statistics.quantiles(latencies, n=100)[98]
    with capsys.disabled():
        print(f"\nchange bus over LISTEN/NOTIFY: 1000 changes, median "
              f"{1000 * statistics.median(latencies):.2f} ms, p99 {1000 * p99:.2f} ms, "
              f"max {1000 * max(latencies):.2f} ms")


def test_a_killed_listening_connection_reconnects_and_asks_for_a_resync(postgres_url):
    async def main():
        a, b = PgBus(postgres_url), PgBus(postgres_url)
        await a.start()
        await b.start()
        heard = Heard(b)
        try:
            killed = b.listener_pid
            async with await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as admin:
                await admin.execute("SELECT pg_terminate_backend(%s)", (killed,))
            await asyncio.wait_for(heard.resynced.wait(), WAIT)
            assert b.listener_pid != killed
            await a.publish("g1", {"ply": 7, "kind": "move"})
            assert await heard.next() == ("g1", {"ply": 7, "kind": "move"})
        finally:
            await a.close()
            await b.close()
    run(main())


def test_a_killed_publishing_connection_is_replaced(postgres_url):
    async def main():
        a, b = PgBus(postgres_url), PgBus(postgres_url)
        await a.start()
        await b.start()
        heard = Heard(b)
        try:
            await a.publish("g1", {"ply": 1, "kind": "move"})
            assert await heard.next() == ("g1", {"ply": 1, "kind": "move"})
            async with await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as admin:
                await admin.execute("SELECT pg_terminate_backend(%s)", (a._publisher.info.backend_pid,))
            await a.publish("g1", {"ply": 2, "kind": "move"})
            assert await heard.next() == ("g1", {"ply": 2, "kind": "move"})
        finally:
            await a.close()
            await b.close()
    run(main())


def test_a_bus_that_cannot_reach_its_database_fails_to_start(postgres):
    async def main():
        bus = PgBus(postgres.url.rsplit("/", 1)[0] + "/no_such_database")
        with pytest.raises(psycopg.OperationalError):
            await bus.start()
    run(main())


def test_a_notification_only_names_the_change():
    async def main():
        bus = LocalBus()
        await bus.start()
        with pytest.raises(ValueError):
            await bus.publish("g1", {"view": "x" * 8000})
    run(main())


def test_local_buses_on_one_hub_hear_each_other_and_a_lone_bus_hears_nobody():
    async def main():
        hub = set()
        a, b, alone = LocalBus(hub), LocalBus(hub), LocalBus()
        for bus in (a, b, alone):
            await bus.start()
        heard_a, heard_b, heard_alone = Heard(a), Heard(b), Heard(alone)
        await a.publish("g1", {"ply": 2, "kind": "move"})
        await alone.publish("g9", {"ply": 0, "kind": "move"})
        assert await heard_b.next() == ("g1", {"ply": 2, "kind": "move"})
        await b.publish("g2", {"ply": 5, "kind": "result"})
        assert await heard_a.next() == ("g2", {"ply": 5, "kind": "result"})
        assert heard_a.changes.empty() and heard_alone.changes.empty()
        for bus in (a, b, alone):
            await bus.close()
    run(main())


def test_the_bus_follows_the_store(tmp_path):
    assert isinstance(make_bus("postgresql://u@h:5432/db"), PgBus)
    assert isinstance(make_bus(str(tmp_path / "games.sqlite")), LocalBus)
