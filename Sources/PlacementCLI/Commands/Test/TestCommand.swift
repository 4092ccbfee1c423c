import PlacementKit

/// `placement test [PATHS] [--rules PATH] [--coverage] [--now T]`: runs the rule tests kept next to the rules.
///
/// Prints each failing case with expected and actual values and the explain trace, then (last line)
/// `N passed, N failed` (plus `, M not run` for malformed files and cases). Exit 0 when every case passes, 1 when one fails, 65 when the rules do not compile or a
/// test file is malformed (reported with the file and JSON path; the other files still run).
struct TestCommand: Subcommand {
  let arguments: Arguments
  let console: Console

  static let options = CommandOptions(
    valued: ["--rules", "--now"], flags: ["--coverage", "--strict", "--allow-overrides"])

  init(_ args: [String], console: Console) throws(CommandFailure) {
    arguments = try Arguments(args, Self.options)
    self.console = console
  }

  func run() throws(CommandFailure) -> ExitCode {
    _ = try Support.now(arguments.value("--now"))  // a bad --now is a usage error before anything runs
    let paths = arguments.positionals.isEmpty ? ["Rules"] : arguments.positionals
    let groups = try RuleTestDiscovery.groups(paths: paths, rules: try arguments.rulesPath())
    defer { groups.forEach { $0.removeScratch() } }
    var tally = RuleTestTally()
    let report = RuleTestReport(console: console)
    for group in groups where !group.tests.isEmpty {
      let ruleSet = try Support.compileRules(
        group.rules, console: console, verbose: arguments.verbose, strict: arguments.has("--strict"))
      var decided = Set<RowKey>()
      for file in group.tests {
        run(file, on: ruleSet, tally: &tally, decided: &decided, report: report)
      }
      if arguments.has("--coverage") { report.coverage(of: ruleSet, rules: group.rules, decided: decided) }
    }
    // Cases or files that could not run (malformed, or a profile file that cannot be read) are counted apart,
    // so the summary never reads as if they had passed.
    let notRun = tally.malformed > 0 ? ", \(tally.malformed) not run" : ""
    console.out("\(tally.passed) passed, \(tally.failed) failed\(notRun)\n")
    if tally.malformed > 0 { return .dataError }
    return tally.failed > 0 ? .findings : .ok
  }

  /// Runs the cases of one test file; a malformed file or case is reported on stderr and counted.
  func run(
    _ file: String, on ruleSet: RuleSet, tally: inout RuleTestTally, decided: inout Set<RowKey>, report: RuleTestReport
  ) {
    let suite: RuleTestFile
    do {
      suite = try RuleTestFile(jsonBytes: try Support.read(file, console: console))
    } catch let error as RuleTestError {
      return report.malformed(file, error, tally: &tally)
    } catch let failure as CommandFailure {
      return report.malformed(file, RuleTestError(path: "", message: failure.message), tally: &tally)
    } catch {
      return report.malformed(file, RuleTestError(path: "", message: "\(error)"), tally: &tally)
    }
    // A case's own `now`, else its file's, else --now, else the clock.
    let fallbackNow =
      (try? Support.now(arguments.value("--now"))) ?? (try? Support.now(nil)) ?? Instant(millisecondsSince1970: 0)
    // In case order: a case malformed in itself and one that does not fit the rules are reported alike.
    for entry in suite.entries {
      let testCase: RuleTestCase
      let profile: Profile
      do {
        testCase = try entry.get()
        try testCase.validate(against: ruleSet)
        profile = try RuleTestProfiles.profile(for: testCase, testFile: file)
      } catch {
        report.malformed(file, error, tally: &tally)
        continue
      }
      let now = testCase.now ?? suite.now ?? fallbackNow
      let result = testCase.run(
        on: ruleSet, profile: ruleSet.bind(profile), now: now, allowOverrides: arguments.has("--allow-overrides"))
      for decision in result.decisions {
        decided.insert(RowKey(placement: decision.placement, row: decision.audience.index))
        // A fall-through row never decides; it is covered when a case matched it and fell through.
        for trace in decision.explanation ?? [] {
          if case .fellThrough = trace.outcome {
            decided.insert(RowKey(placement: decision.placement, row: trace.index))
          }
        }
      }
      if result.passed {
        tally.passed += 1
      } else {
        tally.failed += 1
        report.failure(file, testCase, result)
      }
    }
  }
}

/// Counts of a test run.
struct RuleTestTally {
  var passed = 0
  var failed = 0
  var malformed = 0
}

/// A row of a placement, for coverage.
struct RowKey: Hashable {
  let placement: String
  let row: Int
}
