import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// The Unleash (spec 17) and GrowthBook prerequisite cases (`Fixtures/prerequisites/`), each rendered into our
/// language and resolved through the real pipeline.
///
/// The rendering:
/// - Each flag or feature `F` becomes `placement F: paywall`, whose content ids stand for its outcomes. Names are
///   made identifiers (`parent.enabled` → `parent_enabled`).
/// - Unleash: a rule serving a variant shows `paywall <variant>`; one serving no variant shows
///   `paywall no_variant`; the flag off (its switch, its requirements, no rule) is the default row
///   `paywall off`. A flag-level requirement becomes part of every row's segment. A requirement on parent `P`
///   becomes a condition on `content(P)`: `enabled` holds for the ids other than `off` (and, with a variant list,
///   only the listed ones, `disabled` naming `no_variant`), `disabled` holds for `off`.
/// - GrowthBook: a value `v` is the content id of `v` (`v_green`, `n_2`, `b_true`, `null_value`); a rule's
///   `block` requirements become a row `not (<requirements>) -> paywall blocked` before the rule's row; its
///   `skip` requirements join its `when` in the row's segment; the feature's default is the default row. A
///   requirement on the parent's value becomes `content(P) in [<the parent's ids whose value meets it>]`, or
///   `is set` / `is not set` when every id or none does. An experiment (`run`) is a row with an inline test of
///   equal weights; out of it, the default row shows the first variation's value.
/// - Context members are `string` attributes; GrowthBook's `id` is `profile_id`.
///
/// A case is `agree` (same result), `differs` (our meaning differs by decision, with the reason, and the
/// opposite result or the compile error is asserted), or `skipped` (the result is the peer's hash pick).
/// GrowthBook `feature/42` and `/43` depend on the hash only through the parent's split: the parent is rendered
/// with the implied value the fixture states, and the rest is checked.
@Suite struct PrerequisiteConformanceTests {
  enum Policy: Equatable {
    case agree
    case differs(String)
    case skipped(String)
  }

  struct Case: CustomStringConvertible {
    let json: JSONValue
    var id: String { json["id"]?.stringValue ?? "?" }
    var suite: String { json["suite"]?.stringValue ?? "?" }
    var description: String { id }
  }

  static let cases: [Case] = {
    let folder = fixturesFolder.appendingPathComponent("prerequisites")
    return ["unleash", "growthbook"].flatMap { suite -> [Case] in
      let text = (try? String(contentsOf: folder.appendingPathComponent("\(suite).jsonl"), encoding: .utf8)) ?? ""
      return text.split(separator: "\n").compactMap { try? JSONReader.parse(String($0)) }.map(Case.init)
    }
  }()

  // MARK: - Names and ids

  static func identifier(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
  }

  /// The content id of a GrowthBook value.
  static func valueID(_ value: JSONValue) -> String {
    switch value {
    case .string(let s): "v_" + identifier(s)
    case .number(let n): "n_" + identifier(n == n.rounded() ? String(Int(n)) : String(n))
    case .bool(let b): "b_\(b)"
    default: "null_value"
    }
  }

  static func literal(_ value: JSONValue) -> String {
    switch value {
    case .string(let s): "\"\(s)\""
    case .array(let items): "[" + items.map(literal).joined(separator: ", ") + "]"
    case .number(let n): n == n.rounded() ? String(Int(n)) : String(n)
    case .bool(let b): String(b)
    default: "null"
    }
  }

  /// A `when` condition in our syntax; nil for none.
  static func condition(_ when: JSONValue?) -> String? {
    guard let when, when != .null else { return nil }
    if case .array(let parts)? = when["all"] {
      return "(" + parts.compactMap(condition).joined(separator: " and ") + ")"
    }
    let attr = when["attr"]?.stringValue ?? ""
    let subject = attr == "id" ? "profile_id" : attr
    let op: String
    switch when["op"]?.stringValue {
    case "eq": op = "=="
    case "neq": op = "!="
    case "in": op = "in"
    case "not_in": op = "not in"
    case "gt": op = ">"
    case "gte": op = ">="
    case "lt": op = "<"
    default: op = "<="
    }
    return "\(subject) \(op) \(literal(when["literal"] ?? .null))"
  }

  /// `content(P)` restricted to `ids` among the parent's `all` ids.
  static func contentCondition(_ parent: String, holding ids: [String], of all: [String]) -> String {
    let kept = all.filter(ids.contains)
    if kept.isEmpty { return "content(\(parent)) is not set" }
    if kept.count == all.count { return "content(\(parent)) is set" }
    return "content(\(parent)) in [\(kept.joined(separator: ", "))]"
  }

  // MARK: - Rendering

  struct Rendered {
    var rules: String
    var profile: String
    var placement: String
    var policy: Policy
  }

