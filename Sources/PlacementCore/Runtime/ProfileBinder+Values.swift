// Reading of one attribute's value by `ProfileBinder`: a scalar token read in place and coerced by the coercion
// table (Coercion+Table.swift), as `Coercion.value` coerces a parsed one. A token the table gives a problem (a
// warning) is left to `readUncoercible`, which coerces the value with `Coercion.value` and words the warning.

/// How the binder reads one slot: the attribute's type, and byte tables for names that can be matched as
/// bytes. Byte equality equals Swift `String` equality only between ASCII strings, so a table exists only when
/// every name in it is ASCII, and is used only for plain ASCII input; anything else goes through `String`.
///
/// The class owns the tables and the literal texts; ``plain`` is a plain-data view of them for the binder's hot
/// loop, which reads it through a pointer: no retain of the plan, its dictionary or its arrays per value read.
/// `@unchecked Sendable`: immutable after `init`.
final class SlotPlan: @unchecked Sendable {
  /// The type's case, as plain data to switch on.
  enum Kind: UInt8, Sendable { case string, number, bool, version, date, choice, choices }

  /// What the hot loop reads of a plan; valid while the plan lives.
  struct Plain {
    let kind: Kind
    /// For `date`: the unit of Unix numbers.
    let unit: TimeUnit
    /// Option ids → index, for `choice` and `choices` (nil when an id is not ASCII).
    let optionKeys: ByteKeys?
    /// Whether the slot has equality literals (``Program/stringIDs``).
    let hasLiterals: Bool
    /// Literal → id, for `string` (nil when a literal is not ASCII).
    let literalKeys: ByteKeys?
    /// The literals by id: a value equal to one shares its text instead of building a `String`.
    let literalTexts: UnsafePointer<String>?
  }

  let plain: Plain
  let type: AttributeType
  /// The tables ``plain`` views.
  private let options: ByteKeyTable?
  private let literals: ByteKeyTable?
  private let literalTexts: UnsafeMutableBufferPointer<String>
  let optionIndex: Options?
  /// The slot's equality literals and their ids (``Program/stringIDs``), for `string`.
  let literalIDs: [String: UInt64]

  init(_ type: AttributeType, literals: [String: UInt64]) {
    self.type = type
    let kind: Kind
    var unit = TimeUnit.milliseconds
    switch type {
    case .string: kind = .string
    case .number: kind = .number
    case .bool: kind = .bool
    case .version: kind = .version
    case .date(let declared):
      kind = .date
      unit = declared
    case .choice: kind = .choice
    case .choices: kind = .choices
    }
    optionIndex = type.options
    let ids = type.options?.ids ?? []
    options = ids.allSatisfy(Self.isASCII) ? ByteKeyTable(ids.enumerated().map { ($1, Int32($0)) }) : nil
    literalIDs = literals
    literalTexts = .allocate(capacity: max(1, literals.count))
    for (text, id) in literals { (literalTexts.baseAddress! + Int(id)).initialize(to: text) }
    self.literals =
      literals.keys.allSatisfy(Self.isASCII) ? ByteKeyTable(literals.map { ($0.key, Int32($0.value)) }) : nil
    plain = Plain(
      kind: kind, unit: unit, optionKeys: options?.keys, hasLiterals: !literals.isEmpty,
      literalKeys: self.literals?.keys, literalTexts: UnsafePointer(literalTexts.baseAddress))
  }

  deinit {
    _ = literalTexts.prefix(literalIDs.count).deinitialize()
    literalTexts.deallocate()
  }

  private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
}

extension SlotPlan.Plain {
  /// The string id (``Program/stringIDs``) of a string given as plain ASCII bytes: its equality literal's, or
  /// `UInt64.max` when it equals none; nil when the slot's literals are not all ASCII (the caller then asks the
  /// plan's dictionary).
  @inline(__always)
  func stringID(ascii bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    if !hasLiterals { return .max }
    guard let literalKeys else { return nil }
    return literalKeys.value(bytes).map(UInt64.init) ?? .max
  }

  /// The string of `bytes` whose id ``stringID(ascii:)`` gave: the literal's own text (no `String` built), or a
  /// new `String`.
  @inline(__always)
  func string(ascii bytes: UnsafeBufferPointer<UInt8>, id: UInt64) -> String {
    guard id != .max, let literalTexts else { return String(plainASCII: bytes) }
    return literalTexts[Int(id)]
  }
}

extension ProfileBinder {
  /// Reads the value of `slot` at `parser.index` into `slots`, coerced as the reference path coerces it, with its
  /// warning when it has one (``readUncoercible(_:slot:into:)``); false when the line is not of the common
  /// shape.
  func readValue(_ parser: inout JSONParser, slot: Int, into slots: inout Slots) throws(JSONError) -> Bool {
    // Kept in memory, not in a register through the plain reading: only a warning reads it.
    slots.valueStart = parser.index
    if try readPlainValue(&parser, slot: slot, into: &slots) { return true }
    return try readUncoercible(&parser, slot: slot, into: &slots)
  }

