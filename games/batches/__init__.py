"""Batch validation: many lists read from one upload and checked together in a Celery task.

``reading`` turns an upload (a ZIP of text or JSON lists, or one JSON array) into the lists a
BatchJob stores; ``service`` starts a job and checks its lists with the rules engines.
"""
