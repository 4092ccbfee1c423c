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
    let limit: UInt64 = 1 << 21
    guard version.prerelease.isEmpty, version.major < limit, version.minor < limit, version.patch < limit else {
      return nil
    }
    return version.major << 42 | version.minor << 21 | version.patch
  }
}
