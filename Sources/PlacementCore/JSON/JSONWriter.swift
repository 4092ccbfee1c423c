/// A streaming, compact JSON writer (RFC 8259) that appends UTF-8 bytes to a buffer.
///
/// Objects can be written member by member in a fixed key order, without building a dictionary:
/// ```
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("placement"); writer.value("onboarding_end")
/// writer.key("row"); writer.value(2)
/// writer.endObject()
/// writer.string  // {"placement":"onboarding_end","row":2}
/// ```
/// Commas are inserted automatically; the caller is responsible for the call order (a `key` before every
/// object member, balanced `begin`/`end`). Output is compact: no whitespace. Reuse one writer across records with
/// `removeAll(keepingCapacity:)` to avoid allocating per record.
package struct JSONWriter: Sendable {
  /// The output, appended to without `Array`'s per-append overhead (see ``OutputBytes``).
  private var output: OutputBytes
  /// Whether the next value or key must be preceded by a comma.
  private var needsComma = false

  /// Creates an empty writer.
  /// - Parameter capacity: Bytes to reserve up front.
  package init(reservingCapacity capacity: Int = 0) {
    output = OutputBytes(capacity: capacity)
  }

  /// The UTF-8 output written so far (a copy; ``withBytes(_:)`` reads it in place).
  package var bytes: [UInt8] { output.array }

  /// Calls `body` with the UTF-8 output written so far, in place (valid only inside `body`).
  package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    try output.withUnsafeBufferPointer(body)
  }

  /// The number of bytes written so far.
  package var count: Int { output.count }

  /// Makes room for `capacity` bytes in all, so that writing up to that many allocates nothing more.
  package mutating func reserveCapacity(_ capacity: Int) {
    output.reserveCapacity(capacity)
  }

  /// The output written so far as a string.
  package var string: String { withBytes { String(decoding: $0, as: UTF8.self) } }

  /// Empties the output, keeping its storage when `keepingCapacity` is true.
  /// - Parameter keepingCapacity: Whether to keep the allocated buffer for the next record.
  package mutating func removeAll(keepingCapacity: Bool = true) {
    output.removeAll(keepingCapacity: keepingCapacity)
    needsComma = false
  }

  /// Drops the last `count` bytes written: a cached piece's tail that the caller replaces.
  package mutating func removeLast(_ count: Int) {
    output.removeLast(count)
  }

  @inline(__always)
  private mutating func separate() {
    if needsComma { output.appendByte(UInt8(ascii: ",")) }
    needsComma = true
  }

  /// Writes `{`.
  package mutating func beginObject() {
    separate()
    output.appendByte(UInt8(ascii: "{"))
    needsComma = false
  }

  /// Writes `}`.
  package mutating func endObject() {
    output.appendByte(UInt8(ascii: "}"))
    needsComma = true
  }

  /// Writes `[`.
  package mutating func beginArray() {
    separate()
    output.appendByte(UInt8(ascii: "["))
    needsComma = false
  }

  /// Writes `]`.
  package mutating func endArray() {
    output.appendByte(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Writes an object member's key and the colon; the next call writes its value.
  /// - Parameter name: The key, escaped like any string.
  package mutating func key(_ name: String) {
    separate()
    JSONWriter.writeString(name, to: &output)
    output.appendByte(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Writes a string value (escaped, see `appendString(_:to:)`).
  package mutating func value(_ string: String) {
    separate()
    JSONWriter.writeString(string, to: &output)
  }

  /// Writes a number value (see `appendNumber(_:to:)`).
  package mutating func value(_ number: Double) {
    separate()
    JSONWriter.writeNumber(number, to: &output)
  }

  /// Writes an integer value in decimal.
  package mutating func value(_ integer: Int) {
    separate()
    JSONWriter.writeInteger(Int64(integer), to: &output)
  }

  /// Writes `true` or `false`.
  package mutating func value(_ bool: Bool) {
    separate()
    JSONWriter.writeLiteral(bool ? "true" : "false", to: &output)
  }

  /// Writes `null`.
  package mutating func null() {
    separate()
    JSONWriter.writeLiteral("null", to: &output)
  }

  /// Writes a whole `JSONValue`.
  /// - Parameters:
  ///   - value: The value.
  ///   - sortedKeys: Whether object members are written in ascending key order (Swift `String` order, which
  ///     is byte order for ASCII keys); otherwise they follow the dictionary's order, which differs between
  ///     processes.
  package mutating func value(_ value: JSONValue, sortedKeys: Bool = false) {
    switch value {
    case .null: null()
    case .bool(let bool): self.value(bool)
    case .number(let number): self.value(number)
    case .string(let string): self.value(string)
    case .array(let elements):
      beginArray()
      for element in elements { self.value(element, sortedKeys: sortedKeys) }
      endArray()
    case .object(let members):
      beginObject()
      if sortedKeys {
        for name in members.keys.sorted() {
          key(name)
          self.value(members[name]!, sortedKeys: true)
        }
      } else {
        for (name, member) in members {
          key(name)
          self.value(member, sortedKeys: false)
        }
      }
      endObject()
    }
  }

  /// The compact JSON text of a value.
  /// - Parameters:
  ///   - value: The value.
  ///   - sortedKeys: Whether object members are written in ascending key order (deterministic output).
  /// - Returns: The JSON text.
  package static func serialized(_ value: JSONValue, sortedKeys: Bool) -> String {
    var writer = JSONWriter()
    writer.value(value, sortedKeys: sortedKeys)
    return writer.string
  }
}

/// The compact JSON text of a value (same as `JSONWriter.serialized(_:sortedKeys:)`).
/// - Parameters:
///   - value: The value.
///   - sortedKeys: Whether object members are written in ascending key order (deterministic output).
/// - Returns: The JSON text.
public func serialized(_ value: JSONValue, sortedKeys: Bool) -> String {
  JSONWriter.serialized(value, sortedKeys: sortedKeys)
}

// Verbatim pieces for fixed record layouts (the decision writer): fewer calls and no escaping of constant keys.
// Between `beginObject()` and `endObject()` the caller writes only such pieces and keeps the output valid JSON.
extension JSONWriter {
  /// Appends `text` verbatim (keys, colons, commas, brackets that need no escaping).
  package mutating func raw(_ text: StaticString) {
    JSONWriter.writeLiteral(text, to: &output)
  }

  /// Appends a quoted, escaped string (as `value(_:)` writes it) without a separator.
  package mutating func rawString(_ string: String) {
    JSONWriter.writeString(string, to: &output)
  }

  /// Appends an integer without a separator.
  package mutating func rawInteger(_ integer: Int) {
    JSONWriter.writeInteger(Int64(integer), to: &output)
  }

  /// Appends bytes written earlier by these methods (a cached piece of a record).
  package mutating func raw(bytes piece: [UInt8]) {
    piece.withUnsafeBufferPointer { output.appendBytes($0) }
  }

  /// Appends `text`'s UTF-8 bytes verbatim (text output and messages that are not JSON).
  package mutating func raw(utf8 text: String) {
    var text = text
    text.withUTF8 { output.appendBytes($0) }
  }

  /// Ends a JSON Lines record: a line feed, and the next value starts a new line (no separating comma).
  package mutating func endLine() {
    output.appendByte(UInt8(ascii: "\n"))
    needsComma = false
  }

  /// Appends bytes that are already JSON, from memory the caller keeps alive.
  package mutating func raw(buffer piece: UnsafeBufferPointer<UInt8>) {
    output.appendBytes(piece)
  }

  /// Appends `piece`, the cached start of a value (`{…`), with the comma that separates it from the value
  /// before, as ``beginObject()`` would: the cached record's members follow as raw pieces.
  package mutating func rawValueStart(buffer piece: UnsafeBufferPointer<UInt8>) {
    separate()
    output.appendBytes(piece)
    needsComma = false
  }

  /// Appends a whole cached value in three pieces, as ``rawValueStart(buffer:)`` with `start`, ``raw(buffer:)``
  /// with `middle` and ``rawValueEnd(buffer:)`` with `end` would, with one capacity check.
  package mutating func rawValue(
    start: UnsafeBufferPointer<UInt8>, middle: UnsafeBufferPointer<UInt8>, end: UnsafeBufferPointer<UInt8>
  ) {
    separate()
    output.appendBytes(start, middle, end)
  }

  /// ``rawValue(start:middle:end:)`` then ``endLine()``, with one capacity check.
  package mutating func rawLine(
    start: UnsafeBufferPointer<UInt8>, middle: UnsafeBufferPointer<UInt8>, end: UnsafeBufferPointer<UInt8>
  ) {
    separate()
    output.appendLine(start, middle, end)
    needsComma = false
  }

  /// Appends `piece`, the cached end of the value a ``rawValueStart(buffer:)`` began (`…}`), as ``endObject()``
  /// would: a value after it is separated by a comma.
  package mutating func rawValueEnd(buffer piece: UnsafeBufferPointer<UInt8>) {
    output.appendBytes(piece)
    needsComma = true
  }
}
