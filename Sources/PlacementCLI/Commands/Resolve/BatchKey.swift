import PlacementKit

/// `resolve --key FIELD`: finds the top-level member `FIELD` of a profile line and hands back its value's JSON
/// text, as written in the line, to be copied into every record of that line.
///
/// The members before it and the value itself must be well-formed JSON (``JSONMember/find(_:in:limits:)``, the
/// JSON reader's grammar); what follows is not read, so a line that fails to bind still has its key when the
/// member came before the fault. The first member of that name counts. A member name written with escapes
/// (`"\u006b"`) is compared as written, never decoded. A value that is not valid JSON, or nests deeper than
/// ``maxDepth``, is no key (`null`).
struct BatchKey: Sendable {
  /// The member's name, UTF-8.
  let name: [UInt8]

  /// Arrays and objects nest at most this deep inside a line up to its key.
  static let maxDepth = 64

  init(_ name: String) { self.name = Array(name.utf8) }

  /// The range of the member's value in `line`, or nil when `line` has no such member before its first fault.
  func value(in line: UnsafeBufferPointer<UInt8>) -> Range<Int>? { member(in: line)?.value }

  /// The member in `line`: its value's range, and the bytes to remove to take the member out of the object (the
  /// member and one comma beside it), or nil when `line` has no such member before its first fault.
  func member(in line: UnsafeBufferPointer<UInt8>) -> (value: Range<Int>, removal: Range<Int>)? {
    JSONMember.find(name, in: line, limits: JSONLimits(maxDepth: Self.maxDepth))
  }
}
