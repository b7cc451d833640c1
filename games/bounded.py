"""What a process keeps in memory of what it used last: at most ``size`` values by key, the
least recently used forgotten first, safe to share between a process's threads (the
tracker's games and who recorded their entries, the table page's pieces)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

Kept = TypeVar("Kept")


class Bounded(Generic[Kept]):
    def __init__(self, size: int) -> None:
        self._kept: OrderedDict[str, Kept] = OrderedDict()
        self._lock = threading.Lock()
        self._size = size

    def get(self, key: str) -> Kept | None:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: str, value: Kept) -> None:
        with self._lock:
            self._kept[key] = value
            self._used(key)

    def _used(self, key: str) -> None:
        """``key`` used now (with the lock held): the least recently used beyond the bound
        forgotten."""
        self._kept.move_to_end(key)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
