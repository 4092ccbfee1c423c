/// Reading profiles from JSON bytes (one document, or one line of JSON Lines).
extension Profile {
  /// Parses and reads a profile.
  ///
  /// A leading UTF-8 byte-order mark is skipped. Of duplicate members the last wins, as in most
  /// JSON readers; a warning says so when the later member replaces an earlier *object* (a second
  /// `custom_attributes` replaces the first entirely) or when the two names are canonically equivalent but spelled
  /// with different bytes (D10). Strings longer than `limits.maxStringBytes` are not an error here: binding makes
  /// the attribute that holds one missing, with a warning.
  ///
  /// ```swift
  /// let profile = try Profile(jsonBytes: #"{"profile_id":"u1","custom_attributes":{"age":30}}"#.utf8)
  /// ```
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text of one profile object: `[UInt8]`, a `String`'s `utf8` view, `Data` (or
  ///     ``init(jsonData:limits:)``).
  ///   - limits: size, depth and string-length limits (defaults: 1 MiB, depth 64, strings up to 1,024 bytes).
  /// - Throws: ``ProfileError`` for a document over the size limit (checked before reading, naming both sizes in
  ///   bytes), invalid JSON (with its 1-based line and column in ``ProfileError/position``), a string over the reader's `limits.json.maxStringBytes`, or a
  ///   document that is not an object.
  public init(jsonBytes bytes: some Collection<UInt8>, limits: ProfileLimits = .default) throws(ProfileError) {
    let size = bytes.count
    guard size <= limits.json.maxBytes else { throw .tooLarge(size: size, limit: limits.json.maxBytes) }
    let skipped = Self.byteOrderMarkLength(bytes)
    let result = JSONReader.parseNotingDuplicates(bytes.dropFirst(skipped), limits: limits.json)
      .mapError { $0.shifted(by: skipped) }
    let (value, duplicates): (JSONValue, [JSONDuplicateMember])
    do {
      (value, duplicates) = try result.get()
    } catch {
      throw ProfileError(field: "json", message: "invalid JSON: \(error.message)", position: error.location(in: bytes))
    }
    try self.init(json: value)
    for duplicate in duplicates { warnings.append(Self.warning(duplicate)) }
  }

  /// 3 when `bytes` starts with the UTF-8 byte-order mark `EF BB BF`, else 0.
  static func byteOrderMarkLength(_ bytes: some Collection<UInt8>) -> Int {
    var next = bytes.makeIterator()
    return next.next() == 0xEF && next.next() == 0xBB && next.next() == 0xBF ? 3 : 0
  }

  private static func warning(_ duplicate: JSONDuplicateMember) -> String {
    let dotted = { (path: [String]) in path.map { UntrustedText.escaped($0) }.joined(separator: ".") }
    let path = dotted(duplicate.path)
    if duplicate.replacesObject {
      return "member '\(path)' appears twice: the later object replaces the earlier one entirely (the last wins)"
    }
    // Both names with the path of their object ('custom_attributes.Karma', not 'Karma').
    let earlier = dotted(duplicate.path.dropLast() + [duplicate.earlierSpelling])
    return "member names '\(earlier)' and '\(path)' are canonically "
      + "equivalent but spelled with different bytes: the later value is used under the earlier spelling"
  }
}

extension ProfileError {
  /// A profile document (or batch line) longer than ``JSONLimits/maxBytes``; its bytes are not read.
  /// - Parameters:
  ///   - size: The document's length in bytes.
  ///   - limit: The limit in bytes.
  package static func tooLarge(size: Int, limit: Int) -> ProfileError {
    ProfileError(field: "json", message: "profile is \(size) bytes, over the limit of \(limit) bytes; not read")
  }
}
