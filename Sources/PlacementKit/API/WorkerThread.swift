/// The threads the tools start besides the main one (the batch pipeline's workers, the language server's lint
/// worker).
package enum WorkerThread {
  /// A worker's stack, in bytes: 16 MiB, twice the 8 MiB main-thread stack the rules' nesting limits are measured
  /// on (docs/Reliability.md), since a worker compiles or resolves the same rules as the main thread.
  package static let stackSize = 16 << 20
}
