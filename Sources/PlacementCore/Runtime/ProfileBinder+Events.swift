// The batch binder's reader of a profile's `events` array: behavioural events are read from the bytes, one
// element at a time, and only those a query of the rule set reads are built; every other element (a flow event,
// or anything the reference path would warn about) is built as a `JSONValue` and handed to the reference path's
// functions, so that decisions and warnings are the reference path's.

extension ProfileBinder {
  /// One element of `events`, as ``readBehaviouralEvent(_:)`` read it.
  enum EventElement {
    /// A well-formed behavioural event whose name no query reads: validated, not built.
    case unread
    /// A well-formed behavioural event a query reads.
    case read(ProfileEvent)
    /// Anything else: the element is read again by the reference path's functions.
    case other
  }

  /// Reads the `events` member's array at `parser.index` into the line's activity and flow answers, noting each
  /// warning as the reference path words it (``Profile/apply(events:)``); false for anything but an array, for an
  /// element with a duplicate member, and for more than ``EventLog/maxEvents`` behavioural events (the reference
  /// path keeps the most recent of all events, read or not).
  ///
  /// An element is read from the bytes, without building it, when it is an object of `name` (a printable ASCII
  /// string that is not a flow event's name), `at` (a valid instant) and optionally `properties` (null, or an
  /// object of at most four printable ASCII strings, numbers or bools within the property limits): the reference
  /// path records such an event without a warning. Its properties are built only when a query of its name filters
  /// on them; an event whose name no query reads is not kept (no query would count it).
  @inline(never)
  func readEvents(_ parser: inout JSONParser, into slots: inout Slots) throws(JSONError) -> Bool {
    guard parser.current == UInt8(ascii: "[") else { return false }
    parser.index += 1
    parser.skipWhitespace()
    if parser.current == UInt8(ascii: "]") {
      parser.index += 1
      return true
    }
    var activity = ProfileActivity()
    // The reference path's profile, made for the first element it reads.
    var reference: Profile? = nil
    var behavioural = 0
    var index = 0
    while true {
      let start = parser.index
      switch try readBehaviouralEvent(&parser) {
      case .unread:
        behavioural += 1
      case .read(let event):
        behavioural += 1
        activity.events.append(event)
      case .other:
        parser.index = start
        guard let element = try nestedValue(&parser, depth: 2) else { return false }
        var profile = reference ?? Profile()
        let recorded = activity.events.count
        profile.apply(event: element, at: index, recordingIn: &activity)
        behavioural += activity.events.count - recorded
        reference = profile
      }
      index += 1
      guard let more = nextElement(&parser, closing: UInt8(ascii: "]")) else { return false }
      if !more { break }
    }
    guard behavioural <= EventLog.maxEvents else { return false }
    var warnings = reference?.warnings ?? []
    activity.finish(&warnings)
    if !activity.isEmpty { slots.activity = activity }
    guard let reference else { return true }
    let notes = slots.warningNotes()
    notes.answers = reference.answers
    for (index, warning) in warnings.enumerated() { notes.warnings.append(((0, "events", index), warning)) }
    return true
  }

  /// Reads the element of `events` at `parser.index` when it is a behavioural event the reference path records
  /// without a warning (see ``readEvents(_:into:)``); ``EventElement/other`` otherwise, with `parser.index`
  /// anywhere inside the element.
  private func readBehaviouralEvent(_ parser: inout JSONParser) throws(JSONError) -> EventElement {
    guard parser.current == UInt8(ascii: "{"), !openObject(&parser) else { return .other }
    var name: UnsafeBufferPointer<UInt8>? = nil
    var atText: UnsafeBufferPointer<UInt8>? = nil
    var atNumber: Double? = nil
    var properties = -1
    while true {
      guard let key = parser.plainASCIIString(), readColon(&parser) else { return .other }
      if Self.equal(key, "name") {
        guard name == nil, let text = parser.plainASCIIString() else { return .other }
        name = text
      } else if Self.equal(key, "at") {
        guard atText == nil, atNumber == nil else { return .other }
        switch parser.current ?? 0 {
        case UInt8(ascii: "\""):
          guard let text = parser.plainASCIIString() else { return .other }
          atText = text
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          atNumber = try parser.parseNumber()
        default:
          return .other
        }
      } else if Self.equal(key, "properties") {
        guard properties < 0 else { return .other }
        properties = parser.index
        guard try skipEventProperties(&parser) else { return .other }
      } else {
        return .other
      }
      guard let more = nextElement(&parser, closing: UInt8(ascii: "}")) else { return .other }
      if !more { break }
    }
    guard let name else { return .other }
    let instant: Instant?
    // A bare date has no offset: the reference path skips the event with a warning.
    if let atText {
      instant = Instant.reading(iso8601: atText)?.dateTime
    } else if let atNumber {
      instant = Instant.fromUnix(atNumber, unit: .milliseconds)
    } else {
      instant = nil
    }
    guard let instant else { return .other }
    // The flow decoder reads these names whatever other members the element has.
    if Self.isFlowEventName(name) { return .other }
    guard let read = eventNames.firstIndex(where: { Self.same($0.bytes, name) }) else { return .unread }
    var filters: [EventFilter] = []
    if eventNames[read].filtered, properties >= 0 {
      var reader = parser
      reader.index = properties
      filters = try readEventProperties(&reader)
    }
    return .read(
      ProfileEvent(name: eventNames[read].name, at: instant.millisecondsSince1970, properties: filters))
  }

