"""Public ids for results online (a club's and a member's page), how a member appears there, and their consent
to be emailed their results. Existing rows are given their own random ids before the ids become unique."""

from django.db import migrations, models

import whistdrive.engines.tokens


def give_ids(apps, schema_editor):
    for name in ("Club", "Member"):
        model = apps.get_model("clubs", name)
        for row in model.objects.filter(public_id__isnull=True).only("pk"):
            model.objects.filter(pk=row.pk).update(public_id=whistdrive.engines.tokens.new_public_id())


class Migration(migrations.Migration):
    dependencies = [("clubs", "0009_money")]

    operations = [
        migrations.AddField(model_name="club", name="public_id", field=models.CharField(max_length=16, null=True)),
        migrations.AddField(model_name="member", name="public_id", field=models.CharField(max_length=16, null=True)),
        migrations.RunPython(give_ids, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="club",
            name="public_id",
            field=models.CharField(
                default=whistdrive.engines.tokens.new_public_id,
                editable=False,
                help_text="The club's results online: /results/<public_id>/.",
                max_length=16,
                unique=True,
            ),
        ),
        migrations.AlterField(
            model_name="member",
            name="public_id",
            field=models.CharField(
                default=whistdrive.engines.tokens.new_public_id,
                editable=False,
                help_text="The member's page of results online; the same on the laptop and the club's hosted site.",
                max_length=16,
                unique=True,
            ),
        ),
        migrations.AddField(
            model_name="member",
            name="online",
            field=models.CharField(
                choices=[("full", "Full name"), ("initials", "Initials only"), ("hidden", "Not at all")],
                default="full",
                help_text="How the member appears in results online; their email and phone never do.",
                max_length=8,
            ),
        ),
        migrations.AddField(
            model_name="member",
            name="results_by_email",
            field=models.BooleanField(
                default=False, help_text="The member agreed to be emailed their card and the evening's results."
            ),
        ),
    ]
