"""The ledger's arithmetic, for any lines in any order: the net is always takings less costs, a correction takes a
line to what it should be, and no order of writing changes a sum (plain Python: no database)."""

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from whistdrive.engines import ledger

pence = st.integers(min_value=1, max_value=5_000_000).map(lambda p: Decimal(p).scaleb(-2))
kinds = st.sampled_from(ledger.TAKINGS + ledger.COSTS)


@st.composite
def lines_with_corrections(draw):
    """Lines as written, then corrections of some of them to new amounts (zero cancels), interleaved in any order."""
    originals = draw(st.lists(st.tuples(kinds, pence, st.sampled_from(ledger.METHODS)), max_size=25))
    lines = [ledger.Line(kind, amount, method if ledger.is_taking(kind) else "") for kind, amount, method in originals]
    standing = [line.amount for line in lines]
    corrections = []
    for _ in range(draw(st.integers(0, 15)) if lines else 0):
        which = draw(st.integers(0, len(lines) - 1))
        wanted = draw(st.one_of(st.just(Decimal("0.00")), pence))
        if wanted == standing[which]:
            continue
        difference = ledger.correction(standing[which], wanted)
        standing[which] = wanted
        corrections.append(ledger.Line(lines[which].kind, difference, lines[which].method))
    written = draw(st.permutations(lines + corrections))
    return lines, standing, written


@given(lines_with_corrections())
def test_the_net_is_takings_less_costs_whatever_the_order_of_lines_and_corrections(case):
    lines, standing, written = case
    sheet = ledger.sheet(written)
    assert sheet.net == sheet.total_takings - sheet.total_costs
    # ... and it is what each line stands at after its corrections, with takings counted in and costs out.
    expected = sum((amount if ledger.is_taking(line.kind) else -amount for line, amount in zip(lines, standing, strict=True)),
                   Decimal("0.00"))  # fmt: skip
    assert sheet.net == expected
    assert sheet == ledger.sheet(reversed(written))


@given(lines_with_corrections())
def test_the_takings_by_method_add_up_to_the_takings(case):
    _, _, written = case
    sheet = ledger.sheet(written)
    assert sum(sheet.by_method.values(), Decimal("0.00")) == sheet.total_takings


@given(pence, st.one_of(st.just(Decimal("0.00")), pence))
def test_a_correction_takes_a_line_to_what_it_should_be(standing, wanted):
    if standing == wanted:
        return
    assert standing + ledger.correction(standing, wanted) == wanted


def test_a_correction_to_the_same_amount_is_refused_with_a_reason():
    try:
        ledger.correction(Decimal("3.00"), Decimal("3.00"))
    except ledger.LedgerError as exc:
        assert "nothing to correct" in str(exc)
    else:
        raise AssertionError("a correction of nothing was accepted")


def test_pence_add_up_exactly_where_floats_would_not():
    lines = [ledger.Line("raffle", Decimal("0.10"), "cash")] * 3 + [ledger.Line("hall", Decimal("0.30"))]
    assert ledger.sheet(lines).net == Decimal("0.00")
    assert 0.1 + 0.1 + 0.1 - 0.3 != 0  # the reason amounts are never floats
