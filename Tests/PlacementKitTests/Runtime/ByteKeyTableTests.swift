import Testing

@testable import PlacementCore
@testable import PlacementKit

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
  /// The binder's guess check: bytes that start with a bucket's name (whatever follows) match it, a shorter
  /// input, a prefix or any other name does not; only tables of plain names may be guessed from raw bytes.
  @Test func bytesStartingWithABucketsName() {
    let table = ByteKeyTable(Self.names.enumerated().map { ($1, Int32($0)) })
    let keys = table.keys
    for name in Self.names {
      let bucket = Array(name.utf8).withUnsafeBufferPointer { keys.bucket(of: $0) }!
      #expect(keys.length(ofBucket: bucket) == name.utf8.count)
      #expect(keys.value(inBucket: bucket) == Int32(Self.names.firstIndex(of: name)!))
      for other in Self.names {
        let input = Array((other + "\":1").utf8)
        let starts = input.withUnsafeBufferPointer { keys.starts($0.baseAddress!, count: $0.count, withNameIn: bucket) }
        #expect(starts == other.utf8.starts(with: name.utf8), "\(name) in \(other)")
      }
      let cut = Array(name.utf8.dropLast())
      if !cut.isEmpty {
        #expect(!cut.withUnsafeBufferPointer { keys.starts($0.baseAddress!, count: $0.count, withNameIn: bucket) })
      }
    }
    #expect(keys.namesArePlain)
    #expect(!ByteKeyTable([("a\\b", 1)]).keys.namesArePlain)
    #expect(!ByteKeyTable([("a\"", 1)]).keys.namesArePlain)
    #expect(!ByteKeyTable([("é", 1)]).keys.namesArePlain)
  }
}