  static func attributes(_ c: Case) -> String {
    var names = Set<String>()
    func collect(_ when: JSONValue?) {
      guard let when, when != .null else { return }
      if case .array(let parts)? = when["all"] { parts.forEach(collect) }
      if let attr = when["attr"]?.stringValue, attr != "id" { names.insert(attr) }
    }
    if case .object(let flags)? = c.json["flags"] {
      for flag in flags.values {
        if case .array(let rules)? = flag["rules"] { for rule in rules { collect(rule["when"]) } }
      }
    }
    if case .object(let context)? = c.json["context"] { names.formUnion(context.keys.filter { $0 != "id" }) }
    return names.filter { BuiltinAttributes.type(of: $0) == nil }.sorted().map { "attribute \($0): string" }
      .joined(separator: "\n")
  }

  static func profile(_ c: Case) -> String {
    var custom: [String] = []
    var top = ""
    if case .object(let context)? = c.json["context"] {
      for (key, value) in context.sorted(by: { $0.key < $1.key }) {
        let member = "\"\(key == "id" ? "profile_id" : key)\": \(literal(value))"
        if key == "id" || BuiltinAttributes.type(of: key) != nil {
          top += member + ", "
        } else {
          custom.append(member)
        }
      }
    }
    return "{\(top)\"custom_attributes\": {\(custom.joined(separator: ", "))}}"
  }

  static func flags(_ c: Case) -> [(name: String, flag: JSONValue)] {
    guard case .object(let flags)? = c.json["flags"] else { return [] }
    return flags.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  static func rules(_ rule: JSONValue) -> [JSONValue] {
    if case .array(let items)? = rule["rules"] { return items }
    return []
  }

  static func requirements(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let items)? = value { return items }
    return []
  }

  // MARK: Unleash

  /// The content ids of an Unleash flag's rows, with the segments they need.
  static func unleashRows(_ name: String, _ flag: JSONValue, all: [String: [String]]) -> (
    segments: [String], rows: [String]
  ) {
    let id = identifier(name)
    guard flag["on"] == .bool(true) else { return ([], ["  default -> paywall off"]) }
    let gate = requirements(flag["requires"]).map { unleashRequirement($0, all: all) }
    var segments: [String] = []
    var rows: [String] = []
    for (index, rule) in rules(flag).enumerated() {
      let variants = requirements(rule["serve"]?["variants"])
      let content = variants.first?["id"]?.stringValue.map(identifier) ?? "no_variant"
      let parts = gate + [condition(rule["when"])].compactMap { $0 }
      if parts.isEmpty {
        rows.append("  default -> paywall \(content)")
        return (segments, rows)
      }
      segments.append("segment \(id)_\(index) = \(parts.joined(separator: " and "))")
      rows.append("  \(id)_\(index) -> paywall \(content)")
    }
    rows.append("  default -> paywall off")
    return (segments, rows)
  }

  static func unleashRequirement(_ requirement: JSONValue, all: [String: [String]]) -> String {
    let parent = requirement["flag"]?.stringValue ?? ""
    let ids = all[parent] ?? []
    if requirement["state"]?.stringValue == "disabled" {
      return contentCondition(identifier(parent), holding: ["off"], of: ids)
    }
    var wanted = ids.filter { $0 != "off" }
    if case .array(let names)? = requirement["variants"], !names.isEmpty {
      let listed = names.compactMap(\.stringValue).map { $0 == "disabled" ? "no_variant" : identifier($0) }
      wanted = wanted.filter(listed.contains)
    }
    return contentCondition(identifier(parent), holding: wanted, of: ids)
  }

  static func renderUnleash(_ c: Case) -> Rendered {
    let flags = flags(c)
    let names = Set(flags.map(\.name))
    // The ids each flag can show, from its rows alone (requirements do not change them).
    var ids: [String: [String]] = [:]
    for (name, flag) in flags {
      let rows = unleashRows(name, flag, all: [:]).rows
      ids[name] = rows.compactMap { $0.split(separator: " ").last.map(String.init) }
    }
    var text = [attributes(c)]
    for (name, flag) in flags {
      let (segments, rows) = unleashRows(name, flag, all: ids)
      text += segments
      text.append("placement \(identifier(name)): paywall {\n" + rows.joined(separator: "\n") + "\n}")
    }
    let evaluated = c.json["evaluate"]?["flag"]?.stringValue ?? ""
    var policy = Policy.agree
    let required = flags.flatMap { requirements($0.flag["requires"]).compactMap { $0["flag"]?.stringValue } }
    let parentsWithRequirements = flags.filter { flag in
      required.contains(flag.name) && !requirements(flag.flag["requires"]).isEmpty
    }
    if required.contains(where: { !names.contains($0) }) {
      policy = .differs("compile error: a prerequisite on an undeclared placement is an unknown-placement error")
    } else if !parentsWithRequirements.isEmpty {
      let isCycle = parentsWithRequirements.contains { parent in
        requirements(parent.flag["requires"]).contains { $0["flag"]?.stringValue == evaluated }
      }
      policy =
        isCycle
        ? .differs("compile error: a cycle of prerequisites is refused (prerequisite-cycle)")
        : .differs("any depth: a parent with prerequisites of its own is decided by them (Unleash: one level)")
    }
    return Rendered(
      rules: text.joined(separator: "\n"), profile: profile(c), placement: identifier(evaluated), policy: policy)
  }

