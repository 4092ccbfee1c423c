/// Profiles: each attribute absent, `null`, a valid value, or a value its type cannot take (missing, with a
/// warning); numbers sometimes as numeric strings (coerced, docs/Product.md §4.2).
extension OracleGenerator {
  public mutating func profile(_ index: Int) -> OracleProfile {
    var members: [String] = []
    var values: [String: OracleValue] = [:]
    let id: String? = random.chance(90) ? "p\(index)-\(random.below(100_000))" : nil
    func add(_ name: String, _ json: String, _ value: OracleValue?) {
      members.append("\"\(name)\":\(json)")
      if let value { values[name] = value }
    }
    for name in ["nick", "score", "flag", "ver", "tier", "tags", "seen"] {
      let roll = random.below(100)
      if roll < 15 { continue }
      if roll < 22 {
        add(name, "null", nil)
        continue
      }
      switch name {
      case "nick":
        let s = random.pick(Self.strings)
        add(name, Self.json(s), .string(s))
      case "score":
        let n = random.pick(Self.numbers)
        if roll < 30 {
          add(name, "\"\(Self.numberText(n))\"", .number(n))
        } else if roll < 34 {
          add(name, "\"many\"", nil)
        } else {
          add(name, Self.numberText(n), .number(n))
        }
      case "flag":
        if roll < 28 {
          add(name, "1", nil)
        } else {
          let b = random.chance(50)
          add(name, "\(b)", .bool(b))
        }
      case "ver":
        if roll < 28 {
          add(name, "\"v1\"", nil)
        } else {
          let v = random.pick(Self.versions)
          let parsed = OracleSemVer.parse(v)!
          add(name, "\"\(v)\"", .version(parsed.core, parsed.pre))
        }
      case "tier":
        if roll < 28 {
          add(name, "\"w\"", nil)
        } else {
          let option = random.pick(Self.options)
          add(name, "\"\(option)\"", .choice(option))
        }
      case "tags":
        let picked = Self.options.filter { _ in random.chance(45) }
        add(name, "[" + picked.map { "\"\($0)\"" }.joined(separator: ",") + "]", .choices(picked))
      default:
        let d = Self.now - random.pick(Self.dayOffsets) * Self.day + Int64(random.below(3_600_000))
        add(name, "\(d)", .date(d))
      }
    }
    let idMember = id.map { "\"profile_id\":\"\($0)\"," } ?? ""
    let json = "{\(idMember)\"custom_attributes\":{\(members.joined(separator: ","))}}"
    return OracleProfile(id: id, values: values, json: json)
  }

  /// A JSON string literal (the generated strings need only `\u` escapes for combining marks, as a test of the
  /// binder's escape handling).
  public static func json(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      if scalar.value >= 0x300 && scalar.value < 0x370 {
        out += "\\u" + String(scalar.value, radix: 16, uppercase: false).leftPadded(to: 4)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension String {
  func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
