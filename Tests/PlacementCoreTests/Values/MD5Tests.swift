import Foundation
import Testing

@testable import PlacementCore

/// The shared conformance file (docs/Product.md §4.9), computed with Python's hashlib.
struct ABDrawVectors: Decodable {
  struct Digest: Decodable {
    let input: String
    let md5Hex: String
    enum CodingKeys: String, CodingKey {
      case input
      case md5Hex = "md5_hex"
    }
  }
  struct Draw: Decodable {
    struct Arm: Decodable {
      let id: String
      let weight: Int
    }
    let versionID: String
    let profileID: String
    let bucket: Int
    let variations: [Arm]
    let chosen: String
    enum CodingKeys: String, CodingKey {
      case versionID = "version_id"
      case profileID = "profile_id"
      case bucket, variations, chosen
    }
  }
  let md5: [Digest]
  let draws: [Draw]

  static func load() throws -> ABDrawVectors {
    let url = fixturesFolder.appendingPathComponent("ab-draw-vectors.json")
    return try JSONDecoder().decode(ABDrawVectors.self, from: Data(contentsOf: url))
  }
}

/// Lower-case hex of bytes, written independently of `MD5.hex`.
func hexString(_ bytes: [UInt8]) -> String {
  bytes.map { String(format: "%02x", $0) }.joined()
}

@Suite struct MD5Tests {
  @Test func rfc1321AppendixSuite() {
    // RFC 1321 appendix A.5 "test suite".
    let suite: [(String, String)] = [
      ("", "d41d8cd98f00b204e9800998ecf8427e"),
      ("a", "0cc175b9c0f1b6a831c399e269772661"),
      ("abc", "900150983cd24fb0d6963f7d28e17f72"),
      ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
      ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
      ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
      (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
    ]
    for (input, expected) in suite {
      #expect(MD5.hex(input) == expected, "MD5(\"\(input)\")")
      #expect(hexString(MD5.digest(Array(input.utf8))) == expected)
    }
  }

  @Test func everyConformanceDigest() throws {
    let vectors = try ABDrawVectors.load()
    #expect(vectors.md5.count == 13)
    for vector in vectors.md5 {
      #expect(MD5.hex(vector.input) == vector.md5Hex, "MD5 of \(vector.input.utf8.count) bytes")
    }
  }

  @Test func digestIsSixteenBytes() {
    let digest = MD5.digest([UInt8]())
    #expect(digest.count == 16)
    #expect(digest.first == 0xd4 && digest.last == 0x7e)
  }

  @Test func millionAs() {
    // Widely published vector: MD5 of one million "a" bytes (exercises many blocks).
    #expect(hexString(MD5.digest([UInt8](repeating: 0x61, count: 1_000_000))) == "7707d6ae4e027c70eea2a935c2296f21")
  }

  @Test func nonContiguousCollectionMatchesArray() {
    // A lazy map has no contiguous storage, so this takes the byte-by-byte path.
    for length in [0, 1, 55, 56, 63, 64, 65, 127, 128, 129, 300] {
      let lazy = (0..<length).lazy.map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      #expect(MD5.digest(lazy) == MD5.digest(Array(lazy)), "length \(length)")
    }
  }

  @Test func streamedPiecesMatchOneShot() {
    // Piece sizes chosen so that partial blocks are topped up, filled exactly and skipped over.
    let message = (0..<517).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
    let expected = MD5.digest(message)
    for pieceSize in [1, 3, 17, 63, 64, 65, 200] {
      var hasher = MD5Hasher()
      var start = 0
      while start < message.count {
        let end = min(start + pieceSize, message.count)
        message[start..<end].withUnsafeBytes { hasher.update($0) }
        start = end
      }
      let (a, b, c, d) = hasher.finish()
      let words = [a, b, c, d].flatMap { w in (0..<4).map { UInt8(truncatingIfNeeded: w >> (8 * UInt32($0))) } }
      #expect(words == expected, "piece size \(pieceSize)")
    }
  }

  @Test func upperHalfIsBigEndianDigestBytes8to16() {
    // MD5("abc") = 900150983cd24fb0 d6963f7d28e17f72.
    #expect(MD5.upperHalf(of: "abc") == 0xd696_3f7d_28e1_7f72)
    #expect(MD5.upperHalf(of: "") == 0xe980_0998_ecf8_427e)
  }

  @Test func upperHalfOfPartsEqualsUpperHalfOfConcatenation() {
    // Lengths straddle the 55/56/64-byte padding boundaries, including multi-byte UTF-8.
    for firstLength in [0, 1, 20, 36, 54, 55, 56, 63, 64, 100] {
      for second in ["", "p", "00000000-0000-0000-0000-000000000001", "ünïcødé-ユーザー", "😀"] {
        let first = String(repeating: "v", count: firstLength)
        let joined = first + "-" + second
        #expect(MD5.upperHalf(first, separator: UInt8(ascii: "-"), second) == MD5.upperHalf(of: joined))
        let digest = MD5.digest(joined.utf8)
        let expected = digest[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(MD5.upperHalf(of: joined) == expected)
      }
    }
  }
}
