"""``dumps``: what ``pickle.dumps`` writes, byte for byte, in less time.

The rules engines' states, and the controls and views a board's pieces are keyed by, are
frozen dataclasses with ``__slots__``, and pickle writes thousands of them for a stored state.
For each one, its reduction asks ``dataclasses.fields`` again for the class's fields, which is
most of the time a state takes to write. Here each class's field reader is worked out once,
and the object is handed to pickle as that same reduction would hand it (``copyreg``'s
``__newobj__``, the class, and the list of the fields' values), so what is written, and read
back, is exactly what ``pickle.dumps`` gives.
"""

from __future__ import annotations

import copyreg
import dataclasses
import io
import operator
import pickle
from collections.abc import Callable
from typing import Any

Reader = Callable[[Any], list[Any]]
_READERS: dict[type, Reader | None] = {}
_DATACLASS_GETSTATE = getattr(dataclasses, "_dataclass_getstate", None)


def _reader_of(kind: type) -> Reader | None:
    """``_reader(kind)``, worked out once per class."""
    try:
        return _READERS[kind]
    except KeyError:
        return _READERS.setdefault(kind, _reader(kind))


def _reader(kind: type) -> Reader | None:
    """What reads the values of a dataclass's fields as its own ``__getstate__`` does, for a
    class whose pickling is dataclasses' own for ``__slots__``; None for any other class."""
    if (
        _DATACLASS_GETSTATE is None
        or getattr(kind, "__getstate__", None) is not _DATACLASS_GETSTATE
    ):
        return None
    own = ("__reduce__", "__reduce_ex__", "__getnewargs__", "__getnewargs_ex__")
    if kind in copyreg.dispatch_table or any(
        name in vars(base) for base in kind.__mro__[:-1] for name in own
    ):
        return None  # pickled some other way
    names = tuple(field.name for field in dataclasses.fields(kind))
    if len(names) > 1:
        values = operator.attrgetter(*names)
        return lambda obj: list(values(obj))
    return lambda obj: [getattr(obj, name) for name in names]


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        values = _reader_of(kind)
        if values is None:
            return NotImplemented
        return copyreg.__newobj__, (kind,), values(obj)  # type: ignore[attr-defined]


def dumps(value: Any, protocol: int = pickle.HIGHEST_PROTOCOL) -> bytes:
    """``pickle.dumps(value, protocol)``, faster for dataclasses with ``__slots__``."""
    out = io.BytesIO()
    _Pickler(out, protocol=protocol).dump(value)
    return out.getvalue()
