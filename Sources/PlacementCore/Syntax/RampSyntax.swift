/// One step of a ramp as written: `<percent> from "<instant>"`.
package struct RampStepSyntax: Sendable {
  /// The percentage as written (a missing name after an error).
  package let percent: Name
  /// The instant as written, without quotes (a missing name after an error).
  package let instant: Name

  package init(percent: Name, instant: Name) {
    self.percent = percent
    self.instant = instant
  }
}

/// `percent(<n> from "<instant>", …) salt "<salt>"`: a rollout whose percentage follows a schedule of steps.
package struct RampSyntax: Sendable {
  /// The steps in the order written (at least one).
  package let steps: [RampStepSyntax]
  package let salt: Name
  /// From `percent` to the salt.
  package let range: SourceRange

  package init(steps: [RampStepSyntax], salt: Name, range: SourceRange) {
    self.steps = steps
    self.salt = salt
    self.range = range
  }
}
