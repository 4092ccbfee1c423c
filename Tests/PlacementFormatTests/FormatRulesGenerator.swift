import TestSupport

@testable import PlacementCore

/// Writes syntactically valid declarations of every kind the language has (docs/Language.md, "Grammar"):
/// attributes of every type with units, titles, string and declaration-word option ids and every source form;
/// segments over every operator form, `not`, groups, `and`/`or` chains and rollouts; placements with scheduled
/// rows and every content (inline tests with ids, `holdout`, versions, `sticky`, windows, optional commas); cross-
/// placement tests; layers; overrides of both forms. A declaration is a list of tokens, each marked with whether
/// the base text starts a line with it. Meaning is not the point (the formatter reads only syntax), so names and
/// weights are drawn freely.
struct FormatRulesGenerator {
  /// One token of a declaration, as written.
  struct Piece {
    let text: String
    /// True when the base text puts a line break before this token (rows, variations, closing braces).
    let startsLine: Bool
  }

  enum Kind: String, CaseIterable { case attribute, segment, placement, test, layer, override }

  var random: SplitMix64

  static let attributes = ["nick", "score", "flag", "ver", "tier", "tags", "seen", "country", "age", "version"]
  /// Names and ids, one long enough that lists, tests and conditions pass 100 columns and break.
  static let segments = ["pros", "lapsed", "music_fans", "qa", "new_ios", "s1", "returning_customers_in_europe"]
  static let ids = ["a", "b", "classic", "quiz_first", "winback", "spring-b", "x.y", "a_long_paywall_identifier"]
  static let strings = [#""""#, #""US""#, #""a b""#, #""q\"x""#, #""tab\there""#, #""a\\b""#, #""日本""#, #""s/e""#]
  static let numbers = ["0", "25", "-3.5", "2.0", "1e3", "2.5E-4"]
  static let versions = ["1.2.3", "1.10.0", "2.0.0-rc.1+b5"]
  static let instants = [#""2026-12-20T00:00:00Z""#, #""2027-01-05T00:00:00+01:00""#]

  mutating func declaration(_ kind: Kind) -> [Piece] {
    switch kind {
    case .attribute: attribute()
    case .segment: line(["segment", random.pick(Self.segments), "="]) + condition(depth: 0)
    case .placement: placement()
    case .test: crossPlacementTest()
    case .layer: layer()
    case .override: override()
    }
  }

  /// Tokens on one line (the first starts it).
  func line(_ texts: [String]) -> [Piece] {
    texts.enumerated().map { Piece(text: $0.element, startsLine: $0.offset == 0) }
  }

  /// Tokens that continue the current line.
  func more(_ texts: [String]) -> [Piece] {
    texts.map { Piece(text: $0, startsLine: false) }
  }

  mutating func attribute() -> [Piece] {
    var out = line(["attribute", random.pick(Self.attributes), ":"])
    switch random.below(8) {
    case 0, 1: out += more([random.pick(["choice", "choices"]), "("]) + options() + more([")"])
    case 2: out += more(["date"] + (random.chance(50) ? ["unit", random.pick(["seconds", "milliseconds"])] : []))
    default: out += more([random.pick(["string", "number", "bool", "version", "date"])])
    }
    guard random.chance(70) else { return out }
    let element = random.pick([#""email""#, #""scr/element""#])
    out += more(["from", random.pick(["quiz", "input", "toggle"]), element])
    // A qualified element names its screen already (a second name is an error).
    if random.chance(30), element == #""email""# { out += more(["on", "screen", #""scr_registration""#]) }
    return out
  }

  /// `id ["title"], ...`: identifiers, strings and declaration words as ids, an optional trailing comma.
  mutating func options() -> [Piece] {
    var out: [Piece] = []
    let count = 1 + random.below(4)
    for index in 0..<count {
      out += more([random.pick(["beginner", "pro", #""18-24""#, "test", "segment", "an_option_with_a_long_id"])])
      if random.chance(30) { out += more([random.pick([#""I'm new""#, #""Pro \"X\"""#])]) }
      if index < count - 1 || random.chance(20) { out += more([","]) }
    }
    return out
  }

  mutating func condition(depth: Int) -> [Piece] {
    let count = depth < 2 && random.chance(50) ? 2 + random.below(3) : 1
    var out: [Piece] = []
    let keyword = random.pick(["and", "or"])
    for index in 0..<count {
      if index > 0 { out += more([keyword]) }
      out += unary(depth: depth)
    }
    return out
  }

  mutating func unary(depth: Int) -> [Piece] {
    switch random.below(depth < 2 ? 10 : 7) {
    case 0: more([random.pick(Self.segments)])
    case 1: more(["percent", "(", random.pick(["25", "2.5"]), ")", "salt", random.pick([#""s1""#, #""spring""#])])
    case 7: more(["not"]) + unary(depth: depth + 1)
    case 8, 9: more(["("]) + condition(depth: depth + 1) + more([")"])
    default: predicate()
    }
  }

  mutating func predicate() -> [Piece] {
    let subject =
      random.chance(15)
      ? [random.pick(["count", "years_since"]), "(", random.pick(Self.attributes), ")"] : [random.pick(Self.attributes)]
    var op: [String]
    switch random.below(12) {
    case 0: op = [random.pick(["==", "!=", "<", "<=", ">", ">="]), value()]
    case 1: op = (random.chance(50) ? ["in"] : ["not", "in"]) + list()
    case 2: op = ["is"] + (random.chance(50) ? ["not"] : []) + [random.pick(["set", "empty"])]
    case 3: op = ["has"] + (random.chance(50) ? [random.pick(["any", "all"])] + list() : [value()])
    case 4: op = [random.pick(["starts_with", "ends_with", "contains"])] + (random.chance(30) ? list() : [value()])
    case 5: op = ["not", "contains", random.pick(Self.strings)]
    case 6: op = ["matches", random.pick([#"/a\/b\d+/"#, "/^x$/"])]
    case 7: op = ["between", value(), "and", value()]
    case 8: op = [random.pick(["before", "after"]), random.pick([#""2026-01-01""#, #""2026-01-01T10:00:00Z""#])]
    case 9: op = ["within", "last", "7", random.pick(["days", "hours", "week"])]
    case 10: op = ["more", "than", "3", random.pick(["days", "minutes"]), "ago"]
    default: op = ["==", random.pick(Self.strings)]
    }
    if random.chance(10) { op += ["ignoring", "case"] }
    return more(subject + op)
  }

  mutating func value() -> String {
    switch random.below(5) {
    case 0: random.pick(Self.strings)
    case 1: random.pick(Self.numbers)
    case 2: random.pick(Self.versions)
    case 3: random.pick(["true", "false"])
    default: random.pick(["pro", "beginner"])
    }
  }

  /// `[v, ...]`, possibly empty, possibly with a trailing comma.
  mutating func list() -> [String] {
    let count = random.below(4)
    var out = ["["]
    for index in 0..<count {
      out.append(value())
      if index < count - 1 || (count > 0 && random.chance(20)) { out.append(",") }
    }
    return out + ["]"]
  }

  mutating func window() -> [String] {
    switch random.below(3) {
    case 0: ["from", Self.instants[0]]
    case 1: ["until", Self.instants[1]]
    default: ["from", Self.instants[0], "until", Self.instants[1]]
    }
  }

  mutating func placement() -> [Piece] {
    let type = random.pick(["flow", "paywall"])
    var out = line(["placement", random.pick(["main_paywall", "onboarding_end", "p"]), ":", type, "{"])
    for _ in 0..<random.below(4) {
      out += line([random.pick(Self.segments)] + (random.chance(25) ? window() : []) + ["->"])
      out += content(type, tests: true, inlineTest: true)
    }
    out += line(["default", "->"]) + content(type, tests: true)
    return out + line(["}"])
  }

  /// A content: `flow x [with paywall y]`, `paywall x`, `fallthrough`, and where allowed `holdout` (a
  /// variation, a cross-placement entry), `test t` (a row) or an inline test (a row that is not the default).
  mutating func content(_ type: String, tests: Bool = false, inlineTest: Bool = false, holdout: Bool = false)
    -> [Piece]
  {
    switch random.below(inlineTest ? 6 : 3) {
    case 0 where holdout: return more(["holdout"])
    case 1: return more(["fallthrough"])
    case 2 where tests: return more(["test", "spring_pricing"])
    case 3, 4, 5: return inlineTestContent(type)
    default:
      return type == "paywall"
        ? more(["paywall", random.pick(Self.ids)])
        : more(
          ["flow", random.pick(Self.ids)] + (random.chance(30) ? ["with", "paywall", random.pick(Self.ids)] : []))
    }
  }

  /// `test <name> [version "v"] [sticky] [window] { [id:] <content> <weight>% [,] ... }`
  mutating func inlineTestContent(_ type: String) -> [Piece] {
    var head = ["test", random.pick(["music_paywalls", "t"])]
    if random.chance(50) { head += ["version", #""v2""#] }
    if random.chance(20) { head += ["sticky"] }
    if random.chance(20) { head += window() }
    var out = more(head + ["{"])
    let count = 2 + random.below(2)
    for index in 0..<count {
      if random.chance(30) { out += more([random.pick(["control", "b", "test"]), ":"]) }
      out += content(type, holdout: true) + more([random.pick(["50", "25", "34"]), "%"])
      if index < count - 1 ? random.chance(60) : random.chance(15) { out += more([","]) }
    }
    return out + more(["}"])
  }

  mutating func crossPlacementTest() -> [Piece] {
    var head = ["test", "spring_pricing", "version", #""spring-2026""#]
    if random.chance(20) { head += ["sticky"] }
    if random.chance(20) { head += window() }
    var out = line(head + ["{"])
    for _ in 0..<(1 + random.below(2)) {
      out += line(["variation", random.pick(["a", "b"]), "50", "%", "{"])
      for _ in 0..<(1 + random.below(2)) {
        let type = random.pick(["flow", "paywall"])
        out += line([random.pick(["onboarding_end", "main_paywall"]), "->"]) + content(type, holdout: true)
      }
      out += line(["}"])
    }
    return out + line(["}"])
  }

  mutating func layer() -> [Piece] {
    var out = line(["layer", "pricing"] + (random.chance(50) ? ["version", #""l1""#] : []) + ["{"])
    for _ in 0..<random.below(3) {
      out += line([random.pick(["spring_pricing", "t"]), "0", "%", "to", random.pick(["50", "2.50"]), "%"])
    }
    return out + line(["}"])
  }

  mutating func override() -> [Piece] {
    var out = line(["override", random.pick(["spring_pricing", "main_paywall"]), ":"])
    if random.chance(50) {
      out += more(["variation", random.pick(["a", "b"])])
    } else {
      out += content(random.pick(["flow", "paywall"]))
    }
    return out + more(["for"]) + condition(depth: 0)
  }
}
