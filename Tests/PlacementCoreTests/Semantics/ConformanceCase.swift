import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// One line of `Fixtures/conformance/*.jsonl`: a single-condition case from the Unleash or GrowthBook suite,
/// labelled against our semantics (schema: the README beside `../shared/conformance/operators`).
struct ConformanceCase: Sendable, CustomTestStringConvertible {
  enum Policy: Sendable, Equatable {
    /// Our result equals `expected`.
    case agree
    /// Our result is the opposite of `expected`, by decision.
    case differs
    /// Our compiler rejects the rule.
    case compileError
    /// Not applicable to our language.
    case skipped
  }

  let suite: String
  let source: String
  let attributeType: String
  let op: String
  let ignoringCase: Bool
  /// The profile value: nil when absent, `.null` when present but null.
  let attribute: JSONValue?
  let literal: JSONValue
  let expected: Bool
  let policy: Policy
  let why: String

  var testDescription: String { "\(suite) \(source)" }

  init(_ json: JSONValue) throws {
    func string(_ key: String) throws -> String {
      guard let value = json[key]?.stringValue else { throw HarnessError(message: "case without '\(key)'") }
      return value
    }
    suite = try string("suite")
    source = try string("source")
    attributeType = try string("attr_type")
    op = try string("op")
    why = try string("why")
    ignoringCase = json["case_insensitive"] == .bool(true)
    attribute = json["attr_present"] == .bool(true) ? (json["attr"] ?? .null) : nil
    literal = json["literal"] ?? .null
    expected = json["expected"] == .bool(true)
    switch try string("policy") {
    case "agree": policy = .agree
    case "differs": policy = .differs
    case "n/a": policy = why.hasPrefix("compile error:") ? .compileError : .skipped
    case let other: throw HarnessError(message: "unknown policy '\(other)'")
    }
  }

  /// Every case of both suites, in file order.
  static let all: [ConformanceCase] = {
    do {
      return try ["unleash", "growthbook"].flatMap { try lines(of: $0).map(ConformanceCase.init) }
    } catch {
      fatalError("conformance fixtures unreadable: \(error)")
    }
  }()

  /// The parsed lines of `Fixtures/conformance/<suite>.jsonl`.
  static func lines(of suite: String) throws -> [JSONValue] {
    let url = fixturesFolder.appendingPathComponent("conformance/\(suite).jsonl")
    let text = try String(contentsOf: url, encoding: .utf8)
    return try text.split(separator: "\n").filter { !$0.isEmpty }.map { try JSONReader.parse(String($0)) }
  }

  // MARK: - The case in our language

  /// The declaration of attribute `x`. A `list` is a `choices` whose options are every string appearing in the
  /// profile value and the literal (in order of appearance), so no option is unknown and the list operators
  /// decide alone.
  var declaration: String {
    switch attributeType {
    case "list":
      var ids: [String] = []
      for value in [attribute ?? .null, literal] {
        let strings: [JSONValue]
        if case .array(let elements) = value { strings = elements } else { strings = [value] }
        for case .string(let id) in strings where !ids.contains(id) { ids.append(id) }
      }
      return "attribute x: choices(\(ids.joined(separator: ", ")))"
    default:
      return "attribute x: \(attributeType)"
    }
  }

  /// The condition `x <op> <literal> [ignoring case]`.
  var condition: String {
    let spelled: String
    switch op {
    case "eq", "version_eq": spelled = "=="
    case "neq": spelled = "!="
    case "lt", "version_lt": spelled = "<"
    case "lte", "version_lte": spelled = "<="
    case "gt", "version_gt": spelled = ">"
    case "gte", "version_gte": spelled = ">="
    case "in": spelled = "in"
    case "not_in": spelled = "not in"
    case "starts_with", "ends_with", "contains", "matches", "before", "after": spelled = op
    case "list_contains": spelled = "has"
    case "list_contains_any": spelled = "has any"
    case "list_contains_all": spelled = "has all"
    case "is_set": spelled = "is set"
    case "is_not_set": spelled = "is not set"
    default: spelled = "<unknown operator \(op)>"
    }
    let operand = literal == .null ? "" : " " + (op == "matches" ? pattern(literal) : render(literal))
    return "x \(spelled)\(operand)" + (ignoringCase ? " ignoring case" : "")
  }

  /// A literal as our language writes it: strings quoted (versions and dates too), numbers and bools bare,
  /// option ids of a `list` as bare words, lists in brackets.
  func render(_ value: JSONValue) -> String {
    switch value {
    case .string(let s) where attributeType == "list": return s
    case .string(let s):
      return "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
    case .bool(let b): return String(b)
    case .array(let elements): return "[" + elements.map(render).joined(separator: ", ") + "]"
    case .null, .object: return "null"
    }
  }

  /// A pattern literal `/…/` with its slashes escaped.
  func pattern(_ value: JSONValue) -> String {
    guard case .string(let s) = value else { return render(value) }
    return "/" + s.replacingOccurrences(of: "/", with: "\\/") + "/"
  }

  /// The profile: `custom_attributes.x` from the case (absent when the case says so).
  var profile: Profile {
    Profile(profileID: "conformance", customAttributes: attribute.map { ["x": $0] } ?? [:])
  }

  var rules: String { segmentRules(declaration, condition) }
}
