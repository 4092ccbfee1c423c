extension Checker {
  /// A ramp: each step a percentage from 0 to 100 and an instant with an offset, the steps strictly later and
  /// never lower than the one before, and the salt the ramp's own. Its condition is a rollout with the last
  /// step's threshold (the most it ever admits) and the steps; after an error it is `false`.
  mutating func checkRamp(_ ramp: RampSyntax) -> Condition {
    guard !ramp.salt.isMissing, !ramp.steps.contains(where: { $0.percent.isMissing || $0.instant.isMissing })
    else { return .constant(false) }
    var steps: [RampStep] = []
    var previous: RampStepSyntax?
    var failed = false
    for syntax in ramp.steps {
      let threshold = Self.basisPoints(syntax.percent.text)
      if threshold == nil { report(.invalidRolloutPercentage(syntax.percent.text), syntax.percent.range) }
      let bound = checkInstant(syntax.instant, keyword: "from")
      guard let threshold, let bound else {
        failed = true
        continue
      }
      let step = RampStep(from: bound, threshold: threshold)
      if let before = steps.last, let written = previous {
        if step.from.instant <= before.from.instant {
          report(
            .rampStepOrder(step.from.text, previous: before.from.text, same: step.from == before.from),
            syntax.instant.range, notes: [.previousRampStep(at: span(written.instant.range)), .rampStepsInTimeOrder])
          failed = true
        }
        if step.threshold < before.threshold {
          report(
            .decreasingRamp(syntax.percent.text, previous: written.percent.text), syntax.percent.range,
            notes: [.previousRampStep(at: span(written.percent.range)), .rampIsMonotone])
          failed = true
        }
      }
      steps.append(step)
      previous = syntax
    }
    registerSalt(ramp.salt)
    guard !failed, let last = steps.last else { return .constant(false) }
    return .rollout(salt: ramp.salt.text, threshold: last.threshold, text: file.text(of: ramp.range), steps: steps)
  }

  /// Records a rollout's salt, reporting an empty one and one used before.
  mutating func registerSalt(_ salt: Name) {
    if salt.text.isEmpty {
      report(.emptySalt, salt.range)
    } else if let first = salts[salt.text] {
      report(
        .saltUsedTwice(salt.text), salt.range,
        notes: [.saltFirstUsed(at: first)])
    } else {
      salts[salt.text] = span(salt.range)
    }
  }
}
