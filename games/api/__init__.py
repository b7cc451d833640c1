"""The REST API: strict request serializers, thin views over the rules engines, one error body.

``azeroth`` holds the plain functions (request data in, response body out) that the views, the
Celery tasks and the pages share; ``errors`` the uniform 400 body; ``views`` and ``urls`` the
endpoints under /api/.
"""
