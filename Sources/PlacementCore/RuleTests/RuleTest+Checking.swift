/// One expectation a decision did not meet.
package struct RuleTestMismatch: Sendable, Equatable {
  package let placement: String
  /// `content`, `row`, `test`, `variation`, or `because[<i>]`.
  package let field: String
  package let expected: String
  package let actual: String
}

/// The outcome of one test case: the decisions (with explanations) and every unmet expectation.
package struct RuleTestResult: Sendable {
  package let decisions: [Decision]
  package let mismatches: [RuleTestMismatch]
  package var passed: Bool { mismatches.isEmpty }
}

extension RuleTestCase {
  /// Checks that every placement and row the case names exists in `ruleSet`.
  /// - Throws: ``RuleTestError`` at the expectation's path, with a did-you-mean.
  package func validate(against ruleSet: RuleSet) throws(RuleTestError) {
    for expectation in expectations {
      guard let placement = ruleSet.placement(named: expectation.placement) else {
        let hint = Suggestions.closest(to: expectation.placement, in: ruleSet.placementNames, wholeWords: true).map {
          "; did you mean '\($0)'?"
        }
        throw RuleTestError(
          path: expectation.path,
          message:
            "unknown placement '\(expectation.placement)'\(hint ?? "") (known: \(ruleSet.placementNames.joined(separator: ", ")))"
        )
      }
      let names = placement.rows.map(\.name)
      let rows = [(expectation.row, expectation.path + ".row")] + expectation.because.map { ($0.row, $0.path + ".row") }
      for case (let row?, let path) in rows {
        switch row {
        case .index(let index) where index >= names.count:
          throw RuleTestError(
            path: path, message: "placement '\(placement.name)' has rows 0–\(names.count - 1), not \(index)")
        case .name(let name) where !names.contains(name):
          let hint = Suggestions.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
          throw RuleTestError(path: path, message: "placement '\(placement.name)' has no row '\(name)'\(hint)")
        default: break
        }
      }
    }
  }

  /// Resolves every expected placement for `profile` (with explanations) and compares.
  /// - Parameter allowOverrides: honour the profile's `force` in every case (`placement test --allow-overrides`);
  ///   a case's own `"allow_overrides": true` does so for that case.
  package func run(on ruleSet: RuleSet, profile: BoundProfile, now: Instant, allowOverrides: Bool = false)
    -> RuleTestResult
  {
    let options = ResolveOptions(now: now, explain: true, allowOverrides: allowOverrides || self.allowOverrides)
    var decisions: [Decision] = []
    var mismatches: [RuleTestMismatch] = []
    for expectation in expectations {
      guard
        let decision = try? ruleSet.resolve(expectation.placement, for: profile, options: options)
      else { continue }
      decisions.append(decision)
      mismatches += expectation.mismatches(in: decision)
    }
    return RuleTestResult(decisions: decisions, mismatches: mismatches)
  }
}

extension DecisionExpectation {
  func mismatches(in decision: Decision) -> [RuleTestMismatch] {
    var found: [RuleTestMismatch] = []
    func check(_ field: String, _ ok: Bool, _ expected: String, _ actual: String) {
      if !ok { found.append(RuleTestMismatch(placement: placement, field: field, expected: expected, actual: actual)) }
    }
    let audience = decision.audience
    let actualRow = "\(audience.index) '\(audience.name)'"
    if let content {
      check("content", content == decision.content, content.ruleTestText, decision.content.ruleTestText)
    }
    if let row { check("row", row.matches(index: audience.index, name: audience.name), row.valueText, actualRow) }
    let drawn = decision.abTest
    if let test {
      check("test", drawn?.name == test, "test '\(test)'", drawn.map { "test '\($0.name)'" } ?? "no A/B test")
    }
    if let variation {
      check(
        "variation", drawn?.variation == variation, "variation '\(variation)'",
        drawn.map {
          "variation '\($0.variation)' of test '\($0.name)' (bucket \($0.bucket.map(String.init) ?? "none"))"
        }
          ?? "no A/B test")
    }
    if let reason {
      check("reason", reason == decision.reason, reason.rawValue, decision.reason.rawValue)
    }
    if let exposures {
      let matches =
        exposures.count == decision.exposures.count
        && zip(exposures, decision.exposures).allSatisfy { $0.holds(for: $1) }
      check(
        "exposures", matches, "[" + exposures.map(\.expectedText).joined(separator: ", ") + "]",
        "[" + decision.exposures.map(\.ruleTestText).joined(separator: ", ") + "]")
    }
    if let locale {
      check("locale", decision.config?.locale == locale, locale, decision.config?.locale ?? "no config")
    }
    if let config {
      let actual = decision.config?.value ?? .null
      check(
        "config", actual == config, serialized(config, sortedKeys: true),
        decision.config?.json ?? "no config")
    }
    for (index, rowCheck) in because.enumerated() {
      let trace = decision.explanation?.first { rowCheck.row.matches(index: $0.index, name: $0.name) }
      let actual = trace.map(\.ruleTestText) ?? "not tried: row \(actualRow) decided first"
      check("because[\(index)]", trace.map(rowCheck.holds) ?? false, rowCheck.expectedText, actual)
    }
    return found
  }
}

