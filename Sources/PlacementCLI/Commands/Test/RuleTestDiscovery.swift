import Foundation
import PlacementKit

/// Finds rule test files and the rules each is run against.
///
/// Test files are the `*.json` files directly in a folder (``RuleTestFiles``).
/// - A directory with a `tests` folder (e.g. `Rules`): the `*.json` files in `Rules/tests`, against `Rules`.
/// - A directory called `tests` (e.g. `Rules/tests`): its `*.json` files, against its parent folder.
/// - Another directory: its `*.json` files, against the directory itself.
/// - A `.json` file: that file, against the parent of its `tests` folder (or its own folder).
/// - A rules bundle built `--with-tests`: the `*.json` files of its `tests/`, against the bundle, read from a
///   scratch copy of the files it carries (removed by ``Group/removeScratch()``).
/// `--rules PATH` replaces the rules of every group.
enum RuleTestDiscovery {
  /// Test files grouped by the rules path they run against, in the order the paths were given.
  struct Group {
    let rules: String
    var tests: [String]
    /// The scratch folder a bundle's tests were copied to, or nil.
    var scratch: String? = nil

    func removeScratch() {
      if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
    }
  }

  /// - Throws: ``CommandFailure`` (exit 66) for a missing path or when no test file is found.
  static func groups(paths: [String], rules override: String?) throws(CommandFailure) -> [Group] {
    var groups: [Group] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        // The default folder is missing where a rules folder is the current directory: say how to test it.
        let here = (try? FileManager.default.contentsOfDirectory(atPath: ".")) ?? []
        let hint =
          paths == ["Rules"] && (here.contains { $0.hasSuffix(".rules") } || RuleTestFiles.directoryExists("tests"))
          ? " (the default; to test the rules folder you are in, run 'placement test .')" : ""
        throw CommandFailure(.noInput, "no such file or directory: '\(path)'\(hint)")
      }
      let base = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
      let (rules, tests): (String, [String])
      if !isDirectory.boolValue, let bundle = try bundle(at: base) {
        let (scratch, copy) = try extract(bundle, named: base)
        let bundled = RuleTestFiles.jsonFiles(under: copy + "/tests")
        groups.append(Group(rules: override ?? base, tests: bundled, scratch: scratch))
        continue
      } else if !isDirectory.boolValue {
        rules = rulesFolder(of: (base as NSString).deletingLastPathComponent)
        tests = [base]
      } else if RuleTestFiles.directoryExists(base + "/tests") {
        rules = base
        tests = RuleTestFiles.jsonFiles(under: base + "/tests")
      } else {
        rules = rulesFolder(of: base)
        tests = RuleTestFiles.jsonFiles(under: base)
      }
      let key = override ?? rules
      if let index = groups.firstIndex(where: { $0.rules == key }) {
        groups[index].tests += tests.filter { !groups[index].tests.contains($0) }
      } else {
        groups.append(Group(rules: key, tests: tests))
      }
    }
    if groups.allSatisfy({ $0.tests.isEmpty }) {
      throw CommandFailure(
        .noInput, "no rule tests (*.json) found in \(paths.joined(separator: ", ")); see docs/RuleTests.md")
    }
    return groups
  }

  /// The bundle at `path`, or nil when the file is not an archive (a test file).
  /// - Throws: ``CommandFailure`` (65) for a corrupt or modified bundle.
  static func bundle(at path: String) throws(CommandFailure) -> RulesBundle? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    let head = (try? handle.read(upToCount: 512)) ?? nil
    try? handle.close()
    guard let head, TarArchive.looksLikeArchive(head) else { return nil }
    return try BundleCommand.read(path)
  }

  /// Writes the files a bundle carries besides its rules into a new scratch folder, in a folder named after the
  /// bundle; returns both paths.
  static func extract(_ bundle: RulesBundle, named path: String) throws(CommandFailure) -> (String, String) {
    let scratch =
      NSTemporaryDirectory() + "placement-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
    let copy = scratch + "/" + (path as NSString).lastPathComponent
    do {
      for file in bundle.extras {
        let target = URL(fileURLWithPath: copy + "/" + file.path)
        try FileManager.default.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.bytes).write(to: target)
      }
    } catch {
      throw CommandFailure(.ioError, "cannot copy the tests of '\(path)' to \(scratch): \(error.localizedDescription)")
    }
    return (scratch, copy)
  }

  /// The rules folder for tests in `folder`: the parent of a `tests` folder, else the folder itself. A folder
  /// named by `.` (a test file given from inside `tests/`) is the current directory, whose name counts.
  static func rulesFolder(of folder: String) -> String {
    let folder = folder.isEmpty ? "." : folder
    if (folder as NSString).lastPathComponent == "tests" {
      let parent = (folder as NSString).deletingLastPathComponent
      return parent.isEmpty ? "." : parent
    }
    let resolved = URL(
      fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    )
    .standardizedFileURL
    return resolved.lastPathComponent == "tests" ? (folder == "." ? ".." : folder + "/..") : folder
  }
}
