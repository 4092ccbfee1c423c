import Foundation
import Testing

@testable import PlacementCore

@Suite struct RulesBundleTests {
  static let rules = [
    RulesBundle.File(path: "b.rules", bytes: Array("segment s = age > 1\n".utf8)),
    RulesBundle.File(path: "a.rules", bytes: Array("attribute x: number\n".utf8)),
  ]

  func bundle(revision: String? = "c256b63", tool: String = "0.2.0") throws -> RulesBundle {
    try RulesBundle(
      rules: Self.rules, extras: [RulesBundle.File(path: "tests/t.json", bytes: Array("{}".utf8))], toolVersion: tool,
      revision: revision)
  }

  @Test func sameContentSameBytes() throws {
    let one = try bundle().archive()
    #expect(try bundle().archive() == one)
    #expect(try RulesBundle.read(one) == bundle())
    #expect(try bundle().rules.map(\.path) == ["a.rules", "b.rules"])
  }

  /// A member is told by its path alone: what a bundle compiles (rules, configs, id lists) and what it carries.
  @Test func aMemberIsToldByItsPath() throws {
    let members = ["a.rules", "sub/b.rules", "configs/pro.de.json", "lists/vip.txt", "tests/t.json", "tests/ids.txt"]
      .map(RulesBundle.Member.init(path:))
    #expect(members == [.rules, .rules, .config, .idList, .other, .other])
    let bundle = try RulesBundle(
      rules: Self.rules + [RulesBundle.File(path: "lists/vip.txt", bytes: Array("u1\n".utf8))],
      extras: [RulesBundle.File(path: "tests/t.json", bytes: [])], toolVersion: "x", revision: nil)
    #expect(bundle.sources(named: "b").map(\.kind) == [.rules, .rules, .config])
    #expect(try RulesBundle.read(bundle.archive()).extras.map(\.path) == ["tests/t.json"])
    #expect(throws: BundleError.self) {
      try RulesBundle(rules: [RulesBundle.File(path: "notes.md", bytes: [])], toolVersion: "x", revision: nil)
    }
  }

  /// The version names the rules files only: not the tool, the revision or the tests.
  @Test func versionNamesTheRulesOnly() throws {
    let version = try bundle().rulesVersion
    #expect(version.count == 12)
    #expect(try bundle(revision: nil, tool: "9.9.9").rulesVersion == version)
    #expect(try RulesBundle(rules: Self.rules, toolVersion: "x", revision: nil).rulesVersion == version)
    let edited = [Self.rules[0], RulesBundle.File(path: "a.rules", bytes: Array("attribute x: string\n".utf8))]
    #expect(try RulesBundle(rules: edited, toolVersion: "x", revision: nil).rulesVersion != version)
    let renamed = [Self.rules[0], RulesBundle.File(path: "c.rules", bytes: Self.rules[1].bytes)]
    #expect(try RulesBundle(rules: renamed, toolVersion: "x", revision: nil).rulesVersion != version)
  }

  @Test func manifest() throws {
    let text = String(decoding: try bundle().manifestBytes(), as: UTF8.self)
    #expect(text.hasPrefix(#"{"format":"placement-bundle","format_version":1,"rules_version":""#))
    #expect(text.contains(#""tool_version":"0.2.0","revision":"c256b63","files":[{"path":"a.rules","sha256":""#))
    #expect(text.hasSuffix("}\n"))
  }

  /// A changed byte of a file, a file added or removed, or a manifest edited to match a changed file, is refused.
  @Test func tamperingIsRefused() throws {
    let good = try bundle().archive()
    let entries = try TarArchive.read(good)
    func rebuilt(_ change: ([TarArchive.Entry]) -> [TarArchive.Entry]) throws -> [UInt8] {
      try TarArchive.write(change(entries))
    }
    let changed = try rebuilt { e in
      e.map { $0.path == "b.rules" ? TarArchive.Entry(path: $0.path, bytes: Array("segment s = age > 2\n".utf8)) : $0 }
    }
    #expect(throws: BundleError.tampered("'b.rules' does not match its digest in the manifest")) {
      try RulesBundle.read(changed)
    }
    let added = try rebuilt { $0 + [TarArchive.Entry(path: "z.rules", bytes: [])] }
    #expect(throws: BundleError.tampered("'z.rules' is not listed in the manifest")) { try RulesBundle.read(added) }
    let removed = try rebuilt { $0.filter { $0.path != "a.rules" } }
    #expect(throws: BundleError.tampered("'a.rules' is listed in the manifest but missing")) {
      try RulesBundle.read(removed)
    }
    let version = try bundle().rulesVersion
    let relabelled = try rebuilt { e in
      e.map {
        $0.path == RulesBundle.manifestPath
          ? TarArchive.Entry(
            path: $0.path,
            bytes: Array(
              String(decoding: $0.bytes, as: UTF8.self).replacingOccurrences(of: version, with: "000000000000").utf8))
          : $0
      }
    }
    #expect(
      throws: BundleError.tampered("rules_version 000000000000 in the manifest, but the files are version \(version)")
    ) {
      try RulesBundle.read(relabelled)
    }
    #expect(throws: BundleError.invalid("the archive is truncated at byte 0")) { try RulesBundle.read([]) }
  }
}
