/// The limits an Adapty profile puts on custom attributes (docs/Product.md §3): a key is 1–30 characters of
/// `[A-Za-z0-9._-]`; a value is a string of 1–50 characters after trimming whitespace, or a number; a profile holds
/// at most 30 custom attributes.
package enum AdaptyLimits {
  package static let maxKeyLength = 30
  package static let maxStringLength = 50
  package static let maxAttributes = 30

  /// Why `key` cannot be a custom attribute key, or nil when it can.
  package static func keyProblem(_ key: String) -> String? {
    if key.isEmpty || key.count > maxKeyLength {
      return "key '\(key)' has \(key.count) characters; Adapty allows 1 to \(maxKeyLength)"
    }
    let allowed = key.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
    }
    return allowed ? nil : "key '\(key)' may only use letters, digits, '.', '_' and '-'"
  }

  /// Why `value` cannot be stored under `key`, or nil when it can.
  package static func valueProblem(_ key: String, _ value: JSONValue) -> String? {
    switch value {
    case .number: return nil
    case .string(let s):
      let trimmed = s.trimmingWhitespace()
      if trimmed.isEmpty { return "'\(key)': an empty string removes the attribute in Adapty" }
      if trimmed.count > maxStringLength {
        return "'\(key)': string of \(trimmed.count) characters; Adapty stores at most \(maxStringLength)"
      }
      return nil
    case .null: return nil
    case .bool:
      return "'\(key)': a bool cannot be stored (Adapty stores strings and numbers); store \"true\"/\"false\" or 1/0"
    case .array:
      return
        "'\(key)': a list cannot be stored (Adapty stores strings and numbers); join the option ids into one string"
    case .object:
      return "'\(key)': an object cannot be stored (Adapty stores strings and numbers)"
    }
  }

  /// The value as it is written to an Adapty profile, which stores only strings and numbers: a `choices`
  /// list becomes its option ids joined with `,` in the order given (`["music","yoga"]` → `"music,yoga"`), a
  /// `bool` becomes `1` or `0`; anything else is unchanged. ``problems(_:)`` checks this stored form, so a
  /// list whose joined ids exceed 50 characters, or an empty list (stored as `""`, a removal), is reported.
  package static func stored(_ value: JSONValue) -> JSONValue {
    switch value {
    case .bool(let flag): return .number(flag ? 1 : 0)
    case .array(let elements):
      let ids = elements.compactMap(\.stringValue)
      return ids.count == elements.count ? .string(ids.joined(separator: ",")) : value
    default: return value
    }
  }

  /// Every problem with a set of custom attributes in their stored form (``stored(_:)``), sorted by key.
  package static func problems(_ attributes: [String: JSONValue]) -> [String] {
    var found: [String] = []
    if attributes.count > maxAttributes {
      found.append("\(attributes.count) custom attributes; Adapty stores at most \(maxAttributes) per profile")
    }
    for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
      if let problem = keyProblem(key) { found.append(problem) }
      if let problem = valueProblem(key, stored(value)) {
        found.append(stored(value) == value ? problem : problem + " (stored as the joined option ids)")
      }
    }
    return found
  }
}
