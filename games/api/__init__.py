"""The REST API: strict request serializers, thin views over the rules engines, one error body.

``errors`` holds the uniform 400 body; ``urls`` the endpoints under /api/: the API's index,
reference pages and 404 (``index``), the tracked games (``tracker``), the catalogs, the saved
lists and the batches, with each game's own endpoints from its package
(``games/systems/<slug>/api*.py``, whose plain functions, request data in and response body
out, the views, the Celery tasks and the pages share).
"""
