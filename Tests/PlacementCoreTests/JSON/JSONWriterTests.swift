import Testing

@testable import PlacementCore

@Suite struct JSONWriterTests {
  @Test func escapesStrings() {
    var writer = JSONWriter()
    writer.value("a\"b\\c/\n\t\r\u{8}\u{C}\u{1}\u{1F}\u{7F}é\u{2028}x\u{2029}😀\u{E2}")
    #expect(writer.string == #""a\"b\\c/\n\t\r\b\f\u0001\u001f"# + "\u{7F}é" + #"\u2028x\u2029"# + "😀\u{E2}\"")
  }

  @Test func escapedStringsReadBack() throws {
    let text = "\u{0}\u{1F} \" \\ \u{2028}\u{2029} é 😀 \u{E2}\u{80}"
    #expect(try JSONReader.parse(serialized(.string(text), sortedKeys: false)) == .string(text))
  }

  @Test(arguments: [
    (0.0, "0"), (-0.0, "-0"), (1_836_277_747_000, "1836277747000"), (-3, "-3"), (2.5, "2.5"), (0.1, "0.1"),
    (1e308, "1e+308"), (9_007_199_254_740_991, "9007199254740991"), (9_007_199_254_740_992, "9007199254740992"),
    (1e16, "10000000000000000"), (1e20, "1e+20"),  // integral values below 2^64 in plain digits (m-14)
    (1e-7, "1e-07"), (.leastNonzeroMagnitude, "5e-324"), (-1.5e-10, "-1.5e-10"), (.nan, "null"), (.infinity, "null"),
  ])
  func writesNumbers(number: Double, expected: String) {
    #expect(serialized(.number(number), sortedKeys: false) == expected)
  }

  @Test func writesIntegers() {
    var writer = JSONWriter()
    writer.beginArray()
    for integer in [0, 7, -42, Int.max, Int.min] { writer.value(integer) }
    writer.endArray()
    #expect(writer.string == "[0,7,-42,9223372036854775807,-9223372036854775808]")
  }

  @Test func writesObjectsInAFixedKeyOrder() {
    var writer = JSONWriter(reservingCapacity: 256)
    writer.beginObject()
    writer.key("placement")
    writer.value("onboarding_end")
    writer.key("row")
    writer.value(2)
    writer.key("ab")
    writer.beginObject()
    writer.key("test")
    writer.value("music_paywalls")
    writer.key("bucket")
    writer.value(37.0)
    writer.endObject()
    writer.key("warnings")
    writer.beginArray()
    writer.endArray()
    writer.key("explain")
    writer.beginArray()
    writer.beginObject()
    writer.endObject()
    writer.value(true)
    writer.null()
    writer.value(.object(["z": .number(1), "a": .array([.bool(false)])]), sortedKeys: true)
    writer.endArray()
    writer.endObject()
    let expected =
      #"{"placement":"onboarding_end","row":2,"ab":{"test":"music_paywalls","bucket":37},"warnings":[],"#
      + #""explain":[{},true,null,{"a":[false],"z":1}]}"#
    #expect(writer.string == expected)
  }

  @Test func removeAllStartsAFreshRecord() {
    var writer = JSONWriter()
    writer.beginArray()
    writer.value(1)
    writer.endArray()
    writer.removeAll()
    writer.value("x")
    #expect(writer.string == #""x""#)
    #expect(writer.bytes == Array(#""x""#.utf8))
  }

  @Test func sortedKeysAreDeterministic() {
    let value: JSONValue = .object([
      "b": .array([.number(1), .null]), "a": .object(["y": .bool(true), "x": .string("é")]), "": .number(0.5),
    ])
    #expect(serialized(value, sortedKeys: true) == #"{"":0.5,"a":{"x":"é","y":true},"b":[1,null]}"#)
    #expect(JSONWriter.serialized(value, sortedKeys: true) == serialized(value, sortedKeys: true))
  }
}

/// The writer's own buffer keeps value semantics: a copy writes on its own, growth past any capacity keeps every
/// byte, and `removeAll` of a shared writer leaves the other copy whole.
@Suite struct JSONWriterBufferTests {
  @Test func copiesAreIndependent() {
    var first = JSONWriter(reservingCapacity: 4)
    first.beginArray()
    first.value("a")
    var second = first
    second.value("b")
    first.value(1)
    first.endArray()
    second.endArray()
    #expect(first.string == #"["a",1]"#)
    #expect(second.string == #"["a","b"]"#)
    var third = first
    third.removeAll(keepingCapacity: true)
    #expect(third.count == 0 && first.string == #"["a",1]"#)
  }

  @Test func growingKeepsEveryByte() {
    var writer = JSONWriter(reservingCapacity: 1)
    var expected = ""
    for index in 0..<5_000 {
      writer.raw(utf8: "\(index),")
      expected += "\(index),"
    }
    #expect(writer.string == expected)
    #expect(writer.bytes == Array(expected.utf8))
    writer.withBytes { #expect($0.count == expected.utf8.count) }
  }

  /// A value written in three pieces (the batch's common decision line) is separated like any value, and its
  /// one capacity check makes room for all three, empty pieces and growth included.
  @Test func aValueInThreePiecesIsOneValue() {
    let pieces = [Array(#"{"a":"#.utf8), Array(String(repeating: "7", count: 300).utf8), [], Array("}".utf8)]
    func buffer(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
      pieces[index].withUnsafeBufferPointer(body)
    }
    var writer = JSONWriter(reservingCapacity: 1)
    writer.beginArray()
    for middle in [1, 2] {
      buffer(0) { start in
        buffer(middle) { mid in buffer(3) { end in writer.rawValue(start: start, middle: mid, end: end) } }
      }
    }
    writer.value(true)
    writer.endArray()
    #expect(writer.string == "[{\"a\":" + String(repeating: "7", count: 300) + "},{\"a\":},true]")
  }
}
