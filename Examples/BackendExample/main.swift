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
  log("serving rules v1 from \(folder) (\(compiled.diagnostics.count) warnings)")
} catch {
  log("cannot start: \(error)")
  exit(65)
}

let watcher = RulesWatcher(folder: folder) {
  let result = store.reload(directory: folder)
  switch result.outcome {
  case .applied: log("rules changed: now serving v\(result.version)")
  case .rejected: log("rules changed but rejected; still serving v\(result.version):\n\(result.rendered())")
  case .superseded: break
  }
}
watcher.start()

// The request loop: one profile per line in, its decisions out.
var lineNumber = 0
while let line = readLine(strippingNewline: true) {
  lineNumber += 1
  if line.allSatisfy(\.isWhitespace) { continue }
  let rules = store.snapshot.ruleSet  // one rule set for the whole request
  var response = ""
  do {
    let profile = try rules.bind(jsonBytes: Array(line.utf8))
    for placement in rules.placementNames {
      response += try rules.resolve(placement: placement, profile: profile).jsonString + "\n"
    }
  } catch {
    let record: JSONValue = ["line": .number(Double(lineNumber)), "error": .string("\(error)")]
    response = serialized(record, sortedKeys: true) + "\n"
  }
  FileHandle.standardOutput.write(Data(response.utf8))
}

func log(_ message: String) {
  FileHandle.standardError.write(Data("backend-example: \(message)\n".utf8))
}
