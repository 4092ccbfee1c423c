import Foundation

/// A fresh folder under the system temp folder, removed with everything in it when the value goes away (a
/// suite holds one per test, so no test leaves files behind).
final class ScratchFolder: @unchecked Sendable {
  let path: String

  init() {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("placement-test-\(UUID().uuidString)").path
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `contents` to `name` inside the folder (creating subfolders) and returns its path.
  @discardableResult
  func file(_ name: String, _ contents: String) -> String {
    file(name, bytes: Array(contents.utf8))
  }

  @discardableResult
  func file(_ name: String, bytes: [UInt8]) -> String {
    let full = path + "/" + name
    try! FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    precondition(FileManager.default.createFile(atPath: full, contents: Data(bytes)), "cannot create \(full)")
    return full
  }
}

/// The built `placement` executable, next to the test bundle (built by `swift build --build-tests`).
let placementExecutable: String = {
  Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("placement").path
}()

/// What a shell command printed and its exit status.
struct ShellRun {
  let status: Int32
  let out: String
  let err: String
}

/// Runs `script` with bash from the package root, with `$P` set to the built `placement` executable (`$B`: `backend-example`): for
/// behaviour that needs a real file descriptor (`/dev/full`, a closed pipe, a FIFO, process substitution).
func shell(_ script: String) throws -> ShellRun {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/bash")
  process.arguments = ["-c", script]
  process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
  var environment = ProcessInfo.processInfo.environment
  environment["P"] = placementExecutable
  environment["B"] = (placementExecutable as NSString).deletingLastPathComponent + "/backend-example"
  process.environment = environment
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = FileHandle.nullDevice
  try process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return ShellRun(
    status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
    err: String(decoding: errData, as: UTF8.self))
}