  /// ``readValue(_:slot:into:)`` for a value that coerces without a warning; false, with the parser anywhere in
  /// the value, for any other value (or one that is not valid JSON). The token is read in place
  /// (``readToken(_:)``) and coerced by the table's row for the slot's type, each row inlined on its own so that
  /// the kind of token read selects the row's case directly.
  @inline(__always)
  private func readPlainValue(_ parser: inout JSONParser, slot: Int, into slots: inout Slots) throws(JSONError)
    -> Bool
  {
    if try readNull(&parser) { return true }
    // Plain data through a pointer, read field by field: the binder holds its plans for as long as it binds.
    switch plainPlans[slot].kind {
    case .string:
      guard let token = try readToken(&parser) else { return try readDecodedString(&parser, slot: slot, into: &slots) }
      guard case .success(let text) = Coercion.string(token) else { return false }
      text.storeString(at: slot, self, into: &slots)
    case .number:
      guard let token = try readToken(&parser) else { return try readDecodedString(&parser, slot: slot, into: &slots) }
      guard case .success(let number) = Coercion.number(token) else { return false }
      slots.store(.number(number), .number(number), at: slot)
    case .bool:
      guard let token = try readToken(&parser) else { return try readDecodedString(&parser, slot: slot, into: &slots) }
      guard case .success(let flag) = Coercion.bool(token) else { return false }
      slots.store(.bool(flag), .bool(flag), at: slot)
    case .version:
      guard let token = try readToken(&parser) else { return try readDecodedString(&parser, slot: slot, into: &slots) }
      guard case .success(let reading) = Coercion.version(token) else { return false }
      store(reading, at: slot, into: &slots)
    case .date:
      guard let token = try readToken(&parser) else { return try readDecodedString(&parser, slot: slot, into: &slots) }
      guard case .success(let instant) = Coercion.date(token, unit: plainPlans[slot].unit) else { return false }
      slots.store(.date(instant), .date(instant), at: slot)
    case .choice:
      guard let token = try readToken(&parser) else { return try readDecodedString(&parser, slot: slot, into: &slots) }
      guard case .success(let index) = Coercion.choice(token, index: { $0.option(self, slot: slot) }) else {
        return false
      }
      slots.store(.choice(index), .choice(index), at: slot)
    case .choices:
      // The table reads an array only as `choices`, element by element; any other token is a problem.
      guard let mask = try readOptionSet(&parser, slot: slot) else { return false }
      slots.store(.choices(mask), .choices(mask), at: slot)
    }
    return true
  }

  /// The scalar token at `parser.index`, consumed: a string of printable ASCII without escapes as its bytes in
  /// place, a number, `true` or `false`; `.other`, consuming nothing, for an array, an object or anything else. Nil,
  /// consuming nothing, for any other string (``readDecodedString(_:slot:into:)`` reads it).
  ///
  /// `@_transparent`, not `@inline(__always)`: it must be inlined in each branch of ``readPlainValue(_:slot:into:)``,
  /// where the row's switch on the token then folds away, and the optimiser stops inlining `@inline(__always)`
  /// functions into a caller as large as ``readValue(_:slot:into:)`` (a call and a returned token per value cost
  /// about 6 % of a bind).
  @_transparent
  private func readToken(_ parser: inout JSONParser) throws(JSONError) -> Coercion.Token<PlainText>? {
    guard let byte = parser.current else { return .other }
    switch byte {
    case UInt8(ascii: "\""):
      guard let bytes = parser.plainASCIIString() else { return nil }
      return .string(PlainText(bytes: bytes))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parser.parseNumber())
    case UInt8(ascii: "t"):
      return readLiteral(&parser, "true") ? .bool(true) : .other
    case UInt8(ascii: "f"):
      return readLiteral(&parser, "false") ? .bool(false) : .other
    default:
      return .other
    }
  }

  /// ``readPlainValue(_:slot:into:)`` of a string with escapes or bytes outside printable ASCII at
  /// `parser.index`, decoded.
  @inline(never)
  private func readDecodedString(_ parser: inout JSONParser, slot: Int, into slots: inout Slots) throws(JSONError)
    -> Bool
  {
    let token = Coercion.Token.string(try parser.parseString())
    switch plainPlans[slot].kind {
    case .string:
      guard case .success(let text) = Coercion.string(token) else { return false }
      text.storeString(at: slot, self, into: &slots)
    case .number:
      guard case .success(let number) = Coercion.number(token) else { return false }
      slots.store(.number(number), .number(number), at: slot)
    case .bool:
      guard case .success(let flag) = Coercion.bool(token) else { return false }
      slots.store(.bool(flag), .bool(flag), at: slot)
    case .version:
      guard case .success(let reading) = Coercion.version(token) else { return false }
      store(reading, at: slot, into: &slots)
    case .date:
      guard case .success(let instant) = Coercion.date(token, unit: plainPlans[slot].unit) else { return false }
      slots.store(.date(instant), .date(instant), at: slot)
    case .choice:
      guard case .success(let index) = Coercion.choice(token, index: { $0.option(self, slot: slot) }) else {
        return false
      }
      slots.store(.choice(index), .choice(index), at: slot)
    case .choices:
      // An array only (``readOptionSet(_:slot:)``).
      return false
    }
    return true
  }

  /// Stores a version the table read: a plain release as its scalar, and the version only if the slot keeps it.
  @inline(__always)
  private func store(_ reading: Coercion.VersionReading, at slot: Int, into slots: inout Slots) {
    switch reading {
    case .release(let release): slots.store(.version(SemanticVersion(release: release)), .release(release), at: slot)
    case .other(let version): slots.store(.version(version), .version(version), at: slot)
    }
  }

  /// The value of 1 to 15 ASCII digits (exact in a `Double`, as `DecimalText.parse` reads them); nil otherwise.
  static func wholeNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard !bytes.isEmpty, bytes.count <= 15 else { return nil }
    var value: Int64 = 0
    for byte in bytes {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int64(byte - UInt8(ascii: "0"))
    }
    return Double(value)
  }

  /// An array of declared option ids as a bit set; nil for anything else (a non-string, an unknown id).
  private func readOptionSet(_ parser: inout JSONParser, slot: Int) throws(JSONError) -> UInt64? {
    guard parser.current == UInt8(ascii: "[") else { return nil }
    parser.index += 1
    parser.skipWhitespace()
    var mask: UInt64 = 0
    if parser.current == UInt8(ascii: "]") {
      parser.index += 1
      return mask
    }
    while true {
      // Each element a string that is a choice (the table's `choices` row).
      guard parser.current == UInt8(ascii: "\"") else { return nil }
      let found: Result<Int, Coercion.Problem>
      if let bytes = parser.plainASCIIString() {
        found = Coercion.choice(.string(PlainText(bytes: bytes))) { $0.option(self, slot: slot) }
      } else {
        found = Coercion.choice(.string(try parser.parseString())) { $0.option(self, slot: slot) }
      }
      guard case .success(let index) = found else { return nil }
      mask |= 1 << UInt64(index)
      guard let more = nextElement(&parser, closing: UInt8(ascii: "]")) else { return nil }
      if !more { return mask }
    }
  }
}

