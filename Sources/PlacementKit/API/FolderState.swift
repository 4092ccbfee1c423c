import Foundation
import PlacementCore

/// What a poll sees of a rules folder or a bundle file: the path, size, modification time and identity of each
/// file the last read used (the rules files discovery lists, then the config and id list files they name, on
/// disk, present or not), and the content hash of the files modified so recently that a later write could keep
/// all of those. Taking a look reads no rules file, so a poll of an unchanged folder parses nothing.
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
  /// The files besides the rules files that the last read used: the config and id list files the rules name.
  let named: [String]

  /// Looks at the rules files at `path` (the ones ``RuleLoading/files(at:)`` lists; none when it cannot be listed)
  /// and at `named`. A recently modified file is hashed from its bytes in `read` (what a read just used, so that a
  /// write since is seen), else from disk.
  init(_ path: String, named: [String], read: [String: [UInt8]] = [:]) {
    var clock = timespec()
    clock_gettime(CLOCK_REALTIME, &clock)
    let recent = Self.duration(clock) - Self.granularity
    stamps = (((try? RuleLoading.files(at: path)) ?? []) + named).map(Self.stamp)
    var hashes: [String: Int] = [:]
    for stamp in stamps where stamp.modified >= recent {
      hashes[stamp.path] = read[stamp.path].map(Self.hash) ?? Self.hash(stamp.path)
    }
    self.hashes = hashes
    self.named = named
  }

  /// The files `fetched`, just read from `path`, used.
  init(_ path: String, fetched: Fetched) {
    var read = Dictionary(fetched.sources.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
    if fetched.bundle != nil { read = [path: fetched.bytes] }
    self.init(path, named: fetched.named, read: read)
  }

  /// The same files as this look, looked at again.
  func again(_ path: String) -> FolderState {
    FolderState(path, named: named)
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
    return hash(bytes)
  }

  static func hash(_ bytes: [UInt8]) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes)  // the count, then each byte
    return hasher.finalize()
  }
}
