import PlacementKit

/// An OFREP request's evaluation context as a profile (docs/Serve.md, "OFREP"): `targetingKey` is `profile_id`;
/// every other member is an attribute, a built-in one (`country`, `app_version`, …) when it has a built-in
/// attribute's name, a custom attribute otherwise. The result is the profile's JSON, bound like any profile
/// (`RuleSet.bind(jsonBytes:)`), so values are coerced, and warned about, exactly as `placement resolve` does.
enum OFREPContext {
  /// The profile JSON of the request body `{"context": {...}}`, or the OFREP error to answer with.
  static func profile(fromBody body: [UInt8]) -> Result<[UInt8], OFREPError> {
    let root: JSONValue
    if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      root = .object([:])
    } else {
      do {
        root = try JSONReader.parse(body, limits: ProfileLimits.default.json)
      } catch {
        return .failure(.parse("the request body is not JSON: \(error.message)"))
      }
    }
    guard case .object(let request) = root else {
      return .failure(.parse("the request body must be a JSON object {\"context\": {...}}, found \(root.typeName)"))
    }
    let context: [String: JSONValue]
    switch request["context"] {
    case nil, .null?: context = [:]
    case .object(let members)?: context = members
    case let other?: return .failure(.invalidContext("context must be an object, found \(other.typeName)"))
    }
    return profile(fromContext: context)
  }

  /// `{"profile_id": targetingKey, <built-in members>, "custom_attributes": {<the others>}}`, keys sorted.
  static func profile(fromContext context: [String: JSONValue]) -> Result<[UInt8], OFREPError> {
    let key: String
    switch context["targetingKey"] {
    case nil, .null?: return .failure(.targetingKeyMissing)
    case .string(let text)? where text.isEmpty: return .failure(.targetingKeyMissing)
    case .string(let text)?: key = text
    case let other?: return .failure(.invalidContext("targetingKey must be a string, found \(other.typeName)"))
    }
    var members: [String: JSONValue] = ["profile_id": .string(key)]
    var custom: [String: JSONValue] = [:]
    for (name, value) in context where name != "targetingKey" {
      if name == "profile_id" {
        guard value == .string(key) else {
          return .failure(.invalidContext("profile_id differs from targetingKey, which is the profile's id"))
        }
      } else if BuiltinAttributes.type(of: name) != nil {
        members[name] = value
      } else {
        custom[name] = value
      }
    }
    if !custom.isEmpty { members["custom_attributes"] = .object(custom) }
    var json = JSONWriter(reservingCapacity: 256)
    json.value(.object(members), sortedKeys: true)
    return .success(json.bytes)
  }
}

/// An OFREP evaluation error: its `errorCode`, `errorDetails` and HTTP status.
struct OFREPError: Error, Sendable, Equatable {
  let code: String
  let details: String
  let status: Int

  static func parse(_ details: String) -> OFREPError { OFREPError(code: "PARSE_ERROR", details: details, status: 400) }
  static func invalidContext(_ details: String) -> OFREPError {
    OFREPError(code: "INVALID_CONTEXT", details: details, status: 400)
  }
  static let targetingKeyMissing = OFREPError(
    code: "TARGETING_KEY_MISSING",
    details: "the context needs a targetingKey: the profile's id, which A/B tests bucket by",
    status: 400)
  static func flagNotFound(_ details: String) -> OFREPError {
    OFREPError(code: "FLAG_NOT_FOUND", details: details, status: 404)
  }
  static func general(_ details: String) -> OFREPError { OFREPError(code: "GENERAL", details: details, status: 500) }
  /// No rules to evaluate with yet (503, so that clients retry).
  static func unavailable(_ details: String) -> OFREPError {
    OFREPError(code: "GENERAL", details: details, status: 503)
  }
}
