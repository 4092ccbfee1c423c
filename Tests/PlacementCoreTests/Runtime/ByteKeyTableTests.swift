import Testing

@testable import PlacementCore

/// The byte-keyed table behind the profile binder: every name is found with its value, and no other spelling
/// is, whatever the length (the hash and comparison read no byte for the empty name, 1–3 bytes, two 4-byte words,
/// or 8-byte words).
@Suite struct ByteKeyTableTests {
  static let names: [String] = {
    var names = BuiltinAttributes.all.map(\.name) + ["", "a", "ab", "abc", "abcd", "abcde", "abcdefg", "abcdefgh"]
    names += (1...40).map { String(repeating: "x", count: $0) + "_\($0)" }
    return names
  }()

  @Test func everyNameIsFoundWithItsValue() {
    let table = ByteKeyTable(Self.names.enumerated().map { ($1, Int32($0)) })
    for (index, name) in Self.names.enumerated() {
      #expect(Array(name.utf8).withUnsafeBufferPointer { table.value($0) } == Int32(index), "\(name)")
    }
  }

  @Test func otherSpellingsAreNotFound() {
    let table = ByteKeyTable(Self.names.enumerated().map { ($1, Int32($0)) })
    var others = ["A", "abd", "abce", "abcdf", "abcdefh", "abcdefgi", "country ", " country", "Country"]
    others += Self.names.map { $0 + "_" } + Self.names.map { String($0.dropLast()) }.filter { !Self.names.contains($0) }
    others += Self.names.filter { $0.count > 2 }.map { String($0.prefix(1)) + "#" + String($0.dropFirst(2)) }
    for other in others where !Self.names.contains(other) {
      #expect(Array(other.utf8).withUnsafeBufferPointer { table.value($0) } == nil, "\(other)")
    }
  }
}

extension ByteKeyTableTests {
  /// Review defect 1: a 0-byte key read `pointer[-1]`, so `""` never matched itself.
  @Test func theEmptyNameIsFoundWhateverTheNeighbouringBytes() {
    for padding in ["", "z", "\u{00}", "zzzzzzzz"] {
      let table = ByteKeyTable([(padding + "a", 1), ("", 2), ("b" + padding, 3)])
      #expect([UInt8]().withUnsafeBufferPointer { table.value($0) } == 2)
      let bytes = Array("x\"\"y".utf8)
      let empty = bytes.withUnsafeBufferPointer { table.value(UnsafeBufferPointer(rebasing: $0[2..<2])) }
      #expect(empty == 2)
    }
    let withoutEmpty = ByteKeyTable([("a", 1)])
    #expect([UInt8]().withUnsafeBufferPointer { withoutEmpty.value($0) } == nil)
  }
}

extension ByteKeyTableTests {
  /// A bucket compares a name's length and its first and last eight bytes; names over 16 bytes that differ only
  /// between those must still be told apart, at every position and length.
  @Test func longNamesDifferingOnlyInTheMiddleAreToldApart() {
    for length in 17...40 {
      let name = String(repeating: "m", count: length)
      let table = ByteKeyTable([(name, 1)])
      #expect(Array(name.utf8).withUnsafeBufferPointer { table.value($0) } == 1)
      for position in 8..<(length - 8) {
        var bytes = Array(name.utf8)
        bytes[position] = UInt8(ascii: "n")
        #expect(bytes.withUnsafeBufferPointer { table.value($0) } == nil, "length \(length), byte \(position)")
      }
    }
  }
}

extension ByteKeyTableTests {
  /// The binder's guess check: the bytes after a member name's opening quote match a bucket's member token when
  /// they are its name, the closing quote and a colon (whatever follows), for names of any length (tokens over 16
  /// bytes compare their middle too); another name, a prefix, a longer name, white space before the colon, a
  /// changed middle byte or a cut input do not.
  @Test func bytesStartingWithABucketsMemberToken() {
    let table = ByteKeyTable(Self.names.enumerated().map { ($1, Int32($0)) })
    let keys = table.keys
    func token(_ text: String, in bucket: Int) -> Int {
      Array(text.utf8).withUnsafeBufferPointer { keys.member($0.baseAddress!, count: $0.count, inBucket: bucket) }
    }
    var tokens = 0
    for name in Self.names {
      let bucket = Array(name.utf8).withUnsafeBufferPointer { keys.bucket(of: $0) }!
      #expect(keys.value(inBucket: bucket) == Int32(Self.names.firstIndex(of: name)!))
      let expected = name.utf8.count + 2
      for other in Self.names {
        #expect(token(other + "\":1", in: bucket) == (other == name ? expected : 0), "\(name) in \(other)")
      }
      #expect(token(name + "\" :1", in: bucket) == 0)
      #expect(token(name + "x\":1", in: bucket) == 0)
      #expect(token(name + "\"", in: bucket) == 0)  // cut before the colon
      if name.utf8.count > 16 {
        // One byte changed in the middle, where neither the first nor the last eight bytes look.
        var changed = Array(name.utf8)
        changed[changed.count / 2] = UInt8(ascii: "#")
        #expect(token(String(decoding: changed, as: UTF8.self) + "\":1", in: bucket) == 0, "\(name)")
        tokens += 1
      }
    }
    #expect(tokens > 20)
    #expect(keys.namesArePlain)
    #expect(!ByteKeyTable([("a\\b", 1)]).keys.namesArePlain)
    #expect(!ByteKeyTable([("a\"", 1)]).keys.namesArePlain)
    #expect(!ByteKeyTable([("é", 1)]).keys.namesArePlain)
    // A table with a name that is not plain has no tokens: raw bytes equal to a name need not spell it.
    let mixed = ByteKeyTable([("a\\b", 1), ("ok", 2)]).keys
    let ok = Array("ok".utf8).withUnsafeBufferPointer { mixed.bucket(of: $0) }!
    #expect(Array("ok\":1".utf8).withUnsafeBufferPointer { mixed.member($0.baseAddress!, count: 5, inBucket: ok) } == 0)
  }
}
