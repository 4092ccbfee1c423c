import PlacementCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// State guarded by a `pthread_mutex_t`, for the types that threads share (``SnapshotCell``,
/// ``InMemoryAssignmentStore``, and `placement lsp`'s lint worker).
///
/// A `pthread_mutex_t` rather than `Synchronization.Mutex`: Thread Sanitizer intercepts pthread mutexes, while a
/// contended `Mutex` on Linux is taken inside the kernel (`FUTEX_LOCK_PI`), which it cannot see, so it reports
/// races that the lock prevents; `swift test --sanitize=thread --filter RuleStoreTests` (in `.ci/run`) checks
/// these types for real.
package final class PthreadLocked<State>: @unchecked Sendable {
  // @unchecked: `state` is read and written only while `mutex` is held.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var state: State

  package init(_ state: State) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.state = state
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` on the state with the lock held; keep it short (every other thread waits).
  package func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&state)
  }
}
