import PlacementKit

/// Prints rule test failures (stdout), malformed test files (stderr) and coverage.
struct RuleTestReport {
  let console: Console

  /// ```
  /// FAIL Rules/tests/paywall.json cases[3] 'lapsed subscribers are won back'
  ///   main_paywall content: expected paywall winback
  ///                           actual paywall standard
  ///   main_paywall decided paywall standard at row 4 'default'; explain:
  ///     row 0 lapsed: no match: subscription_state in ["expired", "cancelled"] (seen: subscription_state = active)
  /// ```
  ///
  /// Each line is made safe for a terminal (``displayRuleText(_:)``): a test case name, an expected value from the
  /// test file or a name from the rules cannot forge a `FAIL` line; profile values are already escaped and cut by
  /// the explanation (`seen`) and the warnings.
  func failure(_ file: String, _ testCase: RuleTestCase, _ result: RuleTestResult) {
    var lines = ["FAIL \(file) \(testCase.path) '\(testCase.name)'"]
    for mismatch in result.mismatches {
      let label = "  \(mismatch.placement) \(mismatch.field): "
      lines.append(label + "expected \(mismatch.expected)")
      lines.append(String(repeating: " ", count: label.count) + "  actual \(mismatch.actual)")
    }
    let failing = Set(result.mismatches.map(\.placement))
    for decision in result.decisions where failing.contains(decision.placement) {
      var line = "  \(decision.placement) decided \(decision.content.ruleTestText) at row \(decision.audience.index) "
      line += "'\(decision.audience.name)'"
      if let test = decision.abTest {
        let bucket = test.bucket.map(String.init) ?? "none"
        line += " (test '\(test.name)', variation '\(test.variation)', bucket \(bucket))"
      }
      lines.append(line + "; explain:")
      for row in decision.explanation ?? [] { lines.append("    " + row.textLine) }
      for warning in decision.warnings { lines.append("    warning: \(warning)") }
    }
    console.out(lines.map { displayRuleText($0) + "\n" }.joined())
  }

  /// `Rules/tests/x.json: error: cases[1].expect.main_paywall.row: must be a row index …`
  func malformed(_ file: String, _ error: RuleTestError, tally: inout RuleTestTally) {
    tally.malformed += 1
    console.err(displayRuleText("\(error.position?.located(in: file) ?? file): error: \(error.description)") + "\n")
  }

  /// Names every row that no case's decision came from (a fall-through row counts when a case matched it).
  func coverage(of ruleSet: RuleSet, rules: String, decided: Set<RowKey>) {
    var missing: [String] = []
    var total = 0
    for placement in ruleSet.placements {
      for (index, row) in placement.rows.enumerated() {
        total += 1
        if !decided.contains(RowKey(placement: placement.name, row: index)) {
          missing.append("  \(placement.name) row \(index) '\(row.name)'")
        }
      }
    }
    console.out("coverage of \(rules): \(total - missing.count) of \(total) rows decided by some case\n")
    for line in missing { console.out(displayRuleText(line) + "\n") }
  }
}
