// Binding a `Profile` (read from JSON, built in code, or fed iOS `params`) to a rule set's attribute slots. Every
// value goes through `Coercion`, the one definition of docs/Product.md §4.2; `ProfileBinder` (JSON bytes) calls the
// same functions and must agree with this file (ProfileBinderTests, ProfileBuildingDifferentialTests).

extension BoundProfile {
  /// Binds `profile` for `program`.
  ///
  /// Per attribute, in order: a built-in is read from the profile's top-level members; a custom attribute with a
  /// flow source takes the answer of the profile's events when there is one, is missing when the user cleared the
  /// field (the last event sent `""` or an empty single choice), and otherwise reads the
  /// member of `custom_attributes` with its name. A value that cannot be coerced, or that holds a string longer
  /// than `limits.maxStringBytes`, makes only that attribute missing, with a warning.
  package init(
    _ profile: Profile, attributes: [AttributeDefinition], program: Program?, boundBy: RuleSetIdentity?,
    limits: ProfileLimits
  ) {
    var values = [Value](repeating: .missing, count: attributes.count)
    var warnings = profile.warnings
    var profileID = profile.profileID
    if let id = profileID, id.utf8.count > limits.maxStringBytes {
      warnings.append(Coercion.tooLong("profile_id", bytes: id.utf8.count, limits) + "; the profile has no id")
      profileID = nil
    }
    for attribute in attributes {
      if attribute.isBuiltin {
        // An id over the limit is reported once, as the profile's missing id, not again as its attribute.
        if profileID == nil, attribute.name == "profile_id", profile.profileID != nil { continue }
        if attribute.name == BuiltinAttributes.flowCompleted, let completed = profile.answers.flowCompleted {
          values[attribute.slot] = .bool(completed)
          continue
        }
        guard let raw = Self.member(attribute.name, of: profile.builtins, "top-level", &warnings) else { continue }
        values[attribute.slot] = Coercion.value(raw, for: attribute, limits: limits, &warnings)
        continue
      }
      if let value = Self.answerValue(for: attribute, in: profile.answers, limits: limits, &warnings) {
        values[attribute.slot] = value
        continue
      }
      if let raw = Self.member(attribute.name, of: profile.customAttributes, "custom_attributes", &warnings) {
        values[attribute.slot] = Coercion.value(raw, for: attribute, limits: limits, &warnings)
      }
    }
    self.init(
      profileID: profileID, values: values, warnings: Self.capped(warnings), program: program, boundBy: boundBy)
    force = profile.force
    assignments = profile.assignments
    assignmentTimes = profile.assignmentTimes
    firstPaywallAt = profile.firstPaywallAt
    if program?.eventQueries.isEmpty == false { eventLog = EventLog(profile.activity) }
  }
}

extension BoundProfile {
  /// The value of `attribute` that the flow `answers` decide: the coerced answer of its source's element (a
  /// warning when it does not fit; an SDK 3.x option read by the source's key), missing when the element was
  /// answered on several screens (with a warning) or the user cleared the field, the declared default when its
  /// screen was presented and no input came; nil when the attribute has no source or nothing decides it, so its
  /// `custom_attributes` member does.
  static func answerValue(
    for attribute: AttributeDefinition, in answers: FlowAnswers, limits: ProfileLimits, _ warnings: inout [String]
  ) -> Value? {
    guard let source = attribute.source else { return nil }
    switch answers.answer(element: source.element, screen: source.screen) {
    case .found(let answer):
      return Coercion.value(answer.keyed(by: source.optionKey), for: attribute, limits: limits, &warnings)
    case .ambiguous(let screens):
      let names = screens.map { $0.isEmpty ? "<no instanceId>" : UntrustedText.escaped($0) }
      warnings.append(
        "attribute '\(attribute.name)': element '\(source.element)' was answered on several screens "
          + "(\(names.joined(separator: ", "))); qualify the source with a screen")
      return .missing
    case .missing:
      if answers.isCleared(element: source.element, screen: source.screen) { return .missing }
      // A preselected option sends no input: the presented screen stands for the answer.
      guard let preset = source.presentedDefault, answers.wasPresented(screen: preset.screen) else { return nil }
      return Coercion.value(.choice(preset.option), for: attribute, limits: limits, &warnings)
    }
  }

