import Foundation
import PlacementCore
import Testing

/// A rule set using every attribute type, ASCII and non-ASCII literals and option ids, and generated profile
/// lines that mix the common shape with everything the fast reader must decline.
public enum BinderFixture {
  public static let rules = """
    attribute experience: choice(beginner, amateur, pro) from quiz "experience"
    attribute interests: choices(sports, music, yoga, running) from quiz "interests"
    attribute mood: choice("über", sad, happy)
    attribute city: string
    attribute weight: number from input "weight"
    attribute reminders: bool from toggle "reminders"
    attribute birthday: date from input "birthday"
    attribute signup: date unit seconds
    attribute build: version

    segment pros = experience == pro
    segment uber_fans = mood == "über"
    segment zurich = city == "Zürich"
    segment no_city = city == ""
    segment us = country in ["US", "CA", "K"] and platform == "iOS"
    segment new_app = app_version >= 2.3
    segment heavy = weight > 80 and age between 18 and 60
    segment music = interests has music and years_since(birthday) >= 18
    segment quiet = not reminders
    segment recent = last_seen_at within last 7 days
    segment candidate = build >= 1.0.0-rc.1 and build < 2.0
    segment early = signup before "2020-01-01"
    segment spenders = total_revenue_usd > 10 or customer_user_id is set

    placement greeting: flow {
      uber_fans -> flow uber
      zurich    -> flow zurich
      no_city   -> flow no_city
      pros      -> flow pro
      music     -> test music_test { flow music_a 50%, flow music_b 50% }
      default   -> flow generic
    }

    placement offer: paywall {
      us        -> paywall us
      new_app   -> paywall new_app
      heavy     -> paywall heavy
      quiet     -> paywall quiet
      recent    -> paywall recent
      candidate -> paywall candidate
      early     -> paywall early
      spenders  -> paywall spenders
      default   -> paywall standard
    }
    """

  public static let ruleSet: RuleSet = {
    let compilation = Compilation.compile([RuleSource(name: "binder.rules", text: rules)])
    guard let ruleSet = compilation.ruleSet else {
      fatalError(DiagnosticRenderer().render(compilation.diagnostics))
    }
    return ruleSet
  }()

  public static let options = ResolveOptions(now: Instant(iso8601: "2026-11-30T12:00:00Z")!)

  public static let topLevel: [(String, [String])] = [
    ("profile_id", [#""p-1""#, #""p-2""#, "null", "5", #""""#]),
    ("customer_user_id", [#""u1""#, "null"]),
    ("country", [#""US""#, #""CA""#, #""DE""#, #""K""#, #""\u212A""#, "\"\u{212A}\"", "1", "null"]),
    ("platform", [#""iOS""#, #""Android""#]),
    ("app_version", [#""2.4.0""#, #""2.3""#, #""2""#, #""01.2.3""#, #""2.3.0-rc.1""#, #""v2""#, #""2.3.0+b""#, "2.3"]),
    ("age", ["31", #""31""#, #""abc""#, "31.5", "-1", "17"]),
    ("last_seen_at", [#""2026-11-28T10:00:00Z""#, #""2026-11-28""#, "1795000000000", #""yesterday""#, "null"]),
    ("total_revenue_usd", ["0", "12.5", #""12.5""#, "true"]),
    ("subscription_state", [#""active""#, #""expired""#]),
  ]

  public static let custom: [(String, [String])] = [
    ("experience", [#""pro""#, #""amateur""#, #""expert""#, "3", "null"]),
    ("interests", [#"["music"]"#, "[]", #"["music","chess"]"#, "[1]", #""music""#, #"["\u006dusic", "yoga"]"#]),
    ("mood", [#""über""#, "\"u\u{0308}ber\"", #""sad""#, #""\u00fcber""#, #""angry""#]),
    ("city", [#""Zürich""#, "\"Zu\u{0308}rich\"", #""Berlin""#, #""""#]),
    ("weight", [#""72""#, "72", #""72,5""#, #"" 81 ""#, "90"]),
    ("reminders", ["true", "false", #""true""#]),
    ("birthday", [#""1990-06-15""#, "645000000000", #""15/06/1990""#]),
    ("signup", ["1500000000", #""2019-01-01""#]),
    ("build", [#""1.0.0-rc.2""#, #""1.5.0""#, #""2.0.0""#, #""x""#]),
    ("favourite", [#"[1,"a",null]"#, #"{"x":1}"#, "false"]),
    (#"s\u0069gnup"#, ["1500000000", #""never""#]),
  ]

  /// Top-level members that are no attribute (a warning each), with escaped and duplicated names among them.
  public static let unknownMembers = [
    #""device_id":"d-1""#, #""dev\u0069ce_id":{"os":["ios",1]}"#, #""\u0001":null"#, #""device_id":[[]]"#,
    #""profile\u005fid":"p-e""#, #""c\u006funtry":"FR""#,
  ]

  /// `events` members: answers to flow-sourced attributes, events skipped with a warning, none.
  public static let events = [
    "[]", "null",
    #"[{"name":"flow_user_input","element_id":"experience","element_type":"single_choice","item_ids":["beginner"]}]"#,
    #"[{"name":"flow_user_input","instanceId":"s2","element_id":"weight","element_type":"number_input","value":"91"}]"#,
    #"[{"name":"flow_user_input","element_id":"weight","element_type":"number_input","value":""}]"#,
    #"[{"name":"flow_user_input"},{"name":"app_open"}]"#,
    #"[{"name":"flow_user_input","element_id":"reminders","element_type":"toggle","value":"maybe"}]"#,
  ]

  /// A profile line: random members from the pools, in random order, sometimes with spaces, a duplicate, an
  /// unknown member or events.
  public static func profileLine(_ random: inout SplitMix64) -> String {
    let space = random.chance(20) ? " " : ""
    func members(_ pools: [(String, [String])], chance: Int) -> [String] {
      var out: [String] = []
      for (name, values) in pools where random.chance(chance) {
        // Mostly the first (plain, valid) values, so that most lines are of the common shape.
        let value = random.chance(70) ? values[random.below(min(2, values.count))] : random.pick(values)
        out.append("\"\(name)\"\(space):\(space)\(value)")
      }
      return out
    }
    var top = members(topLevel, chance: 60)
    var inner = members(custom, chance: 60)
    if random.chance(5), let first = inner.first { inner.append(first) }
    inner.shuffle(using: &random)
    if random.chance(90) {
      top.append(#""custom_attributes":\#(space){\#(inner.joined(separator: ",\(space)"))}"#)
    } else if random.chance(50) {
      top.append(#""custom_attributes":null"#)
    }
    if random.chance(3) { top.append(#""coutry":"US""#) }
    if random.chance(3) { top.append(random.pick(unknownMembers)) }
    if random.chance(5) { top.append(#""events":"# + random.pick(events)) }
    if random.chance(3), let first = top.first { top.append(first) }
    top.shuffle(using: &random)
    return "\(space){\(space)" + top.joined(separator: ",\(space)") + "\(space)}\(space)"
  }

  /// Every example profile of the repository (`Examples/profiles/*.json`, and each line of its `.jsonl` files).
  public static func exampleProfiles() throws -> [[UInt8]] {
    let folder = repositoryRoot.appendingPathComponent("Examples/profiles")
    var profiles: [[UInt8]] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      if name.hasSuffix(".jsonl") {
        profiles += data.split(separator: UInt8(ascii: "\n")).map { Array($0) }
      } else if name.hasSuffix(".json") {
        profiles.append(Array(data))
      }
    }
    return profiles
  }
}
