"""The ledger as stored, on this database (SQLite or PostgreSQL): whatever lines, payments and corrections are
written, in whatever order, the net read back is takings less costs, to the penny."""

from decimal import Decimal

from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from whistdrive.engines import ledger
from whistdrive.evening import money
from whistdrive.store.models import LedgerLine

pence = st.integers(min_value=1, max_value=999_999).map(lambda p: Decimal(p).scaleb(-2))
steps = st.lists(
    st.one_of(
        st.tuples(
            st.just("add"),
            st.sampled_from([k for k in ledger.TAKINGS + ledger.COSTS if k != "entry"]),
            pence,
            st.sampled_from(ledger.METHODS),
        ),  # fmt: skip
        st.tuples(st.just("correct"), st.integers(0, 30), st.one_of(st.just(Decimal("0.00")), pence)),
        st.tuples(st.just("pay"), st.integers(1, 8), st.sampled_from(ledger.METHODS)),
        st.tuples(st.just("unpay"), st.integers(1, 8)),
    ),
    max_size=30,
)


def test_the_stored_net_is_takings_less_costs_whatever_is_written(evening):
    @settings(max_examples=25, suppress_health_check=list(HealthCheck), database=None)
    @given(steps)
    def attempt(written):
        with transaction.atomic():
            expected = Decimal("0.00")
            for step in written:
                try:
                    if step[0] == "add":
                        _, kind, amount, method = step
                        money.add_line(evening, kind=kind, amount=amount, method=method)
                        expected += amount if ledger.is_taking(kind) else -amount
                    elif step[0] == "correct":
                        originals = list(LedgerLine.objects.filter(event=evening, corrects__isnull=True).order_by("pk"))
                        if not originals:
                            continue
                        line = originals[step[1] % len(originals)]
                        before = LedgerLine.objects.filter(event=evening).standing()[line.pk]
                        money.correct(evening, line, amount=step[2], reason="Recounted")
                        expected += (step[2] - before) * (1 if line.is_taking else -1)
                    elif step[0] == "pay":
                        entrant = evening.entrants.get(card_number=step[1])
                        expected += money.pay_entry(evening, entrant, method=step[2]).amount
                    else:
                        entrant = evening.entrants.get(card_number=step[1])
                        expected += sum(line.amount for line in money.undo_payment(evening, entrant))
                except ledger.LedgerError:
                    pass  # refused (paid already, nothing to correct...): nothing written, the expectation unchanged
            sheet = money.sheet_of(evening).sheet
            assert sheet.net == sheet.total_takings - sheet.total_costs == expected
            assert LedgerLine.objects.filter(event=evening).sheet() == sheet
            transaction.set_rollback(True)

    attempt()