  // MARK: GrowthBook

  /// Each value id a feature can show, with its value.
  static func growthBookValues(_ flag: JSONValue, stub: JSONValue?) -> [(id: String, value: JSONValue)] {
    var values: [(id: String, value: JSONValue)] = []
    func add(_ value: JSONValue) {
      if !values.contains(where: { $0.id == valueID(value) }) { values.append((valueID(value), value)) }
    }
    for rule in rules(flag) {
      if requirements(rule["requires"]).contains(where: { $0["on_unmet"] == .string("block") }) {
        values.append(("blocked", .null))
      }
      var served: JSONValue?
      if let value = rule["serve"]?["value"] { served = value }
      if rule["serve"]?["split"] != nil, let stub { served = stub }
      guard let served else { continue }
      add(served)
      // A rule without requirements or condition decides for everyone: the rows below it are never reached.
      if requirements(rule["requires"]).isEmpty, condition(rule["when"]) == nil { return values }
    }
    add(flag["default"] ?? .null)
    return values
  }

  static func holds(_ value: JSONValue, _ test: JSONValue?) -> Bool {
    let literal = test?["literal"] ?? .null
    switch test?["op"]?.stringValue {
    case "eq": return value == literal
    case "neq": return value != literal
    case "gt":
      if case .number(let a) = value, case .number(let b) = literal { return a > b }
      if case .string(let a) = value, case .string(let b) = literal { return a > b }
      return false
    default: return false
    }
  }

  static func growthBookRequirement(_ requirement: JSONValue, values: [String: [(id: String, value: JSONValue)]])
    -> String
  {
    let parent = requirement["flag"]?.stringValue ?? ""
    let all = values[parent] ?? []
    // A blocked parent has the value null.
    let meeting = all.filter { holds($0.value, requirement["value"]) }.map(\.id)
    return contentCondition(identifier(parent), holding: meeting, of: all.map(\.id))
  }

  static func renderGrowthBook(_ c: Case) -> Rendered {
    let flags = flags(c)
    let names = Set(flags.map(\.name))
    var stubs: [String: JSONValue] = [:]
    if case .object(let implied)? = c.json["implied_parent_values"] { stubs = implied }
    var values: [String: [(id: String, value: JSONValue)]] = [:]
    for (name, flag) in flags { values[name] = growthBookValues(flag, stub: stubs[name]) }
    var text = [attributes(c)]
    func rows(_ name: String, _ flag: JSONValue) -> [String] {
      let id = identifier(name)
      var rows: [String] = []
      for (index, rule) in rules(flag).enumerated() {
        let all = requirements(rule["requires"])
        let blocking = all.filter { $0["on_unmet"] == .string("block") }.map {
          growthBookRequirement($0, values: values)
        }
        let skipping = all.filter { $0["on_unmet"] != .string("block") }.map {
          growthBookRequirement($0, values: values)
        }
        if !blocking.isEmpty {
          text.append("segment \(id)_\(index)_blocked = not (\(blocking.joined(separator: " and ")))")
          rows.append("  \(id)_\(index)_blocked -> paywall blocked")
        }
        let serve = rule["serve"] ?? .null
        var content: String?
        if let value = serve["value"] { content = "paywall \(valueID(value))" }
        if serve["split"] != nil, let stub = stubs[name] { content = "paywall \(valueID(stub))" }
        guard let content else { continue }
        let parts = skipping + [condition(rule["when"])].compactMap { $0 }
        if parts.isEmpty {
          rows.append("  default -> \(content)")
          return rows
        }
        text.append("segment \(id)_\(index) = \(parts.joined(separator: " and "))")
        rows.append("  \(id)_\(index) -> \(content)")
      }
      rows.append("  default -> paywall \(valueID(flag["default"] ?? .null))")
      return rows
    }
    for (name, flag) in flags {
      let table = rows(name, flag)
      text.append("placement \(identifier(name)): paywall {\n" + table.joined(separator: "\n") + "\n}")
    }
    var placement = identifier(c.json["evaluate"]?["flag"]?.stringValue ?? "")
    if let experiment = c.json["evaluate"]?["experiment"] {
      let key = identifier(experiment["key"]?.stringValue ?? "")
      let variations = requirements(experiment["variations"]).map { $0["value"] ?? .null }
      let weights = variations.indices.map { index in
        100 / variations.count + (index < 100 % variations.count ? 1 : 0)
      }
      let arms = zip(variations, weights).map { "paywall \(valueID($0)) \($1)%" }.joined(separator: ", ")
      let required = requirements(experiment["requires"]).map { growthBookRequirement($0, values: values) }
      text.append("segment in_\(key) = \(required.joined(separator: " and "))")
      text.append(
        "placement run_\(key): paywall {\n  in_\(key) -> test \(key) { \(arms) }\n  default -> paywall "
          + "\(valueID(variations.first ?? .null))\n}")
      placement = "run_\(key)"
    }
    var policy = Policy.agree
    let required = flags.flatMap { flag in
      rules(flag.flag).flatMap { requirements($0["requires"]).compactMap { $0["flag"]?.stringValue } }
    }
    if c.json["expect"]?["outcome"] == .string("cycle") {
      policy = .differs("compile error: a cycle of prerequisites is refused (prerequisite-cycle)")
    } else if required.contains(where: { !names.contains($0) }) {
      policy = .differs("compile error: a prerequisite on an undeclared placement is an unknown-placement error")
    } else if c.json["hash_dependent"] == .bool(true), stubs.isEmpty {
      policy = .skipped("the variation served is the peer's hash pick")
    }
    return Rendered(rules: text.joined(separator: "\n"), profile: profile(c), placement: placement, policy: policy)
  }

