import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// `list <name> from "<path>"` and `<attribute> in list <name>`: reading the file, the diagnostics at the
/// declaration, membership at resolution, and the version.
@Suite struct IdListTests {
  static let rules = """
    attribute email: string
    list vip_ids from "lists/vip_ids.txt"
    segment vip = profile_id in list vip_ids
    segment outsider = email not in list vip_ids
    placement p: flow {
      vip -> flow vip
      outsider -> flow outsider
      default -> flow other
    }
    """

  static func compile(_ rules: String = rules, list: String?, path: String = "lists/vip_ids.txt") -> Compilation {
    var sources = [RuleSource(name: "test.rules", text: rules)]
    if let list { sources.append(RuleSource(name: path, bytes: Array(list.utf8), path: path, kind: .config)) }
    return Compilation.compile(sources)
  }

  static func decide(_ ruleSet: RuleSet, _ profile: String) throws -> String {
    let bound = try ruleSet.bind(Profile(jsonBytes: Array(profile.utf8)))
    let decision = try ruleSet.resolve("p", for: bound, options: ResolveOptions(now: testNow))
    guard case .flow(let id, _) = decision.content else { return "?" }
    return id
  }

  @Test func membershipFollowsTheFileLineByLine() throws {
    let list = "# VIPs\n\nu1\r\n  u2 \t\n#u3\nu4\n"
    let compilation = Self.compile(list: list)
    #expect(compilation.diagnostics.isEmpty, "\(compilation.rendered())")
    let ruleSet = try compilation.get()
    #expect(try Self.decide(ruleSet, #"{"profile_id": "u1"}"#) == "vip")
    #expect(try Self.decide(ruleSet, #"{"profile_id": "u2"}"#) == "vip")
    #expect(try Self.decide(ruleSet, #"{"profile_id": "u4"}"#) == "vip")
    #expect(try Self.decide(ruleSet, #"{"profile_id": "u3", "custom_attributes": {"email": "x"}}"#) == "outsider")
    #expect(try Self.decide(ruleSet, ##"{"profile_id": "#u3", "custom_attributes": {"email": "u1"}}"##) == "other")
    #expect(try Self.decide(ruleSet, #"{"profile_id": "U1", "custom_attributes": {"email": "u2"}}"#) == "other")
    // `not in list` is the complement of `in list`: it holds on a missing value, as `not in [...]` does.
    #expect(try Self.decide(ruleSet, #"{"profile_id": "u9"}"#) == "outsider")
  }

  @Test func underTheAdaptyDialectNotInListIsUnknownOnAMissingValue() throws {
    let ruleSet = try Self.compile("dialect adapty\n" + Self.rules, list: "u1\n").get()
    #expect(try Self.decide(ruleSet, #"{"profile_id": "u9"}"#) == "other")
    #expect(try Self.decide(ruleSet, #"{"profile_id": "u9", "custom_attributes": {"email": "x"}}"#) == "outsider")
    #expect(try Self.decide(ruleSet, #"{"profile_id": "u1"}"#) == "vip")
  }

  @Test func idsAreComparedByteForByte() {
    let list = IdList(ids: ["café", "a b", "x"])
    #expect(list.contains("café"))
    #expect(!list.contains("cafe\u{301}"))
    #expect(list.contains("a b"))
    #expect(!list.contains("a"))
    #expect(!list.contains(""))
    #expect(!IdList(ids: []).contains("x"))
    #expect(IdList(ids: ["x", "x", "y"]).count == 2)
  }

  @Test func aListOf100kIdsHoldsExactlyItsIds() {
    let ids = (0..<100_000).map { "user-\($0 * 2)" }
    let list = IdList(ids: ids)
    #expect(list.count == 100_000)
    #expect(ids.allSatisfy(list.contains))
    #expect((0..<100_000).filter { list.contains("user-\($0 * 2 + 1)") }.isEmpty)
    #expect(list.tableBytes < 16 * 100_000)
  }

  @Test func almostEveryIdIsInItsHomeBucketOneCacheLine() {
    let list = IdList(ids: (0..<100_000).map { "user-\($0)" })
    var home = 0
    var held = 0
    for slot in 0..<list.tableBytes / 8 {
      let key = list.table.load(fromByteOffset: slot * 8, as: UInt64.self)
      guard key != 0 else { continue }
      held += 1
      if IdList.home(key, homes: list.homes) == slot / IdList.bucketSlots { home += 1 }
    }
    #expect(held == 100_000)
    #expect(Double(home) / Double(held) > 0.96)
    #expect(list.tableBytes < 14 * 100_000)
    #expect(Int(bitPattern: list.table.baseAddress) % IdList.bucketBytes == 0)
  }

