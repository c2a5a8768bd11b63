import secrets

import django.db.models.deletion
from django.db import migrations, models

import whistdrive.store.models


def give_each_event_its_board_seed(apps, schema_editor):
    """A started evening's boards were dealt from its seed: its board seed says so. An evening not
    started yet gets a seed of its own (a field added with a default would give them all one)."""
    Event = apps.get_model("whistdrive", "Event")
    for event in Event.objects.only("pk", "seed", "status"):
        event.board_seed = event.seed if event.status != "setup" else secrets.randbits(31)
        event.save(update_fields=["board_seed"])


class Migration(migrations.Migration):
    dependencies = [
        ("whistdrive", "0008_duplicate_boards_pairs_howell"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="board_seed",
            field=models.BigIntegerField(default=0, editable=False),
        ),
        migrations.RunPython(give_each_event_its_board_seed, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="board_seed",
            field=models.BigIntegerField(
                default=whistdrive.store.models.new_board_seed,
                editable=False,
                help_text="Duplicate: the seed every board made up from hand records is dealt from. Drawn when the "
                "event is made and never changed, so hand records printed before the start are the boards played.",
            ),
        ),
        migrations.AddField(
            model_name="entrant",
            name="stands_in_for",
            field=models.ForeignKey(
                blank=True,
                help_text="Duplicate: the pair member whose seat this substitute takes from joined_hand on (the "
                "pair's results stay the pair's).",
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="substitutes",
                to="whistdrive.entrant",
            ),
        ),
    ]
