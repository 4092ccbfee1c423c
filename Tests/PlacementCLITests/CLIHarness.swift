import Foundation
import PlacementCLI
import Synchronization
import TestSupport
import Testing

/// Runs the `placement` tool in-process and captures its output.
struct CLIRun {
  let status: Int32
  let out: String
  let err: String
}

/// The package root (the folder holding Package.swift), so tests can use the shipped Rules/ and Examples/.
let packageRoot = repositoryRoot.path

/// Runs `placement <arguments>` in-process with optional standard input lines. The process's working
/// directory is never changed (tests run in parallel): pass paths through ``repo(_:)``.
func placement(_ arguments: [String], stdin: [String] = [], environment: [String: String] = [:]) -> CLIRun {
  let out = Mutex("")
  let err = Mutex("")
  let input = Mutex(stdin[...])
  let console = Console(
    out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } },
    readLine: { input.withLock { $0.popFirst() } }, environment: environment, currentDirectory: packageRoot)
  let status = PlacementTool.run(arguments, console: console)
  return CLIRun(status: status, out: out.withLock { $0 }, err: err.withLock { $0 })
}

/// A path inside the test target's Fixtures folder.
func fixture(_ name: String) -> String {
  Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name).path
}

/// An absolute path to a file of the repository, e.g. `repo("Rules")`.
func repo(_ relative: String) -> String { packageRoot + "/" + relative }

/// Runs `git <arguments>` in the repository at `root` with a throwaway identity, its output discarded, and
/// records an issue when git fails (tests of `diff <revision>` build their own repositories).
func git(_ arguments: [String], in root: String) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["git", "-C", root, "-c", "user.name=test", "-c", "user.email=test@example.com"] + arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "git \(arguments)")
}
