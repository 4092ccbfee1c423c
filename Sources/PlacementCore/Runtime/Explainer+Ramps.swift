extension Explainer {
  /// Which step of a ramp applied at `now` and what it admits, e.g. `ramp step 25 % from "2026-12-08T00:00:00Z":
  /// admitted below 2500`, or that `now` is before the first step.
  static func rampStep(_ steps: [RampStep], at now: Instant) -> String {
    guard let index = RampStep.current(steps, at: now) else {
      return "before the ramp's first step from \"\(steps[0].text)\": admitted none"
    }
    let step = steps[index]
    return "ramp step \(RampStep.percentText(step.threshold)) % from \"\(step.text)\": admitted below \(step.threshold)"
  }
}

extension RampStep {
  /// A threshold in basis points as a percentage, written as short as it goes: 2500 is `25`, 250 is `2.5`, 1234
  /// is `12.34`.
  package static func percentText(_ threshold: Int) -> String {
    let whole = threshold / 100
    let fraction = threshold % 100
    if fraction == 0 { return "\(whole)" }
    return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
