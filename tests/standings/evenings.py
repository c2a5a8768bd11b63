"""Small hand-worked evenings shared by the standings tests (no database)."""

from whistdrive.engines.formats import Format
from whistdrive.engines.standings import HandRecord, Person, TableHand


def entrants(*ids, role=None):
    return [Person(i, i.upper(), role) for i in ids]


def table(number, n, e, s, w, ns):
    """One table's result: the N-S pair took ``ns`` tricks, E-W the rest of the 13."""
    return TableHand(number, {"N": n, "E": e, "S": s, "W": w}, {"NS": ns, "EW": 13 - ns})


def sitout_evening():
    """Two tables, nine players, three hands; one player sits out each hand.

    hand 1: t1 N p1 E p2 S p3 W p4  NS 7 EW 6 | t2 N p5 E p6 S p7 W p8 NS 6 EW 7 | p9 out
    hand 2: t1 N p9 E p2 S p3 W p4  NS 6 EW 7 | t2 same four        NS 10 EW 3 | p1 out
    hand 3: t1 N p1 E p9 S p3 W p4  NS 4 EW 9 | t2 same four        NS 9 EW 4  | p2 out
    """
    people = entrants(*(f"p{i}" for i in range(1, 10)))
    hands = [
        HandRecord(1, (table(1, "p1", "p2", "p3", "p4", 7), table(2, "p5", "p6", "p7", "p8", 6)), ("p9",)),
        HandRecord(2, (table(1, "p9", "p2", "p3", "p4", 6), table(2, "p5", "p6", "p7", "p8", 10)), ("p1",)),
        HandRecord(3, (table(1, "p1", "p9", "p3", "p4", 4), table(2, "p5", "p6", "p7", "p8", 9)), ("p2",)),
    ]
    return people, hands


def drive(**changes):
    """A three-hand drive with the interval after hand 2, no tie-breaks unless given."""
    values = dict(hands=3, interval_after=2, sitout_score="average", tie_breaks=())
    values.update(changes)
    values["tie_breaks"] = tuple(values["tie_breaks"])
    return Format(**values)


def by_id(standings):
    return {s.id: s for s in standings}
