import PlacementCore
import Synchronization

/// A thread-safe dictionary for answers computed once per lint run (a value of the run, never global).
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let storage = Mutex<[Key: Value]>([:])

  subscript(key: Key) -> Value? {
    get { storage.withLock { $0[key] } }
    set { storage.withLock { $0[key] = newValue } }
  }
}
