extension Explainer {
  /// Which step of a ramp applied at `now` and what it admits, e.g. `ramp step 25 % from "2026-12-08T00:00:00Z":
  /// admitted below 2500`, or that `now` is before the first step.
  static func rampStep(_ steps: [RampStep], at now: Instant) -> String {
    guard let index = RampStep.position(steps, at: now).current else {
      return "before the ramp's first step from \"\(steps[0].from.text)\": admitted none"
    }
    let step = steps[index]
    return
      "ramp step \(RampStep.percentText(step.threshold)) % from \"\(step.from.text)\": admitted below \(step.threshold)"
  }
}
