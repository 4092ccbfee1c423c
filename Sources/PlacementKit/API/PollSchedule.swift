import Foundation

/// The follower thread's timer: a wait that ``wake()`` and ``stop()`` cut short.
final class PollSchedule: @unchecked Sendable {
  // @unchecked: `running`, `generation` and `woken` are read and written only while `condition` is locked.
  private let condition = NSCondition()
  private var running = false
  private var generation = 0
  private var woken = false

  /// Marks the schedule running: the new thread's generation, or nil when already running.
  func begin() -> Int? {
    condition.lock()
    defer { condition.unlock() }
    guard !running else { return nil }
    running = true
    generation += 1
    woken = false
    return generation
  }

  /// Waits `delay`, or less when woken: false when the thread of `generation` is to end.
  func wait(_ delay: Duration, generation: Int) -> Bool {
    let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
    let deadline = Date(timeIntervalSinceNow: seconds)
    condition.lock()
    defer { condition.unlock() }
    while running, generation == self.generation, !woken {
      if !condition.wait(until: deadline) { break }
    }
    woken = false
    return running && generation == self.generation
  }

  /// Wakes the waiting thread: true when running.
  func wake() -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard running else { return false }
    woken = true
    condition.broadcast()
    return true
  }

  func stop() {
    condition.lock()
    defer { condition.unlock() }
    running = false
    condition.broadcast()
  }
}
