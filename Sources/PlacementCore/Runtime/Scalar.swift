/// A bound value as plain data, for the instructions of a ``Program``: a tag saying which case of ``Value`` it
/// holds, and the payload's bits. Strings become the id of the equal literal (``Program/stringIDs``) and release
/// versions a packed integer; a value with no plain form (a pre-release version) is tagged `.other` and read
/// through its ``Value`` instead.
package struct Scalar: Sendable, Equatable {
  enum Tag: UInt8, Sendable { case missing, string, number, bool, version, date, choice, choices, other }

  var tag: Tag
  var bits: UInt64

  static let missing = Scalar(tag: .missing, bits: 0)

  init(tag: Tag, bits: UInt64) {
    self.tag = tag
    self.bits = bits
  }

  /// The scalar of `value`; `stringIDs` are the ids of the literals its slot is compared with (a string that
  /// equals none of them gets `UInt64.max`).
  init(_ value: Value, stringIDs: [String: UInt64]) {
    switch value {
    case .missing: self = .missing
    case .string(let s): self.init(tag: .string, bits: stringIDs.isEmpty ? .max : stringIDs[s] ?? .max)
    case .number(let n): self.init(tag: .number, bits: n.bitPattern)
    case .bool(let b): self.init(tag: .bool, bits: b ? 1 : 0)
    case .version(let v):
      if let packed = Self.packVersion(v) {
        self.init(tag: .version, bits: packed)
      } else {
        self.init(tag: .other, bits: 0)
      }
    case .date(let d): self.init(tag: .date, bits: UInt64(bitPattern: d.millisecondsSince1970))
    case .choice(let index): self.init(tag: .choice, bits: UInt64(index))
    case .choices(let mask): self.init(tag: .choices, bits: mask)
    }
  }

  /// A release version (no pre-release) with every component below 2^21, packed so that integer order is
  /// SemVer precedence: `major << 42 | minor << 21 | patch`. Nil for other versions.
  static func packVersion(_ version: SemanticVersion) -> UInt64? {
    guard version.prerelease.isEmpty else { return nil }
    return packRelease(version.major, version.minor, version.patch)
  }

  /// ``packVersion(_:)`` of the release `major.minor.patch`.
  @inline(__always)
  static func packRelease(_ major: UInt64, _ minor: UInt64, _ patch: UInt64) -> UInt64? {
    let limit: UInt64 = 1 << 21
    guard major < limit, minor < limit, patch < limit else { return nil }
    return major << 42 | minor << 21 | patch
  }
}
