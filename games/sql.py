"""Names of tables and columns for the few queries written out by hand (the polls, which
run every second on every tablet, and the reads that every rendering of a table's live part
makes, which cost less so than built through the ORM), quoted for the database in use and
read from the models, so a renamed field cannot leave one behind."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import psycopg
from django.conf import settings
from django.db import connection
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
from django.db.models import Field, Model


def table(model: type[Any]) -> str:
    return str(connection.ops.quote_name(model._meta.db_table))


def column(model: type[Any], name: str) -> str:
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or not field.column:
        raise TypeError(f"{model.__name__}.{name} is not a column")
    return str(connection.ops.quote_name(field.column))


class _Preparing(psycopg.Cursor[Any]):
    """A psycopg cursor whose every statement is prepared, once per connection."""

    def execute(
        self, query: Any, params: Any = None, *, prepare: bool | None = None, binary: Any = None
    ) -> Any:
        return super().execute(query, params, prepare=True, binary=binary)


class _Logged(CursorDebugWrapper):
    """Django's cursor that logs each statement (DEBUG, tests' query counts), logging a
    prepared one by its text: psycopg keeps none of a statement sent by name, where Django
    looks for it (``last_executed_query``)."""

    def execute(self, sql: Any, params: Any = None) -> Any:
        with self.debug_sql(sql, params):
            return CursorWrapper.execute(self, sql, params)


def fetch_all(query: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The rows of one of these queries.

    On PostgreSQL the statement is prepared the first time a connection runs it
    (``DATABASE_PREPARE_POLLS``, on unless set): planning the table page's poll costs
    PostgreSQL about three times what running it does, and a prepared statement is planned
    no more. Django leaves psycopg's own preparing off, for poolers that cannot keep prepared
    statements; these few queries alone are prepared, through Django's cursor wrapper (its
    errors, its query log and tests' query counts included), on a cursor that binds its
    parameters on the server as a prepared statement must."""
    with _cursor() as cursor:
        cursor.execute(query, params)
        return list(cursor.fetchall())


def execute(statement: str, params: Sequence[Any]) -> int:
    """Run one of these statements that returns no rows (prepared as ``fetch_all``'s
    queries are) and say how many rows it changed. ``params`` are as the database takes
    them: a value as a field writes it (``written``)."""
    with _cursor() as cursor:
        cursor.execute(statement, params)
        return int(cursor.rowcount)


def _cursor() -> Any:
    if connection.vendor != "postgresql" or not settings.DATABASE_PREPARE_POLLS:
        return connection.cursor()
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    session = connection.connection
    if session.prepare_threshold is None:
        # Django's default, which prepares nothing: with a threshold no count reaches, still
        # nothing is prepared but what is sent with prepare=True (Django's own cursors bind
        # on the client, and never prepare)
        session.prepare_threshold = sys.maxsize
    raw = _Preparing(session)
    wrapper = _Logged if connection.queries_logged else CursorWrapper
    return wrapper(raw, connection)


def written(model: type[Model], name: str, value: Any) -> Any:
    """``value`` of ``model``'s field ``name`` as the ORM writes it to the database in use
    (``Field.get_db_prep_save``: JSON, a time with its zone, a UUID as text...)."""
    field = model._meta.get_field(name)
    if not isinstance(field, Field):
        raise TypeError(f"{model.__name__}.{name} is not a column")
    return field.get_db_prep_save(value, connection)


def selected(model: type[Any], alias: str) -> str:
    """The select list of every column of ``model`` (its concrete fields, in their order),
    from the table named ``alias`` in the query: what ``instance`` reads back."""
    return ", ".join(f"{alias}.{column(model, f.name)}" for f in model._meta.concrete_fields)


def instance(model: type[Model], values: Sequence[Any]) -> Any:
    """The ``model`` instance of one row's values (read by ``selected``), each converted as
    the ORM converts it for the database in use (a UUID stored as text, JSON, a time with its
    zone), and made as the ORM makes it (``Model.from_db``): saved, on the default database."""
    attnames, converters = _reading(model, connection.ops)
    converted = list(values)
    for position, expression, convert in converters:
        converted[position] = convert(converted[position], expression, connection)
    return model.from_db(connection.alias, attnames, converted)


@lru_cache(maxsize=64)
def _reading(model: type[Model], ops: Any) -> tuple[list[str], list[tuple[int, Any, Any]]]:
    """``model``'s attribute names and, for each of its columns, the converters the ORM
    runs on a value read from this connection's database (``SQLCompiler.get_converters``)."""
    fields = model._meta.concrete_fields
    converters = []
    for position, field in enumerate(fields):
        expression = field.get_col(model._meta.db_table)
        for convert in ops.get_db_converters(expression) + field.get_db_converters(connection):
            converters.append((position, expression, convert))
    return [f.attname for f in fields], converters
