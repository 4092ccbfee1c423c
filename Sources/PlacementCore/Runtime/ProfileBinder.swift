/// Reads a profile's JSON straight into a ``BoundProfile`` for one rule set, without building a JSON tree or a
/// ``Profile``: the batch hot path.
///
/// It takes the common shape: one object of built-in attributes, `profile_id`, `customer_user_id`, `events`, and
/// a `custom_attributes` object of scalars and arrays of scalars, with ASCII member names (escapes allowed), no
/// duplicate names and no string over ``ProfileLimits/maxStringBytes``. Lines with the common warnings stay on
/// it: an unknown top-level member, a value that cannot be coerced, a skipped event (ProfileBinder+Warnings.swift
/// writes them as the reference path does). For anything else it returns nil and the caller takes the reference
/// path (`Profile(jsonBytes:)` then ``RuleSet/bind(_:)``), which also produces every error message. Numbers and
/// strings are read by the same `JSONParser` primitives and coerced by the table `Coercion.value` uses, so an accepted
/// profile binds exactly as on the reference path, warnings included (ProfileBinderTests compares both on
/// generated, example and mutated profiles).
///
/// `@unchecked Sendable`: its only non-`Sendable` storage, the plain plans, is written in `init` and only read after.
final class ProfileBinder: @unchecked Sendable {
  let attributes: [AttributeDefinition]
  let program: Program
  /// The rule set the bound profiles belong to.
  let identity: RuleSetIdentity
  /// How each slot's value is read.
  let plans: [SlotPlan]
  /// The plans' plain views, by slot (read through a pointer in the hot loop; owned, never mutated after init).
  let plainPlans: UnsafeMutableBufferPointer<SlotPlan.Plain>
  /// Top-level member names: a slot, or one of the `Member` codes (the table owns what ``topLevelKeys`` reads).
  private let topLevel: ByteKeyTable
  let topLevelKeys: ByteKeys
  /// `custom_attributes` member names of declared (non-built-in) attributes → slot.
  private let custom: ByteKeyTable
  private let customKeys: ByteKeys
  /// The slots of the built-in `profile_id` and `customer_user_id` attributes.
  let identitySlots: (profileID: Int?, customerUserID: Int?)
  /// Which slots' values are kept, by slot: first every slot (``BoundProfile/keepsEveryValue``), then those a run
  /// reads (``Program/readsValue``, and the identity slots, whose text is the profile's id).
  private let keptValues: UnsafeMutableBufferPointer<Bool>
  /// The slots a value can be stored in, for ``ProfileBinder/reset(_:_:stored:kept:)``: every slot, then (from
  /// ``fewerStored``) the kept ones of a profile that does not keep every value, and its versions (a pre-release
  /// version has no plain scalar, so its value is stored).
  private let storedSlots: UnsafeMutableBufferPointer<Int32>
  private let fewerStored: Int
  /// The distinct event names the program's queries read: each name's bytes (for a comparison without a
  /// string), the name itself (the kept event's, shared) and whether some query of that name filters on properties.
  let eventNames: [(bytes: [UInt8], name: String, filtered: Bool)]

  enum Member {
    static let profileID: Int32 = -1
    static let customerUserID: Int32 = -2
    static let customAttributes: Int32 = -3
    static let events: Int32 = -4
    static let force: Int32 = -5
    static let assignments: Int32 = -6
    /// `first_paywall_at`: always declined, so the reference path reads it (a rare member).
    static let firstPaywallAt: Int32 = -7
    /// `counters`: always declined, so the reference path reads it (a rare member).
    static let counters: Int32 = -8
    /// How many codes there are (the reserved members' flags precede the slots' in `seen`).
    static let count = 8
  }

