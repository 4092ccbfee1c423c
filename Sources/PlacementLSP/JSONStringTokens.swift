import PlacementKit

/// Every string of a JSON document with where it is written: each object key and string value, the path from
/// the root to it, and the byte range of its token (quotes included), so an edit can replace exactly that token.
///
/// Only a document ``JSONReader`` accepts is scanned, and each token's text is what ``JSONReader`` decodes, so
/// a token means here what it means to the reader.
struct JSONStringTokens {
  /// One step of a path: an object member or an array element.
  enum Step: Hashable {
    case key(String)
    case index(Int)
  }

  struct Token {
    /// The path of the value; for a key, the path of the member it names (ending with that key).
    let path: [Step]
    let isKey: Bool
    /// The decoded text.
    let text: String
    /// The token's bytes, from the opening quote to the closing one.
    let range: SourceRange
    /// True when the token has an escape sequence, so its bytes are not its text.
    let isEscaped: Bool
  }

  let tokens: [Token]

  /// Scans `bytes`; nil when ``JSONReader`` does not read them within `limits`.
  init?(_ bytes: [UInt8], limits: JSONLimits) {
    guard (try? JSONReader.parse(bytes, limits: limits)) != nil else { return nil }
    enum Container {
      /// The member being read (its key once read) and whether the next string is a key.
      case object(key: String?, expectingKey: Bool)
      case array(index: Int)
    }
    var stack: [Container] = []
    var tokens: [Token] = []
    func path() -> [Step] {
      stack.compactMap { container in
        switch container {
        case .object(let key, _): key.map(Step.key)
        case .array(let index): .index(index)
        }
      }
    }
    var offset = 0
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: "{"): stack.append(.object(key: nil, expectingKey: true))
      case UInt8(ascii: "["): stack.append(.array(index: 0))
      case UInt8(ascii: "}"), UInt8(ascii: "]"): stack.removeLast()
      case UInt8(ascii: ","):
        switch stack.last {
        case .object(let key, _): stack[stack.count - 1] = .object(key: key, expectingKey: true)
        case .array(let index): stack[stack.count - 1] = .array(index: index + 1)
        case nil: break
        }
      case UInt8(ascii: "\""):
        let start = offset
        var isEscaped = false
        offset += 1
        while bytes[offset] != UInt8(ascii: "\"") {
          if bytes[offset] == UInt8(ascii: "\\") {
            isEscaped = true
            offset += 1
          }
          offset += 1
        }
        let range = SourceRange(start: start, end: offset + 1)
        guard case .string(let text)? = try? JSONReader.parse(bytes[range.start..<range.end], limits: limits) else {
          return nil
        }
        if case .object(_, true) = stack.last {
          stack[stack.count - 1] = .object(key: text, expectingKey: false)
          tokens.append(Token(path: path(), isKey: true, text: text, range: range, isEscaped: isEscaped))
        } else {
          tokens.append(Token(path: path(), isKey: false, text: text, range: range, isEscaped: isEscaped))
        }
      default: break
      }
      offset += 1
    }
    self.tokens = tokens
  }
}

extension [JSONStringTokens.Step] {
  /// The path as rule test errors print it: `cases[1].expect.main_paywall.row`.
  var dotted: String {
    var text = ""
    for step in self {
      switch step {
      case .key(let key): text += text.isEmpty ? key : ".\(key)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
