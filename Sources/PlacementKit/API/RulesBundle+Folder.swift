import Foundation
import PlacementCore

extension RuleLoading {
  /// The bundle of the rules folder `folder` (``bundleAndCompilation(of:withTests:revision:toolVersion:)``
  /// without the compilation).
  /// - Parameters:
  ///   - folder: the rules folder.
  ///   - withTests: also carry `tests/`.
  ///   - revision: a caller's revision string for the manifest (a git commit), or nil.
  ///   - toolVersion: the version of the tool that builds it.
  /// - Throws: ``LoadError``, as ``bundleAndCompilation(of:withTests:revision:toolVersion:)``.
  package static func bundle(of folder: String, withTests: Bool, revision: String?, toolVersion: String)
    throws(LoadError) -> RulesBundle
  {
    try bundleAndCompilation(of: folder, withTests: withTests, revision: revision, toolVersion: toolVersion).bundle
  }

  /// The bundle of the rules folder `folder`, and the compilation of its rules: its `*.rules` files as rules
  /// discovery finds them (``discover(at:)``) with the config and id list files they name, and, with `withTests`,
  /// every file below `folder/tests` (the rule tests and the profiles and events they read; names starting with
  /// `.` skipped), each under its path relative to `folder`.
  /// - Parameters:
  ///   - folder: the rules folder.
  ///   - withTests: also carry `tests/`.
  ///   - revision: a caller's revision string for the manifest (a git commit), or nil.
  ///   - toolVersion: the version of the tool that builds it.
  /// - Returns: the bundle, and the compilation of the folder's files (diagnostics named by their paths on disk).
  /// - Throws: ``LoadError`` when `folder` is not a folder, a file cannot be read, it holds no rules file, or a
  ///   config or list file is not named as a bundle tells it (``RulesBundle/Member``).
  package static func bundleAndCompilation(
    of folder: String, withTests: Bool, revision: String?, toolVersion: String
  ) throws(LoadError) -> (bundle: RulesBundle, compilation: Compilation) {
    try requireDirectory(folder)
    let sources = try load([folder]).sources
    let compilation = Compilation.compile(sources)
    let base = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    // A bundle tells its config and list files apart by the name alone (`RulesBundle.Member`), so each must be
    // named as what the compiled rules read it as. A file the rules could not read is left to its diagnostic.
    let lists = Set(compilation.model.idLists.map(\.path))
    let configs = Set(compilation.model.contents.flatMap { $0.configs.compactMap(\.path) })
    for source in sources where source.kind == .config {
      let isList = lists.contains(source.path)
      guard isList || configs.contains(source.path) else { continue }
      guard RulesBundle.Member(path: source.path) != (isList ? .idList : .config) else { continue }
      throw LoadError(
        path: "\(base)/\(source.path)",
        message: "\(isList ? "list" : "config") file '\(source.path)' must be named '*.\(isList ? "txt" : "json")' to"
          + " go into a rules bundle; rename it and its 'from' path", isInvalidBundle: true)
    }
    let rules = sources.map { RulesBundle.File(path: $0.path, bytes: $0.bytes) }
    var extras: [RulesBundle.File] = []
    if withTests {
      for relative in filesBelow(base, relative: "tests") where !relative.hasSuffix(".\(fileExtension)") {
        do {
          extras.append(RulesBundle.File(path: relative, bytes: try FileReading.contents(of: "\(base)/\(relative)")))
        } catch {
          throw LoadError(path: "\(base)/\(relative)", message: error.message, isReadFailure: error.kind == .readFailed)
        }
      }
    }
    do {
      return (try RulesBundle(rules: rules, extras: extras, toolVersion: toolVersion, revision: revision), compilation)
    } catch {
      throw LoadError(path: folder, message: "\(error)", isInvalidBundle: true)
    }
  }

  /// The regular files below `base/relative`, as paths relative to `base`; hidden names and symbolic links to
  /// folders are skipped.
  private static func filesBelow(_ base: String, relative: String) -> [String] {
    var found: [String] = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "\(base)/\(relative)")) ?? [] {
      guard !name.hasPrefix(".") else { continue }
      let path = "\(relative)/\(name)"
      var link = stat()
      guard lstat("\(base)/\(path)", &link) == 0 else { continue }
      switch link.st_mode & S_IFMT {
      case S_IFDIR: found += filesBelow(base, relative: path)
      case S_IFREG: found.append(path)
      default: continue
      }
    }
    return found.sorted()
  }
}
