import Foundation
import PlacementKit
import Testing

/// Decision 6 (m-3, m-4, m-5, m-11, P-8, P-13, M-4): paths behave as a user of a mature tool expects.
@Suite struct PathEdgeTests {
  let scratch = ScratchFolder()
  let rules = ["--rules", repo("Rules")]
  static let profile = "Examples/profiles/amateur.json"

  @Test func aFolderWhereAFileIsExpectedIs66() {
    let folder = repo("Examples")
    for arguments in [
      ["resolve", "--profile", folder], ["resolve", "--profiles", folder], ["ingest", folder],
      ["ingest", "/dev/null", "--profile", folder],
    ] {
      let run = placement(arguments + rules)
      #expect(run.status == 66, "\(arguments)")
      #expect(run.err.hasPrefix("error: '\(folder)' is a directory\n"), "\(arguments): \(run.err)")
      #expect(run.out == "")
    }
  }

  @Test func aFolderAsStandardInputIs66() throws {
    let run = try shell("$P resolve --profiles - < Examples")
    #expect(run.status == 66)
    #expect(run.err.hasPrefix("error: '<stdin>' is a directory\n"))
    let single = try shell("$P resolve --profile - < Examples")
    #expect(single.status == 66)
    #expect(single.err.hasPrefix("error: '<stdin>' is a directory\n"))
  }