extension RowCheck {
  func holds(for trace: RowTrace) -> Bool {
    switch (outcome, trace.outcome) {
    case (.notMatched, .notMatched(let condition, let seen)):
      (self.condition.map { condition.contains($0) } ?? true) && (self.seen.map { seen.contains($0) } ?? true)
    case (.fellThrough, .fellThrough), (.decided, .decided), (.scheduledOut, .scheduledOut), (.capped, .capped),
      (.outsideLayer, .outsideLayer), (.notNewUser, .notNewUser), (.inOtherTest, .inOtherTest):
      true
    default: false
    }
  }

  var expectedText: String {
    var text = "\(row.expectedText): \(outcome.rawValue)"
    if let condition { text += ", condition containing '\(condition)'" }
    if let seen { text += ", seen containing '\(seen)'" }
    return text
  }
}

extension RowReference {
  /// `2` or `'music_fans'`, to set beside an actual row `2 'music_fans'`.
  var valueText: String {
    switch self {
    case .index(let index): "\(index)"
    case .name(let name): "'\(name)'"
    }
  }

  var expectedText: String {
    switch self {
    case .index(let index): "row \(index)"
    case .name(let name): "row '\(name)'"
    }
  }
}

extension RowTrace {
  var ruleTestText: String {
    switch outcome {
    case .notMatched(let condition, let seen):
      "row \(index) '\(name)': not_matched, condition '\(condition)'" + (seen.isEmpty ? "" : ", seen '\(seen)'")
    case .fellThrough(let reason): "row \(index) '\(name)': fell_through (\(reason))"
    case .scheduledOut(let reason): "row \(index) '\(name)': scheduled_out (\(reason))"
    case .capped(let reason): "row \(index) '\(name)': capped (\(reason))"
    case .outsideLayer(let reason): "row \(index) '\(name)': outside_layer (\(reason))"
    case .notNewUser(let reason): "row \(index) '\(name)': not_new_user (\(reason))"
    case .inOtherTest(let reason): "row \(index) '\(name)': in_other_test (\(reason))"
    case .decided: "row \(index) '\(name)': decided"
    }
  }
}

extension ExposureCheck {
  /// `yoga_offer/control bucket 28 fell_through`, with only the fields the check gives.
  var expectedText: String {
    [test + (variation.map { "/\($0)" } ?? ""), bucket.map { "bucket \($0)" }, outcome?.rawValue]
      .compactMap { $0 }.joined(separator: " ")
  }
}

extension Exposure {
  /// `yoga_offer/control bucket 28 fell_through`; `yoga_offer no bucket not_new_user` for a profile kept out.
  var ruleTestText: String {
    (outcome.isKeptOut ? "\(test) " : "\(test)/\(variation) ") + (bucket.map { "bucket \($0)" } ?? "no bucket")
      + " \(outcome.rawValue)"
  }
}

extension ShownContent {
  /// The content as a rule test writes it: `flow a`, `flow a with paywall b`, `paywall b`, `holdout`.
  package var ruleTestText: String {
    switch self {
    case .flow(let id, let paywall): "flow \(id)" + (paywall.map { " with paywall \($0)" } ?? "")
    case .paywall(let id): "paywall \(id)"
    case .holdout: "holdout"
    }
  }
}
