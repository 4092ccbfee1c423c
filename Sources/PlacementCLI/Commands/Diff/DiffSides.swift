import Foundation
import PlacementKit

/// Where the two sides of `placement diff` come from: a rules file or folder on disk, or a git revision whose
/// copy of the rules path is read with the `git` executable (`git ls-tree` and `git show`), without touching the
/// working tree. Files read from a revision are named `<rev>:<path>` in messages.
enum DiffSides {
  /// The rules sources of one operand: a path when it exists, else a revision (`main`, `HEAD~1`, `v1.2`) of
  /// `rulesPath`, or `<rev>:<path>` for another path at a revision. With `verbose`, the files skipped in a folder on
  /// disk are named on stderr, as by the other commands.
  static func sources(_ operand: String, rulesPath: String, console: Console, verbose: Bool = false)
    throws(CommandFailure) -> [RuleSource]
  {
    let absolute = operand.hasPrefix("/") ? operand : console.currentDirectory + "/" + operand
    if FileManager.default.fileExists(atPath: absolute) {
      return try LintCommand.sources([operand], console: console, verbose: verbose)
    }
    var revision = operand
    var path = rulesPath
    if let colon = operand.firstIndex(of: ":"), colon != operand.startIndex {
      revision = String(operand[..<colon])
      path = String(operand[operand.index(after: colon)...])
    }
    return try fromRevision(revision, path: path, console: console)
  }

  /// The `*.rules` files under `path` at `revision` (or the file itself), in path order, then the config files
  /// their contents name (`config … from "<path>"`) at the same revision.
  static func fromRevision(_ revision: String, path: String, console: Console) throws(CommandFailure)
    -> [RuleSource]
  {
    let directory = console.currentDirectory
    guard (try? git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: directory)) != nil else {
      throw CommandFailure(
        .noInput, "'\(revision)' is neither a rules file or folder nor a git revision (in \(directory))")
    }
    let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    let listing: String
    do {
      listing = try git(["ls-tree", "-r", "--name-only", revision, "--", relative], in: directory)
    } catch {
      throw CommandFailure(.noInput, "cannot list '\(relative)' at '\(revision)': \(error.message)")
    }
    let files = listing.split(separator: "\n").map(String.init).filter {
      $0 == relative || $0.hasSuffix(".\(RuleLoading.fileExtension)")
    }.sorted()
    guard !files.isEmpty else {
      throw CommandFailure(.noInput, "no .\(RuleLoading.fileExtension) files in '\(relative)' at '\(revision)'")
    }
    var sources: [RuleSource] = []
    for file in files {
      do {
        let text = try git(["show", "\(revision):./\(file)"], in: directory)
        sources.append(RuleSource(name: "\(revision):\(file)", text: text))
      } catch {
        throw CommandFailure(.noInput, "cannot read '\(file)' at '\(revision)': \(error.message)")
      }
    }
    return sources + configSources(for: sources, files: files, revision: revision, in: directory)
  }

  /// Runs `git` with `arguments` in `directory`; its standard output, or a failure with its standard error.
  static func git(_ arguments: [String], in directory: String) throws(CommandFailure) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", directory] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw CommandFailure(.noInput, "cannot run git: \(error)")
    }
    // Read before waiting: a large file would otherwise fill the pipe and block git.
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let message = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      throw CommandFailure(.noInput, text.isEmpty ? "git exited with \(process.terminationStatus)" : text)
    }
    return String(decoding: output, as: UTF8.self)
  }
}
