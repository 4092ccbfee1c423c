import TestSupport
import Testing

@testable import PlacementCore

/// A key written twice in one JSON object of a config (inline or file) or a schema default is an error at the
/// second occurrence, with a note at the first: the reader would keep only the last value.
@Suite struct ConfigDuplicateKeyTests {
  @Test func theReaderFindsEveryRepeatedNamePerObject() {
    let text = #"{"a": 1, "b": {"a": 2, "c": [{"c": 1}, {"c": 2}]}, "a": 3, "a": 4, "b": "x:", "\u0061": 5}"#
    let found = JSONReader.findings(Array(text.utf8), limits: .default).repeatedKeys
    #expect(found.map(\.key) == ["a", "a", "b", "a"])
    let bytes = Array(text.utf8)
    #expect(found.allSatisfy { bytes[$0.first.lowerBound] == UInt8(ascii: "\"") })
    #expect(found.map(\.first.lowerBound) == [1, 1, 9, 1])
    #expect(String(decoding: bytes[found[3].second], as: UTF8.self) == #""\u0061""#)
    #expect(JSONReader.findings(Array(#"{"a": "a", "b": ["a", "a"]}"#.utf8), limits: .default) == JSONFindings())
  }

  @Test func anInlineConfigWithAKeyTwiceIsAnErrorAtTheSecond() {
    let found = expectDiagnostics(
      ContentCheckingTests.rules(
        """
        content paywall pro {
          config default "en" { "title": "Go pro", "trial_days": 7, 1️⃣"title": "Go premium" }
          config "de" { "title": "Werde Profi", "trial_days": 7, "more": {"a": 1, 2️⃣"a": 2} }
        }
        """), ContentDiagnostics.duplicateConfigKey)
    #expect(found.map(\.severity) == [.error, .error])
    #expect(found.first?.message == "key 'title' is written twice in this JSON object")
    #expect(found.first?.notes.map(\.message) == ["first listed here"])
    #expect(
      found.first?.notes.first.flatMap { note in note.span.map { "\($0.file.location(of: $0.range.start))" } }
        == "5:25")
  }

  @Test func aConfigFileWithAKeyTwiceIsReportedInThatFile() {
    let sources = [
      RuleSource(
        name: "p.rules",
        text: ContentCheckingTests.rules(#"content paywall pro { config default "en" from "pro.json" }"#)),
      RuleSource(
        name: "pro.json", bytes: Array("{\n  \"title\": \"a\",\n  \"title\": \"b\"\n}".utf8), path: "pro.json",
        kind: .config),
    ]
    let diagnostics = Compilation.compile(sources).diagnostics
    #expect(diagnostics.map(\.code) == [ContentDiagnostics.duplicateConfigKey])
    #expect(diagnostics.first?.span?.file.name == "pro.json")
    #expect(diagnostics.first.flatMap { $0.span.map { "\($0.file.location(of: $0.range.start))" } } == "3:3")
    #expect(diagnostics.first.flatMap { $0.span.map { $0.range.end - $0.range.start } } == 7)
  }

  @Test func aSchemaDefaultWithAKeyTwiceIsAnError() {
    expectDiagnostics(
      ContentCheckingTests.rules(
        """
        config schema paywall {
          title: string
          extra: object = {"a": 1, 1️⃣"a": 2}
        }
        content paywall pro {
          config default "en" { "title": "Go pro" }
        }
        """), ContentDiagnostics.duplicateConfigKey)
  }
}