/// Text the binder reads a value from: a string's plain ASCII bytes in place (``PlainText``) or a decoded
/// `String`, stored and looked up in a slot's tables as it is held.
protocol SlotText: CoercibleText {
  /// Stores the text as the string value of `slot`, whose plain plan is `plan`.
  func storeString(at slot: Int, _ binder: ProfileBinder, into slots: inout ProfileBinder.Slots)
  /// The index of the option the text names in the type of `slot`; nil when it names none.
  func option(_ binder: ProfileBinder, slot: Int) -> Int?
}

/// The bytes of a string of printable ASCII without escapes, in the input (``JSONParser/plainASCIIString()``).
struct PlainText: SlotText {
  let bytes: UnsafeBufferPointer<UInt8>

  @inline(__always)
  func decimal() -> DecimalText.Reading {
    if let number = ProfileBinder.wholeNumber(bytes) { return .number(number) }
    // `DecimalText` reads no number without an ASCII digit: text such as "unknown" is not decoded.
    guard bytes.contains(where: { $0 &- 0x30 < 10 }) else { return .malformed }
    return DecimalText.read(String(decoding: bytes, as: UTF8.self))
  }

  @inline(__always)
  func instant() -> Instant? { Instant(iso8601: bytes) }

  func isBeyondDateRange() -> Bool { String(plainASCII: bytes).isBeyondDateRange() }

  @inline(__always)
  func releaseComponents() -> (major: UInt64, minor: UInt64, patch: UInt64)? {
    SemanticVersion.plainReleaseComponents(utf8: bytes)
  }

  func version() -> SemanticVersion? { SemanticVersion(parsing: String(plainASCII: bytes)) }

  @inline(__always)
  func storeString(
    at slot: Int, _ binder: ProfileBinder, into slots: inout ProfileBinder.Slots
  ) {
    // Plain data through a pointer, read field by field.
    if let id = binder.plainPlans[slot].stringID(ascii: bytes) {
      slots.store(.string(binder.plainPlans[slot].string(ascii: bytes, id: id)), .string(id: id), at: slot)
    } else {
      String(plainASCII: bytes).storeString(at: slot, binder, into: &slots)
    }
  }

  @inline(__always)
  func option(_ binder: ProfileBinder, slot: Int) -> Int? {
    if let optionKeys = binder.plainPlans[slot].optionKeys { return optionKeys.value(bytes).map(Int.init) }
    return String(plainASCII: bytes).option(binder, slot: slot)
  }
}

extension String: SlotText {
  func storeString(
    at slot: Int, _ binder: ProfileBinder, into slots: inout ProfileBinder.Slots
  ) {
    slots.store(.string(self), Scalar(.string(self), stringIDs: binder.plans[slot].literalIDs), at: slot)
  }

  func option(_ binder: ProfileBinder, slot: Int) -> Int? {
    binder.plans[slot].optionIndex?.index(of: self)
  }
}
