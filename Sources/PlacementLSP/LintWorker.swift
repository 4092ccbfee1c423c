import Dispatch
import Foundation
import PlacementKit

/// Runs the lint of a group's compilation on a thread of its own, so the server's request thread keeps answering
/// hover, completion and edits while a long lint (a generated table of thousands of rows) runs.
///
/// One lint at a time, groups in the order they were submitted. Per group only the latest job waits: a job
/// submitted while an earlier one of the same group waits replaces it (that version is never linted), and a
/// job that is already running finishes, its result left for the server to drop as stale
/// (``LanguageServer/collectLints()``). The worker touches only the compilation, a `Sendable` value; the
/// server's state, and standard output, stay on the request thread, which takes the results. Its locks are
/// pthread mutexes (``PthreadLocked``), which Thread Sanitizer checks (`.ci/run`).
///
/// The thread is started when a job arrives and nothing runs, and ends when no job waits, so an idle server
/// (or a test's) keeps no thread; its stack is `WorkerThread.stackSize`.
final class LintWorker: Sendable {
  /// A compilation to lint; `number` tells the server which submission a result answers.
  struct Job: Sendable {
    let group: String
    let number: Int
    let compilation: Compilation
  }

  struct Result: Sendable {
    let group: String
    let number: Int
    let lint: LintResult
  }

  private struct State {
    /// The waiting job of each group, and the groups in submission order.
    var waiting: [String: Job] = [:]
    var order: [String] = []
    var done: [Result] = []
    /// True while the thread runs (from the first submission until no job waits).
    var running = false
    /// Callers of ``waitUntilIdle()``, signalled when the thread ends.
    var idleWaiters: [DispatchSemaphore] = []
  }

  private let state = PthreadLocked(State())
  private let lint: @Sendable (Compilation) -> LintResult
  /// Called on the worker's thread after each result (the transport's wake-up write); nil: no one to wake.
  private let wake = PthreadLocked<(@Sendable () -> Void)?>(nil)

  /// - Parameter lint: what a job runs (the tests pass one they can hold).
  init(lint: @escaping @Sendable (Compilation) -> LintResult) {
    self.lint = lint
  }

  /// Queues a job, replacing one of the same group still waiting, and starts the thread if it is not running.
  func submit(_ job: Job) {
    let start = state.withLock { state in
      if state.waiting.updateValue(job, forKey: job.group) == nil { state.order.append(job.group) }
      defer { state.running = true }
      return !state.running
    }
    guard start else { return }
    let thread = Thread { self.drain() }
    thread.stackSize = WorkerThread.stackSize
    thread.start()
  }

  /// The thread's body: runs the waiting jobs until none is left.
  private func drain() {
    while let job = next() {
      let result = Result(group: job.group, number: job.number, lint: lint(job.compilation))
      state.withLock { $0.done.append(result) }
      wake.withLock { $0?() }
    }
  }

  /// The next job, or nil (and the thread marked ended, its waiters released) when none waits.
  private func next() -> Job? {
    state.withLock { state in
      while !state.order.isEmpty {
        if let job = state.waiting.removeValue(forKey: state.order.removeFirst()) { return job }
      }
      state.running = false
      for waiter in state.idleWaiters { waiter.signal() }
      state.idleWaiters = []
      return nil
    }
  }

  /// The results finished since the last call, in the order they finished.
  func takeResults() -> [Result] {
    state.withLock { state in
      defer { state.done = [] }
      return state.done
    }
  }

  /// Blocks until every job submitted so far has run (or been replaced) and the thread has ended.
  func waitUntilIdle() {
    let idle = DispatchSemaphore(value: 0)
    let busy = state.withLock { state in
      if state.running { state.idleWaiters.append(idle) }
      return state.running
    }
    if busy { idle.wait() }
  }

  /// Sets what is called after each result; `nil` returns only once no call is in progress, so the caller
  /// may then release what the old one used (the transport closes its wake-up pipe).
  func setWake(_ action: (@Sendable () -> Void)?) { wake.withLock { $0 = action } }
}
