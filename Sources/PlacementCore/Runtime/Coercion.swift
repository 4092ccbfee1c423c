/// Coerces raw profile values to an attribute's declared type (docs/Product.md §4.2). Types are strict: a bool
/// never becomes a number, a number never a string. The only conversions are the documented ones: numeric
/// strings for `number`, Unix numbers and ISO-8601 strings for `date`, SemVer strings for `version`.
enum Coercion {
  /// The coerced value, or a reason when the raw value cannot be read as the type. JSON `null` is missing
  /// without a reason.
  static func value(_ raw: JSONValue, as type: AttributeType) -> (Value, problem: String?) {
    let token: Token<String>
    switch raw {
    case .null: return (.missing, nil)
    case .string(let s): token = .string(s)
    case .number(let n): token = .number(n)
    case .bool(let b): token = .bool(b)
    case .array(let elements):
      if case .choices(let options) = type { return choices(elements, options) }
      token = .other
    case .object: token = .other
    }
    let value: Result<Value, Problem>
    switch type {
    case .string: value = string(token).map(Value.string)
    case .number: value = number(token).map(Value.number)
    case .bool: value = bool(token).map(Value.bool)
    case .version: value = version(token).map { .version($0.version) }
    case .date(let unit): value = date(token, unit: unit).map(Value.date)
    case .choice(let options): value = choice(token, index: options.index(of:)).map(Value.choice)
    case .choices: value = .failure(.mismatch)
    }
    switch value {
    case .success(let value): return (value, nil)
    case .failure(let problem): return (.missing, reason(problem, raw, type))
    }
  }

  /// A list of option ids as a bit set; unknown ids are dropped, with a problem naming them.
  private static func choices(_ elements: [JSONValue], _ options: Options) -> (Value, problem: String?) {
    var mask: UInt64 = 0
    var unknown: [String] = []
    for element in elements {
      guard case .string(let s) = element else {
        return (.missing, "the list holds a \(element.typeName), not option ids")
      }
      switch choice(Token.string(s), index: options.index(of:)) {
      case .success(let index): mask |= 1 << UInt64(index)
      case .failure: unknown.append(s)
      }
    }
    let dropped = unknown.map { "'\($0)'" }.joined(separator: ", ")
    return (
      .choices(mask), unknown.isEmpty ? nil : "unknown option id\(unknown.count == 1 ? "" : "s") \(dropped) dropped"
    )
  }

  /// Why `raw` is not a value of `type`, as a warning says it.
  private static func reason(_ problem: Problem, _ raw: JSONValue, _ type: AttributeType) -> String {
    switch problem {
    case .numberOutOfRange: return DecimalText.outOfRange
    case .dateOutOfRange: return Instant.outOfRange
    case .notVersion:
      guard case .string(let s) = raw else { break }
      return "not a SemVer 2.0.0 version (\(SemanticVersion.validate(s) ?? "invalid"))"
    case .notDate: return "not an ISO-8601 date with an offset, a YYYY-MM-DD date or a Unix time"
    case .notOption:
      guard let options = type.options else { break }
      return "not an option id (\(options.ids.joined(separator: ", ")))"
    case .mismatch: break
    }
    return "expected \(Self.expected(type)), found \(Self.article(raw.typeName)) \(raw.typeName)"
  }

  /// The value of a flow answer for an attribute's declared type (docs/Product.md §3 table).
  static func value(_ answer: FlowAnswer, as type: AttributeType) -> (Value, problem: String?) {
    switch (type, answer) {
    case (.string, .text(let s)): return (.string(s), nil)
    case (.number, .number(let n)): return (.number(n), nil)
    case (.number, .text(let s)):
      // Unlike a profile's numeric string, an out-of-range answer is worded as any answer that does not fit.
      if case .success(let n) = number(Token.string(s)) { return (.number(n), nil) }
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
    case (_, .option), (_, .options):
      return value(answer.keyed(by: .value), as: type)
    default: break
    }
    return (.missing, "expected \(Self.expected(type)), found a \(answer.typeName) answer")
  }

  /// The indefinite article of a JSON type's name in a warning: `an array`, `an object`, `a string`.
  private static func article(_ typeName: String) -> String {
    typeName.first.map("aeiou".contains) == true ? "an" : "a"
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
    case .option, .options: show(answer.keyed(by: .value))
    }
  }
}
