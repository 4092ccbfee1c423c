import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// `placement bundle build|verify|show` on the shipped rules, and bundles read wherever rules are read.
@Suite struct BundleCommandTests {
  let scratch = ScratchFolder()

  func build(_ extra: [String] = []) -> (CLIRun, String) {
    let output = scratch.path + "/rules.bundle"
    return (placement(["bundle", "build", repo("Rules"), "-o", output] + extra), output)
  }

  /// The same rules give the same bytes; the folder and the bundle have one rules_version.
  @Test func buildIsDeterministicAndKeepsTheFolderVersion() throws {
    let (run, output) = build(["--with-tests", "--revision", "c256b63"])
    #expect(run.status == 0, "\(run.err)")
    let first = try Data(contentsOf: URL(fileURLWithPath: output))
    let again = placement([
      "bundle", "build", repo("Rules"), "-o", scratch.path + "/again.bundle", "--with-tests", "--revision", "c256b63",
    ])
    #expect(again.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path + "/again.bundle")) == first)
    let bundle = try RulesBundle.read(Array(first))
    let folder = try shippedRuleSet()
    #expect(bundle.rulesVersion == folder.version)
    #expect(
      run.out
        == "\(output): rules_version \(bundle.rulesVersion), 6 rules files, 1 id list, 15 other files, \(first.count) bytes\n"
    )
    #expect(bundle.revision == "c256b63")
    #expect(bundle.extras.map(\.path).contains("tests/onboarding.json"))
  }

  /// Decisions, lint, audiences and rule tests read the bundle as they read the folder.
  @Test func commandsReadTheBundle() throws {
    let (_, output) = build(["--with-tests"])
    let profile = repo("Examples/profiles/seed-profile.json")
    let fromFolder = placement(["resolve", "--rules", repo("Rules"), "--profile", profile, "--now", "2026-12-01"])
    let fromBundle = placement(["resolve", "--rules", output, "--profile", profile, "--now", "2026-12-01"])
    #expect(fromBundle.status == 0)
    #expect(fromBundle.out == fromFolder.out)
    let tests = placement(["test", output])
    #expect(tests.status == 0)
    #expect(tests.out.hasSuffix("67 passed, 0 failed\n"))
    let lint = placement(["lint", output, "--now", "2026-12-01T00:00:00Z"])
    #expect(lint.status == 0)
    #expect(
      lint.out.contains("\(output):paywall.rules:11:3: info: row 3 'music_fans' overlaps row 2 'pros_on_new_app'"))
    #expect(
      placement(["audiences", "main_paywall", "--rules", output, "--now", "2026-12-01T00:00:00Z"]).out
        == placement(["audiences", "main_paywall", "--now", "2026-12-01T00:00:00Z"]).out)
  }

  /// A changed byte in a rules file, a truncated file and a file that is not a bundle are exit 65 with the reason;
  /// a build of rules with an error writes nothing.
  @Test func brokenBundlesAreRefused() throws {
    let (_, output) = build()
    var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: output)))
    let entries = try TarArchive.read(bytes)
    // The first rules file's content starts after the manifest's header and padded content, and its own header.
    let start = 512 + (entries[0].bytes.count + 511) / 512 * 512 + 512
    bytes[start + 3] ^= 0x20
    let tampered = scratch.file("tampered.bundle", bytes: bytes)
    for arguments in [
      ["bundle", "verify", tampered],
      ["resolve", "--rules", tampered, "--profile", repo("Examples/profiles/seed-profile.json")],
    ] {
      let run = placement(arguments)
      #expect(run.status == 65)
      #expect(
        run.err
          == "error: '\(tampered)': corrupt or modified rules bundle: 'attributes.rules' does not match its digest in the manifest\n"
      )
    }
    let truncated = scratch.file("truncated.bundle", bytes: Array(bytes.prefix(700)))
    #expect(
      placement(["bundle", "show", truncated]).err
        == "error: '\(truncated)': not a valid rules bundle: the archive is truncated at byte 512\n")
    scratch.file("broken/a.rules", "segment s = age >> 3\n")
    let refused = placement(["bundle", "build", scratch.path + "/broken", "-o", scratch.path + "/broken.bundle"])
    #expect(refused.status == 65)
    #expect(refused.err.hasSuffix("error: rules do not compile: no bundle written\n"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path + "/broken.bundle"))
  }

  /// A bundle knows its config files by their `.json` name: one named otherwise, which the folder compiles
  /// with, is refused by name at build time instead of as a rules file.
  @Test func aConfigFileNotNamedJSONIsRefusedByName() {
    scratch.file(
      "named/a.rules",
      "placement p: paywall {\n  default -> paywall x\n}\n\ncontent paywall x {\n  config default \"en\" from \"en.txt\"\n}\n"
    )
    scratch.file("named/en.txt", "{\"title\": \"Go\"}\n")
    let profile = scratch.file("named-profile.json", "{\"profile_id\": \"p1\"}\n")
    #expect(placement(["resolve", "--rules", scratch.path + "/named", "--profile", profile]).status == 0)
    let refused = placement(["bundle", "build", scratch.path + "/named", "-o", scratch.path + "/named.bundle"])
    #expect(refused.status == 65)
    #expect(
      refused.err
        == "error: config file 'en.txt' must be named '*.json' to go into a rules bundle; rename it and its 'from' path\n"
    )
    #expect(!FileManager.default.fileExists(atPath: scratch.path + "/named.bundle"))
  }

  /// Config files are counted apart from the rules files they belong to, in `build` and in `show`.
  @Test func configFilesAreCountedApartFromRulesFiles() {
    scratch.file(
      "counted/a.rules",
      "placement p: paywall {\n  default -> paywall x\n}\n\ncontent paywall x {\n  config default \"en\" from \"en.json\"\n}\n"
    )
    scratch.file("counted/en.json", "{\"title\": \"Go\"}\n")
    let output = scratch.path + "/counted.bundle"
    let built = placement(["bundle", "build", scratch.path + "/counted", "-o", output])
    #expect(built.status == 0)
    #expect(built.out.contains(", 1 rules file, 1 config file, 0 other files, "))
    #expect(placement(["bundle", "show", output]).out.contains("  files          1 rules, 1 config, 0 other\n"))
  }

  @Test func showAndVerify() throws {
    let (_, output) = build(["--revision", "abc"])
    let bundle = try RulesBundle.read(Array(try Data(contentsOf: URL(fileURLWithPath: output))))
    let show = placement(["bundle", "show", output])
    #expect(
      show.out.hasPrefix(
        "\(output)\n  rules_version  \(bundle.rulesVersion)\n  tool_version   0.1.0\n  revision       abc\n  files          6 rules, 1 list, 0 other\n"
      ))
    #expect(
      placement(["bundle", "show", output, "--format", "json"]).out
        == String(decoding: bundle.manifestBytes(), as: UTF8.self))
    #expect(
      placement(["bundle", "verify", output]).out
        == "\(output): ok, rules_version \(bundle.rulesVersion), 7 files verified\n")
    #expect(placement(["bundle", "frob"]).status == 64)
    #expect(
      placement(["bundle", "build", repo("Rules")]).err.hasPrefix("error: give the bundle file to write with -o FILE\n")
    )
  }
}
