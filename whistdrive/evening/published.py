"""The one word the evening says when an evening's results have gone online (docs/publishing.md).

``published`` is sent, on the hosted site, once the archive a laptop sent has been stored in full and its
transaction committed: ``sender`` is the Event, ``replaced`` says whether it replaced an earlier copy (a
correction). Whoever tells players (their emails) listens here, so publishing never imports them."""

from django.dispatch import Signal

published = Signal()
