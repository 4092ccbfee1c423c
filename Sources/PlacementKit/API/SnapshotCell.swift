import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shared reference that many readers load and rare writers replace, built only from atomics.
///
/// Two slots hold values; `active` says which one readers use. A reader announces itself on the slot it is about
/// to read (a per-slot count), checks the slot is still active, copies the reference out and leaves; it never
/// waits, and retries only if a writer switched slots at that very moment. A writer fills the inactive slot once
/// no reader is left on it, then makes it active. So a reader always gets a complete value that stays alive as
/// long as it holds it, and a writer never frees a value a reader is copying.
///
/// Atomics rather than `Mutex`: on Linux a contended `Mutex` is acquired inside the kernel (`FUTEX_LOCK_PI`),
/// which Thread Sanitizer cannot see, so it reports races that are not there; here every hand-off is an atomic
/// operation, and `swift test --sanitize=thread` checks the store for real.
final class SnapshotCell<Value: AnyObject & Sendable>: @unchecked Sendable {
  // @unchecked: `slots` is plain memory, shared under the protocol above (each slot is written only while it is
  // inactive and unread, read only while it is active and announced).
  private let slots: UnsafeMutablePointer<Value>
  private let active = Atomic<Int>(0)
  /// Readers on slot 0 in the low 32 bits, on slot 1 in the high 32 bits.
  private let readers = Atomic<Int>(0)
  /// Held by one writer at a time (writers are rare: a spin with yields is enough).
  private let writing = Atomic<Bool>(false)

  init(_ value: Value) {
    slots = .allocate(capacity: 2)
    slots.initialize(to: value)
    (slots + 1).initialize(to: value)
  }

  deinit {
    slots.deinitialize(count: 2)
    slots.deallocate()
  }

  /// The amount one reader adds to `readers` for `slot`.
  @inline(__always)
  private static func unit(_ slot: Int) -> Int { slot == 0 ? 1 : 1 << 32 }

  /// The current value.
  func read() -> Value {
    while true {
      let slot = active.load(ordering: .sequentiallyConsistent)
      readers.wrappingAdd(Self.unit(slot), ordering: .sequentiallyConsistent)
      defer { readers.wrappingSubtract(Self.unit(slot), ordering: .sequentiallyConsistent) }
      if active.load(ordering: .sequentiallyConsistent) == slot { return slots[slot] }
    }
  }

  /// Replaces the value with the first element `transform(current)` returns, or keeps it when that is nil; one
  /// writer at a time. `transform` runs while other writers wait, so keep it short (no compilation in it).
  /// - Returns: the second element `transform` returned.
  func update<Result>(_ transform: (Value) -> (Value?, Result)) -> Result {
    while !writing.compareExchange(
      expected: false, desired: true, successOrdering: .acquiring, failureOrdering: .relaxed
    ).exchanged {
      sched_yield()
    }
    defer { writing.store(false, ordering: .releasing) }
    let current = active.load(ordering: .sequentiallyConsistent)
    let (replacement, result) = transform(slots[current])
    guard let replacement else { return result }
    let next = 1 - current
    let mask = next == 0 ? 0xFFFF_FFFF : ~0xFFFF_FFFF
    while readers.load(ordering: .sequentiallyConsistent) & mask != 0 { sched_yield() }
    slots[next] = replacement
    active.store(next, ordering: .sequentiallyConsistent)
    return result
  }
}
