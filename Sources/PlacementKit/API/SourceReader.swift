import PlacementCore

/// What one look at a ``RulesSource`` found.
enum Look: Sendable {
  /// The source is as the previous look found it (a folder or file with the same stamps).
  case unchanged
  /// The source holds the served bundle (HTTP `304 Not Modified` to the served bundle's tag).
  case current
  /// Rules to consider, read (and, from a bundle, verified) but not compiled.
  case fetched(Fetched)
}

/// Rules read from a source: the files to compile and, from a bundle, the verified bundle and its bytes.
struct Fetched: Sendable {
  let sources: [RuleSource]
  /// The bundle, verified; nil for a folder.
  let bundle: RulesBundle?
  /// The bundle file's bytes, as the cache keeps them; empty for a folder.
  let bytes: [UInt8]
  /// The source's tag for these bytes (an HTTP `ETag`), or nil.
  let tag: String?
  /// The config and list files the rules name, as paths on disk, whether they could be read or not; empty for a
  /// bundle.
  let named: [String]

  /// The rules of a folder, as ``RuleLoading/read(_:)`` found them.
  init(_ read: RuleLoading.Read) {
    sources = read.sources
    named = read.named
    bundle = nil
    bytes = []
    tag = nil
  }

  /// A bundle's bytes, verified (``RulesBundle/read(_:limits:)``); diagnostics name its files
  /// `<name>:<path inside>`.
  /// - Throws: ``LoadError`` with ``LoadError/isInvalidBundle`` when the bytes are not a valid bundle.
  init(bundleBytes bytes: [UInt8], named name: String, tag: String?) throws(LoadError) {
    let bundle = try RuleLoading.bundle(bytes, at: name)
    sources = bundle.sources(named: name)
    self.bundle = bundle
    self.bytes = bytes
    self.tag = tag
    named = []
  }
}

/// Reads a ``RulesSource``: one look at a time, each compared with the previous one or with the served bundle.
protocol SourceReader: Sendable {
  /// Looks at the source once.
  /// - Parameter servedTag: the served bundle's tag at this source (sent as `If-None-Match`), or nil.
  /// - Throws: ``LoadError`` when the source cannot be read or reached, or holds a bundle that does not verify.
  func look(servedTag: String?) throws(LoadError) -> Look
}

extension RulesSource {
  /// The source's rules as they are now, whatever a previous look saw (the load at start).
  /// - Parameter timeout: how long an HTTP request may take in all.
  /// - Throws: ``LoadError`` when the source cannot be read or reached, or holds a bundle that does not verify.
  func read(timeout: Duration) throws(LoadError) -> Fetched {
    switch self {
    case .folder(let path): return Fetched(try RuleLoading.read([path]))
    case .bundle(let path): return try BundleFileReader.read(path)
    case .url(let url):
      guard case .fetched(let fetched) = try HTTPBundleReader(url, timeout: timeout).look(servedTag: nil) else {
        throw LoadError(path: description, message: "cannot fetch '\(description)': no bundle in the answer")
      }
      return fetched
    }
  }

  /// A reader of this source. A folder's or a bundle file's reader takes the files as they are now as its
  /// baseline: its first look is `.unchanged` unless they change in between.
  /// - Parameter timeout: how long an HTTP request may take in all.
  func reader(timeout: Duration) -> any SourceReader {
    switch self {
    case .folder(let path), .bundle(let path): FileSourceReader(self, path: path)
    case .url(let url): HTTPBundleReader(url, timeout: timeout)
    }
  }
}

/// A rules folder or a bundle file: a change of the stamp of one of the files its last read used
/// (``FolderState``: size, modification time, identity) reads it again; a look without one reads no file.
final class FileSourceReader: SourceReader {
  let source: RulesSource
  let path: String
  private let seen: PthreadLocked<FolderState>
  /// How many times a look read the source (for tests: an unchanged source is never read).
  let reads = PthreadLocked(0)

  /// A reader whose baseline is the files as they are now: a folder is read once to learn the config and list
  /// files its rules name.
  init(_ source: RulesSource, path: String) {
    self.source = source
    self.path = path
    if case .folder = source, let read = try? RuleLoading.read([path]) {
      seen = PthreadLocked(FolderState(path, fetched: Fetched(read)))
    } else {
      seen = PthreadLocked(FolderState(path, named: []))
    }
  }

  func look(servedTag: String?) throws(LoadError) -> Look {
    guard seen.withLock({ $0.replace(with: $0.again(path)) }) else { return .unchanged }
    reads.withLock { $0 += 1 }
    let fetched = try source.read(timeout: .zero)
    seen.withLock { $0 = FolderState(path, fetched: fetched) }
    return .fetched(fetched)
  }
}

/// Reading a bundle file.
enum BundleFileReader {
  /// The bundle file at `path`, verified.
  /// - Throws: ``LoadError`` when it cannot be read or is not a valid bundle.
  static func read(_ path: String) throws(LoadError) -> Fetched {
    let bytes: [UInt8]
    do {
      bytes = try FileReading.contents(of: path)
    } catch {
      throw LoadError(path: path, message: error.message, isReadFailure: error.kind == .readFailed)
    }
    return try Fetched(bundleBytes: bytes, named: path, tag: nil)
  }
}

extension FolderState {
  /// Replaces this look with `later`: true when they differ.
  mutating func replace(with later: FolderState) -> Bool {
    defer { self = later }
    return differs(from: later)
  }
}
