import TestSupport
import Testing

@testable import PlacementCore

/// The fixed-offset reader of `YYYY-MM-DD` and `YYYY-MM-DDTHH:MM:SSZ` must give exactly what the general scanner
/// gives, for valid and invalid fields alike: every month and day of leap and common years, every hour, minute
/// and second edge, every separator and zone byte, and random texts of both lengths.
@Suite struct ISO8601FixedShapeTests {
  static func bothPaths(_ text: String) -> (fixed: Int64??, general: Int64?) {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      let scanner = ISO8601Scanner(bytes: bytes)
      var general = ISO8601Scanner(bytes: bytes)
      return (scanner.fixedShape(), general.parseAnyShape())
    }
  }

  static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  @Test func everyDateAgrees() {
    var valid = 0
    for year in ["0000", "0004", "1900", "1970", "2000", "2023", "2024", "2100", "9999"] {
      for month in 0...13 {
        for day in 0...32 {
          let text = "\(year)-\(Self.two(month))-\(Self.two(day))"
          let (fixed, general) = Self.bothPaths(text)
          #expect(fixed != nil, "\(text) is of the fixed shape")
          #expect(fixed ?? nil == general, "\(text)")
          if general != nil { valid += 1 }
        }
      }
    }
    #expect(valid == 9 * 365 + 4)  // 0000, 0004, 2000 and 2024 are leap years; 1900 and 2100 are not
  }

  @Test func everyTimeEdgeAgrees() {
    var valid = 0
    for date in ["1970-01-01", "2024-02-29", "2023-02-29", "2025-12-31"] {
      for hour in [0, 9, 23, 24, 99] {
        for minute in [0, 59, 60] {
          for second in [0, 30, 59, 60, 61] {
            for separator in ["T", "t", " ", "x"] {
              for zone in ["Z", "z", "X", "+"] {
                let text = "\(date)\(separator)\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))\(zone)"
                let (fixed, general) = Self.bothPaths(text)
                #expect(fixed ?? nil == general, "\(text)")
                if general != nil { valid += 1 }
              }
            }
          }
        }
      }
    }
    // 3 of the 4 dates exist; 3 hours, 2 minutes, 4 seconds, 3 separators and 2 zones are valid.
    #expect(valid == 3 * 3 * 2 * 4 * 3 * 2)
    #expect(Self.bothPaths("2025-08-21T00:00:00Z").general == 1_755_734_400_000)
    #expect(Self.bothPaths("2016-12-31T23:59:60Z").fixed == .some(1_483_228_799_999))
  }

  /// Every byte value at every position of both shapes: the word-at-a-time digit test must refuse each
  /// non-digit, including the neighbours of the digits (`/`, `:` to `?`) and bytes whose addition would carry.
  @Test func everyByteAtEveryPositionAgrees() {
    var refused = 0
    for shape in ["2024-02-29T23:59:60Z", "2024-02-29"] {
      let original = Array(shape.utf8)
      for position in original.indices {
        for byte in 0...255 {
          var bytes = original
          bytes[position] = UInt8(byte)
          let (fixed, general) = bytes.withUnsafeBufferPointer { bytes in
            var general = ISO8601Scanner(bytes: bytes)
            return (ISO8601Scanner(bytes: bytes).fixedShape(), general.parseAnyShape())
          }
          #expect(fixed == nil || fixed! == general, "\(shape) with \(byte) at \(position)")
          if general == nil { refused += 1 }
        }
      }
    }
    // Accepted variants by position (the original byte included): the year's digits 10, 10, 5 and 3 (29
    // February needs a leap year), month 2 and 9, day 3 and 10, separator 3, hour 3 and 4, minute 6 and 10,
    // second 7 and 1 (only :60), zone 2, each dash and colon 1: 92 of 20 × 256, and 54 of 10 × 256.
    #expect(refused == 20 * 256 - 92 + 10 * 256 - 54)
  }

  @Test func randomTextsOfBothLengthsAgree() {
    var random = SplitMix64(state: 19)
    let alphabet = Array("0123456789012345678901234567890123456789--::TtZz +.x".utf8)
    let shapes = [Array("2025-08-21T00:00:00Z".utf8), Array("2025-08-21".utf8)]
    var fixedShapes = 0
    for _ in 0..<20_000 {
      var bytes = random.pick(shapes)
      for _ in 0..<1 + random.below(3) { bytes[random.below(bytes.count)] = random.pick(alphabet) }
      let text = String(decoding: bytes, as: UTF8.self)
      let (fixed, general) = Self.bothPaths(text)
      if let fixed {
        fixedShapes += 1
        #expect(fixed == general, "\(text)")
      }
      #expect(Instant(iso8601: text)?.millisecondsSince1970 == general, "\(text)")
    }
    #expect(fixedShapes > 5_000)
  }
}
