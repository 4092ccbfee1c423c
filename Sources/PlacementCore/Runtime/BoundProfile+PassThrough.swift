extension BoundProfile {
  /// Removes `warning` from ``warnings``: a batch passes a member through untouched (`resolve --key`) and drops
  /// the unknown-member warning (``Profile/unknownMemberWarning(_:)``) its binding raised, since the member is
  /// the caller's, not an attribute. A profile without warnings is not touched.
  @inline(__always)
  package mutating func removeWarning(_ warning: String) {
    guard !warnings.isEmpty else { return }
    warnings.removeAll { $0 == warning }
  }
}
