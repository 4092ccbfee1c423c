import Foundation
import PlacementCore

extension RuleLoading {
  /// The bundle of the rules folder `folder`: its `*.rules` files as rules discovery finds them (``discover(at:)``)
  /// and, with `withTests`, every file below `folder/tests` (the rule tests and the profiles and events they read;
  /// names starting with `.` skipped), each under its path relative to `folder`.
  /// - Parameters:
  ///   - folder: the rules folder.
  ///   - withTests: also carry `tests/`.
  ///   - revision: a caller's revision string for the manifest (a git commit), or nil.
  ///   - toolVersion: the version of the tool that builds it.
  /// - Throws: ``LoadError`` when `folder` is not a folder, a file cannot be read, or it holds no rules file.
  package static func bundle(of folder: String, withTests: Bool, revision: String?, toolVersion: String)
    throws(LoadError) -> RulesBundle
  {
    try requireDirectory(folder)
    let sources = try load([folder]).sources
    let base = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    // A bundle tells its config and list files from its rules files by the name alone, so it carries `*.json`
    // configs and `*.txt` lists only.
    let lists = listFiles(among: sources)
    for source in sources where source.kind == .config {
      let isList = lists.contains(source.path)
      guard source.path.hasSuffix(isList ? ".txt" : ".json") else {
        throw LoadError(
          path: "\(base)/\(source.path)",
          message: "\(isList ? "list" : "config") file '\(source.path)' must be named '*.\(isList ? "txt" : "json")' to"
            + " go into a rules bundle; rename it and its 'from' path", isInvalidBundle: true)
      }
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
      return try RulesBundle(rules: rules, extras: extras, toolVersion: toolVersion, revision: revision)
    } catch {
      throw LoadError(path: folder, message: "\(error)", isInvalidBundle: true)
    }
  }

  /// The paths (inside the rules folder) of the files that the `list` declarations of `sources` name.
  private static func listFiles(among sources: [RuleSource]) -> Set<String> {
    var paths: Set<String> = []
    for source in sources where source.kind == .rules {
      let (tree, _) = Parser.parse(SourceFile(name: source.name, bytes: source.bytes))
      for case .idList(let decl) in tree.declarations {
        if let reference = decl.path, let path = ConfigFiles.resolve(reference.text, from: source.path) {
          paths.insert(path)
        }
      }
    }
    return paths
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
