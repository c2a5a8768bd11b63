"""The engines: the game and the evening as plain Python, no Django (docs/architecture.md).

The rules of whist (rules/), the movements that seat an evening (movements/, duplicate/), an event's format,
the words of the table, standings, prizes, season tables, charts, spreadsheet cells, the phones' warnings and
the secrets in links (tokens).
Values in, values out: they import nothing of WhistDrive's but each other, and nothing of Django.
"""
