#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shared reference that many readers load and rare writers replace, guarded by a `pthread_mutex_t`.
///
/// A read holds the lock only to copy the reference out (a retain), so readers never wait for a compilation;
/// a writer replaces the reference under the same lock. The value a writer replaces is released at once, so
/// memory holds one rule set plus the ones readers still use (not two: the lock-free two-slot cell this replaced
/// kept the previous value alive until the next reload, reliability report D14).
///
/// A `pthread_mutex_t` rather than `Synchronization.Mutex`: Thread Sanitizer intercepts pthread mutexes, while a
/// contended `Mutex` on Linux is taken inside the kernel (`FUTEX_LOCK_PI`), which it cannot see; so
/// `swift test --sanitize=thread --filter RuleStoreTests` checks the store for real.
final class SnapshotCell<Value: AnyObject & Sendable>: @unchecked Sendable {
  // @unchecked: `value` is read and written only while `mutex` is held.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  init(_ value: Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.value = value
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// The current value.
  func read() -> Value {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return value
  }

  /// Replaces the value with the first element `transform(current)` returns, or keeps it when that is nil; one
  /// writer at a time. `transform` runs with the lock held (readers wait), so keep it short (no compilation in it).
  /// - Returns: the second element `transform` returned.
  func update<Result>(_ transform: (Value) -> (Value?, Result)) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    let (replacement, result) = transform(value)
    if let replacement { value = replacement }
    return result
  }
}
