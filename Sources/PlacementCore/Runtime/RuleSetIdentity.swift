/// Which rule set a ``BoundProfile`` belongs to: a bound profile holds one value per attribute slot of the rule
/// set that bound it, and string ids of that rule set's literals, so only that rule set (or one compiled from the
/// very same files, in the same order) may resolve it.
///
/// A class so that the usual check is one pointer comparison; the version settles the rare case of a rule set
/// compiled again from identical files (a hot reload that changed nothing).
package final class RuleSetIdentity: Sendable {
  /// ``RulesBundle/version(of:)`` of the rule files, in compile order.
  let version: String

  init(version: String) {
    self.version = version
  }

  /// Whether a profile bound by `other` may be resolved by the rule set of `self`.
  func accepts(_ other: RuleSetIdentity?) -> Bool {
    guard let other else { return false }
    return other === self || other.version == version
  }
}
