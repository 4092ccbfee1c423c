// The lines `ProfileBinder` reads with warnings: an unknown top-level member, a value that cannot be coerced, and
// `events`. Each warning is written by the function the reference path writes it with, and the warnings are
// ordered as that path orders them: first those of top-level members, by member name (an unknown member, a
// skipped event), then those of attributes, by slot.

extension ProfileBinder {
  /// What a line with warnings adds to its binding, and what the storage it is bound into remembers of such lines
  /// (``BoundProfile/warningNotes``): a feed whose lines carry the same stray member, or the same value that
  /// cannot be coerced, builds that warning once, not once per line. A clean line makes none.
  ///
  /// `@unchecked Sendable`: only the binder changes it, while binding into the one storage that holds it
  /// (uniquely, checked before each line). For the same reason its properties need no dynamic exclusivity
  /// checks, which would cost more than the rest of a line's warning.
  final class Notes: @unchecked Sendable {
    /// Where a warning goes in the reference path's order: `(0, member name, n)` for the n-th warning of a
    /// top-level member, `(1, "", slot)` for an attribute's.
    typealias Order = (phase: Int, member: String, position: Int)
    /// The line's warnings so far.
    @exclusivity(unchecked) var warnings: [(order: Order, text: String)] = []
    /// The answers of the line's flow events, when it has any.
    @exclusivity(unchecked) var answers: FlowAnswers?
    /// Recent top-level names that name no member, as the lines spell them (plain names), with the name and
    /// its warning.
    @exclusivity(unchecked) private(set) var unknownMembers: [(spelling: [UInt8], name: String, warning: String)] = []
    /// Recent values that could not be coerced, by slot and JSON text, with what they bind to.
    @exclusivity(unchecked) private(set) var uncoercible:
      [(slot: Int, json: [UInt8], value: Value, scalar: Scalar, warnings: [String])] = []
    /// Entries kept in each memory, the most recent ones.
    static let remembered = 32

    /// Whether the line being bound has notes of its own.
    var hasLine: Bool { !warnings.isEmpty || answers != nil }

    /// Forgets the line's notes, keeping the storage (and what it remembers) for the next line.
    func endLine() {
      if !warnings.isEmpty { warnings.removeAll(keepingCapacity: true) }
      if answers != nil { answers = nil }
    }

    /// Notes the warnings of the attribute in `slot`, in order.
    func note(_ texts: [String], slot: Int) {
      for text in texts { warnings.append(((1, "", slot), text)) }
    }

    /// The remembered name and warning of the member name spelled `spelling`.
    func unknownMember(spelled spelling: UnsafeBufferPointer<UInt8>) -> (name: String, warning: String)? {
      unknownMembers.first { Self.same($0.spelling, spelling) }.map { ($0.name, $0.warning) }
    }

    func remember(unknownMember name: String, spelled spelling: UnsafeBufferPointer<UInt8>, warning: String) {
      if unknownMembers.count == Self.remembered { unknownMembers.removeFirst() }
      unknownMembers.append((Array(spelling), name, warning))
    }

    /// What the value of `slot` written `json` binds to, when remembered.
    func uncoercible(slot: Int, json: UnsafeBufferPointer<UInt8>)
      -> (value: Value, scalar: Scalar, warnings: [String])?
    {
      uncoercible.first { $0.slot == slot && Self.same($0.json, json) }.map { ($0.value, $0.scalar, $0.warnings) }
    }

    func remember(slot: Int, json: UnsafeBufferPointer<UInt8>, value: Value, scalar: Scalar, warnings: [String]) {
      if uncoercible.count == Self.remembered { uncoercible.removeFirst() }
      uncoercible.append((slot, Array(json), value, scalar, warnings))
    }

    /// Whether `remembered` holds the bytes of `input`.
    @inline(__always)
    static func same(_ remembered: [UInt8], _ input: UnsafeBufferPointer<UInt8>) -> Bool {
      guard remembered.count == input.count else { return false }
      return remembered.withUnsafeBufferPointer { bytes in
        for index in bytes.indices where bytes[index] != input[index] { return false }
        return true
      }
    }
  }

