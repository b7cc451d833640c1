"""API tokens are now django-rest-knox's, kept as hashes: the plain tokens of DRF's authtoken
app (no longer installed) are dropped, and their owners make new ones."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_batch_heartbeat"),
        ("knox", "0009_extend_authtoken_field"),
    ]

    operations = [
        migrations.RunSQL("DROP TABLE IF EXISTS authtoken_token", migrations.RunSQL.noop),
    ]