  @Test func theHashIsTheWordsOfTheBytesLittleEndianAtEveryLength() {
    // The hashes are part of `rules_version` (through the digest): these values are fixed.
    #expect(IdList.hash("") == 0x6E78_9E6A_A1B9_65F4)
    #expect(IdList.hash("a") == 0xF9B9_3860_3EB5_104B)
    #expect(IdList.hash("user-1") == 0x7FC8_DAFC_807D_E2C5)
    #expect(IdList.hash("café") == 0x43CD_F3DB_2017_B4A4)
    #expect(IdList.hash("id-19999998") == 0x0F23_9A72_0882_CA7A)
    let bytes: [UInt8] = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 200) }
    for count in 0...bytes.count {
      var state: UInt64 = 0x9E37_79B9_7F4A_7C15
      for start in stride(from: 0, to: count, by: 8) {
        var word: UInt64 = 0
        for (shift, byte) in bytes[start..<min(start + 8, count)].enumerated() { word |= UInt64(byte) << (8 * shift) }
        state = IdList.mix(state, word)
      }
      let expected = IdList.finalize(state ^ UInt64(count))
      #expect(bytes.prefix(count).withUnsafeBufferPointer(IdList.hash) == expected, "\(count) bytes")
    }
    let large = String(repeating: "ü", count: 20)
    #expect(IdList.hash(large) == Array(large.utf8).withUnsafeBufferPointer(IdList.hash))
  }

  @Test func clusteredAndExtremeHashesAreFoundWithoutWrappingAround() {
    // 0 and 1 are one key; small hashes share home bucket 0; the largest hashes probe past the last home bucket.
    let hashes: [UInt64] = [0, 1] + (2...40).map { UInt64($0) } + (0..<40).map { UInt64.max - UInt64($0) * 3 }
    let list = IdList(hashes: hashes.shuffled())
    #expect(list.count == 81)
    #expect(hashes.allSatisfy { list.contains(hash: $0) })
    #expect(!list.contains(hash: 41))
    #expect(!list.contains(hash: UInt64.max - 1))
    #expect(!list.contains(hash: UInt64.max / 2))
    #expect((0..<40).allSatisfy { !list.contains(hash: UInt64.max - UInt64($0) * 3 - 1) })
    #expect(!IdList(hashes: []).contains(hash: 0))
  }

  @Test func theDigestIgnoresOrderCommentsAndRepeats() {
    let a = IdListFile(Array("a\nb\nc\n".utf8)).list
    let b = IdListFile(Array("# header\nc\nb\na\na\n".utf8)).list
    let c = IdListFile(Array("a\nb\n".utf8)).list
    #expect(a == b)
    #expect(a != c)
  }

  /// The ids a diff names are the ones membership reads: a byte order mark only at the file's start, CRLF and
  /// blanks trimmed, comments skipped, and nothing after a line that is not UTF-8.
  @Test func theIdsAsStringsAreTheOnesMembershipReads() {
    let bytes = Array("\u{FEFF}a\r\n  # note\n\tb \n\n\u{FEFF}c\n".utf8) + [0xFF, 0x0A] + Array("d\n".utf8)
    #expect(IdListFile.ids(bytes) == ["a", "b", "\u{FEFF}c"])
    let file = IdListFile(bytes)
    #expect(file.invalidLine == 6 && file.list == nil)
    let valid = IdListFile(Array("\u{FEFF}a\r\n  # note\n\tb \n\n\u{FEFF}c\n".utf8))
    #expect(valid.list?.contains("\u{FEFF}c") == true && valid.list?.contains("c") == false)
  }

  @Test func fileProblemsAreReportedAtThePath() throws {
    let missing = Self.compile(list: nil)
    #expect(missing.diagnostics.map(\.code.id) == ["list-file-not-found"])
    #expect(missing.diagnostics.first.map { "\($0.span!.location.line):\($0.span!.location.column)" } == "2:19")
    let outside = Self.compile(Self.rules.replacingOccurrences(of: "lists/vip", with: "../vip"), list: nil)
    #expect(outside.diagnostics.map(\.code.id) == ["invalid-list-path"])
    let notUTF8 = Compilation.compile([
      RuleSource(name: "test.rules", text: Self.rules),
      RuleSource(name: "l", bytes: Array("a\nb\n".utf8) + [0xFF, 0x0A], path: "lists/vip_ids.txt", kind: .config),
    ])
    #expect(notUTF8.diagnostics.map(\.message) == ["list file 'lists/vip_ids.txt' is not UTF-8 at line 3"])
    let empty = Self.compile(list: "# nobody yet\n\n")
    #expect(empty.diagnostics.map(\.code.id) == ["empty-list-file"])
    #expect(empty.ruleSet != nil)
    let repeated = Self.compile(list: "a\nb\na\na\n")
    #expect(repeated.diagnostics.map(\.message) == ["list 'vip_ids' repeats 2 ids (each counts once)"])
    #expect(repeated.diagnostics.map(\.severity) == [.warning])
  }

  @Test func unknownListsAndWrongTypesAreLocatedErrors() {
    let misspelt = Self.compile(
      Self.rules.replacingOccurrences(of: "profile_id in list vip_ids", with: "profile_id in list vip_id"),
      list: "a\n")
    #expect(misspelt.diagnostics.map(\.code.id) == ["unknown-list"])
    #expect(misspelt.diagnostics.first?.notes.map(\.message) == ["did you mean 'vip_ids'?"])
    let number = Self.compile(
      "attribute score: number\n" + Self.rules.replacingOccurrences(of: "email not in", with: "score not in"),
      list: "a\n")
    #expect(number.diagnostics.map(\.code.id) == ["unsupported-operator"])
    let twice = Self.compile(Self.rules + "\nlist vip_ids from \"lists/other.txt\"\n", list: "a\n")
    #expect(twice.diagnostics.map(\.code.id) == ["duplicate-declaration"])
    let noPath = Self.compile(Self.rules.replacingOccurrences(of: #" from "lists/vip_ids.txt""#, with: ""), list: nil)
    #expect(noPath.diagnostics.map(\.code.id) == ["expected-token"])
  }

  @Test func theListIsPartOfTheVersion() throws {
    let a = try Self.compile(list: "a\nb\n").get()
    let b = try Self.compile(list: "a\nc\n").get()
    let c = try Self.compile(list: "a\nb\n").get()
    #expect(a.version != b.version)
    #expect(a.version == c.version)
  }
}
