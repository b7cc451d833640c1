"""Referee: the Django project and the pure rules engines (``referee.rules``).

The Celery app lives in ``referee.celery`` and is imported by the tasks that use it, not here,
so importing a rules engine never loads Celery or Django.
"""