  static func render(_ c: Case) -> Rendered { c.suite == "unleash" ? renderUnleash(c) : renderGrowthBook(c) }

  // MARK: - Checking

  /// Nil when the case holds its policy; else what went wrong.
  static func failure(_ c: Case) -> String? {
    let rendered = render(c)
    let compilation = compile(rendered.rules)
    let context = "\n\(rendered.rules)\n\(rendered.profile)"
    let errors = compilation.diagnostics.filter { $0.severity == .error }.map(\.code.id)
    switch rendered.policy {
    case .skipped: return nil
    case .differs(let why) where why.hasPrefix("compile error"):
      let wanted = why.contains("cycle") ? "prerequisite-cycle" : "unknown-placement"
      return errors.contains(wanted) ? nil : "expected \(wanted), got \(errors)\(context)"
    default: break
    }
    guard let ruleSet = compilation.ruleSet else { return "does not compile: \(errors)\(context)" }
    guard let profile = try? Profile(jsonBytes: Array(rendered.profile.utf8)),
      let decision = try? ruleSet.resolve(
        rendered.placement, for: ruleSet.bind(profile), options: ResolveOptions(now: testNow))
    else { return "does not resolve\(context)" }
    guard case .paywall(let shown) = decision.content else { return "shows \(decision.content)\(context)" }
    let expect = c.json["expect"] ?? .null
    var same: Bool
    if c.suite == "unleash" {
      let enabled = shown != "off"
      same = expect["enabled"] == .bool(enabled)
      if let variant = expect["variant"]?.stringValue {
        same = same && (variant == "disabled" ? ["off", "no_variant"].contains(shown) : identifier(variant) == shown)
      }
    } else if let inExperiment = expect["in_experiment"] {
      same = inExperiment == .bool(decision.abTest != nil) && valueID(expect["value"] ?? .null) == shown
    } else if expect["outcome"] == .string("blocked") {
      same = shown == "blocked"
    } else {
      same = valueID(expect["value"] ?? .null) == shown
    }
    if case .differs = rendered.policy { same.toggle() }
    return same ? nil : "\(rendered.policy): shows \(shown), expected \(expect)\(context)"
  }

  @Test(arguments: cases)
  func caseHoldsItsPolicy(_ c: Case) {
    let failure = Self.failure(c)
    #expect(failure == nil, "\(c.id): \(failure ?? "")")
  }

  /// The counts in docs/ABTests.md: per suite, cases, agree, differs, skipped, and passed.
  @Test func counts() {
    var counts: [String: [Int]] = [:]
    for c in Self.cases {
      var row = counts[c.suite] ?? [0, 0, 0, 0, 0]
      row[0] += 1
      switch Self.render(c).policy {
      case .agree: row[1] += 1
      case .differs: row[2] += 1
      case .skipped: row[3] += 1
      }
      if case .skipped = Self.render(c).policy {} else if Self.failure(c) == nil { row[4] += 1 }
      counts[c.suite] = row
    }
    for (suite, row) in counts.sorted(by: { $0.key > $1.key }) {
      print(
        "prerequisites \(suite): \(row[0]) cases: \(row[1]) agree, \(row[2]) differs, \(row[3]) skipped; "
          + "\(row[4]) passed")
    }
    #expect(counts["unleash"] == [39, 33, 6, 0, 39])
    #expect(counts["growthbook"] == [11, 8, 2, 1, 10])
  }
}