  /// - Parameter keeping: slots whose values a batch keeps although no condition reads them (`locale`, which
  ///   picks a remote config).
  init(attributes: [AttributeDefinition], program: Program, identity: RuleSetIdentity, keeping: Set<Int> = []) {
    self.attributes = attributes
    self.program = program
    var eventNames: [(bytes: [UInt8], name: String, filtered: Bool)] = []
    for (_, query) in program.eventQueries {
      if let known = eventNames.firstIndex(where: { $0.name == query.name }) {
        if !query.filters.isEmpty { eventNames[known].filtered = true }
      } else {
        eventNames.append((Array(query.name.utf8), query.name, !query.filters.isEmpty))
      }
    }
    self.eventNames = eventNames
    self.identity = identity
    plans = attributes.map { SlotPlan($0.type, literals: program.stringIDs[$0.slot]) }
    plainPlans = .allocate(capacity: max(1, plans.count))
    for (slot, plan) in plans.enumerated() { (plainPlans.baseAddress! + slot).initialize(to: plan.plain) }
    var top: [(name: String, value: Int32)] = [
      ("profile_id", Member.profileID), ("customer_user_id", Member.customerUserID),
      ("custom_attributes", Member.customAttributes), ("events", Member.events),
      ("force", Member.force), ("assignments", Member.assignments), ("first_paywall_at", Member.firstPaywallAt),
      ("counters", Member.counters),
    ]
    var declared: [(name: String, value: Int32)] = []
    for attribute in attributes where !attribute.isPrerequisite {
      if attribute.isBuiltin {
        if !top.contains(where: { $0.name == attribute.name }) { top.append((attribute.name, Int32(attribute.slot))) }
      } else {
        declared.append((attribute.name, Int32(attribute.slot)))
      }
    }
    topLevel = ByteKeyTable(top)
    topLevelKeys = topLevel.keys
    custom = ByteKeyTable(declared)
    customKeys = custom.keys
    let slot = { (name: String) in attributes.first { $0.isBuiltin && $0.name == name }?.slot }
    identitySlots = (slot("profile_id"), slot("customer_user_id"))
    keptValues = .allocate(capacity: max(1, 2 * attributes.count))
    keptValues.initialize(repeating: true)
    var fewer: [Int32] = []
    for slot in attributes.indices {
      let kept =
        program.readsValue[slot] || slot == identitySlots.profileID || slot == identitySlots.customerUserID
        || keeping.contains(slot)
      keptValues[attributes.count + slot] = kept
      if kept || plans[slot].plain.kind == .version { fewer.append(Int32(slot)) }
    }
    storedSlots = .allocate(capacity: max(1, attributes.count + fewer.count))
    _ = storedSlots.initialize(from: (0..<Int32(attributes.count)).map { $0 } + fewer)
    fewerStored = attributes.count
  }

  deinit {
    plainPlans.deallocate()
    keptValues.deallocate()
    storedSlots.deallocate()
  }

  /// The bound profile, or nil when the input is not of the common shape (see the type's documentation).
  func bind(_ input: UnsafeBufferPointer<UInt8>, limits: ProfileLimits) -> BoundProfile? {
    var bound = emptyProfile()
    return bind(input, limits: limits, into: &bound) ? bound : nil
  }

  /// A profile of this rule set with every value missing: the storage ``bind(_:limits:into:)`` fills.
  /// With `learnsMemberOrder`, the profile also keeps ``BoundProfile/memberHints`` (for storage that many lines
  /// are bound into: the batch's); a profile bound once does without.
  func emptyProfile(learnsMemberOrder: Bool = false) -> BoundProfile {
    var profile = BoundProfile(
      profileID: nil, values: Array(repeating: .missing, count: attributes.count), warnings: [], program: program,
      boundBy: identity, scalars: Array(repeating: .missing, count: attributes.count))
    if learnsMemberOrder { profile.memberHints = Array(repeating: -1, count: hintCount) }
    return profile
  }

  /// ``BoundProfile/memberHints``' size: two guesses for each position of the top-level table (its start and
  /// each bucket), then as many for `custom_attributes`' (see ``readKeyedMembers(_:keys:hints:opened:_:)``).
  var hintCount: Int { 2 * (topLevelKeys.bucketCount + 1 + customKeys.bucketCount + 1) }

