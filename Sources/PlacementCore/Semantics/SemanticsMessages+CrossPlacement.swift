/// Messages and notes of the cross-placement entry rules (``Checker/checkCrossTestShowsPaywallsOnly(_:)``,
/// ``Checker/crossTestStickyWindow(_:)``).
extension DiagnosticMessage {
  static func crossTestShowsFlow(test: String, variation: String, flow: String, at placement: String) -> Self {
    .init(
      SemanticsCatalog.crossPlacementFlow,
      "variation '\(variation)' of cross-placement test '\(test)' shows flow '\(flow)' at '\(placement)'; "
        + "cross-placement tests show paywalls only")
  }

  static func stickyWindowUnit(_ unit: String) -> Self {
    .init(SemanticsCatalog.invalidStickyWindow, "a stickiness window is counted in days, found '\(unit)'")
  }

  static func stickyWindowCount(_ text: String, limit: Int64) -> Self {
    .init(
      SemanticsCatalog.invalidStickyWindow,
      "a stickiness window is a whole number of days from 1 to \(limit), found '\(text)'")
  }

  static func stickyWindowOnInlineTest(_ test: String) -> Self {
    .init(
      SemanticsCatalog.invalidStickyWindow,
      "test '\(test)' is inside a row: only a cross-placement test has a stickiness window ('sticky for <n> days')")
  }
}

extension Note {
  /// After `cross-placement-flow`.
  static let crossTestsArePaywallsOnly = Note(
    "Adapty runs cross-placement tests on paywalls only: flows and onboardings cannot join one; "
      + "test the flow in a row of its placement instead")
}
