"""The cache `rundrive --workers N`'s processes share (whistdrive.cache.SharedFileCache): one count for all
of them, and a folder that does not grow without end although it is looked over only now and then."""

from whistdrive.cache import SharedFileCache


def test_two_processes_caches_on_one_folder_keep_one_count(tmp_path):
    # Two instances on one folder, as two server processes have.
    one = SharedFileCache(str(tmp_path), {})
    two = SharedFileCache(str(tmp_path), {})
    one.add("posts", 0)
    assert two.add("posts", 0) is False
    one.incr("posts")
    two.incr("posts")
    assert one.get("posts") == two.get("posts") == 2


def test_the_folder_is_still_culled(tmp_path):
    cache = SharedFileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 100}})
    for n in range(5 * cache.CULL_EVERY):
        cache.set(f"count-{n}", n)
    files = len(list(tmp_path.glob("*.djcache")))
    # Each look removes a third once there are too many: with a look every CULL_EVERY writes the folder
    # stays under three times that, where Django's own would hold 100 and an unculled one 5,000.
    assert files < 3 * cache.CULL_EVERY, files
