"""Independent games side by side: in this process, a local process pool, or as Ray tasks.

Each call is a module-level function and picklable arguments, so the three ways compute the
same results; only the order in which they finish differs.

With Ray, ``address`` ``"local"`` starts a Ray on this machine (``workers`` CPUs) for the run
and stops it after; any other address (``"auto"``, ``"ray://host:10001"``) joins an existing
cluster, whose nodes need ludotheque installed. A Ray already started in this process (by
``ray.init``) is used as it is and left running.
"""
from __future__ import annotations

import logging
import socket
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any, Callable, Iterator, Sequence, TypeVar

T = TypeVar("T")


def run_calls(fn: Callable[..., T], calls: Sequence[tuple[Any, ...]], workers: int = 1,
              ray_address: str | None = None) -> Iterator[T]:
    """``fn(*call)`` for every call, yielded as each finishes (in order without a pool)."""
    if ray_address is not None:
        yield from _ray_calls(fn, calls, workers, ray_address)
    elif workers <= 1:
        for call in calls:
            yield fn(*call)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures: list[Future[T]] = [pool.submit(fn, *call) for call in calls]
            for f in as_completed(futures):
                yield f.result()


def ray_available() -> bool:
    import importlib.util
    return importlib.util.find_spec("ray") is not None


def _ray_calls(fn: Callable[..., T], calls: Sequence[tuple[Any, ...]], workers: int,
               address: str) -> Iterator[T]:
    if not ray_available():
        raise ModuleNotFoundError("Ray is not installed: pip install 'ludotheque[ray]'")
    import ray
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING,
                                   "log_to_driver": False}
        if address == "local":
            ray.init(num_cpus=max(1, workers), **options)
        else:
            _check_reachable(address)
            ray.init(address=address, **options)
    pending: list[Any] = []
    try:
        task = ray.remote(fn)
        pending = [task.remote(*call) for call in calls]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        for ref in pending:               # the caller stopped early: drop what is left
            ray.cancel(ref)
        if started:
            ray.shutdown()


def _check_reachable(address: str, seconds: float = 10.0) -> None:
    """ConnectionError at once if nothing listens at a ``[ray://]host:port`` address (Ray
    itself retries for minutes)."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return                            # "auto" and the like: Ray looks the cluster up
    try:
        socket.create_connection((host, int(port)), timeout=seconds).close()
    except OSError as e:
        raise ConnectionError(f"no Ray cluster answers at {address}: {e}") from None
