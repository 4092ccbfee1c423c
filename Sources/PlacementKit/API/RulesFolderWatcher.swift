import Foundation
import PlacementCore

/// Keeps a ``RuleStore`` serving the rules of a folder: polls the folder and reloads the store when one of its
/// `*.rules` files changes.
///
/// Each poll compares the folder's files (the ones ``RuleLoading/files(at:)`` lists, which
/// ``RuleStore/reload(directory:options:)`` reads) by path, size, modification time and file identity (inode)
/// with the previous poll's, and when anything differs (a file added, removed, edited or replaced) calls
/// ``RuleStore/reload(directory:options:)``. A reload whose rules have errors changes nothing: the previous rules
/// keep serving, and its ``ReloadResult`` (outcome `.rejected`, with the diagnostics) is reported to `onReload`
/// like every other reload. The next change reloads again. Polling needs no platform file-notification API and
/// sees edits on network and container file systems, at the cost of one `stat` per file per poll.
///
/// ```swift
/// let store = RuleStore(try RuleSet.load(directory: "Rules").get())
/// let watcher = store.follow(directory: "Rules") { result in
///   if result.outcome == .rejected { logger.error("rules rejected:\n\(result.rendered())") }
/// }
/// // … serve; on shutdown:
/// watcher.stop()
/// ```
///
/// Tests and programs with their own scheduler call ``poll()`` instead of ``start()``.
public final class RulesFolderWatcher: Sendable {
  /// The rules folder.
  public let directory: String
  /// The time between two polls (``start()``): a `Duration`, so the unit is the caller's (`.seconds(1)`,
  /// `.milliseconds(250)`).
  public let interval: Duration
  /// The store the watcher reloads.
  public let store: RuleStore
  private let options: CompileOptions
  private let onReload: @Sendable (ReloadResult) -> Void
  /// The folder as the last poll saw it, and the polling task while started.
  private let state: PthreadLocked<(seen: FolderState, task: Task<Void, Never>?)>

  /// A watcher of `directory` for `store`, not yet polling. The folder's current files are the baseline: a
  /// change is a difference from them, so create the watcher right after loading the rules it serves.
  /// - Parameters:
  ///   - store: the store to reload.
  ///   - directory: the rules folder (as given to ``RuleStore/reload(directory:options:)``).
  ///   - interval: the time between two polls once started. Default: one second.
  ///   - options: the compile options of every reload.
  ///   - onReload: called with the result of every reload (applied, rejected or superseded), on the thread that
  ///     polled.
  public init(
    store: RuleStore, directory: String, interval: Duration = .seconds(1), options: CompileOptions = CompileOptions(),
    onReload: @escaping @Sendable (ReloadResult) -> Void = { _ in }
  ) {
    self.store = store
    self.directory = directory
    self.interval = interval
    self.options = options
    self.onReload = onReload
    state = PthreadLocked((FolderState(directory), nil))
  }

  /// Checks the folder once: when its `*.rules` files differ from the previous poll's, reloads the store and
  /// reports the result to `onReload`. Polls run one at a time.
  ///
  /// The folder is looked at before it is read, so a file changed during a reload is seen by the next poll.
  /// - Returns: the reload's result, or nil when nothing changed.
  @discardableResult
  public func poll() -> ReloadResult? {
    let changed = state.withLock { state in
      let now = FolderState(directory)
      defer { state.seen = now }
      return state.seen.differs(from: now)
    }
    guard changed else { return nil }
    let result = store.reload(directory: directory, options: options)
    onReload(result)
    return result
  }

  /// Polls every ``interval`` on a background task until ``stop()`` (the task keeps the watcher alive); does
  /// nothing when already started.
  public func start() {
    state.withLock { state in
      guard state.task == nil else { return }
      state.task = Task.detached { [self] in
        while !Task.isCancelled {
          do { try await Task.sleep(for: interval) } catch { return }
          poll()
        }
      }
    }
  }

