import Foundation
import TestSupport
import Testing

@testable import PlacementCore
@testable import PlacementKit

/// `placement fmt` must never change what rules mean: for every rules file of the repository (Rules/ as one
/// rule set, Examples/, every test fixture), the formatted text compiles to the same diagnostics codes and, when
/// it compiles, to the same decision for every example profile at every placement.
@Suite struct FormatMeaningTests {
  private static let root = repositoryRoot

  /// Every `*.rules` file below `folder` of the repository, as repository-relative paths.
  private static func rulesFiles(under folder: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    let found = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
    return found.filter { $0.hasSuffix(".rules") }.sorted().map { "\(folder)/\($0)" }
  }

  /// Rule sets to check: the shipped Rules/ together, and every other rules file on its own.
  static let ruleSets: [[String]] =
    [rulesFiles(under: "Rules")] + (rulesFiles(under: "Examples") + rulesFiles(under: "Tests")).map { [$0] }

  @Test func coversTheShippedRulesExamplesAndFixtures() {
    let all = Self.ruleSets.flatMap { $0 }
    #expect(all.contains("Rules/onboarding.rules"))
    #expect(all.contains("Examples/broken/several-mistakes.rules"))
    #expect(all.contains("Tests/PlacementFormatTests/Fixtures/comments.input.rules"))
  }

  @Test(arguments: ruleSets)
  func formattingKeepsDiagnosticsAndDecisions(paths: [String]) throws {
    var originals: [RuleSource] = []
    var formatted: [RuleSource] = []
    for path in paths {
      // Bytes, not text: a fixture may hold ill-formed UTF-8 (which fmt must refuse).
      let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent(path)))
      originals.append(RuleSource(name: path, bytes: bytes))
      do {
        formatted.append(RuleSource(name: path, text: try RuleFormatter.format(SourceFile(name: path, bytes: bytes))))
      } catch {
        guard case .syntax(let errors) = error else { throw error }
        // Refused: the file really has syntax errors, and stays as it is.
        #expect(!errors.isEmpty)
        #expect(
          errors.allSatisfy { DiagnosticCatalog.entry(for: $0.code).map { SyntaxCatalog.entries.contains($0) } == true }
        )
        formatted.append(RuleSource(name: path, bytes: bytes))
      }
    }
    let before = Compilation.compile(originals)
    let after = Compilation.compile(formatted)
    #expect(before.diagnostics.map(\.code) == after.diagnostics.map(\.code))
    #expect(before.diagnostics.map(\.severity) == after.diagnostics.map(\.severity))
    guard let old = before.ruleSet, let new = after.ruleSet else {
      #expect((before.ruleSet == nil) == (after.ruleSet == nil))
      return
    }
    #expect(old.placementNames == new.placementNames)
    let options = ResolveOptions(now: Instant(iso8601: "2026-11-30T00:00:00Z")!)
    let profiles = try Self.profiles(for: old)
    #expect(profiles.count >= 10)
    for profile in profiles {
      let expected = try old.resolveAll(for: old.bind(profile), options: options).map(Essence.init)
      let actual = try new.resolveAll(for: new.bind(profile), options: options).map(Essence.init)
      #expect(expected == actual, "profile \(profile.profileID ?? "?")")
    }
  }

  /// The example profiles, plus one profile per option of each choice/choices attribute and per bool value.
  static func profiles(for ruleSet: RuleSet) throws -> [Profile] {
    let folder = root.appendingPathComponent("Examples/profiles")
    var profiles: [Profile] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      let data = try Data(contentsOf: folder.appendingPathComponent(file))
      if file.hasSuffix(".json") { profiles.append(try Profile(jsonBytes: [UInt8](data))) }
      if file.hasSuffix(".jsonl") {
        for line in data.split(separator: UInt8(ascii: "\n")) { profiles.append(try Profile(jsonBytes: [UInt8](line))) }
      }
    }
    let base: [String: JSONValue] = [
      "country": .string("US"), "platform": .string("iOS"), "app_version": .string("2.4.0"), "age": .number(25),
    ]
    for attribute in ruleSet.attributes where !attribute.isBuiltin {
      let values: [JSONValue]
      switch attribute.type {
      case .choice(let options): values = options.ids.map { .string($0) }
      case .choices(let options): values = options.ids.map { .array([.string($0)]) }
      case .bool: values = [.bool(true), .bool(false)]
      case .number: values = [.number(5), .number(95)]
      default: values = []
      }
      for (index, value) in values.enumerated() {
        profiles.append(
          Profile(
            profileID: "\(attribute.name)-\(index)", builtins: base, customAttributes: [attribute.name: value]))
      }
    }
    return profiles
  }

  /// What a decision means, without the condition's source text (which formatting re-spaces).
  struct Essence: Equatable {
    let placement: String
    let row: Int
    let name: String
    let content: ShownContent
    let abTest: ABAssignment?
    let warnings: [String]

    init(_ decision: Decision) {
      placement = decision.placement
      row = decision.audience.index
      name = decision.audience.name
      content = decision.content
      abTest = decision.abTest
      warnings = decision.warnings
    }
  }
}
