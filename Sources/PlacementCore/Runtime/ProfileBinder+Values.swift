// Type-directed reading of one attribute's value by `ProfileBinder`, mirroring `Coercion.value` case by case:
// a JSON value the reference path would coerce with a problem (a warning) is left to `readUncoercible`, which
// coerces it with `Coercion.value` itself.

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

  /// The scalar of a string value.
  func stringScalar(_ text: String) -> Scalar {
    Scalar(tag: .string, bits: literalIDs.isEmpty ? .max : literalIDs[text] ?? .max)
  }
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
  /// The index of the option id of `slot` at `parser.index` (a string), or nil when it is not declared.
  @inline(__always)
  func option(_ parser: inout JSONParser, slot: Int) throws(JSONError) -> Int? {
    if let optionKeys = plainPlans[slot].optionKeys, let bytes = parser.plainASCIIString() {
      return optionKeys.value(bytes).map(Int.init)
    }
    return plans[slot].optionIndex?.index(of: try parser.parseString())
  }

  /// Reads the value of `slot` at `parser.index` into `slots`, coerced as the reference path coerces it, with its
  /// warning when it has one (``readUncoercible(_:from:slot:into:)``); false when the line is not of the common
  /// shape.
  func readValue(_ parser: inout JSONParser, slot: Int, into slots: inout Slots) throws(JSONError) -> Bool {
    // Kept in memory, not in a register through the plain reading: only a warning reads it.
    slots.valueStart = parser.index
    if try readPlainValue(&parser, slot: slot, into: &slots) { return true }
    return try readUncoercible(&parser, slot: slot, into: &slots)
  }

  /// ``readValue(_:slot:into:)`` for a value that coerces without a warning; false, with the parser anywhere in
  /// the value, for any other value (or one that is not valid JSON).
  @inline(__always)
  private func readPlainValue(_ parser: inout JSONParser, slot: Int, into slots: inout Slots) throws(JSONError)
    -> Bool
  {
    if try readNull(&parser) { return true }
    // Plain data through a pointer: the binder holds its plans for as long as it binds.
    let plan = plainPlans[slot]
    switch plan.kind {
    case .string:
      guard parser.current == UInt8(ascii: "\"") else { return false }
      if let bytes = parser.plainASCIIString() {
        if let id = plan.stringID(ascii: bytes) {
          slots.store(.string(plan.string(ascii: bytes, id: id)), Scalar(tag: .string, bits: id), at: slot)
        } else {
          let text = String(plainASCII: bytes)
          slots.store(.string(text), plans[slot].stringScalar(text), at: slot)
        }
      } else {
        let text = try parser.parseString()
        slots.store(.string(text), plans[slot].stringScalar(text), at: slot)
      }
    case .number:
      let number: Double?
      if parser.current == UInt8(ascii: "\"") {
        if let bytes = parser.plainASCIIString() {
          // `DecimalText` reads no number without an ASCII digit: text such as "unknown" is not decoded.
          number =
            Self.wholeNumber(bytes)
            ?? (bytes.contains { $0 &- 0x30 < 10 } ? DecimalText.parse(String(decoding: bytes, as: UTF8.self)) : nil)
        } else {
          number = DecimalText.parse(try parser.parseString())
        }
      } else if let byte = parser.current, byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) {
        number = try parser.parseNumber()
      } else {
        number = nil
      }
      guard let number else { return false }
      slots.store(.number(number), Scalar(tag: .number, bits: number.bitPattern), at: slot)
    case .bool:
      let flag: Bool
      if readLiteral(&parser, "true") {
        flag = true
      } else if readLiteral(&parser, "false") {
        flag = false
      } else {
        return false
      }
      slots.store(.bool(flag), Scalar(tag: .bool, bits: flag ? 1 : 0), at: slot)
    case .version:
      guard parser.current == UInt8(ascii: "\"") else { return false }
      let version: SemanticVersion?
      if let bytes = parser.plainASCIIString() {
        // A plain release that packs: its scalar, and the version only if the slot keeps it.
        if let release = SemanticVersion.plainReleaseComponents(utf8: bytes),
          let packed = Scalar.packRelease(release.major, release.minor, release.patch)
        {
          slots.store(.version(SemanticVersion(release: release)), Scalar(tag: .version, bits: packed), at: slot)
          return true
        }
        version = SemanticVersion(parsing: String(decoding: bytes, as: UTF8.self))
      } else {
        version = SemanticVersion(parsing: try parser.parseString())
      }
      guard let version else { return false }
      let scalar =
        Scalar.packVersion(version).map { Scalar(tag: .version, bits: $0) } ?? Scalar(tag: .other, bits: 0)
      slots.store(.version(version), scalar, at: slot)
    case .date:
      guard let instant = try readDate(&parser, unit: plan.unit) else { return false }
      slots.store(.date(instant), Scalar(tag: .date, bits: UInt64(bitPattern: instant.millisecondsSince1970)), at: slot)
    case .choice:
      guard parser.current == UInt8(ascii: "\""), let index = try option(&parser, slot: slot) else { return false }
      slots.store(.choice(index), Scalar(tag: .choice, bits: UInt64(index)), at: slot)
    case .choices:
      guard let mask = try readOptionSet(&parser, slot: slot) else { return false }
      slots.store(.choices(mask), Scalar(tag: .choices, bits: mask), at: slot)
    }
    return true
  }

  /// A date as `Coercion.value` reads one: an ISO-8601 string, a numeric string or a number in Unix `unit`;
  /// nil for anything else.
  private func readDate(_ parser: inout JSONParser, unit: TimeUnit) throws(JSONError) -> Instant? {
    if let bytes = parser.plainASCIIString() {
      if let instant = Instant(iso8601: bytes) { return instant }
      return DecimalText.parse(String(decoding: bytes, as: UTF8.self)).flatMap { Instant.fromUnix($0, unit: unit) }
    }
    guard let raw = try readScalar(&parser), raw != .null else { return nil }
    let (value, problem) = Coercion.value(raw, as: .date(unit))
    guard problem == nil, case .date(let instant) = value else { return nil }
    return instant
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
    // The option table looked up once for the array, not once per element (`option` for what it cannot read).
    let optionKeys = plainPlans[slot].optionKeys
    while true {
      guard parser.current == UInt8(ascii: "\"") else { return nil }
      let found: Int32?
      if let optionKeys, let bytes = parser.plainASCIIString() {
        found = optionKeys.value(bytes)
      } else {
        found = try option(&parser, slot: slot).map(Int32.init)
      }
      guard let index = found else { return nil }
      mask |= 1 << UInt64(index)
      guard let more = nextElement(&parser, closing: UInt8(ascii: "]")) else { return nil }
      if !more { return mask }
    }
  }

  /// A string, number, `true`, `false` or `null` as a JSON value; nil for anything else.
  func readScalar(_ parser: inout JSONParser) throws(JSONError) -> JSONValue? {
    guard let byte = parser.current else { return nil }
    switch byte {
    case UInt8(ascii: "\""): return .string(try parser.parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parser.parseNumber())
    case UInt8(ascii: "t"): return readLiteral(&parser, "true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return readLiteral(&parser, "false") ? .bool(false) : nil
    case UInt8(ascii: "n"): return readLiteral(&parser, "null") ? .null : nil
    default: return nil
    }
  }
}
