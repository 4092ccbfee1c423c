/// Bounds that keep reading untrusted JSON cheap and crash-free.
///
/// Every limit is checked while reading and reported as a `JSONError` with its own `Kind`; none is enforced by
/// a trap. The defaults suit profiles and events; a caller reading rule fixtures may raise them.
public struct JSONLimits: Sendable, Equatable {
  /// The deepest nesting of arrays and objects allowed (`[]` is depth 1, a scalar is depth 0).
  /// Exceeding it throws `JSONError.Kind.tooDeep`. Default 64.
  ///
  /// Reading is iterative, but a parsed value is written, compared and destroyed recursively: keep this at a
  /// few hundred at most (a 10,000-level value overflows an 8 MiB stack when written in a debug build).
  public var maxDepth: Int
  /// The largest input accepted, in bytes. A longer input throws `JSONError.Kind.tooLarge` before any
  /// parsing. Default 1,048,576 (1 MiB).
  public var maxBytes: Int
  /// The longest string or object key accepted, in UTF-8 bytes after decoding escapes. A longer one throws
  /// `JSONError.Kind.stringTooLong`. Default 65,536.
  public var maxStringBytes: Int

  /// Creates limits; every argument defaults to the value of `JSONLimits.default`.
  /// - Parameters:
  ///   - maxDepth: Deepest nesting of arrays/objects (levels).
  ///   - maxBytes: Largest input (bytes).
  ///   - maxStringBytes: Longest decoded string or key (UTF-8 bytes).
  public init(maxDepth: Int = 64, maxBytes: Int = 1_048_576, maxStringBytes: Int = 65_536) {
    self.maxDepth = maxDepth
    self.maxBytes = maxBytes
    self.maxStringBytes = maxStringBytes
  }

  /// Depth 64, 1 MiB of input, 64 KiB per string.
  public static let `default` = JSONLimits()
}

/// A strict, bounded JSON reader (RFC 8259).
///
/// Accepts exactly one value surrounded by optional whitespace (space, tab, CR, LF). Rejects comments,
/// trailing commas, `NaN`/`Infinity`, leading zeros, unescaped control characters, invalid escapes, lone
/// surrogates (`\uD800` alone) and ill-formed UTF-8. A byte-order mark is not skipped (profile readers skip one). Numbers are read into
/// correctly rounded `Double`s; the last of duplicate object keys wins (keys compare as Swift `String`s, i.e. by
/// canonical equivalence). The parser is iterative: nesting costs heap, never stack, and is bounded by
/// `JSONLimits.maxDepth`, so no input can overflow the stack.
package enum JSONReader {
  /// Parses one JSON document.
  ///
  /// Contiguous inputs (`[UInt8]`, `ArraySlice<UInt8>`, a native `String.UTF8View`, `UnsafeBufferPointer`)
  /// are read in place; other collections are copied once into an array first.
  /// - Parameters:
  ///   - bytes: The document as UTF-8 bytes.
  ///   - limits: Bounds on size, depth and string length.
  /// - Returns: The value.
  /// - Throws: `JSONError`, with the byte offset (from the start of `bytes`) of the first problem.
  package static func parse(
    _ bytes: some Collection<UInt8>, limits: JSONLimits = .default
  ) throws(JSONError) -> JSONValue {
    let size = bytes.count
    if size > limits.maxBytes { throw JSONError.tooLarge(size: size, limit: limits.maxBytes) }
    let result = bytes.withContiguousStorageIfAvailable { buffer in
      parse(buffer: buffer, limits: limits)
    }
    if let result { return try result.get() }
    return try Array(bytes).withUnsafeBufferPointer { parse(buffer: $0, limits: limits) }.get()
  }

  /// Parses one JSON document given as a string (its UTF-8 bytes).
  /// - Parameters:
  ///   - text: The document.
  ///   - limits: Bounds on size, depth and string length.
  /// - Returns: The value.
  /// - Throws: `JSONError`, with a byte offset into `text.utf8`.
  package static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONError) -> JSONValue {
    try parse(text.utf8, limits: limits)
  }

  private static func parse(buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits) -> Result<JSONValue, JSONError> {
    parseNotingDuplicates(buffer: buffer, limits: limits).map(\.value)
  }

  /// Parses one document and reports the duplicate members the profile reader warns about: `bytes` in place when
  /// they are contiguous, else copied once into an array; offsets in errors count from the start of `bytes`.
  static func parseNotingDuplicates(_ bytes: some Collection<UInt8>, limits: JSONLimits) -> Result<
    (value: JSONValue, duplicates: [JSONDuplicateMember]), JSONError
  > {
    bytes.withContiguousStorageIfAvailable { parseNotingDuplicates(buffer: $0, limits: limits) }
      ?? Array(bytes).withUnsafeBufferPointer { parseNotingDuplicates(buffer: $0, limits: limits) }
  }

  /// Parses one document and reports the duplicate members the profile reader warns about.
  static func parseNotingDuplicates(buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits) -> Result<
    (value: JSONValue, duplicates: [JSONDuplicateMember]), JSONError
  > {
    var parser = JSONParser(input: buffer, limits: limits)
    do throws(JSONError) {
      return .success(try parser.parseDocument())
    } catch {
      return .failure(error)
    }
  }
}

/// The single-pass, iterative core of `JSONReader` over a contiguous byte buffer.
///
/// Open containers live on explicit heap stacks (`frames`, `arrays`, `objects`, `keys`), so the native stack
/// depth is constant whatever the nesting. Element arrays and member dictionaries are mutated in place (no
/// copy-on-write copies); escaped strings are decoded through a buffer of their own. The parser itself is
/// only a position in its input (it owns nothing): the profile binder makes one per line.
struct JSONParser {
  let input: UnsafeBufferPointer<UInt8>
  let limits: JSONLimits
  /// The offset of the next unread byte.
  var index = 0

  init(input: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
    self.input = input
    self.limits = limits
  }
}

extension JSONMember {
  /// The first top-level member of the object in `input` whose name is written as `name` (compared as written,
  /// escapes never decoded): the range of its value's text, and the bytes to remove to take the member out of the
  /// object (the member and one comma beside it).
  ///
  /// The members before it and its value must be well-formed JSON within `limits`; what follows is not read, so a
  /// document that fails later still has the member. Nil when it has none before its first fault. A leading
  /// UTF-8 byte order mark is skipped, as the profile readers skip it.
  package static func find(
    _ name: [UInt8], in input: UnsafeBufferPointer<UInt8>, limits: JSONLimits = JSONLimits()
  ) -> (value: Range<Int>, removal: Range<Int>)? {
    var parser = JSONParser(input: input, limits: limits)
    return find(name, with: &parser)
  }
}

/// A member that replaced an earlier one of the same name (JSON's last member wins) where that may surprise: the
/// earlier value was an object (a second `custom_attributes` replaces the first entirely), or the two names are
/// canonically equivalent but spelled with different bytes (`"\u212Aarma"` and `"Karma"`).
struct JSONDuplicateMember: Sendable, Equatable {
  /// The member's path from the document's top level, e.g. `["custom_attributes", "Karma"]`; the last element is
  /// the later spelling.
  let path: [String]
  /// The name as the earlier member spelled it.
  let earlierSpelling: String
  let replacesObject: Bool
}
