/// A profile value after coercion to its attribute's declared type; `.missing` for absent, null or
/// uncoercible values (docs/Product.md §4.1–4.2).
package enum Value: Sendable, Equatable {
  case missing
  case string(String)
  case number(Double)
  case bool(Bool)
  case version(SemanticVersion)
  case date(Instant)
  /// The index of the selected option in the attribute's declared ``Options``.
  case choice(Int)
  /// A bit set of selected option indices.
  case choices(UInt64)

  package var isMissing: Bool {
    if case .missing = self { return true }
    return false
  }

  /// A number as people read it and as event properties and `where` values compare it: a whole number below
  /// 10^15 without a fraction (`3`, not `3.0`), else Swift's shortest decimal text (`2.5`, `1000000000000000.0`).
  package static func text(of number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
    return "\(number)"
  }

  /// The value as a person reads it in explanations, with option ids restored. A string is profile text, so it
  /// is quoted, escaped and cut exactly as in warnings (control characters, line breaks and bidi overrides as
  /// `\n`, `\u{202E}`; at most 60 characters, then `…`): an explanation cannot forge an output line or drive a
  /// terminal.
  package func display(_ type: AttributeType) -> String {
    switch self {
    case .missing: return "missing"
    case .string(let s): return Coercion.show(.string(s))
    case .number(let n): return Self.text(of: n)
    case .bool(let b): return String(b)
    case .version(let v): return v.description
    case .date(let d): return d.iso8601
    case .choice(let index): return type.options.map { $0.ids[index] } ?? String(index)
    case .choices(let mask):
      guard let options = type.options else { return String(mask) }
      let ids = options.ids.indices.filter { mask & (1 << UInt64($0)) != 0 }.map { options.ids[$0] }
      return "[" + ids.joined(separator: ", ") + "]"
    }
  }
}

extension Value {
  /// The value as JSON for a profile's `custom_attributes`: option ids as strings (a list for `choices`), dates
  /// as ISO-8601 strings, versions as strings. A missing value is `null`.
  package func json(_ type: AttributeType) -> JSONValue {
    switch self {
    case .missing: return .null
    case .string(let s): return .string(s)
    case .number(let n): return .number(n)
    case .bool(let b): return .bool(b)
    case .version(let v): return .string(v.description)
    case .date(let d): return .string(d.iso8601)
    case .choice(let index): return .string(type.options?.ids[index] ?? String(index))
    case .choices(let mask):
      let ids = type.options?.ids ?? []
      return .array(ids.indices.filter { mask & (1 << UInt64($0)) != 0 }.map { .string(ids[$0]) })
    }
  }
}
