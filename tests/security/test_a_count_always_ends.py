"""Every per-address count ends when its period does (whistdrive.store.cache.count), on Redis too (hosted).

Django's RedisCache increments by looking for the key and then sending Redis's INCR; a count that expires between
the two is made anew by INCR with no expiry at all, and the address it counts would stay over its limit for ever.
"""

import socket
import uuid

import pytest
from django.core.cache import caches

from whistdrive.store import cache

redis = pytest.importorskip("redis", reason="the redis client is not installed")

REDIS_URL = "redis://127.0.0.1:6379/8"


@pytest.fixture
def on_redis(settings):
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError:
        pytest.skip("no Redis server on 127.0.0.1:6379")
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL},
    }
    return caches["default"]


def test_a_count_that_expires_as_it_is_counted_still_ends(on_redis, monkeypatch):
    key = f"posts-{uuid.uuid4().hex}"
    assert cache.count(key, timeout=60) == 1  # the first of its period
    # It expires just after Django's RedisCache has looked for it, before Redis's INCR.
    looked = redis.Redis.exists

    def expires_after_the_look(self, *names):
        found = looked(self, *names)
        self.delete(*names)
        return found

    monkeypatch.setattr(redis.Redis, "exists", expires_after_the_look)
    assert cache.count(key, timeout=60) == 1  # counted afresh
    monkeypatch.undo()
    ttl = redis.Redis.from_url(REDIS_URL).ttl(on_redis.make_key(key))
    assert 0 < ttl <= 60, f"the count has no end (Redis TTL {ttl})"
