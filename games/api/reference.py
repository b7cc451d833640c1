"""The API reference page (/api/docs/), read from the OpenAPI schema drf-spectacular generates.

The page is plain HTML: a developer at a table without internet reads every operation, its
parameters, its request body's fields with their limits, each response code with its fields,
and the schema's examples, without the megabyte of script Swagger UI or ReDoc need. It is
built from the very schema ``/api/schema/`` serves, so it cannot say something the schema
does not.

The schema does not change while the site runs, so it is generated once per process and the
page's content rendered once from it (``reference_html``).

Every object a field refers to is described once, in the page's "Schemas" part, and linked
from wherever it is used; enumerations are written out where they are used instead, since a
developer needs their values right there.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.template.loader import render_to_string
from django.utils.text import slugify

HTTP_METHODS = ("get", "post", "put", "patch", "delete")
_REF_PREFIX = "#/components/schemas/"

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Part:
    """A piece of a type as written, e.g. ``array of`` and ``Game``; ``anchor`` links the
    piece to the schema it names on the page."""

    text: str
    anchor: str = ""


@dataclass(frozen=True, slots=True)
class Example:
    name: str
    summary: str
    text: str  # the value as indented JSON (or the plain string)


@dataclass(frozen=True, slots=True)
class Value:
    """One value an enumeration allows, with the label the schema gives it, if any."""

    value: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class Field:
    """One property of an object, or one parameter."""

    name: str
    type: tuple[Part, ...]
    required: bool
    limits: tuple[str, ...]
    description: str
    values: tuple[Value, ...] = ()  # an enumeration's values
    located: str = ""  # a parameter's place: path, query, header or cookie
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True, slots=True)
class Shape:
    """What a body is: its type, and its fields when it is an object (of an array's items
    when it is a list of objects), or the schemas it may be when it is one of several."""

    type: tuple[Part, ...]
    description: str = ""
    fields: tuple[Field, ...] = ()
    variants: tuple[tuple[Part, ...], ...] = ()
    values: tuple[Value, ...] = ()
    open_fields: tuple[Part, ...] = ()  # an object's other keys, by the type of their values


@dataclass(frozen=True, slots=True)
class Body:
    media_types: tuple[str, ...]
    shape: Shape | None
    examples: tuple[Example, ...] = ()


@dataclass(frozen=True, slots=True)
class Response:
    code: str
    description: str
    bodies: tuple[Body, ...]


@dataclass(frozen=True, slots=True)
class Operation:
    anchor: str
    operation_id: str
    method: str  # upper case
    path: str
    summary: str
    description: str
    parameters: tuple[Field, ...]
    request: tuple[Body, ...]
    request_required: bool
    responses: tuple[Response, ...]
    auth: tuple[str, ...]  # the ways to sign in it accepts; "none" when anonymous is fine
    deprecated: bool = False


@dataclass(frozen=True, slots=True)
class Tag:
    name: str
    anchor: str
    description: str
    operations: tuple[Operation, ...]


@dataclass(frozen=True, slots=True)
class SchemaEntry:
    name: str
    anchor: str
    shape: Shape


@dataclass(frozen=True, slots=True)
class Reference:
    title: str
    version: str
    description: str
    tags: tuple[Tag, ...]
    schemas: tuple[SchemaEntry, ...]
    auth: tuple[tuple[str, str], ...]  # each security scheme's name and how it is sent

    @property
    def operations(self) -> tuple[Operation, ...]:
        return tuple(operation for tag in self.tags for operation in tag.operations)


def schema_anchor(name: str) -> str:
    return f"schema-{name}"


def _limits(schema: Mapping[str, Any]) -> tuple[str, ...]:
    """The schema's bounds in words a developer checks a value against."""
    found: list[str] = []
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None:
        found.append(f"> {low}" if schema.get("exclusiveMinimum") is True else f"≥ {low}")
    if high is not None:
        found.append(f"< {high}" if schema.get("exclusiveMaximum") is True else f"≤ {high}")
    for key, words in (
        ("minLength", "at least {} characters"),
        ("maxLength", "at most {} characters"),
        ("minItems", "at least {} items"),
        ("maxItems", "at most {} items"),
        ("minProperties", "at least {} keys"),
        ("maxProperties", "at most {} keys"),
    ):
        if key in schema:
            found.append(words.format(schema[key]))
    if schema.get("uniqueItems"):
        found.append("no repeats")
    if "pattern" in schema:
        found.append(f"matches {schema['pattern']}")
    if "default" in schema:
        found.append(f"default {json.dumps(schema['default'], ensure_ascii=False)}")
    if schema.get("readOnly"):
        found.append("read only")
    if schema.get("writeOnly"):
        found.append("write only")
    if schema.get("deprecated"):
        found.append("deprecated")
    return tuple(found)


