import Foundation
import Synchronization
import Testing

@testable import PlacementCLI

/// Command-line consistency: the commands agree with each other.
@Suite struct CLIConsistencyTests {
  let scratch = ScratchFolder()
  let common = ["--now", "2026-11-30T00:00:00Z", "--rules", repo("Rules")]

  /// m-2: batch text output says which profile (and input line) each group of decisions is for.
  @Test func batchTextNamesEachProfile() {
    let input = scratch.file(
      "b.jsonl", "{\"profile_id\":\"b-1\",\"custom_attributes\":{\"experience\":\"pro\"}}\n\n{\"country\":\"US\"}\n")
    let run = placement(
      ["resolve", "--profiles", input, "--format", "text", "--placement", "onboarding_end"] + common)
    #expect(run.status == 0)
    let lines = run.out.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0] == "profile b-1 (line 1):")
    #expect(lines[1].hasPrefix("onboarding_end: flow pro_onboarding  (row 0 'pros'"))
    #expect(lines[2] == "profile without profile_id (line 3):")
    #expect(lines[3].hasPrefix("onboarding_end: "))
    let explained = placement(
      ["resolve", "--profiles", input, "--format", "text", "--explain", "--placement", "onboarding_end"] + common)
    #expect(explained.out.hasPrefix("profile b-1 (line 1):\nonboarding_end: flow pro_onboarding"))
    #expect(explained.out.contains("\nprofile without profile_id (line 3):\n"))
  }

  /// A profile id is untrusted: a line break in it cannot forge an output line.
  @Test func batchTextEscapesTheProfileID() {
    let input = scratch.file("b.jsonl", "{\"profile_id\":\"a\\nonboarding_end: flow FAKE\"}\n")
    let run = placement(["resolve", "--profiles", input, "--format", "text", "--placement", "onboarding_end"] + common)
    #expect(run.out.hasPrefix("profile a\\nonboarding_end: flow FAKE (line 1):\n"))
  }

  /// m-13: batch-only options are rejected with --profile, the same values as with --profiles.
  @Test func batchOnlyOptionsAreRejectedWithASingleProfile() {
    let profile = repo("Examples/profiles/amateur.json")
    for option in [["--jobs", "abc"], ["--jobs", "2"], ["--errors", "inline"], ["--errors", "foo"]] {
      let run = placement(["resolve", "--profile", profile] + option + common)
      #expect(run.status == 64, "\(option)")
      #expect(run.err.hasPrefix("error: \(option[0]) applies to --profiles only\n"), "\(option)")
      #expect(run.out == "")
    }
    let batch = placement(["resolve", "--profiles", repo("Examples/profiles/batch.jsonl"), "--jobs", "-5"] + common)
    #expect(batch.status == 64)
    #expect(batch.err.hasPrefix("error: --jobs must be a whole number from 1 to 256, found '-5'\n"))
    #expect(batch.out == "")
  }

  /// P-1: standard input is `<stdin>` in every message.
  /// The newcomer check: `resolve --rules broken.rules --rules Rules` used to ignore the broken file silently.
  /// A command that reads one rule set refuses `--rules` twice; only `lint` reads several paths.
  @Test func rulesGivenTwiceIsAUsageErrorWhereOneRuleSetIsRead() {
    let twice = ["--rules", repo("Rules"), "--rules", repo("Rules/paywall.rules")]
    for arguments in [
      ["resolve", "--profile", repo("Examples/profiles/amateur.json")], ["audiences"],
      ["ingest", repo("Examples/events/seed-events.jsonl")], ["test", repo("Rules/tests")], ["diff", "Rules", "Rules"],
    ] {
      let run = placement(arguments + twice)
      #expect(run.status == 64, "\(arguments): \(run.err)")
      #expect(
        run.err.contains("option '--rules' given 2 times: this command reads one rule set (a folder or a file)"),
        "\(arguments): \(run.err)")
    }
    #expect(placement(["lint"] + twice).status != 64)
  }

  @Test func standardInputIsNamedTheSameEverywhere() {
    let single = placement(["resolve", "--profile", "-"] + common, stdin: ["{bad"])
    #expect(single.status == 65)
    #expect(single.err.hasPrefix("<stdin>:1:2: error: invalid JSON"))
    let ingest = placement(["ingest", "-", "--rules", repo("Rules")], stdin: ["{bad"])
    #expect(ingest.err.hasPrefix("<stdin>:1:2: error: invalid JSON"))
    let batch = placement(["resolve", "--profiles", "-"] + common, stdin: ["{bad"])
    #expect(batch.err.hasPrefix("<stdin>:1:2: error: invalid JSON"))
  }

  /// `-` is standard input for rules too: `lint -` and `--rules -` read one rules file named `<stdin>`.
  @Test func rulesFromStandardInput() {
    let rules = [
      "segment us = country == \"US\"", "placement p: flow {", "  us      -> flow a", "  default -> flow b", "}",
    ]
    let lint = placement(["lint", "-"], stdin: rules)
    #expect(lint.status == 0, "\(lint.err)")
    #expect(lint.out.hasSuffix("0 errors, 0 warnings, 0 infos\n"), "\(lint.out)")
    let broken = placement(
      ["lint", "-"], stdin: ["segment us = country ==", "placement p: flow { default -> flow b }"])
    #expect(broken.status == 1)
    #expect(broken.out.hasPrefix("<stdin>:1:"), "\(broken.out)")
    let resolve = placement(
      ["resolve", "--rules", "-", "--profile", repo("Examples/profiles/amateur.json"), "--format", "text"], stdin: rules
    )
    #expect(resolve.status == 0, "\(resolve.err)")
    #expect(resolve.out.hasPrefix("p: flow b  (row 1 'default')"), "\(resolve.out)")
  }

  /// P-3: colour follows no-color.org (only a non-empty NO_COLOR disables it) and TERM=dumb.
  @Test func colourRules() {
    func colours(_ environment: [String: String]) -> Bool {
      Console(
        out: { _ in }, err: { _ in }, readLine: { nil }, stdoutIsTerminal: true, stderrIsTerminal: true,
        environment: environment
      ).stderrColors
    }
    #expect(colours([:]))
    #expect(colours(["NO_COLOR": ""]))
    #expect(!colours(["NO_COLOR": "1"]))
    #expect(!colours(["TERM": "dumb"]))
    #expect(colours(["TERM": "xterm-256color"]))
  }

  /// P-5: a placement named twice is resolved once.
  @Test func duplicatePlacementIsResolvedOnce() {
    let run = placement(
      [
        "resolve", "--profile", repo("Examples/profiles/amateur.json"), "--placement", "onboarding_end",
        "--placement", "main_paywall", "--placement", "onboarding_end",
      ] + common)
    #expect(run.status == 0)
    let placements = run.out.split(separator: "\n").map { $0.prefix(32) }
    #expect(placements == ["{\"placement\":\"onboarding_end\",\"p", "{\"placement\":\"main_paywall\",\"pro"])
  }

  /// D11, P-6: `\r`-only, space and tab lines are blank alike, and every line is counted in the summary.
  @Test func blankLinesAreCountedInTheBatchSummary() {
    let input = scratch.file(
      "b.jsonl", "{\"profile_id\":\"a\"}\n\r\r\n   \n\t\r\n{bad\n{\"profile_id\":\"b\"}\n")
    let run = placement(["resolve", "--profiles", input, "--placement", "onboarding_end"] + common)
    #expect(run.status == 1)
    #expect(
      run.err == "\(input):5:2: error: invalid JSON: expected a string key\n"
        + "2 profiles resolved, 1 line failed, 3 blank lines skipped\n")
  }

  @Test func ingestSummaryCountsEveryLine() {
    let run = placement(["ingest", repo("Examples/broken/bad-events.jsonl"), "--rules", repo("Rules")])
    #expect(run.status == 1)
    #expect(run.err.hasSuffix("\n4 lines: 1 applied, 3 skipped\n"))
    let blank = placement(["ingest", "-", "--rules", repo("Rules")], stdin: ["\r", "{bad", ""])
    #expect(blank.err.hasSuffix("\n3 lines: 0 applied, 1 skipped, 2 blank\n"))
  }

  /// A later answer that is no option id replaces the earlier one: the attribute is missing, and the warning
  /// says so and names the event's line (the newcomer trial read "ignored" and kept looking for the old value).
  @Test func ingestSaysALaterBadAnswerLeavesTheAttributeMissingAtItsLine() {
    let event = { (item: String) in
      #"{"name":"flow_user_input","instanceId":"scr_J260KU5q","element_id":"experience","element_type":"single_choice","item_ids":[""#
        + item + #""]}"#
    }
    let run = placement(["ingest", "-", "--rules", repo("Rules")], stdin: [event("pro"), event("expert")])
    #expect(run.status == 0)
    #expect(!run.out.contains("experience"), "\(run.out)")
    #expect(
      run.err == "<stdin>:2: warning: attribute 'experience': answer \"expert\" treated as missing: not an option id "
        + "(beginner, amateur, pro)\n",
      "\(run.err)")
  }

  /// A JSON Lines file given to `--profile` gets the error at the second document and a pointer to `--profiles`;
  /// two documents on one line do not (that is no JSON Lines file).
  @Test func aJSONLinesFileGivenToProfileSuggestsProfiles() {
    let lines = scratch.file("two.jsonl", "{\"profile_id\":\"a\"}\n{\"profile_id\":\"b\"}\n")
    let run = placement(["resolve", "--rules", repo("Rules"), "--profile", lines])
    #expect(run.status == 65)
    #expect(
      run.err.contains(
        "\(lines):2:1: error: invalid JSON: unexpected data after the top-level value; a file of one profile per "
          + "line (JSON Lines) is read with --profiles"), "\(run.err)")
    let oneLine = scratch.file("one.json", "{\"profile_id\":\"a\"} {}\n")
    let same = placement(["resolve", "--rules", repo("Rules"), "--profile", oneLine])
    #expect(same.status == 65)
    #expect(!same.err.contains("--profiles"), "\(same.err)")
  }

  /// P-7: empty standard input formats like an empty file; `-` cannot be mixed with paths.
  @Test func fmtStandardInputMatchesAFile() {
    let emptyFile = scratch.file("e.rules", "")
    #expect(placement(["fmt", "--check", emptyFile]).status == 0)
    let emptyInput = placement(["fmt", "--check", "-"], stdin: [])
    #expect(emptyInput.status == 0)
    #expect(emptyInput.out == "")
    let canonical = try! String(contentsOfFile: repo("Rules/paywall.rules"), encoding: .utf8)
    let lines = canonical.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(placement(["fmt", "--check", "-"], stdin: lines).status == 0)
    let mixed = placement(["fmt", "-", repo("Rules")])
    #expect(mixed.status == 64)
    #expect(mixed.err.hasPrefix("error: '-' (standard input) cannot be mixed with paths\n"))
  }

  /// m-12: the progress line is cleared before a diagnostic and drawn again at the next update.
  @Test func progressLineIsClearedBeforeADiagnosticAndRedrawn() {
    let err = Mutex("")
    let console = Console(
      out: { _ in }, err: { text in err.withLock { $0 += text } }, readLine: { nil }, stderrIsTerminal: true)
    var progress = Progress(console: console, interval: .seconds(3600))
    progress.update(lines: 0, resolved: 0)
    progress.update(lines: 1, resolved: 1)  // within the interval: nothing yet
    #expect(err.withLock { $0 } == "")
    var shown = Progress(console: console, interval: .zero)
    shown.update(lines: 1, resolved: 1)
    shown.update(lines: 2048, resolved: 2048)
    shown.clear()
    console.err("x.jsonl:7: error: bad\n")
    shown.update(lines: 4096, resolved: 4095)
    shown.clear()
    #expect(
      err.withLock { $0 }
        == "\r2048 lines read, 2048 profiles resolved\u{1B}[K\r\u{1B}[Kx.jsonl:7: error: bad\n"
        + "\r4096 lines read, 4095 profiles resolved\u{1B}[K\r\u{1B}[K")
  }

  /// Review: `lint --rules PATH` as in the other commands.
  @Test func lintAcceptsRulesOption() {
    let run = placement(["lint", "--rules", "Rules", "--strict"])
    #expect(run.status == 0)
    #expect(run.out == placement(["lint", "Rules", "--strict"]).out)
    #expect(LintReporters.formats == ["text", "json", "github", "sarif"])
  }

  /// Review: `--profile -` reads standard input as bytes: invalid UTF-8 is an error, not repaired into U+FFFD.
  @Test func singleProfileFromStandardInputIsReadAsBytes() throws {
    let path = scratch.file("p.json", bytes: Array("{\"profile_id\":\"bad-".utf8) + [0xFF] + Array("\"}\r\n".utf8))
    let input = try #require(FileHandle(forReadingAtPath: path))
    let err = Mutex("")
    let out = Mutex("")
    let console = Console(
      out: { text in out.withLock { $0 += text } }, err: { text in err.withLock { $0 += text } }, readLine: { nil },
      currentDirectory: packageRoot, standardInput: input)
    let status = PlacementTool.run(["resolve", "--profile", "-"] + common, console: console)
    #expect(status == 65)
    #expect(err.withLock { $0 }.hasPrefix("<stdin>:1:20: error: invalid JSON: invalid utf-8 byte sequence"))
    #expect(out.withLock { $0 } == "")
  }

  /// P-10: `--version` works and the top-level help lists it.
  @Test func versionIsListedInHelp() {
    #expect(placement(["--version"]).out == "placement \(Help.version)\n")
    #expect(placement(["--help"]).out.contains("placement --version | --help | <command> --help\n"))
  }

  /// A mistyped tool option gets a did-you-mean like a mistyped command.
  @Test func mistypedVersionGetsADidYouMean() {
    let run = placement(["--versoin"])
    #expect(run.status == 64)
    #expect(run.err.hasPrefix("error: unknown command '--versoin'; did you mean '--version'?\n"))
  }

  /// A file fmt cannot write is an I/O error (74) naming it, and nothing is left behind.
  @Test func fmtWriteFailureIsAnIOError() {
    let path = scratch.path + "/gone/x.rules"
    do {
      try FileWriting.replace(path, with: "segment a = country == \"US\"\n")
      Issue.record("expected a failure")
    } catch {
      #expect(error.code == .ioError)
      #expect(error.message.hasPrefix("cannot write '\(path)': "))
    }
    #expect((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) == [])
  }
}
