"""Club A's running evening and every organiser URL of it, for the permission and CSRF sweeps."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from clubs.models import Club, FormatPreset, League, LeagueInvitation, Match, PublishingKey, Season
from tests.factories import add_entrants, make_cast, make_event, make_member
from whistdrive.engines.formats import Format
from whistdrive.evening.running import start_event
from whistdrive.store.models import CheckIn, Flag, LedgerLine


@pytest.fixture(autouse=True)
def _plain_http(settings):
    # The PostgreSQL runs are in hosted mode, which redirects plain http to https.
    settings.SECURE_SSL_REDIRECT = False


@pytest.fixture
def cast(db):
    club_a, club_b, olive, sam, bea = make_cast()
    return {"club_a": club_a, "club_b": club_b, "olive": olive, "sam": sam, "bea": bea}


@pytest.fixture
def running(cast):
    """Club A's evening on hand 1: 12 players at 3 tables, with a member, a season, a preset and a call."""
    club = cast["club_a"]
    event = make_event(club, Format(hands=6, interval_after=3))
    add_entrants(event, 6, 6)
    start_event(event, seed=3)
    event.refresh_from_db()
    member = make_member(club, "Ann Smith", "lady")
    season = Season.objects.create(
        club=club, name="Winter", starts=datetime.date(2026, 9, 1), ends=datetime.date(2027, 3, 31)
    )
    preset = FormatPreset.objects.create(club=club, name="Ours", format=Format().to_dict())
    table = event.tables.get(number=1)
    flag = Flag.objects.create(table=table, hand=1, reason="Misdeal")
    # A league of club A's with a club Bea has nothing to do with.
    league = League.objects.create(name="County league", season="2026–27")
    middle = Club.objects.create(name="Middle Wallop Whist Club")
    league.clubs.set([club, middle])
    match = Match.objects.create(
        league=league, home=club, away=middle, date=datetime.date(2026, 10, 1), home_tricks=170, away_tricks=142
    )
    invitation = LeagueInvitation.objects.create(league=league)
    # The evening's money, and a walk-in waiting at the door.
    line = LedgerLine.objects.create(event=event, kind="raffle", amount=Decimal("10.00"), method="cash")
    walk_in = CheckIn.objects.create(event=event, name="Peggy Sue", status="waiting", device="d")
    publishing_key, _key = PublishingKey.objects.make(club, cast["olive"])
    return {
        "event": event, "member": member, "season": season, "preset": preset, "flag": flag, "table": table,
        "league": league, "match": match, "invitation": invitation, "line": line, "walk_in": walk_in,
        "publishing_key": publishing_key,
    }  # fmt: skip


PUBLIC = {"healthz", "login", "logout", "table", "table_seat", "table_forget_seat", "table_enter", "table_agree",
          "table_call", "laptop_here", "table_kept", "table_events", "player", "board", "rejoin",
          "club_table", "password_reset", "password_reset_done", "password_reset_confirm",
          "password_reset_complete", "organiser_invitation", "door", "door_here", "door_walk_in",
          # The club's published results (#51): public by design, tested in tests/public.
          "public_club", "public_evening", "public_board", "public_player", "public_season",
          # A laptop's publish: its publishing key is the login (tests/publishing), no session.
          "api_publish"}  # fmt: skip
# Logged in but not tied to a club: the home page lists only the user's own clubs; a league's
# invitation link is for another club's organiser (its token is the key; see tests/clubs).
# Adding a club is for the site's administrators, whatever their clubs (tests/running_clubs).
ANY_USER = {"home", "password_change", "password_change_done", "league_join", "add_club"}


