/// Coerces raw profile values to an attribute's declared type (docs/Product.md §4.2). Types are strict: a bool
/// never becomes a number, a number never a string. The only conversions are the documented ones: numeric
/// strings for `number`, Unix numbers and ISO-8601 strings for `date`, SemVer strings for `version`.
enum Coercion {
  /// The coerced value, or a reason when the raw value cannot be read as the type. JSON `null` is missing
  /// without a reason.
  static func value(_ raw: JSONValue, as type: AttributeType) -> (Value, problem: String?) {
    switch (type, raw) {
    case (_, .null): return (.missing, nil)
    case (.string, .string(let s)): return (.string(s), nil)
    case (.number, .number(let n)): return (.number(n), nil)
    case (.number, .string(let s)):
      switch DecimalText.read(s) {
      case .number(let n): return (.number(n), nil)
      case .outOfRange: return (.missing, DecimalText.outOfRange)
      case .malformed: break
      }
    case (.bool, .bool(let b)): return (.bool(b), nil)
    case (.version, .string(let s)):
      if let v = SemanticVersion(parsing: s) { return (.version(v), nil) }
      return (.missing, "not a SemVer 2.0.0 version (\(SemanticVersion.validate(s) ?? "invalid"))")
    case (.date(let unit), .number(let n)):
      if let d = Instant.fromUnix(n, unit: unit) { return (.date(d), nil) }
      return (.missing, Instant.outOfRange)
    case (.date(let unit), .string(let s)):
      if let d = Instant(iso8601: s) { return (.date(d), nil) }
      switch DecimalText.read(s) {
      case .number(let n):
        if let d = Instant.fromUnix(n, unit: unit) { return (.date(d), nil) }
        return (.missing, Instant.outOfRange)
      case .outOfRange: return (.missing, DecimalText.outOfRange)
      case .malformed: break
      }
      if Instant.isBeyondParsedRange(iso8601: s) { return (.missing, Instant.outOfRange) }
      return (.missing, "not an ISO-8601 date with an offset, a YYYY-MM-DD date or a Unix time")
    case (.choice(let options), .string(let s)):
      if let index = options.index(of: s) { return (.choice(index), nil) }
      return (.missing, "not an option id (\(options.ids.joined(separator: ", ")))")
    case (.choices(let options), .array(let elements)):
      var mask: UInt64 = 0
      var unknown: [String] = []
      for element in elements {
        guard case .string(let s) = element else {
          return (.missing, "the list holds a \(element.typeName), not option ids")
        }
        if let index = options.index(of: s) { mask |= 1 << UInt64(index) } else { unknown.append(s) }
      }
      let dropped = unknown.map { "'\($0)'" }.joined(separator: ", ")
      return (
        .choices(mask), unknown.isEmpty ? nil : "unknown option id\(unknown.count == 1 ? "" : "s") \(dropped) dropped"
      )
    default: break
    }
    return (.missing, "expected \(Self.expected(type)), found a \(raw.typeName)")
  }

  /// The value of a flow answer for an attribute's declared type (docs/Product.md §3 table).
  static func value(_ answer: FlowAnswer, as type: AttributeType) -> (Value, problem: String?) {
    switch (type, answer) {
    case (.string, .text(let s)): return (.string(s), nil)
    case (.number, .number(let n)): return (.number(n), nil)
    case (.number, .text(let s)):
      if case .number(let n) = DecimalText.read(s) { return (.number(n), nil) }
    case (.date, .date(let ms)):
      // An answer built in code may hold any `Int64`; decoded events are already within the range.
      let instant = Instant(millisecondsSince1970: ms)
      return instant.isInParsedRange ? (.date(instant), nil) : (.missing, Instant.outOfRange)
    case (.bool, .toggle(let b)): return (.bool(b), nil)
    case (.choice, .choice(let id)), (.choice, .text(let id)):
      return value(.string(id), as: type)
    case (.choices, .choices(let ids)):
      return value(.array(ids.map { .string($0) }), as: type)
    case (.choices, .choice(let id)):
      return value(.array([.string(id)]), as: type)
    default: break
    }
    return (.missing, "expected \(Self.expected(type)), found a \(answer.typeName) answer")
  }

  /// What a value of `type` looks like in a profile, for warnings.
  static func expected(_ type: AttributeType) -> String {
    switch type {
    case .string: "a string"
    case .number: "a number or a numeric string"
    case .bool: "true or false"
    case .version: "a SemVer version string"
    case .date: "an ISO-8601 string or a Unix time"
    case .choice: "an option id string"
    case .choices: "a list of option ids"
    }
  }

  /// A short rendering of a raw value for warnings (long strings are cut).
  static func show(_ raw: JSONValue) -> String {
    let text: String
    switch raw {
    case .string(let s): text = "\"\(UntrustedText.escaped(s, quote: "\""))\""
    case .number: text = serialized(raw, sortedKeys: false)  // as `ingest` prints numbers: `9000000000000000`
    case .bool(let b): text = String(b)
    case .null: text = "null"
    case .array(let a): text = "[" + a.prefix(5).map(show).joined(separator: ", ") + (a.count > 5 ? ", …" : "") + "]"
    case .object: text = "{…}"
    }
    return text.count > 60 ? String(text.prefix(57)) + "…\"" : text
  }

  static func show(_ answer: FlowAnswer) -> String {
    switch answer {
    case .text(let s): show(JSONValue.string(s))
    case .number(let n): show(JSONValue.number(n))
    case .date(let ms): Instant(millisecondsSince1970: ms).iso8601
    case .choice(let id): show(JSONValue.string(id))
    case .choices(let ids): show(JSONValue.array(ids.map { .string($0) }))
    case .toggle(let b): String(b)
    }
  }
}
