import Foundation
import TestSupport
import Testing

/// Every note and fix-it text, and every parser "expected …" description, lives in its
/// stage's catalogue (`*Messages*.swift`, `*Notes*.swift`), so report sites in the compiler and linter stages never
/// spell one out. A source scan, so a new report site with a literal fails here instead of slipping past review.
@Suite struct CatalogueSourceTests {
  /// The stage folders, relative to `Sources/`, whose report sites must use catalogue functions.
  static let stages = [
    "PlacementCore/Syntax", "PlacementCore/Semantics", "PlacementCore/Compiler", "PlacementAnalysis/Lint",
    "PlacementAnalysis/Reasoning",
  ]

  /// A call that builds a note or a fix-it from text: `Note(` (any argument: a literal, or a variable holding
  /// one) or `FixIt(message:`; or a parser description built outside `SyntaxMessages+Expected.swift`:
  /// `Expected(`, or a string literal passed to `expect(.kind, `, `expectName(`, `expectContentID(`,
  /// `reportExpected(` or `parseShareBound(`; or an English phrase handed to a message as a labelled argument
  /// (`kind: "segment"`, `other: "a rollout"`, `found = "a list"`), which the catalogue's typed values replace.
  static var construction: Regex<Substring> {
    #/
      \bNote\( | \bFixIt\(\s*message: | \bExpected\(
      | \bexpect\(\s*\.\w+\s*,\s*"
      | \b(?:expectName|expectContentID|reportExpected|parseShareBound)\(\s*"
      | \b(?:kind|naming|other|with|expected|found|share|cost)\s*[:=]\s*"
    /#
  }

  static var sources: URL { repositoryRoot.appendingPathComponent("Sources") }

  /// Swift files under `Sources/` inside a stage folder (at any depth, e.g. `PlacementAnalysis/Lint/Rules/`),
  /// except the catalogues themselves.
  static func reportSites() throws -> [URL] {
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    return files.compactMap { $0 as? URL }.filter { url in
      let name = url.lastPathComponent
      guard name.hasSuffix(".swift"), !name.contains("Messages"), !name.contains("Notes") else { return false }
      let folders = url.deletingLastPathComponent().pathComponents.drop { $0 != "Sources" }.dropFirst()
      let path = folders.joined(separator: "/") + "/"
      return stages.contains { path.hasPrefix($0 + "/") }
    }
  }

  /// `file:line: call` for every note or fix-it built from text outside a catalogue.
  static func offences(in files: [URL]) throws -> [String] {
    try files.flatMap { url in
      let text = try String(contentsOf: url, encoding: .utf8)
      return text.matches(of: construction).map { match in
        let line = text[..<match.range.lowerBound].count { $0 == "\n" } + 1
        return "\(url.lastPathComponent):\(line): \(text[match.range])"
      }
    }
  }

  @Test func reportSitesBuildNoNoteOrFixItFromText() throws {
    let files = try Self.reportSites()
    #expect(files.count > 60, "the scan found only \(files.count) files under \(Self.sources.path)")
    #expect(try Self.offences(in: files) == [])
  }

  /// The scan itself finds what it must: a literal note, a note from a variable, a fix-it with a message, a
  /// literal "expected" description at each parser helper, an `Expected` built at a site, English labelled
  /// arguments; not a catalogue member.
  @Test func theScanFindsLiterals() throws {
    let sample = FileManager.default.temporaryDirectory.appendingPathComponent("CatalogueSourceTests-sample.swift")
    try """
    let a = [Note("first here", at: span)]
    let b = Note(text)
    let c = FixIt(
      message: "use 'x'", span: span, replacement: "x")
    let d = [Note.firstListed(at: span), .didYouMean(name)]
    let e = expectName("a segment name")
    expect(.colon, "':' after the attribute name")
    reportExpected(
      "a value")
    let f = Expected("a flow id")
    let g = expectName(.segmentName)
    expect(.rightBrace, .closingBraceOfLayer(name.text))
    reportExpected(.word("to"))
    reportDuplicate(decl.name, kind: "layer", previous: range, previousFile: file)
    found = "a list"
    report(.layerSaltUsedTwice(salt, layer: name, other: .rollout), place)
    """.write(to: sample, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: sample) }
    let found = try Self.offences(in: [sample]).map { $0.split(separator: ":")[1] }
    #expect(found == ["1", "2", "3", "6", "7", "8", "10", "14", "15"])
  }
}