  /// Binds `input` into `bound`, reusing its storage when `bound` is uniquely held and was made by this binder
  /// (the batch path binds every line into one profile: no allocation per line); false, with `bound` in an
  /// unspecified state, when the input is not of the common shape. Without `keepingEveryValue`, only the values
  /// a run reads are built (``BoundProfile/keepsEveryValue``).
  func bind(
    _ input: UnsafeBufferPointer<UInt8>, limits: ProfileLimits, into bound: inout BoundProfile,
    keepingEveryValue: Bool = true
  ) -> Bool {
    guard input.count <= limits.json.maxBytes, limits.json.maxDepth >= 3 else { return false }
    if bound.boundBy !== identity || bound.values.count != attributes.count { bound = emptyProfile() }
    guard bound.memberHints.count == hintCount else {
      // No hints to learn into: guesses start empty and are dropped (on the stack, no allocation).
      return withUnsafeTemporaryAllocation(of: Int32.self, capacity: hintCount) { hints in
        hints.initialize(repeating: -1)
        return bind(input, limits: limits, into: &bound, hints: hints, keepingEveryValue: keepingEveryValue)
      }
    }
    // Moved out while `bound` is written (one access at a time), and back after.
    var hints: [Int32] = []
    swap(&hints, &bound.memberHints)
    defer { swap(&hints, &bound.memberHints) }
    return hints.withUnsafeMutableBufferPointer {
      bind(input, limits: limits, into: &bound, hints: $0, keepingEveryValue: keepingEveryValue)
    }
  }

  private func bind(
    _ input: UnsafeBufferPointer<UInt8>, limits: ProfileLimits, into bound: inout BoundProfile,
    hints: UnsafeMutableBufferPointer<Int32>, keepingEveryValue: Bool
  ) -> Bool {
    // The values stored so far were stored as `bound` said it keeps them.
    let stored = UnsafeBufferPointer(
      rebasing: storedSlots[bound.keepsEveryValue ? 0..<fewerStored : fewerStored..<storedSlots.count])
    let keptBefore = UnsafePointer(keptValues.baseAddress! + (bound.keepsEveryValue ? 0 : attributes.count))
    bound.resetMembers()
    bound.keepsEveryValue = keepingEveryValue
    // Strings (names too) over the profile's string limit make the parser throw, so the binder declines and the
    // reference path reports the string with its path.
    var json = limits.json
    json.maxStringBytes = min(json.maxStringBytes, limits.maxStringBytes)
    var parser = JSONParser(input: input, limits: json)
    var profileID: String? = nil
    var profileIDSource = (start: -1, end: -1)
    var experiment: (force: [String: String]?, assignments: [String: String]?) = (nil, nil)
    var activity: ProfileActivity? = nil
    // The storage's notes, when it has some of its own: unowned while it holds them.
    var notes: Unmanaged<Notes>? = nil
    if bound.warningNotes != nil {
      if isKnownUniquelyReferenced(&bound.warningNotes) {
        notes = Unmanaged.passUnretained(bound.warningNotes!)
      } else {
        bound.warningNotes = nil
      }
    }
    let complete = bound.values.withUnsafeMutableBufferPointer { values in
      bound.scalars.withUnsafeMutableBufferPointer { scalars in
        // Which members were seen (duplicates decline): one flag per slot, plus the reserved members.
        Self.reset(values, scalars, stored: stored, kept: keptBefore)
        return withUnsafeTemporaryAllocation(of: Bool.self, capacity: attributes.count + Member.count) { seen in
          seen.initialize(repeating: false)
          let kept = UnsafePointer(keptValues.baseAddress! + (keepingEveryValue ? 0 : attributes.count))
          var slots = Slots(values: values, scalars: scalars, hints: hints, kept: kept, notes: notes)
          defer {
            (profileID, experiment) = (slots.profileID, (slots.force, slots.assignments))
            activity = slots.activity
          }
          do throws(JSONError) {
            var complete = try readProfile(&parser, into: &slots, seen: seen)
            if !complete { complete = try readOtherMembers(&parser, into: &slots, seen: seen) }
            (profileIDSource, notes) = (slots.profileIDSource, slots.notes)
            return complete
          } catch {
            notes = slots.notes
            return false
          }
        }
      }
    }
    // Notes made for this line (retained by ``Slots/warningNotes()``) are the storage's from now on, whether or
    // not the line was read to its end.
    let lineNotes = notes.map { notes in
      let lineNotes = notes.takeUnretainedValue()
      if bound.warningNotes !== lineNotes { bound.warningNotes = notes.takeRetainedValue() }
      return lineNotes
    }
    guard complete else {
      lineNotes?.endLine()
      return false
    }
    bound.profileID = profileID
    if profileIDSource.start >= 0 { bound.profileIDSource = profileIDSource.start..<profileIDSource.end }
    if let force = experiment.force, !force.isEmpty { bound.force = force }
    if let assignments = experiment.assignments, !assignments.isEmpty { bound.assignments = assignments }
    if !program.eventQueries.isEmpty { bound.eventLog = EventLog(activity ?? ProfileActivity()) }
    if let lineNotes, lineNotes.hasLine {
      let kept = UnsafePointer(keptValues.baseAddress! + (keepingEveryValue ? 0 : attributes.count))
      finish(lineNotes, into: &bound, kept: kept, limits: Self.limits(parser))
    }
    return true
  }