  /// Reads the value of the top-level member whose plain name starts at `nameAt` (its opening quote), which the
  /// member loop stopped on: a name that names no member (validated, skipped, noted with the reference path's
  /// warning), or one whose member declined (false: not the common shape).
  func readUnknownMember(_ parser: inout JSONParser, nameAt: Int, into slots: inout Slots) throws(JSONError) -> Bool {
    let spelling = UnsafeBufferPointer(
      rebasing: parser.input[(nameAt + 1)..<JSONParser.firstSpecialByte(parser.input, from: nameAt + 1)])
    let notes = slots.warningNotes()
    if let (name, warning) = notes.unknownMember(spelled: spelling) {
      return try skipUnknownMember(&parser, named: name, warning: warning, notes: notes)
    }
    guard topLevelKeys.value(spelling) == nil else { return false }
    let name = String(plainASCII: spelling)
    guard BuiltinAttributes.type(of: name) == nil else { return false }
    let warning = Profile.unknownMemberWarning(name)
    notes.remember(unknownMember: name, spelled: spelling, warning: warning)
    return try skipUnknownMember(&parser, named: name, warning: warning, notes: notes)
  }

  /// ``readUnknownMember(_:nameAt:into:)`` for a name with escapes, `name` decoded (ASCII).
  func readUnknownMember(_ parser: inout JSONParser, named name: String, into slots: inout Slots) throws(JSONError)
    -> Bool
  {
    guard BuiltinAttributes.type(of: name) == nil else { return false }
    let notes = slots.warningNotes()
    return try skipUnknownMember(&parser, named: name, warning: Profile.unknownMemberWarning(name), notes: notes)
  }

  /// Validates and skips the value of the unknown top-level member `name` at `parser.index`, noting `warning`;
  /// false when `name` came before in the line (the reference path keeps one of the two).
  private func skipUnknownMember(_ parser: inout JSONParser, named name: String, warning: String, notes: Notes)
    throws(JSONError) -> Bool
  {
    guard !notes.warnings.contains(where: { $0.order.phase == 0 && $0.order.member == name }) else { return false }
    let start = parser.index
    if try !skipValue(&parser) {
      // Objects and nested arrays, as the reference reader reads them.
      parser.index = start
      guard try nestedValue(&parser, depth: 1) != nil else { return false }
    }
    notes.warnings.append(((0, name, 0), warning))
    return true
  }

  /// Binds the value of `slot` at `slots.valueStart`, which ``readPlainValue(_:slot:into:)`` declined: coerced as
  /// the reference path coerces it (`Coercion.value`), so the attribute is missing or partly used, with that
  /// path's warning. False when the value is not read alike by the reference reader (see
  /// ``nestedValue(_:depth:)``).
  @inline(never)
  func readUncoercible(_ parser: inout JSONParser, slot: Int, into slots: inout Slots) throws(JSONError) -> Bool {
    // Another value than a string in `profile_id` or `customer_user_id` is the member's own warning on the
    // reference path, not its attribute's.
    guard slot != identitySlots.profileID, slot != identitySlots.customerUserID else { return false }
    let notes = slots.warningNotes()
    // A scalar or a list of scalars is remembered by its text: the same text binds the same way.
    var end = parser
    end.index = slots.valueStart
    let json: UnsafeBufferPointer<UInt8>? =
      try skipValue(&end) ? UnsafeBufferPointer(rebasing: parser.input[slots.valueStart..<end.index]) : nil
    if let json, let (value, scalar, warnings) = notes.uncoercible(slot: slot, json: json) {
      slots.store(value, scalar, at: slot)
      notes.note(warnings, slot: slot)
      parser.index = end.index
      return true
    }
    parser.index = slots.valueStart
    // A built-in is a top-level member, a declared attribute one of `custom_attributes`.
    guard let raw = try nestedValue(&parser, depth: attributes[slot].isBuiltin ? 1 : 2) else { return false }
    var warnings: [String] = []
    let value = Coercion.value(raw, for: attributes[slot], limits: Self.limits(parser), &warnings)
    let scalar = Scalar(value, stringIDs: program.stringIDs[slot])
    slots.store(value, scalar, at: slot)
    notes.note(warnings, slot: slot)
    if let json { notes.remember(slot: slot, json: json, value: value, scalar: scalar, warnings: warnings) }
    return true
  }

