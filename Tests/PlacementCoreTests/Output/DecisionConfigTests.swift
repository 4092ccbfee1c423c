import TestSupport
import Testing

@testable import PlacementCore

/// The remote config a decision carries: chosen by the profile's `locale`, written after `content` (left out when
/// the content declares none), and written by the batch encoder with the same bytes as the decision.
@Suite struct DecisionConfigTests {
  static let text = """
    segment pros = country == "US"
    placement main: paywall {
      pros    -> test t version "t-1" { paywall pro 50%, paywall standard 50% }
      default -> paywall pro
    }
    placement home: flow {
      pros    -> flow welcome with paywall pro
      default -> flow plain
    }
    placement other: paywall {
      default -> paywall standard
    }
    content paywall pro {
      config default "en" { "title": "Go pro", "trial_days": 7 }
      config "de" { "title": "Werde Profi", "trial_days": 7 }
      config "pt-br" { "title": "Seja pro", "trial_days": 7 }
    }
    content flow welcome {
      config default "en" { "steps": ["hello"] }
      config "de" { "steps": ["hallo"] }
    }
    """

  static let locales: [String?] = [nil, "de-AT", "pt_BR", "pt-BR", "ja", "EN", "de"]

  func profileJSON(_ id: String, country: String, locale: String?) -> String {
    let member = locale.map { #","locale":"\#($0)""# } ?? ""
    return #"{"profile_id":"\#(id)","country":"\#(country)"\#(member)}"#
  }

  @Test func theDecisionCarriesTheConfigOfTheProfilesLocale() throws {
    let rules = try #require(ruleSet(Self.text))
    let cases: [(String?, String, LocaleMatch)] = [
      (nil, "en", .default), ("de-AT", "de", .language), ("pt_BR", "pt-br", .exact), ("ja", "en", .default),
    ]
    for (locale, expected, match) in cases {
      let profile = try rules.bind(jsonBytes: Array(profileJSON("p", country: "FR", locale: locale).utf8))
      let decision = try rules.resolve("main", for: profile, options: ResolveOptions(now: pinnedNow))
      #expect(decision.config?.locale == expected)
      #expect(decision.config?.match == match)
      #expect(decision.jsonString.contains(#""content":{"type":"paywall","id":"pro"},"config":{"#))
      #expect(decision.jsonString.contains(#","locale":"\#(expected)","ab_test":null"#))
    }
  }

  @Test func noConfigNoMembers() throws {
    let rules = try #require(ruleSet(Self.text))
    let profile = try rules.bind(jsonBytes: Array(profileJSON("p", country: "FR", locale: "de").utf8))
    let decision = try rules.resolve("other", for: profile, options: ResolveOptions(now: pinnedNow))
    #expect(decision.config == nil)
    #expect(!decision.jsonString.contains("config"))
    #expect(!decision.jsonString.contains("locale"))
  }

  @Test func aFlowWithAPaywallCarriesTheFlowsConfig() throws {
    let rules = try #require(ruleSet(Self.text))
    let profile = try rules.bind(jsonBytes: Array(profileJSON("p", country: "US", locale: "de").utf8))
    let decision = try rules.resolve("home", for: profile, options: ResolveOptions(now: pinnedNow))
    #expect(decision.config?.value == .object(["steps": .array([.string("hallo")])]))
    #expect(decision.config?.json == #"{"steps":["hallo"]}"#)
  }

  @Test func explainSaysWhichLocaleAndWhy() throws {
    let rules = try #require(ruleSet(Self.text))
    let profile = try rules.bind(jsonBytes: Array(profileJSON("p", country: "FR", locale: "de-AT").utf8))
    let decision = try rules.resolve("main", for: profile, options: ResolveOptions(now: pinnedNow, explain: true))
    #expect(
      decision.explanation?.last?.outcome == .decided(reason: #"config 'de': the language of locale "de-AT""#))
  }

  @Test func aLocaleThatIsNotAStringIsWarnedAboutAndCountsAsAbsent() throws {
    let rules = try #require(ruleSet(Self.text))
    let profile = try rules.bind(jsonBytes: Array(#"{"profile_id":"p","locale":5}"#.utf8))
    let decision = try rules.resolve("main", for: profile, options: ResolveOptions(now: pinnedNow))
    #expect(decision.config?.locale == "en")
    #expect(decision.warnings.contains { $0.contains("'locale'") })
  }

  /// The batch encoder, on profiles bound as the batch binds them (only the values it reads kept), writes the
  /// bytes of the decision, for every locale, test variation and placement.
  @Test func batchBytesEqualResolveBytes() throws {
    let rules = try #require(ruleSet(Self.text))
    let encoder = DecisionEncoder(ruleSet: rules, placements: [0, 1, 2])
    var storage = rules.emptyProfile()
    var trail = ExposureTrail()
    var memo = SegmentMemo(for: rules)
    for index in 0..<40 {
      for country in ["US", "FR"] {
        for locale in Self.locales {
          let line = Array(profileJSON("b-\(index)", country: country, locale: locale).utf8)
          try line.withUnsafeBufferPointer { buffer in
            try rules.bind(jsonBytes: buffer, limits: .default, into: &storage, keepingEveryValue: false)
          }
          var expected = ""
          for placement in ["main", "home", "other"] {
            let reference = try rules.bind(jsonBytes: line)
            expected += try rules.resolve(placement, for: reference, options: ResolveOptions(now: pinnedNow)).jsonString
            expected += "\n"
          }
          var writer = JSONWriter()
          var id = JSONWriter()
          DecisionEncoder.profileIDJSON(storage, into: &id)
          memo.reset()
          id.withBytes { idBytes in
            encoder.writeLines(
              profile: storage, profileID: idBytes, now: pinnedNow, memo: &memo, trail: &trail, to: &writer
            ) { _, _, _ in }
          }
          #expect(writer.string == expected, "\(line)")
        }
      }
    }
  }
}
