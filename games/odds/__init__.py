"""Odds as plain functions, request data in and response body out: what the REST API and the
Celery tasks both answer, so they can never disagree."""