  private func readProfile(
    _ parser: inout JSONParser, into slots: inout Slots, seen: UnsafeMutableBufferPointer<Bool>
  ) throws(JSONError) -> Bool {
    parser.skipWhitespace()
    guard parser.current == UInt8(ascii: "{") else { return false }
    let topHints = UnsafeMutableBufferPointer(rebasing: slots.hints[..<(2 * (topLevelKeys.bucketCount + 1))])
    let customHints = UnsafeMutableBufferPointer(rebasing: slots.hints[(2 * (topLevelKeys.bucketCount + 1))...])
    let complete = try readKeyedMembers(&parser, keys: topLevelKeys, hints: topHints) {
      parser, code throws(JSONError) in
      try readTopLevelMember(code, &parser, into: &slots, seen: seen, customHints: customHints)
    }
    guard complete else { return false }
    parser.skipWhitespace()
    return parser.index == parser.input.count
  }

  /// Reads the value of the top-level member `code` (a slot, or a negative `Member` code; nil for a name that is
  /// neither, which the member loop leaves to ``readOtherMembers(_:into:seen:)``) at
  /// `parser.index`; false when the input is not of the common shape.
  @inline(__always)
  private func readMember(
    _ code: Int32?, _ parser: inout JSONParser, into slots: inout Slots, seen: UnsafeMutableBufferPointer<Bool>,
    customHints: UnsafeMutableBufferPointer<Int32>
  ) throws(JSONError) -> Bool {
    guard let code, Self.remember(code, in: seen) else { return false }
    // A built-in attribute (most members) in the loop; the reserved members in their own function.
    if code >= 0 { return try readValue(&parser, slot: Int(code), into: &slots) }
    return try readReservedMember(code, &parser, into: &slots, seen: seen, customHints: customHints)
  }

  /// ``readMember(_:_:into:seen:customHints:)`` in the top-level member loop: a name that is in no table stops the
  /// loop, for ``readOtherMembers(_:into:seen:)`` to read on from; a member whose reader returns false sets
  /// ``Slots/declined``, so that a stop inside its value (a member of a nested object) is never read on from as if
  /// it were a top-level one.
  @inline(__always)
  private func readTopLevelMember(
    _ code: Int32?, _ parser: inout JSONParser, into slots: inout Slots, seen: UnsafeMutableBufferPointer<Bool>,
    customHints: UnsafeMutableBufferPointer<Int32>
  ) throws(JSONError) -> Bool {
    guard let code else { return false }
    if try readMember(code, &parser, into: &slots, seen: seen, customHints: customHints) { return true }
    slots.declined = true
    return false
  }

  /// Reads on where ``readProfile(_:into:seen:)`` stopped, when its member loop stopped on a member it leaves to
  /// this function (``stop(of:)``): a name with escapes, read as the member it names, or a name that is neither an
  /// attribute nor a profile member (``readUnknownMember(_:named:into:)``); then the members after it, in the loop
  /// again, to the end of the input. False for any other stop: the line is not of the common shape.
  @inline(never)
  private func readOtherMembers(
    _ parser: inout JSONParser, into slots: inout Slots, seen: UnsafeMutableBufferPointer<Bool>
  ) throws(JSONError) -> Bool {
    let hints = UnsafeMutableBufferPointer(rebasing: slots.hints[..<(2 * (topLevelKeys.bucketCount + 1))])
    let customHints = UnsafeMutableBufferPointer(rebasing: slots.hints[(2 * (topLevelKeys.bucketCount + 1))...])
    while true {
      guard !slots.declined, let stop = Self.stop(of: parser) else { return false }
      if stop.atValue {
        // A plain name: one that names no member (a warning), or its member declined.
        guard try readUnknownMember(&parser, nameAt: stop.nameAt, into: &slots) else { return false }
      } else {
        // A name with escapes: the member it names, or a warning.
        guard let (name, code) = try memberName(&parser, keys: topLevelKeys) else { return false }
        if let code {
          guard try readMember(code, &parser, into: &slots, seen: seen, customHints: customHints) else { return false }
        } else {
          guard try readUnknownMember(&parser, named: name, into: &slots) else { return false }
        }
      }
      guard let more = nextElement(&parser, closing: UInt8(ascii: "}")) else { return false }
      if !more { break }
      let complete = try readKeyedMembers(&parser, keys: topLevelKeys, hints: hints, opened: true) {
        parser, code throws(JSONError) in
        try readTopLevelMember(code, &parser, into: &slots, seen: seen, customHints: customHints)
      }
      if complete { break }
    }
    parser.skipWhitespace()
    return parser.index == parser.input.count
  }

