import Foundation
import PlacementCore

/// Reading rules files from disk.
package enum RuleLoading {
  /// The file extension of rules files.
  package static let fileExtension = "rules"

  /// Reads the rules files at `paths`: a file is read as is; a directory contributes every `*.rules` file
  /// below it, in path order, so compilation is reproducible (see ``discover(at:)`` for what is skipped); a rules
  /// bundle (`placement bundle build`, docs/Bundles.md) contributes its rules files, verified, named
  /// `<bundle path>:<path inside>` in diagnostics.
  /// - Throws: ``LoadError`` when a path does not exist, cannot be read, is a corrupt or modified bundle
  ///   (``LoadError/isInvalidBundle``), or no rules file is found.
  package static func sources(at paths: [String]) throws(LoadError) -> [RuleSource] {
    try load(paths).sources
  }

  /// Like ``sources(at:)``, also returning the files the discovery skipped (for `--verbose`).
  package static func load(_ paths: [String]) throws(LoadError) -> (sources: [RuleSource], skipped: [SkippedFile]) {
    let read = try read(paths)
    return (read.sources, read.skipped)
  }

  /// What ``read(_:)`` found.
  struct Read {
    var sources: [RuleSource] = []
    var skipped: [SkippedFile] = []
    /// Every config and list file the rules files name, as a path on disk, whether it could be read or not.
    var named: [String] = []
  }

  /// Like ``load(_:)``, also returning the paths on disk of the config and list files the rules name (what a
  /// followed folder watches besides its rules files).
  static func read(_ paths: [String]) throws(LoadError) -> Read {
    var sources: [RuleSource] = []
    var skipped: [SkippedFile] = []
    var named: [String] = []
    for path in paths {
      let found = try discover(at: path)
      skipped += found.skipped
      var read: [RuleSource] = []
      for file in found.files {
        let bytes: [UInt8]
        do {
          bytes = try FileReading.contents(of: file)
        } catch {
          throw LoadError(path: file, message: error.message, isReadFailure: error.kind == .readFailed)
        }
        if file == path, TarArchive.looksLikeArchive(bytes) {
          sources += try bundle(bytes, at: file).sources(named: file)
        } else {
          read.append(RuleSource(name: file, bytes: bytes, path: relativePath(of: file, below: path)))
        }
      }
      let configs = configFiles(for: read)
      sources += read + configs.compactMap(\.source)
      named += configs.map(\.onDisk)
    }
    if sources.isEmpty {
      throw LoadError(
        path: paths.joined(separator: ", "), message: "no .\(fileExtension) files in \(paths.joined(separator: ", "))")
    }
    return Read(sources: sources, skipped: skipped, named: named)
  }

  /// Reads and verifies the rules bundle at `path`.
  /// - Throws: ``LoadError`` when the file cannot be read, or is not a valid bundle (``LoadError/isInvalidBundle``).
  package static func bundle(at path: String) throws(LoadError) -> RulesBundle {
    let bytes: [UInt8]
    do {
      bytes = try FileReading.contents(of: path)
    } catch {
      throw LoadError(path: path, message: error.message, isReadFailure: error.kind == .readFailed)
    }
    return try bundle(bytes, at: path)
  }

  static func bundle(_ bytes: [UInt8], at path: String) throws(LoadError) -> RulesBundle {
    do {
      return try RulesBundle.read(bytes)
    } catch {
      throw LoadError(path: path, message: "'\(path)': \(error)", isInvalidBundle: true)
    }
  }

  /// The path of `file` inside the rules folder `root` (`root` itself when it is a file: its last component), as
  /// ``RuleSource/path`` names it.
  static func relativePath(of file: String, below root: String) -> String {
    let base = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
    if file.hasPrefix(base + "/") { return String(file.dropFirst(base.count + 1)) }
    return String(file.split(separator: "/").last ?? Substring(file))
  }

  /// Rules files at a path: the file itself, or the `*.rules` files below a directory, sorted.
  package static func files(at path: String) throws(LoadError) -> [String] {
    try discover(at: path).files
  }

  /// The rules files at `path` and the ones skipped below it.
  ///
  /// A path that is not a folder (a file, a pipe, `/dev/fd/N`) is taken as it is. Below a folder, every
  /// `*.rules` file is taken, in subfolders too, sorted by path, except:
  /// - names starting with `.` (hidden files and folders, editor lock files such as Emacs's `.#paywall.rules`,
  ///   Vim's swap files), which are skipped silently but listed;
  /// - symbolic links whose target does not exist (listed as "dangling symbolic link").
  /// - Throws: ``LoadError`` when `path` does not exist.
  package static func discover(at path: String) throws(LoadError) -> (files: [String], skipped: [SkippedFile]) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let failure = FileReading.Failure(opening: path, code: errno)
      throw LoadError(path: path, message: failure.message)
    }
    guard info.st_mode & S_IFMT == S_IFDIR else { return ([path], []) }
    let base = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    var files: [String] = []
    var skipped: [SkippedFile] = []
    walk(base, relative: "", files: &files, skipped: &skipped)
    return (files.sorted().map { "\(base)/\($0)" }, skipped.sorted { $0.path < $1.path })
  }

  /// Collects the `*.rules` files below `base/relative` (paths relative to `base`). Symbolic links to folders
  /// are not followed (a link cycle cannot loop).
  private static func walk(_ base: String, relative: String, files: inout [String], skipped: inout [SkippedFile]) {
    let folder = relative.isEmpty ? base : "\(base)/\(relative)"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
      let path = relative.isEmpty ? name : "\(relative)/\(name)"
      let isRules = name.hasSuffix(".\(fileExtension)")
      if name.hasPrefix(".") {
        if isRules { skipped.append(SkippedFile(path: "\(base)/\(path)", reason: "hidden file")) }
        continue
      }
      var link = stat()
      guard lstat("\(base)/\(path)", &link) == 0 else { continue }
      if link.st_mode & S_IFMT == S_IFDIR {
        walk(base, relative: path, files: &files, skipped: &skipped)
        continue
      }
      guard isRules else { continue }
      var target = stat()
      if link.st_mode & S_IFMT == S_IFLNK, stat("\(base)/\(path)", &target) != 0 {
        skipped.append(SkippedFile(path: "\(base)/\(path)", reason: "dangling symbolic link"))
        continue
      }
      if link.st_mode & S_IFMT == S_IFLNK, target.st_mode & S_IFMT == S_IFDIR { continue }
      files.append(path)
    }
  }

  /// Compiles the rules at `paths`.
  /// - Throws: ``LoadError`` when nothing can be read; compile errors are in the result's diagnostics.
  package static func compile(paths: [String], options: CompileOptions = CompileOptions()) throws(LoadError)
    -> Compilation
  {
    Compilation.compile(try sources(at: paths), options: options)
  }

  /// Checks that `path` is a folder.
  /// - Throws: ``LoadError`` "no such file or directory" or "is not a directory".
  static func requireDirectory(_ path: String) throws(LoadError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw LoadError(path: path, message: FileReading.Failure(opening: path, code: errno).message)
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw LoadError(path: path, message: FileReading.Failure(.notDirectory, path: path, code: ENOTDIR).message)
    }
  }
}

/// A `*.rules` file that rules discovery did not read, and why ("hidden file", "dangling symbolic link").
package struct SkippedFile: Sendable, Equatable {
  package let path: String
  package let reason: String

  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}

/// A rules path that could not be read.
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
  public let path: String
  public let message: String
  /// The file was opened but reading it failed part-way (an I/O error rather than a missing input).
  public let isReadFailure: Bool
  /// The file is a rules bundle that is corrupt, was modified after it was built, or has an unknown format (bad
  /// input data rather than a missing input).
  public let isInvalidBundle: Bool
  public var description: String { message }

  public init(path: String, message: String, isReadFailure: Bool = false, isInvalidBundle: Bool = false) {
    self.path = path
    self.message = message
    self.isReadFailure = isReadFailure
    self.isInvalidBundle = isInvalidBundle
  }
}
