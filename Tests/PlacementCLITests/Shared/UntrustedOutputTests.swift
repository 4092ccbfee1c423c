import Foundation
import PlacementKit
import Testing

/// Untrusted text is escaped everywhere it is shown, with the escaping
/// and the 60-character cut of warnings. The two repros of M-2 (a U+202E and a line break forging an output line,
/// an ESC clear-screen), a 200-character value, and hostile text in the rules and in a rule test file.
@Suite struct UntrustedOutputTests {
  static let forging = #"{"profile_id":"x","subscription_state":"exp\u202eired\nmain_paywall: paywall FAKE"}"#
  static let clearScreen = #"{"profile_id":"x","subscription_state":"A\u001b[2JB"}"#
  static let lapsedRow = #"  row 1 lapsed: no match: subscription_state in ["expired", "cancelled"] (seen: "#

  func explainText(_ profile: String) -> CLIRun {
    placement(
      ["resolve", "--profile", "-", "--placement", "main_paywall", "--explain", "--format", "text"], stdin: [profile])
  }

  func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

  @Test func bidiOverrideAndLineBreakInAValueCannotForgeAnOutputLine() {
    let run = explainText(Self.forging)
    #expect(run.status == 0, "\(run.err)")
    let out = lines(run.out)
    #expect(
      out.contains(Self.lapsedRow + #"subscription_state = "exp\u{202E}ired\nmain_paywall: paywall FAKE")"#),
      "\(run.out)")
    #expect(
      out.filter { $0.hasPrefix("main_paywall:") } == [
        "main_paywall: paywall standard  (row 5 'default')  reason DEFAULT"
      ])
    #expect(!run.out.unicodeScalars.contains("\u{202E}"))
    #expect(out.count == 7)
  }

  @Test func clearScreenEscapeInAValueDoesNotReachTheTerminal() {
    let run = explainText(Self.clearScreen)
    #expect(run.status == 0, "\(run.err)")
    #expect(lines(run.out).contains(Self.lapsedRow + #"subscription_state = "A\u{1B}[2JB")"#), "\(run.out)")
    #expect(!run.out.contains("\u{1B}"))
  }

  /// The JSON `seen` is the same message as the text one (escaped and cut), inside valid JSON.
  @Test func jsonExplainCarriesTheEscapedMessage() throws {
    let run = placement(
      ["resolve", "--profile", "-", "--placement", "main_paywall", "--explain"], stdin: [Self.clearScreen])
    #expect(run.status == 0, "\(run.err)")
    let decision = try JSONReader.parse(Array(run.out.utf8))
    guard case .array(let rows) = decision["explain"], case .string(let seen) = rows[1]["seen"] else {
      Issue.record("no explain row 1 in \(run.out)")
      return
    }
    #expect(seen == #"subscription_state = "A\u{1B}[2JB""#)
  }

  @Test func aLongValueIsCutAtSixtyCharactersAsInWarnings() throws {
    let value = String(repeating: "x", count: 200)
    let profile = #"{"profile_id":"x","subscription_state":"\#(value)"}"#
    let shown = "\"" + String(repeating: "x", count: 56) + "…\""
    // Quotes and the ellipsis included, under 60 characters: exactly what a warning shows for this value.
    #expect(shown.count == 59)
    let run = explainText(profile)
    #expect(lines(run.out).contains(Self.lapsedRow + "subscription_state = \(shown))"), "\(run.out)")
    let json = placement(
      ["resolve", "--profile", "-", "--placement", "main_paywall", "--explain"], stdin: [profile])
    #expect(json.out.contains(#""seen":"subscription_state = \"\#(String(repeating: "x", count: 56))…\"""#))
    let wrongType = explainText(#"{"profile_id":"x","total_revenue_usd":"\#(value)"}"#)
    #expect(wrongType.out.contains("warning: attribute 'total_revenue_usd': value \(shown) "), "\(wrongType.out)")
  }

  /// Text from the rules (a string literal holding a bidi override and ESC) is escaped in `audiences` and in the
  /// explanation, with backslashes and length kept.
  @Test func hostileRulesTextIsEscapedInAudiencesAndExplain() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let rules =
      "segment us = country == \"U\u{202E}S\u{1B}[2J\"\nplacement p: flow {\n  us -> flow a\n"
      + "  default -> flow b\n}\n"
    try rules.write(toFile: folder + "/h.rules", atomically: true, encoding: .utf8)
    let audiences = placement(["audiences", "p", "--rules", folder + "/h.rules"])
    #expect(audiences.status == 0, "\(audiences.err)")
    #expect(lines(audiences.out).contains(#"0  us       country == "U\u{202E}S\u{1B}[2J"  flow a"#), "\(audiences.out)")
    #expect(!audiences.out.contains("\u{1B}"))
    let explain = placement(
      ["resolve", "--profile", "-", "--rules", folder + "/h.rules", "--format", "text", "--explain"],
      stdin: [#"{"profile_id":"q","country":"FR"}"#])
    #expect(
      lines(explain.out).contains(#"  row 0 us: no match: country == "U\u{202E}S\u{1B}[2J" (seen: country = "FR")"#),
      "\(explain.out)")
  }

  /// A rule test case whose name holds a line break cannot forge a `FAIL` line; its profile's value is escaped
  /// in the explanation the report prints.
  @Test func ruleTestReportEscapesCaseNamesAndValues() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/t.json"
    let cases =
      #"{"now":"2026-11-30T00:00:00Z","cases":[{"name":"forged\nFAIL nothing","#
      + #""profile":{"profile_id":"x","subscription_state":"A\u001b[2JB"},"#
      + #""expect":{"main_paywall":"paywall winback"}}]}"#
    try cases.write(toFile: file, atomically: true, encoding: .utf8)
    let run = placement(["test", file, "--rules", repo("Rules")])
    #expect(run.status == 1, "\(run.err)")
    let out = lines(run.out)
    #expect(out.first == "FAIL \(file) cases[0] 'forged\\nFAIL nothing'", "\(run.out)")
    #expect(out.filter { $0.hasPrefix("FAIL") }.count == 1)
    #expect(out.contains("  " + Self.lapsedRow + #"subscription_state = "A\u{1B}[2JB")"#), "\(run.out)")
    #expect(!run.out.contains("\u{1B}"))
  }

  /// Rules text keeps its backslashes (a pattern's `\d`), and escaping it twice changes nothing.
  @Test func ruleTextEscapingKeepsBackslashesAndIsIdempotent() {
    let text = "version =~ /\\d+/ and x == \"a\u{1B}b\nc\u{202E}\""
    let once = displayRuleText(text)
    #expect(once == #"version =~ /\d+/ and x == "a\u{1B}b\nc\u{202E}""#)
    #expect(displayRuleText(once) == once)
  }

  /// The newcomer trial's folder: a literal with a right-to-left override, which lint's example profile repeats.
  /// Text and GitHub output show it escaped, in the finding, the excerpt and the example; JSON keeps the value.
  @Test func lintTextAndGitHubOutputEscapeBidiAndInvisibleCharacters() throws {
    let folder = ScratchFolder()
    folder.file(
      "B/a.rules",
      "segment t = platform == \"iOS\"\nsegment rtl = country == \"\u{202E}SU\u{200B}\"\n\n"
        + "placement p: flow {\n  t       -> flow a\n  rtl     -> flow b\n  default -> flow z\n}\n")
    let text = placement(["lint", folder.path + "/B"])
    let github = placement(["lint", "--format", "github", folder.path + "/B"])
    for run in [text, github] {
      #expect(run.status == 0, "\(run.err)")
      #expect(!run.out.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" }, "\(run.out)")
      #expect(run.out.contains(#"{"country":"\u{202E}SU\u{200B}","platform":"iOS"}"#), "\(run.out)")
    }
    #expect(text.out.contains(#" 2 | segment rtl = country == "\u{202E}SU\u{200B}""#), "\(text.out)")
    #expect(github.out.contains("title=confusable-literal::literal holds U+202E RIGHT-TO-LEFT OVERRIDE"))
    let json = placement(["lint", "--format", "json", folder.path + "/B"])
    // JSON is for programs: the value is kept as it is, a JSON string being safe for them.
    #expect(json.out.contains(#"{\"country\":\"\#u{202E}SU\#u{200B}\",\"platform\":\"iOS\"}"#), "\(json.out)")
  }

  /// `placement diff`'s reports for people show the changed row's literal and its example profile escaped.
  @Test func diffTextAndMarkdownEscapeBidiAndInvisibleCharacters() throws {
    let folder = ScratchFolder()
    let rules = { (content: String) in
      "segment rtl = country == \"\u{202E}SU\u{200B}\"\nplacement p: flow {\n  rtl -> flow \(content)\n"
        + "  default -> flow z\n}\n"
    }
    folder.file("old/a.rules", rules("a"))
    folder.file("new/a.rules", rules("b"))
    for format in ["text", "markdown"] {
      let run = placement(
        ["diff", folder.path + "/old", folder.path + "/new", "--now", "2026-11-30T00:00:00Z", "--format", format])
      #expect(run.err.isEmpty, "\(run.err)")
      #expect(!run.out.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" }, "\(format): \(run.out)")
      #expect(run.out.contains(#""country":"\u{202E}SU\u{200B}""#), "\(format): \(run.out)")
    }
  }
}
