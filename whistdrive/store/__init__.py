"""The store: the evening's rows and everything kept between requests (docs/architecture.md).

The models and their migrations, the one door to Django's cache (cache.py), the laptop's SQLite backend and how
durable its commits are, and the files only the laptop's user may read. It may import clubs (an event belongs to a
club) and the engines, and nothing above.
"""