  /// Reads the value of the reserved top-level member `code` (a negative `Member` code) at `parser.index`; false
  /// when the input is not of the common shape.
  @inline(never)
  private func readReservedMember(
    _ code: Int32, _ parser: inout JSONParser, into slots: inout Slots, seen: UnsafeMutableBufferPointer<Bool>,
    customHints: UnsafeMutableBufferPointer<Int32>
  ) throws(JSONError) -> Bool {
    switch code {
    case Member.profileID, Member.customerUserID:
      // Read as the string attribute it is (one string reader); the id is that value.
      if let slot = code == Member.profileID ? identitySlots.profileID : identitySlots.customerUserID,
        plainPlans[slot].kind == .string
      {
        let start = parser.index
        guard try readValue(&parser, slot: slot, into: &slots) else { return false }
        if code == Member.profileID, case .string(let text) = slots.values[slot] {
          slots.profileID = text
          // A string with no byte the writer would escape is its own JSON.
          if JSONParser.firstSpecialByte(parser.input, from: start + 1) == parser.index - 1 {
            slots.profileIDSource = (start, parser.index)
          }
        }
        return true
      }
      if try readNull(&parser) { return true }
      guard parser.current == UInt8(ascii: "\"") else { return false }
      let text = try parser.parseString()
      if code == Member.profileID { slots.profileID = text }
      if let slot = code == Member.profileID ? identitySlots.profileID : identitySlots.customerUserID {
        text.storeString(at: slot, self, into: &slots)
      }
      return true
    case Member.events:
      if try readNull(&parser) { return true }
      return try readEvents(&parser, into: &slots)
    case Member.force, Member.assignments:
      if try readNull(&parser) { return true }
      guard parser.current == UInt8(ascii: "{") else { return false }
      var map: [String: String] = [:]
      let read = try readMembers(&parser) { parser, name throws(JSONError) in
        guard parser.current == UInt8(ascii: "\""), map[String(decoding: name, as: UTF8.self)] == nil else {
          return false
        }
        map[String(decoding: name, as: UTF8.self)] = try parser.parseString()
        return true
      }
      if code == Member.force { slots.force = map } else { slots.assignments = map }
      return read
    case Member.firstPaywallAt, Member.counters:
      return false
    case Member.customAttributes:
      if try readCustomAttributes(&parser, into: &slots, seen: seen, hints: customHints) { return true }
      return try readOtherCustomAttributes(&parser, into: &slots, seen: seen, hints: customHints)
    default:
      preconditionFailure("member code \(code) is not reserved")
    }
  }

  /// The `custom_attributes` member's value at `parser.index`: null, or an object of declared attributes (others
  /// are validated and skipped), for ``readReservedMember(_:_:into:seen:customHints:)``.
  @inline(never)
  private func readCustomAttributes(
    _ parser: inout JSONParser, into slots: inout Slots, seen: UnsafeMutableBufferPointer<Bool>,
    hints: UnsafeMutableBufferPointer<Int32>
  ) throws(JSONError) -> Bool {
    if try readNull(&parser) { return true }
    guard parser.current == UInt8(ascii: "{") else { return false }
    return try readKeyedMembers(&parser, keys: customKeys, hints: hints) { parser, slot throws(JSONError) in
      try readCustomMember(slot, &parser, into: &slots, seen: seen)
    }
  }

