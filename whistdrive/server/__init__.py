"""The server: what holds the connections (docs/architecture.md).

The ASGI application and the laptop's uvicorn (asgi.py, serving.py), pushed updates to the phones (push.py),
the limits on bodies, which address a request comes from, the laptop's own addresses and battery, and the log
filters. It may import the evening and below; it never imports the web, which it reaches through Django.
"""
