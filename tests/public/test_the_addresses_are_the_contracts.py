"""The public pages' addresses are the ones the publish and email helpers build (notes: design of #51): a player's
page is /results/<club public id>/players/<member public id>/, whatever builds it."""

from django.urls import reverse


def test_each_public_address_has_the_agreed_shape(club, evening, members):
    c, e, m = club.public_id, evening.public_id, members["Ann"].public_id

    assert reverse("public_club", args=[c]) == f"/results/{c}/"
    assert reverse("public_evening", args=[c, e]) == f"/results/{c}/evenings/{e}/"
    assert reverse("public_board", args=[c, e, 3]) == f"/results/{c}/evenings/{e}/boards/3/"
    assert reverse("public_player", args=[c, m]) == f"/results/{c}/players/{m}/"
    assert reverse("public_season", args=[c, 9]) == f"/results/{c}/seasons/9/"
