import Foundation
import PlacementCore

extension Profile {
  /// Reads a profile from JSON `Data`, as a web framework hands over a request body.
  /// - Parameters:
  ///   - data: UTF-8 JSON text of one profile object (shape: see ``Profile``).
  ///   - limits: size, depth and string-length limits (defaults: 1 MiB, depth 64, strings up to 1,024 bytes).
  /// - Throws: ``ProfileError`` naming the problem: invalid JSON (with its line and column in ``ProfileError/position``), a limit exceeded (the
  ///   document's size, a string's length), or a member of the wrong type.
  public init(jsonData data: Data, limits: ProfileLimits = .default) throws(ProfileError) {
    try self.init(jsonBytes: data, limits: limits)
  }
}

extension RuleSet {
  /// Reads a profile from JSON `Data` and binds it to this rule set in one step (see
  /// ``bind(jsonBytes:limits:)``).
  /// - Throws: ``ProfileError`` as ``Profile/init(jsonData:limits:)``.
  public func bind(jsonData data: Data, limits: ProfileLimits = .default) throws(ProfileError) -> BoundProfile {
    try bind(jsonBytes: data, limits: limits)
  }
}
