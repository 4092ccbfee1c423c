import PlacementKit

/// Why a native route (`/v1/...`) or a probe could not answer: a status and the JSON body
/// `{"code": "...", "message": "..."}` (with `line` and `column` for invalid JSON).
struct ServiceError: Error, Sendable, Equatable {
  let status: Int
  let code: String
  let message: String
  var line: Int? = nil
  var column: Int? = nil

  static func badQuery(_ message: String) -> ServiceError {
    ServiceError(status: 400, code: "bad-query", message: message)
  }
  static func unknownPlacement(_ message: String) -> ServiceError {
    ServiceError(status: 404, code: "unknown-placement", message: message)
  }
  static func invalidProfile(_ error: ProfileError) -> ServiceError {
    ServiceError(
      status: 400, code: "invalid-profile", message: error.message, line: error.position?.line,
      column: error.position?.column)
  }
  static let notFound = ServiceError(
    status: 404, code: "not-found",
    message: "no such route: see /v1/rules, /v1/resolve, /v1/resolve/batch, /ofrep/v1/evaluate/flags")
  static func methodNotAllowed(_ methods: [String]) -> ServiceError {
    ServiceError(
      status: 405, code: "method-not-allowed", message: "this route answers \(methods.joined(separator: ", ")) only")
  }
  static let unauthorized = ServiceError(
    status: 401, code: "unauthorized", message: "send the server's token as 'Authorization: Bearer TOKEN'")
  static func rulesNotLoaded(_ reason: String) -> ServiceError {
    ServiceError(status: 503, code: "rules-not-loaded", message: reason)
  }
  static let unavailable = ServiceError(
    status: 503, code: "overloaded", message: "the server is at its connection limit: retry later")

  /// The error of the HTTP layer (a request that could not be read) in the same shape.
  init(_ error: HTTPError) {
    self.init(status: error.status, code: error.code, message: error.message)
  }

  init(status: Int, code: String, message: String, line: Int? = nil, column: Int? = nil) {
    self.status = status
    self.code = code
    self.message = message
    self.line = line
    self.column = column
  }

  var response: HTTPResponse {
    var json = JSONWriter(reservingCapacity: 128)
    json.beginObject()
    json.key("code")
    json.value(code)
    json.key("message")
    json.value(message)
    if let line {
      json.key("line")
      json.value(line)
    }
    if let column {
      json.key("column")
      json.value(column)
    }
    json.endObject()
    var fields = [HTTPResponse.jsonContentType]
    if status == 401 { fields.append((name: "WWW-Authenticate", value: "Bearer")) }
    return HTTPResponse(status: status, fields: fields, body: json.bytes + [0x0A])
  }
}

extension HTTPResponse {
  static let jsonContentType = (name: "Content-Type", value: "application/json")
}