  @Test func aFileWhereAFolderIsExpectedIsNotADirectory() {
    let file = repo("Rules/paywall.rules")
    #expect(throws: LoadError(path: file, message: "'\(file)' is not a directory")) {
      try RuleSet.load(directory: file)
    }
    let nested = placement(["resolve", "--profile", file + "/x.json"] + rules)
    #expect(nested.status == 66)
    #expect(nested.err.hasPrefix("error: '\(file)/x.json' is not a directory\n"))
  }

  @Test func emptyInputAndMissingFileSayWhy() {
    let empty = placement(["resolve", "--profile", "/dev/null"] + rules)
    #expect(empty.status == 66)
    #expect(empty.err.hasPrefix("error: cannot read '/dev/null': empty input\n"))
    let missing = placement(["resolve", "--profile", scratch.path + "/nope.json"] + rules)
    #expect(missing.status == 66)
    #expect(missing.err.hasPrefix("error: no such file or directory: '\(scratch.path)/nope.json'\n"))
  }

  /// Permission denied: as root a mode-000 file is still readable, so the reason is checked on the failure
  /// `open(2)` reports; as another user, through the command.
  @Test func permissionDenied() {
    #expect(
      FileReading.Failure(opening: "a.json", code: EACCES).message == "cannot read 'a.json': permission denied")
    guard geteuid() != 0 else { return }
    let path = scratch.file("locked.json", "{}")
    chmod(path, 0)
    let run = placement(["resolve", "--profile", path] + rules)
    #expect(run.status == 66)
    #expect(run.err.hasPrefix("error: cannot read '\(path)': permission denied\n"))
  }

  /// m-4: process substitution (`/dev/fd/N`, a pipe) works for profiles, rules and lint. (The QA overrides are
  /// left out: their id list is a file beside qa.rules, which a pipe has no folder for.)
  @Test func processSubstitutionWorksWhereAFileDoes() throws {
    let viaPipe = try shell(
      "$P resolve --profile <(cat \(Self.profile)) --rules <(cat $(ls Rules/*.rules | grep -v qa.rules))"
        + " --placement onboarding_end --now 2026-12-01"
    )
    let viaFile = try shell("$P resolve --profile \(Self.profile) --placement onboarding_end --now 2026-12-01")
    #expect(viaPipe.status == 0, "\(viaPipe.err)")
    #expect(viaPipe.out == viaFile.out)
    #expect(viaPipe.out.hasPrefix("{\"placement\":\"onboarding_end\""))
    let lint = try shell("$P lint <(cat $(ls Rules/*.rules | grep -v qa.rules))")
    #expect(lint.status == 0, "\(lint.out)")
    #expect(lint.out.hasSuffix("0 errors, 0 warnings, 5 infos\n"))
    let fifo = scratch.path + "/fifo"
    let viaFIFO = try shell(
      "mkfifo \(fifo) && (cat \(Self.profile) > \(fifo) &) && $P resolve --profile \(fifo) --placement onboarding_end --now 2026-12-01"
    )
    #expect(viaFIFO.out == viaFile.out)
  }

  /// fmt never replaces a pipe, a FIFO or a /dev/fd path with a regular file (nor rewrites the file behind
  /// /dev/stdin); --check still reads them.
  @Test func fmtRefusesToRewriteWhatIsNotARegularFile() throws {
    let rules = scratch.file(
      "u.rules", "segment  us = country == \"US\"\nplacement p: flow {\n us -> flow a\n default -> flow b\n}\n")
    let fifo = scratch.path + "/ff"
    let run = try shell(
      "mkfifo \(fifo) && (cat \(rules) > \(fifo) &) && $P fmt \(fifo); echo \"status=$?\"; test -p \(fifo) && echo fifo; cat \(fifo) > /dev/null"
    )
    #expect(run.out.hasSuffix("status=66\nfifo\n"), "\(run.out)")
    #expect(
      run.err.contains("cannot rewrite '\(fifo)': not a regular file; use 'placement fmt -' or '--check'"), "\(run.err)"
    )
    let viaStdin = try shell("$P fmt /dev/stdin < \(rules); echo \"status=$?\"")
    #expect(viaStdin.out == "status=66\n")
    #expect(try String(contentsOfFile: rules, encoding: .utf8).hasPrefix("segment  us"))
    let check = try shell("$P fmt --check <(cat \(rules)); echo \"status=$?\"")
    #expect(check.out.hasSuffix("status=1\n"), "\(check.out)")
  }

  /// m-11: dot-files (editor lock files included) and dangling links are skipped, and named with --verbose.
  @Test func discoverySkipsHiddenFilesAndDanglingLinks() throws {
    let folder = scratch.path + "/R"
    try FileManager.default.copyItem(atPath: repo("Rules"), toPath: folder)
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/.#paywall.rules", withDestinationPath: "user@host.1:17")
    try FileManager.default.createSymbolicLink(atPath: folder + "/gone.rules", withDestinationPath: "nowhere.rules")
    scratch.file("R/.archive/old.rules", "segment broken = (\n")
    scratch.file("R/.hidden.rules", "segment broken = (\n")
    let quiet = placement(["audiences", "--rules", folder])
    #expect(quiet.status == 0, "\(quiet.err)")
    #expect(quiet.err == "")
    let verbose = placement(["audiences", "--rules", folder, "--verbose"])
    #expect(verbose.status == 0)
    #expect(
      verbose.err == """
        note: skipped '\(folder)/.#paywall.rules': hidden file
        note: skipped '\(folder)/.hidden.rules': hidden file
        note: skipped '\(folder)/gone.rules': dangling symbolic link

        """)
    #expect(placement(["lint", folder, "--strict"]).status == 0)
    let lint = placement(["lint", folder, "--verbose"])
    #expect(lint.err.hasPrefix("note: skipped '\(folder)/.#paywall.rules': hidden file\n"))
    #expect(placement(["fmt", "--check", folder]).status == 0)
    // diff names the files skipped on each side read from disk (here both: the same folder twice).
    let diff = placement(["diff", folder, folder, "--now", "2026-11-30T00:00:00Z", "--verbose"])
    #expect(diff.status == 0)
    #expect(diff.err == String(repeating: verbose.err, count: 2))
  }

  /// m-5, P-13: an empty rule set warns on every command, with the rules path; `lint --strict` fails. The
  /// warning is one line, with no blank line after it (the newcomer trial saw one before the table); lint's
  /// summary stays set apart.
  @Test func emptyRuleSetWarnsWithItsPath() {
    let empty = scratch.file("empty.rules", "")
    let warning = "\(empty): warning: the rule set declares no placement [no-placements]\n"
    let resolve = placement(["resolve", "--profile", repo(Self.profile), "--rules", empty])
    #expect(resolve.status == 0)
    #expect(resolve.err == warning)
    #expect(resolve.out == "")
    #expect(placement(["audiences", "--rules", empty]).err == warning)
    let lint = placement(["lint", empty])
    #expect(lint.status == 0)
    #expect(lint.out == warning + "\n0 errors, 1 warning, 0 infos\n")
    #expect(placement(["lint", empty, "--strict"]).status == 1)
    let strict = placement(["resolve", "--profile", repo(Self.profile), "--rules", empty, "--strict"])
    #expect(strict.status == 65)
    #expect(strict.err == warning + "error: rules have 1 warning (--strict)\n")
    #expect(placement(["audiences", "--rules", empty, "--strict"]).status == 65)
    #expect(placement(["resolve", "--profile", repo(Self.profile), "--rules", repo("Rules"), "--strict"]).status == 0)
    let segmentOnly = scratch.file("only.rules", "segment us = country == \"US\"\n")
    #expect(
      placement(["lint", segmentOnly]).out.hasPrefix("\(segmentOnly): warning: the rule set declares no placement"))
  }

  /// M-4: fmt through a symbolic link rewrites the target, keeps its mode, and leaves the link a link.
  @Test func fmtFollowsSymlinksAndKeepsTheMode() throws {
    let target = scratch.file(
      "shared/c.rules", "segment  a = country == \"US\"\nplacement p: flow {\n a -> flow x\n default -> flow y\n}\n")
    chmod(target, 0o640)
    scratch.file("R/keep.txt", "")
    let link = scratch.path + "/R/c.rules"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../shared/c.rules")
    let run = placement(["fmt", scratch.path + "/R"])
    #expect(run.status == 0, "\(run.err)")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../shared/c.rules")
    let formatted = try String(contentsOfFile: target, encoding: .utf8)
    #expect(formatted.hasPrefix("segment a = country == \"US\"\n"))
    var info = stat()
    stat(target, &info)
    #expect(info.st_mode & 0o7777 == 0o640)
    #expect(placement(["fmt", "--check", link]).status == 0)
  }
}
