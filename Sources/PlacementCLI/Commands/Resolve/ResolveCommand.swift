import PlacementKit

/// `placement resolve`: decisions for one profile or a JSON Lines stream.
struct ResolveCommand: Subcommand {
  let arguments: Arguments
  let console: Console

  /// Options that only mean something for a stream (`--profiles`); given with `--profile` they are a usage
  /// error rather than silently ignored.
  static let batchOnly = ["--jobs", "--errors", "--key", "--emit"]

  static let options = CommandOptions(
    valued: [
      "--profile", "--profiles", "--placement", "--rules", "--now", "--format", "--jobs", "--errors", "--exposures",
      "--assignments-out", "--key", "--emit", "--shown",
    ],
    flags: ["--explain", "--strict", "--allow-overrides", "--default-audience", "--summary-json"])

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    let format: OutputFormat = try arguments.choice("--format", default: .json)
    let single = arguments.value("--profile")
    let batch = arguments.value("--profiles")
    guard (single == nil) != (batch == nil) else {
      throw CommandFailure(.usage, "give exactly one of --profile FILE or --profiles FILE|-")
    }
    guard arguments.positionals.isEmpty else {
      throw CommandFailure(.usage, "unexpected argument '\(arguments.positionals[0])'")
    }
    if single != nil, let option = Self.batchOnly.first(where: { arguments.value($0) != nil }) {
      throw CommandFailure(.usage, "\(option) applies to --profiles only")
    }
    if batch != nil, arguments.value("--shown") != nil {
      throw CommandFailure(.usage, "--shown applies to --profile only")
    }
    if single != nil, arguments.has("--summary-json") {
      throw CommandFailure(.usage, "--summary-json applies to --profiles only")
    }
    let recordKinds = try self.recordKinds(format: format)
    let batchOptions = try batch.map { _ throws(CommandFailure) in try self.batchOptions() }
    var options = ResolveOptions(now: try Support.now(arguments.value("--now")), explain: arguments.has("--explain"))
    options.allowOverrides = arguments.has("--allow-overrides")
    options.defaultAudience = arguments.has("--default-audience")
    let compileStart = ContinuousClock.now
    let ruleSet = try Support.compileRules(
      try arguments.rulesPath(), console: console, verbose: arguments.verbose, strict: arguments.has("--strict"))
    let compiling = ContinuousClock.now - compileStart
    if arguments.verbose { console.err("rules_version \(ruleSet.version), now \(options.now.iso8601)\n") }
    let placements = try placementHandles(in: ruleSet)
    var output = DecisionOutput(format: format, console: console, leadPlacement: placements.first?.name)
    if ruleSet.declaresDialect { output.dialectNote = AudiencesText.dialectNote(ruleSet.dialect) }
    let profile = try single.map { path throws(CommandFailure) -> Profile in
      try Support.profile(at: path, console: console)
    }
    try OutputFile.checkDistinct(
      outputs: ["--exposures", "--assignments-out", "--shown"].compactMap { option in
        arguments.value(option).map { (option, $0) }
      },
      inputs: [("--profile", single), ("--profiles", batch)].compactMap { option, path in path.map { (option, $0) } })
    // Opened before any input is read, so a log that cannot be written fails the run before it starts.
    let exposures = try arguments.value("--exposures").map { path throws(CommandFailure) in
      try OutputFile(path: path, option: "--exposures")
    }
    let records = recordKinds.map { kinds in
      var records = BatchRecords(
        emits: kinds, key: arguments.value("--key"), summary: arguments.has("--summary-json"), ruleSet: ruleSet,
        now: options.now)
      records.compiling = compiling
      return records
    }
    let emitsExposures = records?.emits.contains(.exposures) == true
    let log = exposures != nil || emitsExposures ? ExposureLog(ruleSet: ruleSet, now: options.now) : nil
    let assignments = try arguments.value("--assignments-out").map { path throws(CommandFailure) in
      try OutputFile(path: path, option: "--assignments-out")
    }
    let shown = try arguments.value("--shown").map { path throws(CommandFailure) in
      try OutputFile(path: path, option: "--shown")
    }
    let status: ExitCode
    if let profile {
      // Every prerequisite decided once for all placements, as a batch line decides them.
      let bound = ruleSet.decidingPrerequisites(ruleSet.bind(profile), options: options)
      var assigned: [String: String] = [:]
      for placement in placements {
        do throws(ResolveError) {
          let decision = try ruleSet.resolve(placement, for: bound, options: options)
          output.write(decision)
          if let log { exposures?.write(log.lines(of: decision)) }
          if let shown, let line = ShownLog.line(of: decision, now: options.now) { shown.write(line) }
          if assignments != nil { assigned.merge(ruleSet.newAssignments(decision.exposures)) { first, _ in first } }
        } catch {
          // Not reached: the handles and the profile come from this rule set.
          throw CommandFailure(.software, error.description)
        }
      }
      assignments?.write(
        AssignmentsOutput.line(
          profileID: bound.bucketingID, assigned, ruleSet: ruleSet, now: options.now))
      status = .ok
    } else {
      status = try resolveLines(
        batch!, ruleSet: ruleSet, placements: placements, options: options, output: output, batchOptions!,
        exposureLog: log, exposures: exposures, assignments: assignments, records: records)
    }
    try exposures?.close()
    try assignments?.close()
    try shown?.close()
    return status
  }

  /// The placements to resolve, each once, in the order asked (default: all, in declaration order); an unknown
  /// one is a data error listing the known ones (docs/Product.md §4.10).
  func placementHandles(in ruleSet: RuleSet) throws(CommandFailure) -> [PlacementHandle] {
    let asked = arguments.all("--placement")
    guard !asked.isEmpty else { return ruleSet.placementHandles }
    var handles: [PlacementHandle] = []
    for name in asked {
      guard let handle = ruleSet.placementHandle(named: name) else {
        throw CommandFailure(.dataError, ResolveError.unknown(placement: name, in: ruleSet).description)
      }
      if !handles.contains(handle) { handles.append(handle) }
    }
    return handles
  }

  /// With `--emit`, `--key` or `--summary-json`: the record kinds of the stream (``BatchRecords``; default:
  /// decisions); nil for the plain output. Records are JSON, so `--format text` is a usage error with them.
  func recordKinds(format: OutputFormat) throws(CommandFailure) -> BatchRecords.Kinds? {
    let emit = arguments.value("--emit")
    guard emit != nil || arguments.value("--key") != nil || arguments.has("--summary-json") else { return nil }
    guard format == .json else {
      throw CommandFailure(.usage, "--emit, --key and --summary-json write JSON records: drop --format text")
    }
    if arguments.value("--key")?.isEmpty == true {
      throw CommandFailure(.usage, "--key needs a member name")
    }
    return try emit.map { list throws(CommandFailure) in try BatchRecords.kinds(list) } ?? .decisions
  }

  /// `--jobs` and `--errors`, checked before anything is read.
  func batchOptions() throws(CommandFailure) -> (jobs: Int, inlineErrors: Bool) {
    let errors = try arguments.choice("--errors", among: ["stderr", "inline"], default: "stderr")
    let jobsText = arguments.value("--jobs") ?? "1"
    guard let jobs = Int(jobsText), (1...256).contains(jobs) else {
      throw CommandFailure(.usage, "--jobs must be a whole number from 1 to 256, found '\(jobsText)'")
    }
    return (jobs, errors == "inline")
  }

  /// Streams JSON Lines: one decision line per profile and placement, in input order (see ``BatchResolution``).
  /// - Throws: ``CommandFailure`` (exit 74) when reading the input fails part-way, after the summary.
  func resolveLines(
    _ path: String, ruleSet: RuleSet, placements: [PlacementHandle], options: ResolveOptions,
    output: DecisionOutput, _ batchOptions: (jobs: Int, inlineErrors: Bool), exposureLog: ExposureLog?,
    exposures: OutputFile?, assignments: OutputFile?, records: BatchRecords?
  ) throws(CommandFailure) -> ExitCode {
    let limits = ProfileLimits.default
    // A line over the profile size limit is cut by the reader and reported with its length, never read as JSON.
    var reader = try LineReader(path: path, console: console, maxLineBytes: limits.json.maxBytes)
    let batch = BatchResolution(
      ruleSet: ruleSet, placements: placements, options: options, output: output, limits: limits,
      inlineErrors: batchOptions.inlineErrors, jobs: batchOptions.jobs, sourceName: reader.name,
      exposureLog: exposureLog,
      collectsAssignments: assignments != nil || records?.emits.contains(.assignments) == true, records: records)
    let status = batch.run(&reader, exposures: exposures, assignments: assignments)
    if let failure = reader.commandFailure { throw failure }
    return status
  }
}
