import PlacementCore

/// What the Adapty value rules (`language-code`, `attribution-status`, `custom-string-variants`) share.
enum AdaptyValues {
  /// The operators whose literals must equal a stored value to match: the only ones these rules check.
  static let equalityOperators: Set<OperatorSyntax> = [.equal, .notEqual, .inList, .notInList]
}