  /// Stops polling: the task ends at once when it is waiting, or after the poll it is running.
  public func stop() {
    let task = state.withLock { state in
      defer { state.task = nil }
      return state.task
    }
    task?.cancel()
  }
}

/// What a poll sees of a rules folder: each `*.rules` file's path, size, modification time and identity, and the
/// content hash of the files modified so recently that a later write could keep all of those.
///
/// A write after a look at the folder gives the file a modification time no earlier than that look's, less the
/// file system's timestamp granularity (at most ``granularity``). So a file last modified before that window
/// changes its time when written again, and only a file modified within it can change unseen; its content is
/// hashed and compared at the next look (as Git treats "racily clean" files).
struct FolderState {
  struct FileStamp: Equatable {
    let path: String
    let size: Int64
    let modified: Duration
    let device: UInt64
    let inode: UInt64
  }

  /// The coarsest timestamp granularity allowed for (FAT's 2 seconds).
  static let granularity = Duration.seconds(2)

  let stamps: [FileStamp]
  /// The content hash of each file modified within ``granularity`` of the look (`Hasher`, so only for
  /// comparison within this process).
  let hashes: [String: Int]

  /// Looks at the rules files below `directory` (the ones ``RuleLoading/files(at:)`` lists); none when it cannot
  /// be listed.
  init(_ directory: String) {
    var clock = timespec()
    clock_gettime(CLOCK_REALTIME, &clock)
    let recent = Self.duration(clock) - Self.granularity
    stamps = ((try? RuleLoading.files(at: directory)) ?? []).map(Self.stamp)
    var hashes: [String: Int] = [:]
    for stamp in stamps where stamp.modified >= recent { hashes[stamp.path] = Self.hash(stamp.path) }
    self.hashes = hashes
  }

  /// True when `later` sees another set of files, another stamp, or another content for a file this look hashed.
  func differs(from later: FolderState) -> Bool {
    stamps != later.stamps || hashes.contains { path, hash in (later.hashes[path] ?? Self.hash(path)) != hash }
  }

  static func stamp(_ path: String) -> FileStamp {
    var info = stat()
    guard stat(path, &info) == 0 else { return FileStamp(path: path, size: -1, modified: .zero, device: 0, inode: 0) }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
    #else
      let modified = info.st_mtim
    #endif
    return FileStamp(
      path: path, size: Int64(info.st_size), modified: duration(modified), device: UInt64(info.st_dev),
      inode: UInt64(info.st_ino))
  }

  static func duration(_ time: timespec) -> Duration {
    .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
  }

  /// The hash of a file's bytes; 0 when it cannot be read.
  static func hash(_ path: String) -> Int {
    guard let bytes = try? FileReading.contents(of: path) else { return 0 }
    var hasher = Hasher()
    hasher.combine(bytes)  // the count, then each byte
    return hasher.finalize()
  }
}

extension RuleStore {
  /// Follows a rules folder: starts a ``RulesFolderWatcher`` that polls `directory` every `interval` and reloads
  /// this store when a `*.rules` file changes. Keep the watcher to ``RulesFolderWatcher/stop()`` it.
  /// - Parameters:
  ///   - directory: the rules folder this store's rules were loaded from.
  ///   - interval: the time between two polls. Default: one second.
  ///   - options: the compile options of every reload.
  ///   - onReload: called with every reload's result, on the polling task; a rejected reload (the rules have
  ///     errors, the previous rules keep serving) carries the diagnostics (``ReloadResult/rendered(colors:)``).
  /// - Returns: the started watcher.
  @discardableResult
  public func follow(
    directory: String, interval: Duration = .seconds(1), options: CompileOptions = CompileOptions(),
    onReload: @escaping @Sendable (ReloadResult) -> Void = { _ in }
  ) -> RulesFolderWatcher {
    let watcher = RulesFolderWatcher(
      store: self, directory: directory, interval: interval, options: options, onReload: onReload)
    watcher.start()
    return watcher
  }
}