  /// Completes `bound`, read from a line with notes: the line's flow answers (`notes.answers`) decide the
  /// attributes with a flow source, as on the reference path (``BoundProfile/answerValue(for:in:limits:_:)``,
  /// which replaces the `custom_attributes` member and its warning; values kept as `kept` says, as
  /// ``Slots/store(_:_:at:)`` keeps them), and the warnings go to the profile in the reference path's order,
  /// capped as it caps them.
  @inline(never)
  func finish(_ notes: Notes, into bound: inout BoundProfile, kept: UnsafePointer<Bool>, limits: ProfileLimits) {
    if let answers = notes.answers {
      // The events decide `flow_completed` over its top-level member, as on the reference path.
      if let completed = answers.flowCompleted,
        let slot = attributes.first(where: { $0.isBuiltin && $0.name == BuiltinAttributes.flowCompleted })?.slot
      {
        notes.warnings.removeAll { $0.order.phase == 1 && $0.order.position == slot }
        let value = Value.bool(completed)
        let scalar = Scalar(value, stringIDs: program.stringIDs[slot])
        bound.values[slot] = kept[slot] || scalar.tag == .other ? value : .missing
        bound.scalars[slot] = scalar
      }
      for attribute in attributes where !attribute.isBuiltin && attribute.source != nil {
        var warnings: [String] = []
        guard let value = BoundProfile.answerValue(for: attribute, in: answers, limits: limits, &warnings) else {
          continue
        }
        let slot = attribute.slot
        notes.warnings.removeAll { $0.order.phase == 1 && $0.order.position == slot }
        notes.note(warnings, slot: slot)
        let scalar = Scalar(value, stringIDs: program.stringIDs[slot])
        bound.values[slot] = kept[slot] || scalar.tag == .other ? value : .missing
        bound.scalars[slot] = scalar
      }
    }
    // Orders are distinct (a member or slot is read once per line), so the sort needs no stability.
    if notes.warnings.count > 1 { notes.warnings.sort { $0.order < $1.order } }
    if notes.warnings.count <= BoundProfile.maxWarnings {
      for warning in notes.warnings { bound.warnings.append(warning.text) }
    } else {
      BoundProfile.append(capped: notes.warnings.lazy.map(\.text), to: &bound.warnings)
    }
    notes.endLine()
  }

  /// The JSON value at `parser.index`, read by the reference reader's parser (`JSONParser.parseValue`) with the
  /// depth left below a member at `depth`; nil, consuming nothing, when the value has a duplicate member inside
  /// (the reference path may warn about it).
  func nestedValue(_ parser: inout JSONParser, depth: Int) throws(JSONError) -> JSONValue? {
    var limits = parser.limits
    limits.maxDepth -= depth
    var nested = JSONParser(input: parser.input, limits: limits)
    nested.index = parser.index
    var duplicates: [JSONDuplicateMember] = []
    let value = try nested.parseValue(noting: &duplicates)
    guard duplicates.isEmpty else { return nil }
    parser.index = nested.index
    return value
  }

  /// The limits values are coerced with on the fast path. Its reader already refused every string over the
  /// profile's string limit (`parser.limits.maxStringBytes` is the smaller of the two), so no value read is over it.
  static func limits(_ parser: JSONParser) -> ProfileLimits {
    ProfileLimits(json: parser.limits, maxStringBytes: parser.limits.maxStringBytes)
  }
}

extension ProfileBinder.Slots {
  /// The line's notes: the storage's, or made (and retained once) on the line's first warning.
  mutating func warningNotes() -> ProfileBinder.Notes {
    if let notes { return notes.takeUnretainedValue() }
    let notes = ProfileBinder.Notes()
    self.notes = Unmanaged.passRetained(notes)
    return notes
  }

}