  /// Reads the value of the `custom_attributes` member of the declared attribute in `slot` at `parser.index`, or
  /// validates and skips one nobody declared (nil); false when the input is not of the common shape.
  @inline(__always)
  private func readCustomAttribute(
    _ slot: Int32?, _ parser: inout JSONParser, into slots: inout Slots, seen: UnsafeMutableBufferPointer<Bool>
  ) throws(JSONError) -> Bool {
    guard let slot else { return try skipValue(&parser) }
    guard Self.remember(slot, in: seen) else { return false }
    return try readValue(&parser, slot: Int(slot), into: &slots)
  }

  /// ``readCustomAttribute(_:_:into:seen:)`` in the `custom_attributes` member loop: false sets
  /// ``Slots/declined`` (only the loop's own stops are read on from).
  @inline(__always)
  private func readCustomMember(
    _ slot: Int32?, _ parser: inout JSONParser, into slots: inout Slots, seen: UnsafeMutableBufferPointer<Bool>
  ) throws(JSONError) -> Bool {
    if try readCustomAttribute(slot, &parser, into: &slots, seen: seen) { return true }
    slots.declined = true
    return false
  }

  /// Reads on where ``readCustomAttributes(_:into:seen:hints:)`` stopped, when its member loop stopped on a name
  /// with escapes (``stop(of:)``): the declared attribute it names, or one nobody declared; then the members after
  /// it, in the loop again. False for any other stop: the line is not of the common shape.
  @inline(never)
  private func readOtherCustomAttributes(
    _ parser: inout JSONParser, into slots: inout Slots, seen: UnsafeMutableBufferPointer<Bool>,
    hints: UnsafeMutableBufferPointer<Int32>
  ) throws(JSONError) -> Bool {
    while true {
      // The loop reads every plain name itself.
      guard !slots.declined, let stop = Self.stop(of: parser), !stop.atValue,
        let (_, slot) = try memberName(&parser, keys: customKeys),
        try readCustomAttribute(slot, &parser, into: &slots, seen: seen),
        let more = nextElement(&parser, closing: UInt8(ascii: "}"))
      else { return false }
      if !more { return true }
      let complete = try readKeyedMembers(&parser, keys: customKeys, hints: hints, opened: true) {
        parser, slot throws(JSONError) in
        try readCustomMember(slot, &parser, into: &slots, seen: seen)
      }
      if complete { return true }
    }
  }

  /// Makes every value and scalar missing. `stored` lists the slots a value can be in and `kept` says which
  /// slots' values were kept when they were stored (``Slots/store(_:_:at:)``): a value is set only beside a set
  /// scalar, and a value not kept only beside an `.other` one, so only those values are written.
  @inline(__always)
  static func reset(
    _ values: UnsafeMutableBufferPointer<Value>, _ scalars: UnsafeMutableBufferPointer<Scalar>,
    stored: UnsafeBufferPointer<Int32>, kept: UnsafePointer<Bool>
  ) {
    for slot in stored.lazy.map(Int.init) where scalars[slot].tag != .missing {
      if kept[slot] || scalars[slot].tag == .other { values[slot] = .missing }
    }
    // `.missing` is all zero bytes (ScalarTests checks it): one fill of the buffer instead of a store per field.
    let raw = UnsafeMutableRawBufferPointer(scalars)
    raw.initializeMemory(as: UInt8.self, repeating: 0)
    _ = raw.bindMemory(to: Scalar.self)
  }

  /// Records a member (a slot, or a negative `Member` code); false when it was already seen. The codes -7…-1
  /// and slots 0… are consecutive integers, so one addition gives the flag's index.
  @inline(__always)
  private static func remember(_ code: Int32, in seen: UnsafeMutableBufferPointer<Bool>) -> Bool {
    let index = Int(code) + Member.count
    if seen[index] { return false }
    seen[index] = true
    return true
  }

