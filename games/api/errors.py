"""The API's error responses."""

from rest_framework.views import exception_handler

__all__ = ["exception_handler"]
