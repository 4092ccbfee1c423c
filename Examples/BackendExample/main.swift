// An embedding example: what a backend does with PlacementKit, without a web framework.
//
//   swift run backend-example [RULES_DIR] < Examples/profiles/batch.jsonl
//
// Loads the rules folder (default: Rules), watches it and hot-reloads on change, and answers each profile read
// from standard input (one JSON object per line, as a request body would be) with one decision line per
// placement. Reloads are logged on stderr; a broken edit is reported and the previous rules keep serving.
import Foundation
import PlacementKit

let folder = CommandLine.arguments.dropFirst().first ?? "Rules"

// Start-up: the service does not start with broken rules.
let store: RuleStore
do {
  let compiled = try RuleSet.load(directory: folder)
  store = RuleStore(try compiled.get())
  let warnings = compiled.diagnostics.filter { $0.severity == .warning }
  log("serving rules v1 from \(folder) (\(warnings.count) \(warnings.count == 1 ? "warning" : "warnings"))")
  _ = writeAll(DiagnosticRenderer().render(warnings), to: 2)
} catch {
  log("cannot start: \(error)")
  exit(65)
}

// Hot reload: PlacementKit polls the folder (once a second) and reloads the store when a rules file changes; a
// broken edit is rejected and the previous rules keep serving.
store.follow(directory: folder) { result in
  switch result.outcome {
  case .applied: log("rules changed: now serving v\(result.version)")
  case .rejected: log("rules changed but rejected; still serving v\(result.version):\n\(result.rendered())")
  case .superseded: break
  }
}

// The request loop: one profile per line in, its decisions out. Lines are read as bytes, as the CLI does:
// invalid UTF-8 is the profile's error, never silently repaired (`readLine()` would replace it with U+FFFD).
var lineNumber = 0
var input = StandardInputLines()
while let line = input.next() {
  lineNumber += 1
  if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
  let rules = store.snapshot.ruleSet  // one rule set for the whole request
  var response = ""
  do {
    let profile = try rules.bind(jsonBytes: line)
    for placement in rules.placementNames {
      response += try rules.resolve(placement, for: profile).jsonString + "\n"
    }
  } catch {
    let record: JSONValue = ["line": .number(Double(lineNumber)), "error": .string("\(error)")]
    response = serialized(record, sortedKeys: true) + "\n"
  }
  // A closed or full output ends the loop with an error instead of a crash.
  if let code = writeAll(response, to: 1) {
    log("cannot write standard output: \(String(cString: strerror(code)))")
    exit(74)
  }
}
if let failure = input.failure {
  log("cannot read standard input: \(String(cString: strerror(failure)))")
  exit(74)
}

func log(_ message: String) {
  _ = writeAll("backend-example: \(message)\n", to: 2)
}

/// Writes all of `text` with `write(2)`; the `errno` of the first failure (other than an interruption), or nil.
func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
  var text = text
  return text.withUTF8 { bytes -> Int32? in
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written >= 0 {
        offset += written
      } else if errno != EINTR {
        return errno
      }
    }
    return nil
  }
}

/// Standard input split into lines of bytes (without `\n` or `\r\n`); a read error ends the lines and is kept in
/// ``failure`` (an `errno` value).
struct StandardInputLines {
  private var buffer: [UInt8] = []
  private var atEnd = false
  private(set) var failure: Int32?

  mutating func next() -> [UInt8]? {
    while true {
      if let newline = buffer.firstIndex(of: 0x0A) {
        var line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        if line.last == 0x0D { line.removeLast() }
        return line
      }
      if atEnd {
        guard !buffer.isEmpty else { return nil }
        defer { buffer = [] }
        return buffer
      }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer += chunk[..<count]
      } else if count == 0 || errno != EINTR {
        atEnd = true
        if count < 0 {
          failure = errno
          buffer = []
        }
      }
    }
  }
}
