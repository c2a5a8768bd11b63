"""What the phones at a table show: the hand, the claims, where everyone goes next, the totals.

The views (``whistdrive.web.views.table``) take requests and answer them; this package works out what a
table's page holds, one module a question, each importing only those listed after it
(``[tool.importlinter]`` in pyproject.toml):

- ``pushes``: what the hub pushes to a table's phones (``whistdrive.server.push``): the pages themselves, drawn
  once a seat and version and shared between server processes, and the signed player a phone's stream names.
- ``drawing``: what a table's page shows: the part its four phones share (``drawing``, kept under the table's
  version, ``whistdrive.store.cache``) and what each phone adds for its own seat (``for_phone``).
- ``versions``: what a phone's page version is, read before anything is drawn, in one query (``load``); and
  the hub's look at the hall's tables, which works out the same versions (``tables_of_evenings``).
- ``where_next``: where each of a table's players goes next, in words (``moves``), from the movement's answer.
- ``words``: how a claim, a trump, a revoke's cost and a score are said on the page, and why a table may call.
- ``seats``: who is seated: the seat a phone's player holds at a hand, whether the hall has moved on to a hand.
"""
