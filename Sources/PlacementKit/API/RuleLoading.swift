import Foundation

/// Reading rules files from disk.
public enum RuleLoading {
  /// The file extension of rules files.
  public static let fileExtension = "rules"

  /// Reads the rules files at `paths`: a file is read as is; a directory contributes every `*.rules` file
  /// below it, in path order, so compilation is reproducible.
  /// - Throws: ``LoadError`` when a path does not exist, cannot be read, or no rules file is found.
  public static func sources(at paths: [String]) throws(LoadError) -> [RuleSource] {
    var sources: [RuleSource] = []
    for path in paths {
      for file in try files(at: path) {
        guard let data = FileManager.default.contents(atPath: file) else {
          throw LoadError(path: file, message: "cannot read '\(file)'")
        }
        sources.append(RuleSource(name: file, bytes: Array(data)))
      }
    }
    if sources.isEmpty {
      throw LoadError(
        path: paths.joined(separator: ", "), message: "no .\(fileExtension) files in \(paths.joined(separator: ", "))")
    }
    return sources
  }

  /// Rules files at a path: the file itself, or the `*.rules` files below a directory, sorted.
  public static func files(at path: String) throws(LoadError) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw LoadError(path: path, message: "no such file or directory: '\(path)'")
    }
    guard isDirectory.boolValue else { return [path] }
    let base = path.hasSuffix("/") ? String(path.dropLast()) : path
    let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
    return found.filter { $0.hasSuffix(".\(fileExtension)") }.sorted().map { "\(base)/\($0)" }
  }

  /// Compiles the rules at `paths`.
  /// - Throws: ``LoadError`` when nothing can be read; compile errors are in the result's diagnostics.
  public static func compile(paths: [String], options: CompileOptions = CompileOptions()) throws(LoadError)
    -> Compilation
  {
    Compilation.compile(try sources(at: paths), options: options)
  }
}

/// A rules path that could not be read.
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
  public let path: String
  public let message: String
  public var description: String { message }
}