  /// The member named `name` byte for byte. A Swift dictionary finds canonically equivalent names too
  /// (`"\u{212A}arma"`, with a KELVIN SIGN, for `Karma`); such a member does not bind, with a warning, as on
  /// the JSON-bytes path, which compares names as bytes.
  static func member(
    _ name: String, of members: [String: JSONValue], _ place: String, _ warnings: inout [String]
  ) -> JSONValue? {
    guard let index = members.index(forKey: name) else { return nil }
    let (key, value) = members[index]
    guard key.utf8.elementsEqual(name.utf8) else {
      warnings.append(
        "\(place) member '\(UntrustedText.escaped(key))' is canonically equivalent to the attribute '\(name)' but "
          + "spelled with different bytes; ignored")
      return nil
    }
    return value
  }
}

extension Coercion {
  /// The value of `raw` for `attribute`, appending a warning when it is over the string limit or not coercible.
  static func value(
    _ raw: JSONValue, for attribute: AttributeDefinition, limits: ProfileLimits, _ warnings: inout [String]
  ) -> Value {
    if let bytes = longestString(in: raw), bytes > limits.maxStringBytes {
      warnings.append(tooLong("attribute '\(attribute.name)': value", bytes: bytes, limits) + "; treated as missing")
      return .missing
    }
    let (value, problem) = value(raw, as: attribute.type)
    if let problem {
      let verdict = value.isMissing ? "treated as missing" : "partly used"
      warnings.append("attribute '\(attribute.name)': value \(show(raw)) \(verdict): \(problem)")
    }
    return value
  }

  /// The value of a flow answer for `attribute`, with the same limit and warnings as a JSON value.
  static func value(
    _ answer: FlowAnswer, for attribute: AttributeDefinition, limits: ProfileLimits, _ warnings: inout [String]
  ) -> Value {
    let longest: Int? =
      switch answer {
      case .text(let s), .choice(let s): s.utf8.count
      case .choices(let ids): ids.map(\.utf8.count).max()
      case .number, .date, .toggle: nil
      case .option(let option): max(option.id.utf8.count, option.value.utf8.count)
      case .options(let options): options.map { max($0.id.utf8.count, $0.value.utf8.count) }.max()
      }
    if let longest, longest > limits.maxStringBytes {
      warnings.append(tooLong("attribute '\(attribute.name)': answer", bytes: longest, limits) + "; treated as missing")
      return .missing
    }
    let (value, problem) = value(answer, as: attribute.type)
    if let problem {
      // An answer replaces earlier ones and the profile's stored value (a cleared field hides it too), so one
      // that does not fit leaves the attribute missing: said so, not "ignored". A partly kept answer (unknown
      // option ids dropped) says what was dropped.
      let what = value.isMissing ? "answer \(show(answer)) treated as missing: " : ""
      warnings.append("attribute '\(attribute.name)': \(what)\(problem)")
    }
    return value
  }

  /// `<subject> of N bytes is over the limit of M bytes` (a limit message names both).
  static func tooLong(_ subject: String, bytes: Int, _ limits: ProfileLimits) -> String {
    "\(subject) of \(bytes) bytes is over the limit of \(limits.maxStringBytes) bytes"
  }

  /// The length in UTF-8 bytes of the longest string in a scalar or a list of scalars; nil when there is none.
  static func longestString(in raw: JSONValue) -> Int? {
    switch raw {
    case .string(let s): return s.utf8.count
    case .array(let elements): return elements.compactMap(longestString).max()
    case .null, .bool, .number, .object: return nil
    }
  }
}
