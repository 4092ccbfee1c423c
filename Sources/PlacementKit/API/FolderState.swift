import Foundation
import PlacementCore

/// What a poll sees of a rules folder: each `*.rules` file's and each id list file's path, size, modification
/// time and identity, and the content hash of the files modified so recently that a later write could keep all
/// of those.
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
    let rules = (try? RuleLoading.files(at: directory)) ?? []
    stamps = (rules + Self.listFiles(of: rules)).map(Self.stamp)
    var hashes: [String: Int] = [:]
    for stamp in stamps where stamp.modified >= recent { hashes[stamp.path] = Self.hash(stamp.path) }
    self.hashes = hashes
  }

  /// True when `later` sees another set of files, another stamp, or another content for a file this look hashed.
  func differs(from later: FolderState) -> Bool {
    stamps != later.stamps || hashes.contains { path, hash in (later.hashes[path] ?? Self.hash(path)) != hash }
  }

  /// The id list files that the `list` declarations of the rules files at `paths` name, as paths on disk, so
  /// that a changed list reloads the rules (a list is data that changes without its rules).
  static func listFiles(of paths: [String]) -> [String] {
    var found: [String] = []
    for path in paths {
      guard let bytes = try? FileReading.contents(of: path) else { continue }
      let (tree, _) = Parser.parse(SourceFile(name: path, bytes: bytes))
      let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      for case .idList(let decl) in tree.declarations {
        guard let reference = decl.path?.text, ConfigFiles.resolve(reference, from: "x") != nil else { continue }
        found.append((folder + [Substring(reference)]).joined(separator: "/"))
      }
    }
    return found.sorted()
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
