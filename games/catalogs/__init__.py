"""Game catalogs as data: the JSON import/export format (docs/catalogs.md), the starter
catalogs shipped under ``starter/``, and the catalogs as the rules engines see them."""

from .engine import (
    azrah_guardians,
    azrah_shared_cards,
    azuki_cards,
)
from .errors import CatalogError, CatalogProblem
from .service import (
    FORMAT,
    FORMAT_VERSION,
    check_catalog,
    dump_catalog,
    export_catalog,
    find_catalog,
    import_catalog,
    read_catalog_file,
)

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "CatalogError",
    "CatalogProblem",
    "azrah_guardians",
    "azrah_shared_cards",
    "azuki_cards",
    "check_catalog",
    "dump_catalog",
    "export_catalog",
    "find_catalog",
    "import_catalog",
    "read_catalog_file",
]
