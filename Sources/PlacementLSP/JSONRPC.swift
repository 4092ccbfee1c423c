import PlacementKit

/// JSON-RPC 2.0 messages as LSP 3.17 uses them.
enum JSONRPC {
  /// A request id: a number or a string, echoed back exactly.
  enum ID: Hashable {
    case number(Double)
    case string(String)

    init?(_ value: JSONValue?) {
      switch value {
      case .number(let n): self = .number(n)
      case .string(let s): self = .string(s)
      default: return nil
      }
    }

    var json: JSONValue {
      switch self {
      case .number(let n): .number(n)
      case .string(let s): .string(s)
      }
    }
  }

  /// Error codes of JSON-RPC 2.0 and LSP 3.17.
  enum ErrorCode: Int {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
    case requestFailed = -32803
    case requestCancelled = -32800
  }

  /// A failure a handler reports as the request's error response.
  struct Failure: Error {
    let code: ErrorCode
    let message: String
    init(_ code: ErrorCode, _ message: String) {
      self.code = code
      self.message = message
    }
  }

  /// One decoded message.
  enum Message {
    case request(id: ID, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    /// A response to a request the server sent (the server sends none it waits for; it is ignored).
    case response
    /// Not JSON-RPC: answered with an error (`id` when one could be read, else null).
    case invalid(id: ID?, code: ErrorCode, message: String)
  }

  /// Reads a message body. Bodies up to ``MessageFramer/maxBodyBytes`` are accepted (a 4 MiB file in a
  /// `didOpen` is one JSON string).
  static func decode(_ body: [UInt8]) -> Message {
    let limits = JSONLimits(
      maxDepth: 64, maxBytes: MessageFramer.maxBodyBytes, maxStringBytes: MessageFramer.maxBodyBytes)
    let value: JSONValue
    do {
      value = try JSONReader.parse(body, limits: limits)
    } catch {
      return .invalid(id: nil, code: .parseError, message: "parse error: \(error.description)")
    }
    guard case .object(let members) = value else {
      return .invalid(id: nil, code: .invalidRequest, message: "a message must be a JSON object")
    }
    let id = ID(members["id"])
    if members["id"] != nil, id == nil, members["id"] != .null {
      return .invalid(id: nil, code: .invalidRequest, message: "'id' must be a number or a string")
    }
    guard members["jsonrpc"] == .string("2.0") else {
      return .invalid(id: id, code: .invalidRequest, message: "'jsonrpc' must be \"2.0\"")
    }
    guard let method = members["method"] else {
      if members["result"] != nil || members["error"] != nil { return .response }
      return .invalid(id: id, code: .invalidRequest, message: "a request needs a 'method'")
    }
    guard case .string(let name) = method else {
      return .invalid(id: id, code: .invalidRequest, message: "'method' must be a string")
    }
    let params = members["params"] ?? .null
    switch params {
    case .object, .array, .null: break
    default: return .invalid(id: id, code: .invalidRequest, message: "'params' must be an object or an array")
    }
    if let id { return .request(id: id, method: name, params: params) }
    return .notification(method: name, params: params)
  }

  static func response(id: ID?, result: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "id": id?.json ?? .null, "result": result]
  }

  static func error(id: ID?, code: ErrorCode, message: String) -> JSONValue {
    [
      "jsonrpc": "2.0", "id": id?.json ?? .null,
      "error": ["code": .number(Double(code.rawValue)), "message": .string(message)],
    ]
  }

  static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
  }
}

extension JSONValue {
  /// The member at a dotted path of object keys, e.g. `textDocument.uri`.
  subscript(path path: String) -> JSONValue? {
    var value: JSONValue? = self
    for key in path.split(separator: ".") { value = value?[String(key)] }
    return value
  }

  var intValue: Int? {
    if case .number(let n) = self, n.isFinite, n == n.rounded(), abs(n) < 1e15 { return Int(n) }
    return nil
  }

  var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  var arrayValue: [JSONValue]? {
    if case .array(let a) = self { return a }
    return nil
  }
}
