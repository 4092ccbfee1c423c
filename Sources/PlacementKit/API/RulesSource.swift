import Foundation
import PlacementCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a ``RuleStore`` takes its rules from: a rules folder, a rules bundle file, or a rules bundle served over
/// HTTP (docs/Fleet.md).
///
/// ```swift
/// let source = try RulesSource(parsing: "https://rules.example.com/app/rules.bundle")
/// let store = try RuleStore(source: source, cache: "/var/cache/placement/rules.bundle")
/// let follower = store.follow(source, interval: .seconds(30), cache: "/var/cache/placement/rules.bundle")
/// ```
public enum RulesSource: Sendable, Hashable, CustomStringConvertible {
  /// A rules folder (its `*.rules` files, as ``RuleSet/load(directory:options:)`` reads them) or one rules file.
  /// Followed by looking at the files' sizes, times and identities; any change reloads.
  case folder(String)
  /// A rules bundle file (`placement bundle build`). Followed by looking at the file; a changed file is verified
  /// and installed when it is new.
  case bundle(String)
  /// A rules bundle at an `http` or `https` URL. Followed by conditional GETs (`If-None-Match` with the served
  /// bundle's `ETag`); a changed bundle is verified and installed when it is new.
  case url(URL)

  /// The source a command-line argument names: an `http://` or `https://` URL is ``url(_:)``, a folder is
  /// ``folder(_:)``, a file that is a rules bundle (a ustar archive, as `--rules` tells them apart) is
  /// ``bundle(_:)``, and any other file is a rules file (``folder(_:)``).
  /// - Parameter argument: a URL or a path.
  /// - Throws: ``LoadError`` when the URL has no host, or the path does not exist or cannot be read.
  public init(parsing argument: String) throws(LoadError) {
    let lowered = argument.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
      guard let url = URL(string: argument), url.host?.isEmpty == false else {
        throw LoadError(path: argument, message: "'\(argument)' is not a valid http or https URL")
      }
      self = .url(url)
      return
    }
    let found = try RuleLoading.files(at: argument)
    guard found == [argument] else {
      self = .folder(argument)
      return
    }
    let descriptor: Int32
    do {
      descriptor = try FileReading.openFile(argument)
    } catch {
      throw LoadError(path: argument, message: error.message)
    }
    defer { close(descriptor) }
    let head = FileReading.head(descriptor, count: 512)
    self = TarArchive.looksLikeArchive(head) ? .bundle(argument) : .folder(argument)
  }

  /// The path or the URL, as diagnostics and ``RulesStatus`` name the source.
  public var description: String {
    switch self {
    case .folder(let path), .bundle(let path): path
    case .url(let url): url.absoluteString
    }
  }

  /// True for the sources that deliver a bundle (``bundle(_:)`` and ``url(_:)``), the ones a cache can keep.
  var deliversBundles: Bool {
    if case .folder = self { return false }
    return true
  }
}
