import pytest

from tests.factories import add_entrants, make_event
from tests.security.conftest import _plain_http, cast, running  # noqa: F401 - shared fixtures
from whistdrive.engines.formats import Format


@pytest.fixture
def waiting(cast):  # noqa: F811 - the fixture imported above
    """Club A's next evening, not started yet: eight people at the desk."""
    event = make_event(cast["club_a"], Format(hands=4, interval_after=None), name="Friday drive")
    add_entrants(event, 4, 4)
    return event
