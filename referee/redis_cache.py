"""Django's Redis cache, with one redis-py client kept for each connection pool.

Django's ``RedisCacheClient`` makes a new ``redis.Redis`` for every read and write, and
redis-py builds that client's whole table of reply handlers (about 165 entries, each
upper-cased) every time it is made: measured here, 0.1 ms of CPU, more than a third of what
a cache read costs in all (redis-py's open issue #3624). A client is safe to share between
threads (each command takes a connection from the pool and gives it back), and redis-py's
pool starts afresh in a forked process by itself, so each cache keeps the client it made
for a pool and hands it out again. Everything else is Django's own."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class KeptClient(RedisCacheClient):
    """``RedisCacheClient`` handing out, for each of its pools, the one client made for it."""

    def __init__(self, servers: list[str], **options: Any) -> None:
        super().__init__(servers, **options)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        django: Any = self  # Django's own parts of the class, which its type stubs leave out
        index = django._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            pool = django._get_connection_pool(write)
            # two threads may both make one: either is kept, both work
            client = self._clients.setdefault(index, django._client(connection_pool=pool))
        return client


class KeptClientRedisCache(RedisCache):
    """Django's ``RedisCache`` on ``KeptClient`` (settings: ``cache_from_url``)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClient
