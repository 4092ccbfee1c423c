import PlacementCore

/// A placement of one rule set, looked up by name once so that resolving it cannot fail: what a batch or a
/// request loop resolves for every profile.
///
/// ```swift
/// guard let paywall = ruleSet.placementHandle(named: "main_paywall") else { … }  // an unknown name: nil
/// let decision = ruleSet.resolve(paywall, for: ruleSet.bind(profile), options: ResolveOptions(now: .now))
/// ```
public struct PlacementHandle: Sendable, Hashable {
  /// The placement's index in ``RuleSet/placements``.
  package let index: Int
  /// The placement's name.
  public let name: String
}

extension RuleSet {
  /// The handle of the placement called `name`, or nil when the rule set has no such placement.
  public func placementHandle(named name: String) -> PlacementHandle? {
    placementIndex[name].map { PlacementHandle(index: $0, name: name) }
  }

  /// A handle for every placement, in declaration order.
  public var placementHandles: [PlacementHandle] {
    placements.enumerated().map { PlacementHandle(index: $0.offset, name: $0.element.name) }
  }

  /// Resolves the placement of `handle` for a bound profile, as ``resolve(_:for:options:)`` does by name.
  /// - Throws: ``ResolveError/unknownPlacement(_:known:suggestion:)`` when `handle` is not from this rule set;
  ///   ``ResolveError/boundForAnotherRuleSet(boundBy:resolvingWith:)`` when another rule set bound `profile`.
  public func resolve(_ handle: PlacementHandle, for profile: BoundProfile, options: ResolveOptions)
    throws(ResolveError) -> Decision
  {
    guard placements.indices.contains(handle.index), placements[handle.index].name == handle.name else {
      throw .unknownPlacement(
        handle.name, known: placementNames, suggestion: Suggestions.closest(to: handle.name, in: placementNames))
    }
    try check(profile)
    return resolve(handle.index, for: profile, options: options)
  }
}

/// Untrusted text (profile ids, values) escaped and cut as in warnings, for the command-line tool's output.
package func displayEscaped(_ text: String) -> String { UntrustedText.escaped(text) }

/// Text from the rules or a rule test file (names, conditions, ids, test case names), or a line that embeds
/// already-escaped profile text, made safe for a terminal: control characters, line breaks and bidi overrides
/// escaped as in warnings (`\n`, `\u{1B}`), backslashes kept as written (a pattern's `\d` stays `\d`, and escaping
/// twice changes nothing), and not cut: this text is semi-trusted and bounded by the compile limits, and a cut
/// condition would hide the rule a reader looks for (docs/Reliability.md, "Untrusted text in output").
package func displayRuleText(_ text: String) -> String {
  UntrustedText.escaped(text, limit: .max, escapingBackslashes: false)
}
