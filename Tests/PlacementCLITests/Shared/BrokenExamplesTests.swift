import Foundation
import Testing

/// Runs every row of Examples/broken/README.md and checks its documented exit code and error texts; every file
/// of the folder must have a row.
@Suite struct BrokenExamplesTests {
  struct Row: CustomTestStringConvertible, Sendable {
    let input: String
    let arguments: [String]
    let exit: Int32
    let errors: [String]
    var testDescription: String { input }
  }

  /// The rows of the README's first table: `| \`input\` | \`placement …\` | exit | \`error\` \`error\` … |`.
  static let rows: [Row] = {
    let text = (try? String(contentsOfFile: repo("Examples/broken/README.md"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line -> Row? in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count == 6, cells[1].hasPrefix("`"), let exit = Int32(cells[3]) else { return nil }
      let command = spans(cells[2]).first?.split(separator: " ").dropFirst().map { word in
        word.hasPrefix("Examples/") || word == "Rules" ? repo(String(word)) : String(word)
      }
      return Row(input: spans(cells[1])[0], arguments: command ?? [], exit: exit, errors: spans(cells[4]))
    }
  }()

  /// The texts between backticks.
  static func spans(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element) }
  }

  @Test func everyBrokenInputIsDocumented() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: repo("Examples/broken")).filter {
      $0 != "README.md"
    }
    #expect(Set(files).subtracting(Self.rows.map(\.input)).sorted() == [])
    #expect(Self.rows.count >= 15)
  }

  @Test(arguments: rows)
  func documentedErrorAndExitCode(_ row: Row) {
    let run = placement(row.arguments)
    #expect(run.status == row.exit, "\(row.input): \(run.err)")
    #expect(!row.errors.isEmpty)
    for error in row.errors {
      #expect((run.err + run.out).contains(error), "\(row.input): missing \(error) in \(run.err)")
    }
  }

  /// Generated, not committed: a rules file of 10,000 nested parentheses gives exactly one error line.
  @Test func tenThousandNestedParenthesesThroughTheCLI() throws {
    let text =
      "segment deep = " + String(repeating: "(", count: 10_000) + "age > 18" + String(repeating: ")", count: 10_000)
      + "\n\nplacement onboarding_end: flow {\n  deep -> flow deep_onboarding\n  default -> flow generic_onboarding\n}\n"
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("deep-\(UUID().uuidString).rules").path
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = placement(["resolve", "--profile", repo("Examples/profiles/seed-profile.json"), "--rules", path])
    #expect(run.status == 65)
    let errorLines = run.err.split(separator: "\n").filter { $0.contains("error:") }
    #expect(
      errorLines == [
        "\(path):1:144: error: condition is nested more than 128 levels deep (parentheses and 'not') [nesting-too-deep]",
        "error: rules do not compile: 1 error",
      ])
  }
}
