/// The profile members cross-placement tests read: timed assignments and `first_paywall_at`
/// (docs/ABTests.md, "Cross-placement tests").
extension Profile {
  /// The entries of `assignments`: `"<version_id>": "<variation>"`, or
  /// `"<version_id>": {"variation": "<variation>", "at": "<ISO-8601 instant>"}` (`at` optional). Any other value
  /// costs only its entry, with a warning.
  static func assignments(_ map: [String: JSONValue], _ warnings: inout [String]) -> (
    variations: [String: String], times: [String: Instant]
  ) {
    var variations: [String: String] = [:]
    var times: [String: Instant] = [:]
    for (name, value) in map.sorted(by: { $0.key < $1.key }) {
      let path = "assignments.\(UntrustedText.escaped(name))"
      switch value {
      case .string(let variation):
        variations[name] = variation
      case .object(let entry):
        guard case .string(let variation)? = entry["variation"] else {
          warnings.append("'\(path)' must have a 'variation' string; ignored")
          continue
        }
        variations[name] = variation
        switch entry["at"] {
        case nil, .null?: break
        case .string(let text)? where Instant(iso8601: text) != nil: times[name] = Instant(iso8601: text)
        case let other?:
          warnings.append(
            "'\(path).at' must be an ISO-8601 instant, found \(Self.shown(other)); the assignment has no time")
        }
        for key in entry.keys.sorted() where key != "variation" && key != "at" {
          warnings.append("'\(path).\(UntrustedText.escaped(key))' is not an assignment member; ignored")
        }
      default:
        warnings.append("'\(path)' must be a variation id string, found \(value.typeName); ignored")
      }
    }
    return (variations, times)
  }

  /// `first_paywall_at` read as a profile's `date` attributes are read: an ISO-8601 string (with an offset, or
  /// `YYYY-MM-DD`), or a Unix time in milliseconds as a number or a numeric string; nil with a warning otherwise.
  static func firstPaywallAt(_ value: JSONValue, _ warnings: inout [String]) -> Instant? {
    if case (.date(let instant), nil) = Coercion.value(value, as: .date(.milliseconds)) { return instant }
    warnings.append(badFirstPaywallAt(shown(value)))
    return nil
  }

  /// The warning of a `first_paywall_at` that is not an instant.
  static func badFirstPaywallAt(_ found: String) -> String {
    "'first_paywall_at' must be an ISO-8601 instant or Unix milliseconds, found \(found); treated as missing "
      + "(the profile counts as new)"
  }

  private static func shown(_ value: JSONValue) -> String {
    if case .string(let text) = value { "\"\(UntrustedText.escaped(text))\"" } else { value.typeName }
  }
}
