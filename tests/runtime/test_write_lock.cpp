// The write lock of results directories and tuning caches (the two-process cases: tests/cli/lock_test.sh).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "io/write_lock.hpp"

namespace fs = std::filesystem;
using filterlab::io::WriteLock;

TEST_CASE("a held lock is refused naming its holder, and free again once released", "[lock][bad-input]") {
  const auto dir = fs::temp_directory_path() / ("filterlab-lock-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto path = (dir / "x.lock").string();
  ::unsetenv("FILTERLAB_LOCK_WAIT");
  {
    std::optional<WriteLock> first;
    first.emplace(path, "results directory D");
    // A second open file description conflicts even in the same process (flock semantics).
    CHECK_THROWS_WITH(
        WriteLock(path, "results directory D"),
        Catch::Contains("results directory D is being written by pid " + std::to_string(::getpid()) + ", command `") &&
            Catch::Contains("FILTERLAB_LOCK_WAIT=SECONDS"));
    ::setenv("FILTERLAB_LOCK_WAIT", "1", 1);
    CHECK_THROWS_WITH(WriteLock(path, "results directory D"), Catch::Contains("after waiting 1 s"));
    ::setenv("FILTERLAB_LOCK_WAIT", "soon", 1);
    CHECK_THROWS_WITH(WriteLock(path, "results directory D"),
                      Catch::Contains("environment variable FILTERLAB_LOCK_WAIT 'soon' is not an integer"));
    ::unsetenv("FILTERLAB_LOCK_WAIT");
    first.reset();
    CHECK_NOTHROW(WriteLock(path, "results directory D"));
  }
  fs::remove_all(dir);
}
