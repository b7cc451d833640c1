"""Names of tables and columns for the few queries written out by hand (the polls, which
run every second on every tablet and cost less so than built through the ORM), quoted for
the database in use and read from the models, so a renamed field cannot leave one behind."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Field


def table(model: type[Any]) -> str:
    return str(connection.ops.quote_name(model._meta.db_table))


def column(model: type[Any], name: str) -> str:
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or not field.column:
        raise TypeError(f"{model.__name__}.{name} is not a column")
    return str(connection.ops.quote_name(field.column))
