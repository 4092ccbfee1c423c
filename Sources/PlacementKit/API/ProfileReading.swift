/// Reading profiles from JSON bytes (one document, or one line of JSON Lines).
extension Profile {
  /// Parses and reads a profile.
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text of one profile object.
  ///   - limits: size, depth and string-length limits (defaults: 1 MiB, depth 64, strings up to 1,024 bytes).
  /// - Throws: ``ProfileError`` naming the problem: a document over the size limit (checked before reading),
  ///   invalid JSON (with the byte offset), a string over the length limit (with its path), or a member of the
  ///   wrong type.
  public init(jsonBytes bytes: some Collection<UInt8>, limits: ProfileLimits = .default) throws(ProfileError) {
    let size = bytes.count
    guard size <= limits.json.maxBytes else { throw .tooLarge(size: size, limit: limits.json.maxBytes) }
    let value: JSONValue
    do {
      value = try JSONReader.parse(bytes, limits: limits.json)
    } catch {
      throw ProfileError(field: "json", message: "invalid JSON: \(error.message) at byte \(error.offset)\(error.lineSuffix(in: bytes))")
    }
    try limits.checkStrings(in: value)
    try self.init(json: value)
  }
}

extension ProfileError {
  /// A profile document (or batch line) longer than ``JSONLimits/maxBytes``; its bytes are not read.
  /// - Parameters:
  ///   - size: The document's length in bytes.
  ///   - limit: The limit in bytes.
  public static func tooLarge(size: Int, limit: Int) -> ProfileError {
    ProfileError(field: "json", message: "profile is \(size) bytes, over the limit of \(limit) bytes; not read")
  }
}
