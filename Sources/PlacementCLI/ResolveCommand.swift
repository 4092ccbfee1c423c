import PlacementKit

/// `placement resolve`: decisions for one profile or a JSON Lines stream.
struct ResolveCommand {
  let arguments: Arguments
  let console: Console

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(
      args, valued: ["--profile", "--profiles", "--placement", "--rules", "--now", "--format"], flags: ["--explain"])
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    let format = try arguments.choice("--format", among: ["json", "text"], default: "json")
    let single = arguments.value("--profile")
    let batch = arguments.value("--profiles")
    guard (single == nil) != (batch == nil) else {
      throw CommandFailure(.usage, "give exactly one of --profile FILE or --profiles FILE|-")
    }
    guard arguments.positionals.isEmpty else {
      throw CommandFailure(.usage, "unexpected argument '\(arguments.positionals[0])'")
    }
    let options = ResolveOptions(now: try Support.now(arguments.value("--now")), explain: arguments.has("--explain"))
    let ruleSet = try Support.compileRules(arguments.value("--rules"), console: console)
    let placements = try placementNames(in: ruleSet)
    let output = DecisionOutput(format: format, console: console)
    if let single {
      let profile = ruleSet.bind(try Support.profile(at: single, console: console))
      for name in placements {
        output.write(try! ruleSet.resolve(name, for: profile, options: options))
      }
      return .ok
    }
    return try resolveLines(batch!, ruleSet: ruleSet, placements: placements, options: options, output: output)
  }

  /// The placements to resolve; an unknown one is a data error listing the known ones (PRODUCT.md §4.10).
  func placementNames(in ruleSet: RuleSet) throws(CommandFailure) -> [String] {
    let asked = arguments.all("--placement")
    guard !asked.isEmpty else { return ruleSet.placementNames }
    for name in asked where ruleSet.placement(named: name) == nil {
      let error = ResolveError.unknownPlacement(
        name, known: ruleSet.placementNames, suggestion: Suggestions.closest(to: name, in: ruleSet.placementNames))
      throw CommandFailure(.dataError, error.description)
    }
    return asked
  }

  /// Streams JSON Lines: one decision line per profile and placement, in input order; a bad line is reported
  /// with its number and skipped.
  func resolveLines(
    _ path: String, ruleSet: RuleSet, placements: [String], options: ResolveOptions, output: DecisionOutput
  ) throws(CommandFailure) -> ExitCode {
    let limits = ProfileLimits.default
    var reader = try LineReader(path: path, console: console, maxLineBytes: limits.json.maxBytes)
    var lineNumber = 0
    var failed = 0
    var resolved = 0
    while let line = reader.next() {
      lineNumber += 1
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      let profile: Profile
      do throws(ProfileError) {
        // An over-long line was cut by the reader: report its full length, never read it as JSON.
        if reader.lastLineLength > limits.json.maxBytes {
          throw ProfileError.tooLarge(size: reader.lastLineLength, limit: limits.json.maxBytes)
        }
        profile = try Profile(jsonBytes: line, limits: limits)
      } catch {
        failed += 1
        console.err("\(path == "-" ? "<stdin>" : path):\(lineNumber): error: \(error.message)\n")
        continue
      }
      let bound = ruleSet.bind(profile)
      for name in placements { output.write(try! ruleSet.resolve(name, for: bound, options: options)) }
      resolved += 1
    }
    if failed > 0 {
      console.err("\(resolved) profiles resolved, \(failed) line\(failed == 1 ? "" : "s") failed\n")
      return .findings
    }
    return .ok
  }
}
