/// Diagnostic codes of ramps (`percent(<n> from "<instant>", …) salt "…"`), with their severity and summary, and
/// the wording of each message and note.
package enum RampDiagnostics {
  package static let decreasingRamp: DiagnosticCode = "decreasing-ramp"
  package static let rampStepOrder: DiagnosticCode = "ramp-step-order"

  package static let entries: [CatalogEntry] = [
    CatalogEntry(decreasingRamp, .error, "a ramp's step has a lower percentage than the step before it"),
    CatalogEntry(rampStepOrder, .error, "a ramp's step is not after the step before it in time"),
  ]
}

extension DiagnosticMessage {
  static func decreasingRamp(_ percent: String, previous: String) -> Self {
    .init(
      RampDiagnostics.decreasingRamp,
      "ramp step \(percent) % is below the step before it (\(previous) %): a ramp never takes back a profile")
  }

  static func rampStepOrder(_ text: String, previous: String, same: Bool) -> Self {
    let relation = same ? "at the same instant as" : "before"
    return .init(
      RampDiagnostics.rampStepOrder,
      "ramp step from \"\(UntrustedText.escaped(text, limit: 40))\" is \(relation) the step before it "
        + "(\"\(UntrustedText.escaped(previous, limit: 40))\")")
  }
}

extension Note {
  /// After `decreasing-ramp` and `ramp-step-order`, at the step before.
  static func previousRampStep(at span: SourceSpan) -> Note {
    Note("the step before it", at: span)
  }

  /// After `decreasing-ramp`.
  static var rampIsMonotone: Note {
    Note(
      "a profile admitted at one step stays admitted at every later one, so each step's percentage is at least "
        + "the one before; to end a rollout, remove the condition")
  }

  /// After `ramp-step-order`.
  static var rampStepsInTimeOrder: Note {
    Note("write the steps in time order, each from a later instant than the one before")
  }
}