_CHOICE = re.compile(r"^\* `(?P<value>[^`]*)` - (?P<label>.*)$")


def _labelled(description: str, values: tuple[str, ...]) -> tuple[str, tuple[Value, ...]]:
    """drf-spectacular writes an enumeration's labels into its description, a line
    ``* `value` - label`` each; they are taken out of the text and put beside their values,
    so each is said once."""
    labels: dict[str, str] = {}
    kept: list[str] = []
    for line in description.splitlines():
        choice = _CHOICE.match(line)
        if choice and choice["value"] in values:
            labels[choice["value"]] = choice["label"]
        else:
            kept.append(line)
    if not labels:
        return description, tuple(Value(value) for value in values)
    return "\n".join(kept).strip(), tuple(Value(value, labels.get(value, "")) for value in values)


def _examples(holder: Mapping[str, Any]) -> tuple[Example, ...]:
    """The examples a parameter, a body or a response carries (``examples`` or ``example``)."""

    def text(value: Any) -> str:
        if isinstance(value, str):
            return value
        return json.dumps(value, indent=2, ensure_ascii=False)

    named = holder.get("examples")
    if isinstance(named, Mapping):
        return tuple(
            Example(
                name=str(name),
                summary=str(example.get("summary") or name),
                text=text(example.get("value")),
            )
            for name, example in named.items()
            if isinstance(example, Mapping) and "value" in example
        )
    if "example" in holder:
        return (Example(name="example", summary="Example", text=text(holder["example"])),)
    return ()


