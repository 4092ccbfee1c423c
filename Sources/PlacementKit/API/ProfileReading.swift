/// Reading profiles from JSON bytes (one document, or one line of JSON Lines).
extension Profile {
  /// Parses and reads a profile.
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text of one profile object.
  ///   - limits: size and depth limits (defaults: 1 MiB, depth 64, strings up to 64 KiB).
  /// - Throws: ``ProfileError`` naming the problem: invalid JSON (with the byte offset), a limit exceeded,
  ///   or a member of the wrong type.
  public init(jsonBytes bytes: some Collection<UInt8>, limits: JSONLimits = .default) throws(ProfileError) {
    let value: JSONValue
    do {
      value = try JSONReader.parse(bytes, limits: limits)
    } catch {
      throw ProfileError(field: "json", message: "invalid JSON: \(error.message) at byte \(error.offset)")
    }
    try self.init(json: value)
  }
}
