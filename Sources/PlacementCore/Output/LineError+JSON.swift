extension JSONWriter {
  /// The JSON record of an input line that could not be resolved, and its line end:
  /// `{"line":N,"column":C,"error":"…"}`, `column` only when the failure has one (1-based, in the line).
  package mutating func lineError(_ message: String, line: Int, column: Int?) {
    beginObject()
    key("line")
    value(line)
    if let column {
      key("column")
      value(column)
    }
    key("error")
    value(message)
    endObject()
    endLine()
  }
}
