from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0007_member_search_keys"),
    ]

    operations = [
        migrations.AddField(
            model_name="clubtable",
            name="printed_for",
            field=models.CharField(
                blank=True,
                help_text="The address (scheme, host and port) in the QR code when the card was last printed; "
                "blank for a card printed before it was kept.",
                max_length=200,
            ),
        ),
    ]