class _Reader:
    """Reads one schema's types into words and links, noting each object schema it links to
    so that the page describes every one of them."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self.components: Mapping[str, Any] = schema.get("components", {}).get("schemas", {})
        self.linked: dict[str, None] = {}  # in order of first use

    def resolve(self, schema: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
        """The component a schema names (through ``$ref``, or drf-spectacular's one-item
        ``allOf`` that lets a reference carry a description), or "" and the schema itself."""
        if "$ref" in schema:
            name = str(schema["$ref"]).removeprefix(_REF_PREFIX)
            return name, self.components.get(name, {})
        all_of = schema.get("allOf")
        if isinstance(all_of, list) and len(all_of) == 1 and isinstance(all_of[0], Mapping):
            return self.resolve(all_of[0])
        return "", schema

    @staticmethod
    def is_enum(schema: Mapping[str, Any]) -> bool:
        return "enum" in schema and "properties" not in schema

    def values(self, schema: Mapping[str, Any]) -> tuple[str, ...]:
        _, target = self.resolve(schema)
        if self.is_enum(target):
            return tuple(
                json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
                for value in target["enum"]
                if value is not None  # "or null" is said by the type
            )
        if target.get("type") == "array" and isinstance(target.get("items"), Mapping):
            return self.values(target["items"])
        choices = target.get("oneOf") or target.get("anyOf") or ()
        found = [value for choice in choices for value in self.values(choice)]
        return tuple(dict.fromkeys(found))

    def type_of(self, schema: Mapping[str, Any]) -> tuple[Part, ...]:
        name, target = self.resolve(schema)
        nullable = bool(schema.get("nullable") or target.get("nullable"))
        parts: list[Part]
        if name and not self.is_enum(target):
            self.linked.setdefault(name)
            parts = [Part(name, schema_anchor(name))]
        elif "oneOf" in target or "anyOf" in target or len(target.get("allOf", ())) > 1:
            words = "all of " if "allOf" in target else "one of "
            choices = target.get("oneOf") or target.get("anyOf") or target.get("allOf") or []
            kinds = dict.fromkeys(self.type_of(choice) for choice in choices)  # "string" once
            null = (Part("null"),)
            if null in kinds:  # drf-spectacular's NullEnum: said as "or null"
                del kinds[null]
                nullable = True
            parts = [Part(words)] if len(kinds) > 1 else []
            for index, kind in enumerate(kinds):
                if index:
                    parts.append(Part(", "))
                parts.extend(kind)
        elif target.get("type") == "array":
            parts = [Part("array of "), *self.type_of(target.get("items", {}))]
        else:
            parts = [Part(self.plain_type(target))]
            extra = target.get("additionalProperties")
            if isinstance(extra, Mapping) and extra:
                parts.extend([Part(" of "), *self.type_of(extra)])
        if nullable:
            parts.append(Part(" or null"))
        return tuple(parts)

    @staticmethod
    def plain_type(schema: Mapping[str, Any]) -> str:
        kind = schema.get("type")
        if kind is None and schema.get("enum") == [None]:
            return "null"
        if kind is None:
            kind = "string" if "enum" in schema else "any JSON value"
        text = str(kind)
        if "format" in schema:
            text += f" ({schema['format']})"
        return text

    def field(self, name: str, schema: Mapping[str, Any], required: bool) -> Field:
        _, target = self.resolve(schema)
        description, values = _labelled(
            str(schema.get("description") or target.get("description") or ""),
            self.values(schema),
        )
        limits = _limits({**target, **schema}) if target is not schema else _limits(schema)
        return Field(
            name=name,
            type=self.type_of(schema),
            required=required,
            limits=limits,
            description=description,
            values=values,
        )

    def shape(self, schema: Mapping[str, Any]) -> Shape:
        """A body's shape, or a component's. An object is described in place, by its fields,
        and a list of objects by its items' fields: named, not linked, since the fields are
        right there (the schemas page holds the objects nested in them)."""
        name, target = self.resolve(schema)
        if "properties" in target or "oneOf" in target:
            return self._object(target, (Part(name),) if name else (Part("object"),))
        if target.get("type") == "array":
            items_name, items = self.resolve(target.get("items", {}))
            if "properties" in items:
                inner = self._object(items, ())
                return Shape(
                    type=(Part("array of "), Part(items_name or "object")),
                    description=str(target.get("description") or inner.description),
                    fields=inner.fields,
                    open_fields=inner.open_fields,
                )
        description, values = _labelled(
            str(schema.get("description") or target.get("description") or ""),
            self.values(schema),
        )
        return Shape(
            type=self.type_of(schema),
            description=description,
            values=values,
            open_fields=self._open(target),
        )

    def _open(self, target: Mapping[str, Any]) -> tuple[Part, ...]:
        extra = target.get("additionalProperties")
        if isinstance(extra, Mapping) and extra and "properties" in target:
            return self.type_of(extra)
        return ()

    def _object(self, target: Mapping[str, Any], type_: tuple[Part, ...]) -> Shape:
        required = set(target.get("required", ()))
        properties: Mapping[str, Any] = target.get("properties", {})
        choices = target.get("oneOf") or ()
        return Shape(
            type=type_,
            description=str(target.get("description") or ""),
            fields=tuple(
                self.field(name, prop, name in required) for name, prop in properties.items()
            ),
            variants=tuple(self.type_of(choice) for choice in choices),
            open_fields=self._open(target),
        )


def _bodies(reader: _Reader, content: Mapping[str, Any]) -> tuple[Body, ...]:
    """One body per schema, with the media types that carry it (JSON and a form often share
    one) and their examples."""
    grouped: dict[str, tuple[list[str], Mapping[str, Any], list[Example]]] = {}
    for media_type, media in content.items():
        schema = media.get("schema") or {}
        key = json.dumps(schema, sort_keys=True)
        types, _, examples = grouped.setdefault(key, ([], schema, []))
        types.append(str(media_type))
        examples.extend(_examples(media))
    return tuple(
        Body(
            media_types=tuple(types),
            shape=reader.shape(schema) if schema else None,
            examples=tuple(examples),
        )
        for types, schema, examples in grouped.values()
    )


def _operation(
    reader: _Reader, path: str, method: str, operation: Mapping[str, Any], shared: list[Any]
) -> Operation:
    operation_id = str(operation.get("operationId") or f"{method}{path}")
    parameters = [*shared, *operation.get("parameters", ())]
    order = {"path": 0, "query": 1, "header": 2, "cookie": 3}
    parameters.sort(key=lambda each: (order.get(each.get("in"), 4), each.get("name", "")))
    fields = []
    for parameter in parameters:
        base = reader.field(
            str(parameter["name"]), parameter.get("schema", {}), bool(parameter.get("required"))
        )
        description, values = (
            _labelled(str(parameter["description"]), tuple(v.value for v in base.values))
            if parameter.get("description")
            else (base.description, base.values)
        )
        fields.append(
            Field(
                name=base.name,
                type=base.type,
                required=base.required,
                limits=base.limits + (("deprecated",) if parameter.get("deprecated") else ()),
                description=description,
                values=values,
                located=str(parameter.get("in", "")),
                examples=_examples(parameter),
            )
        )
    request = operation.get("requestBody") or {}
    auth: list[str] = []
    for requirement in operation.get("security") or ():
        auth.extend(requirement or ("none",))
    return Operation(
        anchor=f"op-{slugify(operation_id) or 'operation'}",
        operation_id=operation_id,
        method=method.upper(),
        path=path,
        summary=str(operation.get("summary") or ""),
        description=str(operation.get("description") or ""),
        parameters=tuple(fields),
        request=_bodies(reader, request.get("content", {})),
        request_required=bool(request.get("required")),
        responses=tuple(
            Response(
                code=str(code),
                description=str(response.get("description") or ""),
                bodies=_bodies(reader, response.get("content", {})),
            )
            for code, response in operation.get("responses", {}).items()
        ),
        auth=tuple(dict.fromkeys(auth)),
        deprecated=bool(operation.get("deprecated")),
    )


def _auth_schemes(schema: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    schemes: Mapping[str, Any] = schema.get("components", {}).get("securitySchemes", {})
    described = []
    for name, scheme in schemes.items():
        where = f"{scheme.get('in', '')} {scheme.get('name', '')}".strip()
        how = " ".join(
            part
            for part in (scheme.get("type", ""), scheme.get("scheme", ""), where and f"({where})")
            if part
        )
        text = str(scheme.get("description") or "")
        described.append((str(name), f"{how}. {text}".strip() if text else how))
    return tuple(described)


def build_reference(schema: Mapping[str, Any]) -> Reference:
    """The reference of an OpenAPI 3 schema: its operations grouped by tag, in the order the
    schema lists them, and every object schema they link to."""
    reader = _Reader(schema)
    declared: dict[str, str] = {
        str(tag["name"]): str(tag.get("description") or "") for tag in schema.get("tags", ())
    }
    grouped: dict[str, list[Operation]] = {name: [] for name in declared}
    for path, item in schema.get("paths", {}).items():
        shared = list(item.get("parameters", ()))
        for method in HTTP_METHODS:
            if method in item:
                operation = item[method]
                tag = str((operation.get("tags") or ["Other"])[0])
                grouped.setdefault(tag, []).append(
                    _operation(reader, str(path), method, operation, shared)
                )
    tags = tuple(
        Tag(
            name=name,
            anchor=f"tag-{slugify(name) or 'other'}",
            description=declared.get(name, ""),
            operations=tuple(operations),
        )
        for name, operations in grouped.items()
        if operations
    )
    # Describing a schema may link to more: read until every linked one is described.
    described: dict[str, SchemaEntry] = {}
    while pending := [name for name in reader.linked if name not in described]:
        for name in pending:
            component = reader.components.get(name, {})
            described[name] = SchemaEntry(
                name=name, anchor=schema_anchor(name), shape=reader.shape(component)
            )
    info = schema.get("info", {})
    return Reference(
        title=str(info.get("title") or "API"),
        version=str(info.get("version") or ""),
        description=str(info.get("description") or ""),
        tags=tags,
        schemas=tuple(described[name] for name in sorted(described, key=str.casefold)),
        auth=_auth_schemes(schema),
    )


def operations_of(schema: Mapping[str, Any]) -> Iterable[tuple[str, str]]:
    """Each (METHOD, path) of a schema, as the reference must list them."""
    for path, item in schema.get("paths", {}).items():
        for method in HTTP_METHODS:
            if method in item:
                yield method.upper(), str(path)


@cache
def generated_schema() -> JSON:
    """The schema ``/api/schema/`` serves, generated once per process: it is made from the
    code, which does not change while the site runs."""
    from drf_spectacular.generators import SchemaGenerator

    generator = SchemaGenerator()  # type: ignore[no-untyped-call]
    schema: JSON = generator.get_schema(request=None, public=True)  # type: ignore[no-untyped-call]
    return schema


@dataclass(frozen=True, slots=True)
class Rendered:
    """A page's content, rendered, and a digest of it (its ETag's main part)."""

    html: str
    digest: str


PAGES = {
    # The operations, and the objects their bodies are made of: two pages, each light enough
    # for a tablet at a table (the schemas would double the first).
    "operations": "api/_reference.html",
    "schemas": "api/_reference_schemas.html",
}


def render_reference(reference: Reference, page: str) -> str:
    """One page's content (without the site's header and footer)."""
    return render_to_string(PAGES[page], {"reference": reference})


@cache
def reference() -> Reference:
    """The reference of the generated schema, read once per process."""
    return build_reference(generated_schema())


@cache
def rendered(page: str) -> Rendered:
    """A page of the reference rendered from the generated schema, once per process."""
    html = render_reference(reference(), page)
    return Rendered(html, hashlib.sha256(html.encode()).hexdigest()[:32])
