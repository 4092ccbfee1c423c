/// Reads the members of a JSON object for the rule test decoder, tracking the JSON path and rejecting unknown
/// members (with a did-you-mean) so a typo never silently drops an expectation.
struct JSONFields {
  let members: [String: JSONValue]
  let path: String

  /// - Throws: ``RuleTestError`` when `value` is not an object or has a member outside `allowed`.
  init(_ value: JSONValue, path: String, allowed: [String]) throws(RuleTestError) {
    guard case .object(let members) = value else {
      throw RuleTestError(path: path, message: "must be an object, found \(value.typeName)")
    }
    for key in members.keys.sorted() where !allowed.contains(key) {
      let hint = Suggestions.closest(to: key, in: allowed).map { "; did you mean '\($0)'?" } ?? ""
      throw RuleTestError(path: path, message: "unknown member '\(key)'\(hint)")
    }
    self.members = members
    self.path = path
  }

  func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  subscript(key: String) -> JSONValue? {
    if case .null = members[key] { return nil }
    return members[key]
  }

  func string(_ key: String) throws(RuleTestError) -> String? {
    guard let value = self[key] else { return nil }
    guard case .string(let text) = value else {
      throw RuleTestError(path: child(key), message: "must be a string, found \(value.typeName)")
    }
    return text
  }

  func bool(_ key: String) throws(RuleTestError) -> Bool? {
    guard let value = self[key] else { return nil }
    guard case .bool(let flag) = value else {
      throw RuleTestError(path: child(key), message: "must be true or false, found \(value.typeName)")
    }
    return flag
  }

  func requiredString(_ key: String) throws(RuleTestError) -> String {
    guard let text = try string(key) else { throw RuleTestError(path: path, message: "missing member '\(key)'") }
    return text
  }

  func instant(_ key: String) throws(RuleTestError) -> Instant? {
    guard let text = try string(key) else { return nil }
    guard let instant = Instant(iso8601: text) else {
      throw RuleTestError(
        path: child(key), message: "must be an ISO-8601 instant with an offset or a date (YYYY-MM-DD), found '\(text)'")
    }
    return instant
  }

  func array(_ key: String) throws(RuleTestError) -> [JSONValue]? {
    guard let value = self[key] else { return nil }
    guard case .array(let elements) = value else {
      throw RuleTestError(path: child(key), message: "must be an array, found \(value.typeName)")
    }
    return elements
  }
}
