import PlacementCore

/// A shared reference that many readers load and rare writers replace, guarded by a pthread mutex
/// (``PthreadLocked``, which Thread Sanitizer can check).
///
/// A read holds the lock only to copy the reference out (a retain), so readers never wait for a compilation;
/// a writer replaces the reference under the same lock. The value a writer replaces is released at once, so
/// memory holds one rule set plus the ones readers still use, never a replaced one kept alive until the next
/// reload.
final class SnapshotCell<Value: AnyObject & Sendable>: Sendable {
  private let value: PthreadLocked<Value>

  init(_ value: Value) {
    self.value = PthreadLocked(value)
  }

  /// The current value.
  func read() -> Value {
    value.withLock { $0 }
  }

  /// Replaces the value with the first element `transform(current)` returns, or keeps it when that is nil; one
  /// writer at a time. `transform` runs with the lock held (readers wait), so keep it short (no compilation in it).
  /// - Returns: the second element `transform` returned.
  func update<Result>(_ transform: (Value) -> (Value?, Result)) -> Result {
    value.withLock { value in
      let (replacement, result) = transform(value)
      if let replacement { value = replacement }
      return result
    }
  }
}
