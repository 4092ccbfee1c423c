/// A profile laid out for one rule set: one coerced ``Value`` per attribute slot, resolved once so that
/// evaluation never looks anything up by name.
public struct BoundProfile: Sendable {
  public let profileID: String?
  /// Values indexed by ``AttributeDefinition/slot``.
  public let values: [Value]
  /// Problems found while reading and coercing the profile: uncoercible values (with the attribute name and
  /// the value seen), skipped events, ambiguous answers. They never stop a resolution.
  public let warnings: [String]

  /// Binds a profile to a rule set's attributes.
  ///
  /// For a custom attribute with a flow source, the answer derived from the profile's events wins; without
  /// one, the member of `custom_attributes` with the attribute's name is used.
  public init(_ profile: Profile, attributes: [AttributeDefinition]) {
    var values = [Value](repeating: .missing, count: attributes.count)
    var warnings = profile.warnings
    for attribute in attributes {
      if attribute.isBuiltin {
        guard let raw = profile.builtins[attribute.name] else { continue }
        values[attribute.slot] = Self.coerce(raw, attribute, &warnings)
        continue
      }
      if let source = attribute.source {
        switch profile.answers.answer(element: source.element, screen: source.screen) {
        case .found(let answer):
          let (value, problem) = Coercion.value(answer, as: attribute.type)
          if let problem {
            warnings.append("attribute '\(attribute.name)': answer \(Coercion.show(answer)) ignored: \(problem)")
          }
          values[attribute.slot] = value
          continue
        case .ambiguous(let screens):
          warnings.append(
            "attribute '\(attribute.name)': element '\(source.element)' was answered on several screens "
              + "(\(screens.joined(separator: ", "))); qualify the source with a screen")
          continue
        case .missing:
          break
        }
      }
      if let raw = profile.customAttributes[attribute.name] {
        values[attribute.slot] = Self.coerce(raw, attribute, &warnings)
      }
    }
    self.profileID = profile.profileID
    self.values = values
    self.warnings = Self.capped(warnings)
  }

  /// Warnings kept per profile; every decision repeats them, so a profile of 100,000 unknown members must not
  /// turn one 1 MiB line into megabytes of output per placement.
  public static let maxWarnings = 20

  /// The first ``maxWarnings`` warnings, then one counting the rest.
  static func capped(_ warnings: [String]) -> [String] {
    guard warnings.count > maxWarnings else { return warnings }
    return Array(warnings.prefix(maxWarnings)) + ["\(warnings.count - maxWarnings) more warnings not shown"]
  }

  private static func coerce(_ raw: JSONValue, _ attribute: AttributeDefinition, _ warnings: inout [String]) -> Value {
    let (value, problem) = Coercion.value(raw, as: attribute.type)
    if let problem {
      let verdict = value.isMissing ? "treated as missing" : "partly used"
      warnings.append("attribute '\(attribute.name)': value \(Coercion.show(raw)) \(verdict): \(problem)")
    }
    return value
  }
}
