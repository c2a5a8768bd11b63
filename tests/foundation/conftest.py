from tests.security.conftest import _plain_http, cast, running  # noqa: F401 - shared fixtures
