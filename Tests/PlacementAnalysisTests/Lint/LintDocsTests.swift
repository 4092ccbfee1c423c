import Foundation
import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// docs/Lint.md documents every rule (scripts/lint-docs.sh harvests the rules' doc comments into it).
@Suite struct LintDocsTests {
  func document() throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent("docs/Lint.md"), encoding: .utf8)
  }

  @Test func everyRuleIsDocumentedWithItsSeverityAndSummary() throws {
    let doc = try document()
    for rule in LintRegistry.rules {
      let type = type(of: rule)
      #expect(doc.contains("### `\(type.id)`\n"), "docs/Lint.md lacks a section for \(type.id)")
      #expect(
        doc.contains("**\(type.severity.rawValue)** · \(type.summary) · `\(String(describing: type))`"),
        "docs/Lint.md has a stale summary for \(type.id); run scripts/lint-docs.sh")
      #expect(doc.contains("disable=\(type.id)`"))
    }
  }

  @Test func typeNamesAreTheCodesInUpperCamelCase() {
    for rule in LintRegistry.rules {
      let type = type(of: rule)
      let camel = type.id.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
      #expect(String(describing: type) == camel)
    }
  }

  @Test func codesAreUniqueKebabCaseAndDistinctFromCompilerCodes() {
    let codes = LintCatalog.entries.map(\.code.id)
    #expect(Set(codes).count == codes.count)
    let compiler = Set((SyntaxCatalog.entries + SemanticsCatalog.entries).map(\.code.id))
    for code in codes {
      #expect(!compiler.contains(code))
      #expect(code.allSatisfy { $0.isLowercase || $0 == "-" })
    }
  }
}
