"""An evening's public id: its results page online, kept when it is published so publishing again replaces it.
Existing evenings are given their own random ids before the ids become unique."""

from django.db import migrations, models

import whistdrive.engines.tokens


def give_ids(apps, schema_editor):
    Event = apps.get_model("whistdrive", "Event")
    for row in Event.objects.filter(public_id__isnull=True).only("pk"):
        Event.objects.filter(pk=row.pk).update(public_id=whistdrive.engines.tokens.new_public_id())


class Migration(migrations.Migration):
    dependencies = [("whistdrive", "0014_suspense"), ("clubs", "0010_public_ids_and_online")]

    operations = [
        migrations.AddField(model_name="event", name="public_id", field=models.CharField(max_length=16, null=True)),
        migrations.RunPython(give_ids, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="event",
            name="public_id",
            field=models.CharField(
                default=whistdrive.engines.tokens.new_public_id,
                editable=False,
                help_text="The evening's results online; kept when it is published, so publishing it again replaces it.",
                max_length=16,
                unique=True,
            ),
        ),
    ]
