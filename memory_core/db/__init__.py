"""SQLite access: connections, numbered migrations and small row helpers."""

from .connection import Database, DatabaseError, Row, placeholders, query_all, query_one, query_value
from .migrate import migrate

__all__ = ["Database", "DatabaseError", "Row", "migrate", "placeholders", "query_all", "query_one",
           "query_value"]
