"""Stored individual schedules for the sizes with no cyclic whist design (found by search).

Written by tools/find_whist_designs.py; checked by tests/movements/test_stored_designs.py.
DATA[players] is 30 hands separated by spaces; each hand lists the seated players table by
table in seats N, E, S, W, one character per player (ALPHABET[i] is player i); the players not
listed sit out. Hand 1 seats 0, 1, 2, ... in order, and the sit-outs follow the rotation rule.
The first min(30, players - 1) hands meet the whist-tournament bounds (no partner twice, no
opponent more than twice); after that, partnering counts stay within one of each other.
"""

ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"

DATA: dict[int, str] = {
    9: "01234567 48715026 53680472 25847613 70356281 64102738 86073154 32461805 17528340",
    10: "01234567 53629478 08461975 27163908 85014329 27586439 48719065 70293186 40312598 61475023 45698372 97048156 37601289 59314028 32654071 39847256 18960547 72130689 94218035 32570164 69732584 54198760 86203719 42183095 53614207 87534629 50417968 67139082 85439102 05713246",
    11: "01234567 a7549836 a6801972 59284a31 847a5069 80372a19 64205a13 93674852 8716509a 0a321894 01643752 5a498637 07198a26 5914302a 28653174 4587960a 201873a9 651a2304 25367849 8a709156 921348a0 67210345 5a678349 80619a72 4a219350 26741538 07546a98 972031a8 a5106432 57283964",
    15: "0123456789ab e85b4c79da36 07c9b162ed8a 324e1bdc5a09 2875c1e643d0 964eda85bc37 db678910ce2a a134b2d9e50c 18c4720d6e53 26a08b943571 6d95bca48e37 0cd89612ae7b 4b503a2c19ed e1473860d2c5 7a1589643b02 6ce7d84a5b39 b07ac6812d9e b93c240ea51d d281e354c067 6507b3198a42 ea97d6b438c5 920c1e8da6b7 391a524decb0 238c06ed4571 7294863ba015 85eb64ca973d 7081b62a9cde 9c5a0d43e12b e0384c2517d6 346ab1509782",
}
