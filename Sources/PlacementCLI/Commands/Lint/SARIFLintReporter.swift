import Foundation
import PlacementKit

/// Lint findings as SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/): one run whose
/// `tool.driver` lists every diagnostic code as a rule (`id`, `shortDescription`, `help`,
/// `defaultConfiguration.level`), and one result per unsuppressed finding with `ruleId`, `ruleIndex`, `level`
/// (`error`, `warning`, `note`), `message` and a physical location (1-based lines and columns; the end column is
/// exclusive). Columns count UTF-16 code units, and the run says so with `columnKind: utf16CodeUnits` (SARIF
/// §3.14.17; viewers such as GitHub code scanning then highlight the right characters on lines with emoji).
/// Suppressed findings are left out.
struct SARIFLintReporter {
  let version: String

  static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  func render(_ result: LintResult) -> String {
    let entries = DiagnosticCatalog.all
    let index = Dictionary(entries.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { first, _ in first })
    let driver: JSONValue = .object([
      "name": .string("placement"), "version": .string(version), "semanticVersion": .string(version),
      "rules": .array(entries.map(rule)),
    ])
    let results = result.diagnostics.map { self.result($0, ruleIndex: index[$0.code]) }
    let log: JSONValue = .object([
      "$schema": .string(Self.schema), "version": .string("2.1.0"),
      "runs": .array([
        .object([
          "tool": .object(["driver": driver]), "columnKind": .string("utf16CodeUnits"), "results": .array(results),
        ])
      ]),
    ])
    return serialized(log, sortedKeys: true) + "\n"
  }

  func rule(_ entry: CatalogEntry) -> JSONValue {
    let origin = LintCatalog.contains(entry.code) ? "lint rule" : "compiler diagnostic"
    return .object([
      "id": .string(entry.code.id),
      "shortDescription": .object(["text": .string(entry.summary)]),
      "help": .object(["text": .string("\(entry.summary) (\(origin); see docs/Lint.md and docs/Language.md)")]),
      "defaultConfiguration": .object(["level": .string(level(entry.severity))]),
    ])
  }

  func result(_ diagnostic: Diagnostic, ruleIndex: Int?) -> JSONValue {
    var text = diagnostic.message
    for note in diagnostic.notes { text += "\nnote: \(note.message)" }
    var members: [String: JSONValue] = [
      "ruleId": .string(diagnostic.code.id), "level": .string(level(diagnostic.severity)),
      "message": .object(["text": .string(text)]),
      "locations": .array(diagnostic.span.map { [location($0)] } ?? []),
    ]
    if let ruleIndex { members["ruleIndex"] = .number(Double(ruleIndex)) }
    return .object(members)
  }

  func location(_ span: SourceSpan) -> JSONValue {
    let start = span.file.utf16Location(of: span.range.start)
    let end = span.file.utf16Location(of: span.range.end)
    let uri = span.file.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? span.file.name
    return .object([
      "physicalLocation": .object([
        "artifactLocation": .object(["uri": .string(uri)]),
        "region": .object([
          "startLine": .number(Double(start.line)), "startColumn": .number(Double(start.column)),
          "endLine": .number(Double(end.line)), "endColumn": .number(Double(end.column)),
        ]),
      ])
    ])
  }

  func level(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }
}
