"""The evening: the adapters that turn rows into the engines' values and back (docs/architecture.md).

Running an evening (running.py: start, advance, the interval, arrivals and leavers), the results entered at the
tables (entry.py), the standings now (scores.py), pairs and game nights, what a phone sees (phones/), the
archive, backups, the demo and simulated evenings. It may import the store and the engines, never the web or
the server.
"""
