"""The door poster carries tonight's check-in page as a QR code, on the address the organiser printed it from."""

from django.urls import reverse

from tests.door.conftest import door_url
from tests.printing.helpers import pages_text, qr_codes_on_page


def test_the_poster_says_check_in_here_with_tonights_code(evening, olive, settings):
    # Printed at the laptop's LAN address; in hosted mode (the suite on PostgreSQL) only listed hosts are served.
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20"]
    response = olive.get(reverse("door_poster", args=[evening.pk]), HTTP_HOST="192.168.1.20:8000")
    assert response["Content-Type"] == "application/pdf"
    assert "Check in here" in pages_text(response.content)[0]
    assert qr_codes_on_page(response.content, 1) == {f"http://192.168.1.20:8000{door_url(evening)}"}
