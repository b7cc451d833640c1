"""WSGI entry point (gunicorn referee.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

from referee import collector

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")

application = get_wsgi_application()
collector.settle()
