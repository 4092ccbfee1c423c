/// A profile laid out for one rule set: one coerced ``Value`` per attribute slot, resolved once so that
/// evaluation never looks anything up by name.
public struct BoundProfile: Sendable {
  public let profileID: String?
  /// Values indexed by ``AttributeDefinition/slot``.
  public let values: [Value]
  /// Problems found while reading and coercing the profile: uncoercible values (with the attribute name and
  /// the value seen), skipped events, ambiguous answers. They never stop a resolution.
  public let warnings: [String]
  /// The values as plain data for `program` (empty when bound without one).
  let scalars: [Scalar]
  /// The compiled program the scalars were made for; resolution takes its fast path only for this program.
  let program: Program?

  /// Binds a profile to a rule set's attributes. Prefer ``RuleSet/bind(_:)``, which also prepares the profile
  /// for the rule set's compiled conditions (a profile bound here resolves through the slower reference path).
  ///
  /// For a custom attribute with a flow source, the answer derived from the profile's events wins; without
  /// one, the member of `custom_attributes` with the attribute's name is used.
  public init(_ profile: Profile, attributes: [AttributeDefinition]) {
    self.init(profile, attributes: attributes, program: nil)
  }

  /// A bound profile from its parts; `scalars`, when given, must be the scalars of `values` for `program`.
  init(profileID: String?, values: [Value], warnings: [String], program: Program?, scalars: [Scalar]? = nil) {
    self.profileID = profileID
    self.values = values
    self.warnings = warnings
    self.program = program
    if let scalars {
      self.scalars = scalars
    } else if let program {
      self.scalars = values.indices.map { Scalar(values[$0], stringIDs: program.stringIDs[$0]) }
    } else {
      self.scalars = []
    }
  }

  init(_ profile: Profile, attributes: [AttributeDefinition], program: Program?) {
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
            // A partly kept answer (unknown option ids dropped) is not "ignored".
            let what = value.isMissing ? "answer \(Coercion.show(answer)) ignored: " : ""
            warnings.append("attribute '\(attribute.name)': \(what)\(problem)")
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
    self.init(profileID: profile.profileID, values: values, warnings: Self.capped(warnings), program: program)
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
