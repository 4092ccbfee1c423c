/// Finds one top-level member of a JSON object in place, with the JSON reader's grammar and limits
/// (``JSONParser``): `resolve --key` copies its value's text into a line's records and binds the line without it.
package enum JSONMember {
  /// ``find(_:in:limits:)`` with `parser` over the object's input, at its start.
  static func find(_ name: [UInt8], with parser: inout JSONParser) -> (value: Range<Int>, removal: Range<Int>)? {
    let input = parser.input
    if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { parser.index = 3 }
    parser.skipWhitespace()
    guard parser.current == UInt8(ascii: "{") else { return nil }
    parser.index += 1
    parser.skipWhitespace()
    var duplicates: [JSONDuplicateMember] = []
    var first = true
    do throws(JSONError) {
      while parser.current == UInt8(ascii: "\"") {
        let memberStart = parser.index
        _ = try parser.parseString()
        let matches = name.elementsEqual(input[memberStart + 1..<parser.index - 1])
        parser.skipWhitespace()
        guard parser.current == UInt8(ascii: ":") else { return nil }
        parser.index += 1
        parser.skipWhitespace()
        let start = parser.index
        _ = try parser.parseValue(noting: &duplicates)
        let end = parser.index
        parser.skipWhitespace()
        let comma = parser.current == UInt8(ascii: ",")
        if comma {
          parser.index += 1
          parser.skipWhitespace()
        }
        if matches {
          // `"k":v,` with the comma after it (and the space after that); the last member takes the comma before.
          if comma { return (start..<end, memberStart..<parser.index) }
          let commaBefore = first ? nil : input[..<memberStart].lastIndex(of: UInt8(ascii: ","))
          return (start..<end, (commaBefore ?? memberStart)..<end)
        }
        guard comma else { return nil }
        first = false
      }
    } catch {
      return nil
    }
    return nil
  }
}
