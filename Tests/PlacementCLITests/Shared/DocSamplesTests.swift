import Foundation
import PlacementKit
import Testing

/// P-9: every rules sample in README.md and docs/*.md compiles and is in `placement fmt`'s canonical layout, so
/// a sample copied into Rules/ passes the CI gate.
///
/// A sample is a fenced block (untagged or ```` ```rules ````) whose first line starts a declaration or a
/// comment. A fragment that needs declarations from elsewhere states them in an HTML comment right above the
/// fence, `<!-- rules context:` … `-->`; the sample is compiled together with that context (which is not
/// format-checked).
@Suite struct DocSamplesTests {
  struct Sample: CustomTestStringConvertible {
    let file: String
    let line: Int
    let text: String
    let context: String?
    var testDescription: String { "\(file):\(line)" }
  }

  static var start: Regex<(Substring, Substring)> {
    #/^(attribute |segment |dialect |placement [A-Za-z_][\w.-]*: |# |test [A-Za-z_][\w.-]* version |layer [A-Za-z_][\w.-]* )/#
  }

  static let samples: [Sample] = {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: repo("docs"))) ?? []
    let files = ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    return files.flatMap { samples(in: $0) }
  }()

  static func samples(in file: String) -> [Sample] {
    let text = (try? String(contentsOfFile: repo(file), encoding: .utf8)) ?? ""
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var found: [Sample] = []
    var index = 0
    while index < lines.count {
      let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("```") else {
        index += 1
        continue
      }
      let tag = trimmed.dropFirst(3)
      let indent = lines[index].prefix { $0 == " " }.count
      var end = index + 1
      while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
      let body = lines[(index + 1)..<min(end, lines.count)].map { String($0.dropFirst(min(indent, $0.count))) }
      if tag.isEmpty || tag == "rules", let first = body.first(where: { !$0.isEmpty }),
        first.firstMatch(of: start) != nil || first.hasPrefix("content ") || first.hasPrefix("config schema ")
      {
        found.append(
          Sample(
            file: file, line: index + 2, text: body.joined(separator: "\n") + "\n",
            context: context(above: index, in: lines, indent: indent)))
      }
      index = end + 1
    }
    return found
  }

  /// The `<!-- rules context: … -->` comment ending on the line above `fence`, without its markers.
  static func context(above fence: Int, in lines: [String], indent: Int) -> String? {
    guard fence > 0, lines[fence - 1].trimmingCharacters(in: .whitespaces) == "-->" else { return nil }
    var open = fence - 2
    while open >= 0, lines[open].trimmingCharacters(in: .whitespaces) != "<!-- rules context:" { open -= 1 }
    guard open >= 0 else { return nil }
    return lines[(open + 1)..<(fence - 1)].map { String($0.dropFirst(min(indent, $0.count))) }
      .joined(separator: "\n") + "\n"
  }

  /// The id lists of `Rules/lists`, under their paths in the rules folder (`lists/qa_device_ids.txt`): samples
  /// that declare a list name these files.
  static let shippedLists: [RuleSource] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: repo("Rules/lists"))) ?? []
    return names.sorted().compactMap { name in
      guard let bytes = FileManager.default.contents(atPath: repo("Rules/lists/\(name)")) else { return nil }
      return RuleSource(name: "lists/\(name)", bytes: [UInt8](bytes), path: "lists/\(name)", kind: .config)
    }
  }()

  /// The extraction finds the samples (so the checks below cannot pass on nothing).
  @Test func samplesAreFound() {
    #expect(Self.samples.count >= 13)
    #expect(Self.samples.contains { $0.file == "README.md" })
    #expect(Self.samples.contains { $0.file == "docs/Formatting.md" && $0.context != nil })
  }

  @Test(arguments: samples) func sampleCompiles(_ sample: Sample) {
    var sources = [RuleSource(name: "\(sample.file):\(sample.line)", text: sample.text, path: "sample.rules")]
    if let context = sample.context { sources.append(RuleSource(name: "context", text: context)) }
    sources += Self.shippedLists
    let errors = Compilation.compile(sources).diagnostics.filter { $0.severity == .error }
    #expect(errors.isEmpty, "\(DiagnosticRenderer().render(errors))")
  }

  /// The README's first command prints the output the README shows under it (a newcomer's first check).
  @Test func readmeShowsWhatItsFirstCommandPrints() throws {
    let readme = try String(contentsOfFile: repo("README.md"), encoding: .utf8)
    let opening = try #require(readme.firstRange(of: "gets and why:\n\n```\n"))
    let closing = try #require(readme[opening.upperBound...].firstRange(of: "```"))
    let run = placement(
      ["resolve", "--profile", repo("Examples/profiles/seed-profile.json"), "--explain", "--format", "text"]
        + ["--rules", repo("Rules"), "--now", "2026-12-01T00:00:00Z"])
    #expect(run.status == 0)
    #expect(run.out == String(readme[opening.upperBound..<closing.lowerBound]))
  }

  @Test(arguments: samples) func sampleIsCanonical(_ sample: Sample) throws {
    let formatted = try RuleFormatter.format(SourceFile(name: sample.file, text: sample.text))
    #expect(formatted == sample.text)
  }
}
