#pragma once
// Runs fn(0..n-1) on up to `threads` threads (0: one per hardware thread). Used for work that
// touches no timed device queue: building programs ahead of their evaluation, and the simulated
// seeds of a replayed search. The first exception thrown by fn is rethrown after all threads end.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace filterlab::tuner {

inline void parallel_for(std::size_t n, unsigned threads, const std::function<void(std::size_t)>& fn) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, n));
  if (threads <= 1) {
    for (std::size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::exception_ptr first;
  std::mutex m;
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (std::size_t i = next++; i < n; i = next++) {
        try {
          fn(i);
        } catch (...) {
          std::lock_guard<std::mutex> lock(m);
          if (!first) first = std::current_exception();
        }
      }
    });
  for (auto& th : pool) th.join();
  if (first) std::rethrow_exception(first);
}

}  // namespace filterlab::tuner
