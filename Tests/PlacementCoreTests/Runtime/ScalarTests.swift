import Testing

@testable import PlacementCore

/// The plain-data form of bound values that the binder writes and the program reads.
@Suite struct ScalarTests {
  /// The binder clears a profile's scalars by filling them with zero bytes: zero bytes must read as `.missing`.
  @Test func zeroBytesAreMissing() {
    let zeros = [UInt8](repeating: 0, count: 4 * MemoryLayout<Scalar>.stride)
    let scalars = zeros.withUnsafeBytes { raw in
      (0..<4).map { raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<Scalar>.stride, as: Scalar.self) }
    }
    #expect(scalars == Array(repeating: Scalar.missing, count: 4))
  }

  /// One packing rule for release versions: `major << 42 | minor << 21 | patch`, each component below 2^21, in
  /// SemVer precedence order (SemVer 2.0 §11); a pre-release has no packed form.
  @Test func releaseVersionsPackInPrecedenceOrder() throws {
    #expect(Scalar.packRelease(1, 2, 3) == 1 << 42 | 2 << 21 | 3)
    #expect(Scalar.packRelease(1 << 21, 0, 0) == nil)
    #expect(Scalar.packRelease(0, 0, (1 << 21) - 1) == (1 << 21) - 1)
    let texts = ["0.0.1", "0.1.0", "1.0.0", "1.9.9", "1.10.0", "2.0.0", "10.0.0"]
    let packed = try texts.map { text in
      let version = try #require(SemanticVersion(parsing: text))
      return try #require(Scalar.packVersion(version))
    }
    #expect(packed == packed.sorted())
    #expect(Set(packed).count == texts.count)
    #expect(Scalar.packVersion(SemanticVersion(parsing: "1.0.0-rc.1")!) == nil)
    let release = try #require(SemanticVersion.plainReleaseComponents(utf8: Array("3.1.4".utf8)))
    #expect(
      Scalar.packRelease(release.major, release.minor, release.patch)
        == Scalar.packVersion(SemanticVersion(parsing: "3.1.4")!))
  }
}
