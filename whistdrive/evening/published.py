"""The one word the evening says when an evening's results have gone online (docs/publishing.md).

``published`` is sent, on the hosted site, once the archive a laptop sent has been stored in full and its
transaction committed: ``sender`` is the Event model, ``event`` the evening stored, ``replaced`` says whether
it replaced an earlier copy (a correction). The hosted site's own "Publish results" sends it too
(``replaced=False``). The same evening published again unchanged sends nothing. Whoever tells players (their emails) listens here, so publishing never imports them."""

from django.dispatch import Signal

published = Signal()
