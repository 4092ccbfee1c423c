import Testing

@testable import PlacementCore

/// SHA-256 against the FIPS 180-4 examples (NIST CSRC "SHA256.pdf", "SHA2_Additional.pdf") and block boundaries.
@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ])
  func publishedVectors(message: String, digest: String) {
    #expect(SHA256.hex(Array(message.utf8)) == digest)
  }

  @Test func oneMillionA() {
    #expect(
      SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Feeding the message in pieces of any size gives the digest of the whole, across the 55/56/64-byte padding
  /// boundaries.
  @Test func piecesGiveTheDigestOfTheWhole() {
    for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
      let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
      let whole = SHA256.digest(message)
      for piece in [1, 3, 64, 100] {
        var hasher = SHA256()
        var start = 0
        while start < message.count {
          hasher.update(message[start..<min(start + piece, message.count)])
          start += piece
        }
        #expect(hasher.finish() == whole, "length \(length), pieces of \(piece)")
      }
    }
  }
}