  /// Where the values being bound go (the bound profile's storage), and the members read on the way.
  struct Slots {
    let values: UnsafeMutableBufferPointer<Value>
    let scalars: UnsafeMutableBufferPointer<Scalar>
    /// The profile's ``BoundProfile/memberHints``.
    let hints: UnsafeMutableBufferPointer<Int32>
    /// By slot: whether its value is kept (``BoundProfile/keepsEveryValue``).
    let kept: UnsafePointer<Bool>
    var profileID: String?
    /// ``BoundProfile/profileIDSource``, in the bytes being bound, as plain integers (-1 for none).
    var profileIDSource = (start: -1, end: -1)
    /// The `force` and `assignments` members (test name or version id → variation id).
    var force: [String: String]?
    var assignments: [String: String]?
    /// The behavioural events of the `events` member, when it has some.
    var activity: ProfileActivity?
    /// Where the value ``ProfileBinder/readValue(_:slot:into:)`` reads starts.
    var valueStart = 0
    /// Whether a member's reader returned false: the line is not of the common shape, wherever a member loop
    /// stopped (``ProfileBinder/stop(of:)`` tells a position, not the object it is in).
    var declined = false
    /// The notes of the line's warnings and flow answers: the storage's own (unowned), or nil until the line's
    /// first warning makes some (``warningNotes()``, which retains them once: the binder takes them after the
    /// line). Unmanaged, so that a clean line's slots cost no release.
    var notes: Unmanaged<Notes>?

    /// Stores the scalar of `slot`, and its value when the slot's value is kept or the scalar has no plain form
    /// (`.other`: a run reads such a value); `value` is not built otherwise. The slot holds `.missing` (the
    /// profile was reset, and a member seen twice declines before its second value is read), which owns nothing,
    /// so the value is initialized over it instead of assigned: no destroying of the value it replaces.
    @inline(__always)
    func store(_ value: @autoclosure () -> Value, _ scalar: Scalar, at slot: Int) {
      if kept[slot] || scalar.tag == .other { (values.baseAddress! + slot).initialize(to: value()) }
      scalars[slot] = scalar
    }

    init(
      values: UnsafeMutableBufferPointer<Value>, scalars: UnsafeMutableBufferPointer<Scalar>,
      hints: UnsafeMutableBufferPointer<Int32>, kept: UnsafePointer<Bool>, notes: Unmanaged<Notes>?
    ) {
      self.values = values
      self.scalars = scalars
      self.hints = hints
      self.kept = kept
      self.notes = notes
    }
  }
}

extension RuleSet {
  /// ``bind(jsonBytes:limits:)`` into `profile`, reusing its storage when it was bound by this rule set and is
  /// uniquely held: the batch path binds every line into one profile, with no allocation per line. Without
  /// `keepingEveryValue`, the fast path keeps only the values a resolution reads (``BoundProfile/keepsEveryValue``):
  /// for profiles that are resolved, never explained nor shown.
  /// - Throws: ``ProfileError`` as ``bind(jsonBytes:limits:)`` does; `profile` is then unchanged or empty.
  package func bind(
    jsonBytes bytes: UnsafeBufferPointer<UInt8>, limits: ProfileLimits, into profile: inout BoundProfile,
    keepingEveryValue: Bool = true
  ) throws(ProfileError) {
    if bindFast(bytes, limits: limits, into: &profile, keepingEveryValue: keepingEveryValue) { return }
    // What the storage learnt survives a line the fast path declines.
    let (hints, notes) = (profile.memberHints, profile.warningNotes)
    profile = bind(try Profile(jsonBytes: bytes, limits: limits), limits: limits)
    (profile.memberHints, profile.warningNotes) = (hints, notes)
  }

  /// The binder's fast path on `bytes` after a leading byte-order mark; false when it declines the shape.
  private func bindFast(
    _ bytes: UnsafeBufferPointer<UInt8>, limits: ProfileLimits, into profile: inout BoundProfile,
    keepingEveryValue: Bool = true
  ) -> Bool {
    let skipped = Profile.byteOrderMarkLength(bytes)
    guard
      binder.bind(
        UnsafeBufferPointer(rebasing: bytes[skipped...]), limits: limits, into: &profile,
        keepingEveryValue: keepingEveryValue)
    else { return false }
    // Offsets in `bytes`, not in the bytes after the mark.
    if skipped > 0, let source = profile.profileIDSource { profile.profileIDSource = source.shifted(by: skipped) }
    return true
  }

  /// The binder's fast path on `bytes` in place when they are contiguous; false when they are not, or when it
  /// declines the shape.
  @inline(__always)
  func bindFast(contiguous bytes: some Collection<UInt8>, limits: ProfileLimits, into profile: inout BoundProfile)
    -> Bool
  {
    bytes.withContiguousStorageIfAvailable({ bindFast($0, limits: limits, into: &profile) }) == true
  }
}

extension Range<Int> {
  fileprivate func shifted(by offset: Int) -> Range<Int> { lowerBound + offset..<upperBound + offset }
}
