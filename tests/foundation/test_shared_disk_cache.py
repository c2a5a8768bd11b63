"""The cache `rundrive --workers N`'s processes share (whistdrive.store.cache.SharedDiskCache): one count for all
of them, exact however many processes count at once, and still there after Django closes the cache at the
end of a request."""

import subprocess
import sys
import textwrap

from whistdrive.store.cache import SharedDiskCache


def test_two_processes_caches_on_one_folder_keep_one_count(tmp_path):
    # Two instances on one folder, as two server processes have.
    one = SharedDiskCache(str(tmp_path), {})
    two = SharedDiskCache(str(tmp_path), {})
    one.add("posts", 0)
    assert two.add("posts", 0) is False
    one.incr("posts")
    two.incr("posts")
    assert one.get("posts") == two.get("posts") == 2


def test_posts_counted_by_two_processes_at_once_are_all_counted(tmp_path):
    # Django's file cache, used here before, added one by reading the count and writing it back: two
    # processes counting at once lost some of each other's posts.
    count = textwrap.dedent(
        f"""
        from whistdrive.store.cache import SharedDiskCache
        cache = SharedDiskCache({str(tmp_path)!r}, {{}})
        for _ in range(300):
            cache.add("posts", 0)
            cache.incr("posts")
        """
    )
    processes = [subprocess.Popen([sys.executable, "-c", count]) for _ in range(2)]
    assert [process.wait(timeout=120) for process in processes] == [0, 0]
    assert SharedDiskCache(str(tmp_path), {}).get("posts") == 600


def test_a_count_outlives_the_end_of_a_request(tmp_path):
    cache = SharedDiskCache(str(tmp_path), {})
    cache.set("posts", 5)
    cache.close()  # what Django does after every request
    assert cache.incr("posts") == 6
    cache.close_for_good()
    assert SharedDiskCache(str(tmp_path), {}).get("posts") == 6