def organiser_urls(cast, running) -> dict[str, str]:
    """Every organiser URL name, pointed at club A's objects."""
    club, event = cast["club_a"].pk, running["event"].pk
    entrant = running["event"].entrants.first().pk
    return {
        "club": reverse("club", args=[club]),
        "members": reverse("members", args=[club]),
        "member_add": reverse("member_add", args=[club]),
        "member_edit": reverse("member_edit", args=[club, running["member"].pk]),
        "member_merge": reverse("member_merge", args=[club, running["member"].pk]),
        "members_export": reverse("members_export", args=[club]),
        "members_import": reverse("members_import", args=[club]),
        "members_import_confirm": reverse("members_import_confirm", args=[club]),
        "seasons": reverse("seasons", args=[club]),
        "season_add": reverse("season_add", args=[club]),
        "season_edit": reverse("season_edit", args=[club, running["season"].pk]),
        "preset_delete": reverse("preset_delete", args=[club, running["preset"].pk]),
        "member_data_json": reverse("member_data_json", args=[club, running["member"].pk]),
        "member_data_csv": reverse("member_data_csv", args=[club, running["member"].pk]),
        "member_erase": reverse("member_erase", args=[club, running["member"].pk]),
        "club_running": reverse("club_running", args=[club]),
        "club_results_online": reverse("club_results_online", args=[club]),
        "club_evenings": reverse("club_evenings", args=[club]),
        "organiser_invite": reverse("organiser_invite", args=[club]),
        "organiser_remove": reverse("organiser_remove", args=[club]),
        "club_archive_zip": reverse("club_archive_zip", args=[club]),
        "club_close": reverse("club_close", args=[club]),
        "event_delete": reverse("event_delete", args=[event]),
        "season": reverse("season", args=[club, running["season"].pk]),
        "season_pdf": reverse("season_pdf", args=[club, running["season"].pk]),
        "club_table_cards": reverse("club_table_cards", args=[club]),
        "club_table_cards_pdf": reverse("club_table_cards_pdf", args=[club]),
        "club_stale_table_cards_pdf": reverse("club_stale_table_cards_pdf", args=[club]),
        "club_table_renew": reverse("club_table_renew", args=[club]),
        "event_new": reverse("event_new", args=[club]),
        "event": reverse("event", args=[event]),
        "event_publish": reverse("event_publish", args=[event]),
        "club_publishing": reverse("club_publishing", args=[club]),
        "club_publishing_key": reverse("club_publishing_key", args=[club]),
        "club_publishing_revoke": reverse("club_publishing_revoke", args=[club, running["publishing_key"].pk]),
        "club_publishing_unlink": reverse("club_publishing_unlink", args=[club]),
        "event_edit": reverse("event_edit", args=[event]),
        "event_save_preset": reverse("event_save_preset", args=[event]),
        "event_desk": reverse("event_desk", args=[event]),
        "desk_add": reverse("desk_add", args=[event]),
        "desk_guest": reverse("desk_guest", args=[event]),
        "desk_role": reverse("desk_role", args=[event, entrant]),
        "desk_remove": reverse("desk_remove", args=[event, entrant]),
        "desk_start": reverse("desk_start", args=[event]),
        "event_live": reverse("event_live", args=[event]),
        "event_rejoin_code": reverse("event_rejoin_code", args=[event]),
        "event_live_advance": reverse("event_live_advance", args=[event]),
        "event_live_undo": reverse("event_live_undo", args=[event]),
        "event_live_interval": reverse("event_live_interval", args=[event]),
        "event_live_auto_advance": reverse("event_live_auto_advance", args=[event]),
        "event_live_resolve_flag": reverse("event_live_resolve_flag", args=[event, running["flag"].pk]),
        "event_live_new_token": reverse("event_live_new_token", args=[event, 1]),
        "event_table_code": reverse("event_table_code", args=[event, 1]),
        "event_table_card_pdf": reverse("event_table_card_pdf", args=[event, 1]),
        "event_live_late_arrival": reverse("event_live_late_arrival", args=[event]),
        "event_live_withdraw": reverse("event_live_withdraw", args=[event]),
        "event_live_substitute": reverse("event_live_substitute", args=[event]),
        "event_live_undo_withdraw": reverse("event_live_undo_withdraw", args=[event, entrant]),
        "event_live_reseat": reverse("event_live_reseat", args=[event]),
        "event_live_lookup": reverse("event_live_lookup", args=[event]),
        "event_live_result": reverse("event_live_result", args=[event, 1, 1]),
        "event_paper": reverse("event_paper", args=[event]),
        "event_standings": reverse("event_standings", args=[event]),
        "event_prizes": reverse("event_prizes", args=[event]),
        "event_prize_qualification": reverse("event_prize_qualification", args=[event]),
        "event_print": reverse("event_print", args=[event]),
        "event_print_document": reverse("event_print_document", args=[event, "scorecards"]),
        "event_archive": reverse("event_archive", args=[event]),
        "event_archive_json": reverse("event_archive_json", args=[event]),
        "event_results_csv": reverse("event_results_csv", args=[event]),
        "archive_import": reverse("archive_import", args=[event]),
        "event_money": reverse("event_money", args=[event]),
        "money_prices": reverse("money_prices", args=[event]),
        "money_add": reverse("money_add", args=[event]),
        "money_correct": reverse("money_correct", args=[event, running["line"].pk]),
        "money_pdf": reverse("money_pdf", args=[event]),
        "money_csv": reverse("money_csv", args=[event]),
        "desk_pay": reverse("desk_pay", args=[event, entrant]),
        "desk_unpay": reverse("desk_unpay", args=[event, entrant]),
        "door_set": reverse("door_set", args=[event]),
        "door_poster": reverse("door_poster", args=[event]),
        "door_arrivals": reverse("door_arrivals", args=[event]),
        "door_confirm": reverse("door_confirm", args=[event, running["walk_in"].pk]),
        "door_undo": reverse("door_undo", args=[event, running["walk_in"].pk]),
        "event_suspense": reverse("event_suspense", args=[event]),
        "event_reveal": reverse("event_reveal", args=[event]),
        "event_draws": reverse("event_draws", args=[event]),
        "draws_tickets": reverse("draws_tickets", args=[event]),
        "draws_draw": reverse("draws_draw", args=[event]),
        "draws_show": reverse("draws_show", args=[event]),
        "club_leagues": reverse("club_leagues", args=[club]),
        "league": reverse("league", args=[running["league"].pk]),
        "league_match_add": reverse("league_match_add", args=[running["league"].pk]),
        "league_match_edit": reverse("league_match_edit", args=[running["league"].pk, running["match"].pk]),
        "league_match_delete": reverse("league_match_delete", args=[running["league"].pk, running["match"].pk]),
        "league_invite": reverse("league_invite", args=[running["league"].pk]),
        "league_add_club": reverse("league_add_club", args=[running["league"].pk]),
        "league_invitation_withdraw": reverse(
            "league_invitation_withdraw", args=[running["league"].pk, running["invitation"].pk]
        ),
    }


def all_url_names() -> dict[str, list[str]]:
    """Every named URL of the site except Django's admin (which has its own login), with the
    converters of its arguments in order ("int", "str", "slug")."""
    import re

    from django.urls import get_resolver

    names: dict[str, list[str]] = {}

    def walk(resolver, prefix: str):
        for pattern in resolver.url_patterns:
            route = prefix + str(pattern.pattern)
            if hasattr(pattern, "url_patterns"):
                if getattr(pattern, "app_name", None) != "admin":
                    walk(pattern, route)
            elif pattern.name:
                names[pattern.name] = re.findall(r"<(\w+):\w+>", route)

    walk(get_resolver(), "")
    return names
