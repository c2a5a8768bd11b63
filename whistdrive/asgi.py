"""The ASGI entry point, as in every Django project: ``uvicorn whistdrive.asgi:application``.

The application itself, Django's pages and the phones' pushed updates, is the server's (whistdrive/server/asgi.py).
"""

from whistdrive.server.asgi import application

__all__ = ["application"]
