"""Django's Redis cache with one redis-py client kept for each pool (referee/redis_cache.py):
every read and write goes through the client made the first time, and what is written is read
back as Django's own backend reads it, from several threads at once.

The tests that talk to Redis need one: CI's second stage names it (CELERY_BROKER_URL, a
``redis://`` URL); a machine without one skips them."""

from __future__ import annotations

import os
import threading
import uuid
from typing import Any

import pytest
import redis
from django.core.cache.backends.redis import RedisCache

from referee.redis_cache import KeptClient, KeptClientRedisCache
from referee.settings import bounded_cache_from_url, cache_from_url

BROKER = os.environ.get("CELERY_BROKER_URL", "").strip()
needs_redis = pytest.mark.skipif(
    not BROKER.startswith("redis://"), reason="needs Redis (CELERY_BROKER_URL=redis://...)"
)


def _cache(url: str = "redis://127.0.0.1:1/0") -> KeptClientRedisCache:
    # a prefix of its own, so that nothing another test keeps is read or deleted
    return KeptClientRedisCache(url, {"KEY_PREFIX": f"test-{uuid.uuid4().hex}"})


def test_the_settings_name_it_for_every_cache_in_redis() -> None:
    assert cache_from_url("redis://127.0.0.1:6379/2")["BACKEND"] == (
        "referee.redis_cache.KeptClientRedisCache"
    )
    assert bounded_cache_from_url("redis://127.0.0.1:6379/2", "live", 50)["BACKEND"] == (
        "referee.redis_cache.KeptClientRedisCache"
    )


def test_a_pool_s_client_is_made_once_and_handed_out_again() -> None:
    cache = _cache()
    assert isinstance(cache, RedisCache)
    assert isinstance(cache._cache, KeptClient)
    client: Any = cache._cache
    first = client.get_client("a")
    assert isinstance(first, redis.Redis)
    assert client.get_client("b") is first
    assert client.get_client("c", write=True) is first  # one server: reads and writes alike
    assert first.connection_pool is client._get_connection_pool(False)


def test_with_a_server_to_read_from_and_one_to_write_to_each_has_its_client() -> None:
    client: Any = KeptClient(["redis://127.0.0.1:1/0", "redis://127.0.0.1:2/0"])
    writer, reader = client.get_client(write=True), client.get_client()
    assert writer is not reader
    assert writer.connection_pool.connection_kwargs["port"] == 1
    assert reader.connection_pool.connection_kwargs["port"] == 2
    assert client.get_client(write=True) is writer and client.get_client() is reader


def _counted_cache() -> tuple[KeptClientRedisCache, _Counted]:
    """A cache on the Redis CI names, counting the clients it makes."""
    cache = _cache(BROKER)
    counted = _Counted()
    kept: Any = cache._cache
    kept._client = counted
    return cache, counted


class _Counted:
    """Stands in for ``redis.Redis`` as the class a cache's client makes its clients of, and
    counts them (each one made is a real ``redis.Redis``)."""

    def __init__(self) -> None:
        self.made = 0

    def __call__(self, **options: Any) -> redis.Redis:
        self.made += 1
        return redis.Redis(**options)


@needs_redis
def test_every_read_and_write_goes_through_the_one_client() -> None:
    cache, counted = _counted_cache()
    try:
        cache.set("part", b"<div>\xe2\x9c\x93</div>", 30)
        assert cache.get("part") == b"<div>\xe2\x9c\x93</div>"
        assert cache.add("part", b"other", 30) is False
        cache.set_many({"one": 1, "two": {"x": [1, 2]}}, 30)
        assert cache.get_many(["one", "two", "three"]) == {"one": 1, "two": {"x": [1, 2]}}
        assert cache.incr("one") == 2
        assert cache.touch("two", 30) is True
        assert cache.delete("part") is True
        assert cache.get("part", "gone") == "gone"
        assert cache.has_key("two")
        cache.delete_many(["one", "two"])
        assert cache.get_many(["one", "two"]) == {}
        assert counted.made == 1
    finally:
        cache.delete_many(["part", "one", "two"])


@needs_redis
def test_threads_share_the_client_and_each_reads_what_it_wrote() -> None:
    cache, counted = _counted_cache()
    errors: list[BaseException] = []
    start = threading.Barrier(8)

    def work(n: int) -> None:
        try:
            start.wait()
            for i in range(50):
                cache.set(f"{n}-{i}", (n, i), 30)
                assert cache.get(f"{n}-{i}") == (n, i)
        except BaseException as error:  # reported below, in the test's thread
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert errors == []
        assert counted.made <= 8  # threads arriving together may each make one; one is kept
        assert len({id(cache._cache.get_client()) for _ in range(3)}) == 1
        assert cache.get_many([f"{n}-49" for n in range(8)]) == {
            f"{n}-49": (n, 49) for n in range(8)
        }
    finally:
        cache.delete_many([f"{n}-{i}" for n in range(8) for i in range(50)])
