import PlacementKit

/// `placement resolve`: decisions for one profile or a JSON Lines stream.
struct ResolveCommand {
  let arguments: Arguments
  let console: Console

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(
      args, valued: ["--profile", "--profiles", "--placement", "--rules", "--now", "--format", "--jobs", "--errors"],
      flags: ["--explain"])
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

  /// Streams JSON Lines: one decision line per profile and placement, in input order (see ``BatchResolution``).
  func resolveLines(
    _ path: String, ruleSet: RuleSet, placements: [String], options: ResolveOptions, output: DecisionOutput
  ) throws(CommandFailure) -> ExitCode {
    let errors = try arguments.choice("--errors", among: ["stderr", "inline"], default: "stderr")
    let jobsText = arguments.value("--jobs") ?? "1"
    guard let jobs = Int(jobsText), (1...256).contains(jobs) else {
      throw CommandFailure(.usage, "--jobs must be a whole number from 1 to 256, found '\(jobsText)'")
    }
    let limits = ProfileLimits.default
    // A line over the profile size limit is cut by the reader and reported with its length, never read as JSON.
    var reader = try LineReader(path: path, console: console, maxLineBytes: limits.json.maxBytes)
    let batch = BatchResolution(
      ruleSet: ruleSet, placements: placements, options: options, output: output, limits: limits,
      inlineErrors: errors == "inline", jobs: jobs, sourceName: path == "-" ? "<stdin>" : path)
    return batch.run(&reader)
  }
}
