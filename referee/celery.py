"""The Celery application. Settings come from Django's, under the ``CELERY_`` prefix."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")

app = Celery("referee")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
