import Foundation

/// Signals taken synchronously: blocked in every thread (threads started afterwards inherit the mask) and
/// received one at a time by ``next()``, so the reaction (a reload, a shutdown) runs as ordinary code, not in a
/// signal handler.
public enum Signals {
  /// `SIGINT`, `SIGTERM` (shut down) and `SIGHUP` (reload).
  public static let served: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Blocks `signals` in the calling thread, and ignores `SIGPIPE` (a client that goes away is an error on its
  /// socket, not the end of the process). Call before starting any thread.
  public static func block(_ signals: [Int32] = served) {
    signal(SIGPIPE, SIG_IGN)
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  /// Waits for the next of `signals` (blocked beforehand with ``block(_:)``) and returns it.
  public static func next(_ signals: [Int32] = served) -> Int32 {
    var set = sigset_t()
    sigemptyset(&set)
    for number in signals { sigaddset(&set, number) }
    var received: Int32 = 0
    while sigwait(&set, &received) != 0 {}
    return received
  }
}