  /// Validates an event's `properties` value at `parser.index`: true for null, or an object of at most four
  /// distinct printable ASCII names, each of at most ``EventLog/maxPropertyBytes`` bytes, whose values are
  /// printable ASCII strings of at most that many bytes, numbers or bools (the properties the reference path
  /// keeps without a warning).
  private func skipEventProperties(_ parser: inout JSONParser) throws(JSONError) -> Bool {
    if try readNull(&parser) { return true }
    guard parser.current == UInt8(ascii: "{") else { return false }
    if openObject(&parser) { return true }
    let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var keys = (none, none, none, none)
    var count = 0
    while true {
      guard count < 4, let key = parser.plainASCIIString(), key.count <= EventLog.maxPropertyBytes,
        readColon(&parser)
      else { return false }
      if count > 0, Self.same(key, keys.0) { return false }
      if count > 1, Self.same(key, keys.1) { return false }
      if count > 2, Self.same(key, keys.2) { return false }
      switch count {
      case 0: keys.0 = key
      case 1: keys.1 = key
      case 2: keys.2 = key
      default: keys.3 = key
      }
      count += 1
      switch parser.current ?? 0 {
      case UInt8(ascii: "\""):
        guard let text = parser.plainASCIIString(), text.count <= EventLog.maxPropertyBytes else { return false }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        _ = try parser.parseNumber()
      case UInt8(ascii: "t"):
        guard readLiteral(&parser, "true") else { return false }
      case UInt8(ascii: "f"):
        guard readLiteral(&parser, "false") else { return false }
      default:
        return false
      }
      guard let more = nextElement(&parser, closing: UInt8(ascii: "}")) else { return false }
      if !more { return true }
    }
  }

  /// The properties ``skipEventProperties(_:)`` validated at `parser.index`, as the reference path records them
  /// (``ProfileActivity/record(_:index:_:)``: sorted by name, a value as its text).
  private func readEventProperties(_ parser: inout JSONParser) throws(JSONError) -> [EventFilter] {
    if try readNull(&parser) { return [] }
    if openObject(&parser) { return [] }
    var filters: [EventFilter] = []
    filters.reserveCapacity(4)  // at most four properties (skipEventProperties): one allocation
    while true {
      guard let key = parser.plainASCIIString(), readColon(&parser) else { return filters }
      let value: String
      switch parser.current ?? 0 {
      case UInt8(ascii: "\""):
        guard let text = parser.plainASCIIString() else { return filters }
        value = String(plainASCII: text)
      case UInt8(ascii: "t"):
        _ = readLiteral(&parser, "true")
        value = "true"
      case UInt8(ascii: "f"):
        _ = readLiteral(&parser, "false")
        value = "false"
      default:
        value = Value.text(of: try parser.parseNumber())
      }
      filters.append(EventFilter(property: String(plainASCII: key), value: value))
      guard nextElement(&parser, closing: UInt8(ascii: "}")) == true else { break }
    }
    if filters.count > 1 { filters.sort { $0.property < $1.property } }
    return filters
  }

  /// Whether the flow decoder (``FlowEvent/decode(_:)``) reads events of this name. Every such name has at least
  /// 15 bytes, so a shorter name costs no string.
  private static func isFlowEventName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    guard name.count >= 15 else { return false }
    let text = String(plainASCII: name)
    return text == FlowEvent.stateUpdatedEventName || text == FlowEvent.inputEventName
      || FlowMilestone(rawValue: text) != nil
  }

  /// Whether `known` and `bytes` hold the same bytes.
  @inline(__always)
  private static func same(_ known: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    known.withUnsafeBufferPointer { same($0, bytes) }
  }

  /// Whether `a` and `b` hold the same bytes: lengths first, then byte by byte (names are short; the generic
  /// `elementsEqual` cost about 100 instructions a call here).
  @inline(__always)
  private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    var index = 0
    while index < a.count {
      if a[index] != b[index] { return false }
      index += 1
    }
    return true
  }

  @inline(__always)
  private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    bytes.count == word.utf8CodeUnitCount
      && (0..<bytes.count).allSatisfy { bytes[$0] == word.utf8Start[$0] }
  }
}
