import TestSupport
import Testing

@testable import PlacementCore

/// docs/Product.md §4.1 (missing values) and §4.8 (priority), through compile → bind → resolve.
@Suite struct MissingAndPriorityTests {
  let noCountry = #"{"profile_id":"p"}"#

  @Test func missingCountry() throws {
    #expect(try !matches("", #"country == "US""#, noCountry))
    #expect(try matches("", #"country != "US""#, noCountry))
    #expect(try matches("", #"country not in ["RU", "CN"]"#, noCountry))
    #expect(try matches("", #"not (country in ["RU"])"#, noCountry))
    #expect(try !matches("", "country is set", noCountry))
    #expect(try matches("", "country is not set", noCountry))
  }

  @Test func unansweredToggleIsNeitherTrueNorFalse() throws {
    let declarations = #"attribute reminders: bool from toggle "reminders""#
    #expect(try !matches(declarations, "reminders == false", noCountry))
    #expect(try !matches(declarations, "reminders == true", noCountry))
    #expect(try !matches(declarations, "reminders", noCountry))
    #expect(try matches(declarations, "not reminders", noCountry))
  }

  static func priorityRules(declareSecondFirst: Bool) -> String {
    let first = "segment us = country == \"US\""
    let second = "segment adults = age >= 18"
    let third = "segment ios = platform == \"iOS\""
    let segments = declareSecondFirst ? [third, second, first] : [first, second, third]
    return segments.joined(separator: "\n") + """

      placement p: flow {
        us      -> flow us_flow
        adults  -> flow adult_flow
        ios     -> flow ios_flow
        default -> flow generic
      }
      """
  }

  @Test(arguments: [false, true])
  func earlierRowWinsWhateverTheDeclarationOrder(reversed: Bool) throws {
    let decision = try decide(
      Self.priorityRules(declareSecondFirst: reversed), #"{"profile_id":"p","country":"US","age":30}"#)
    #expect(decision.audience.index == 0)
    #expect(decision.content == .flow(id: "us_flow", paywall: nil))
    let adult = try decide(
      Self.priorityRules(declareSecondFirst: reversed), #"{"profile_id":"p","country":"FR","age":30,"platform":"iOS"}"#)
    #expect(adult.audience.index == 1)
  }

  @Test func evaluationDoesNotStopAtTheFirstNonMatch() throws {
    let decision = try decide(Self.priorityRules(declareSecondFirst: false), #"{"profile_id":"p","platform":"iOS"}"#)
    #expect(decision.audience == Audience(index: 2, name: "ios", segment: #"platform == "iOS""#))
    #expect(decision.content == .flow(id: "ios_flow", paywall: nil))
  }

  @Test func noMatchFallsToTheDefault() throws {
    let decision = try decide(Self.priorityRules(declareSecondFirst: false), noCountry, explain: true)
    #expect(decision.audience == Audience(index: 3, name: "default", segment: nil))
    #expect(decision.explanation?.count == 4)
    #expect(decision.explanation?[0].outcome == .notMatched(condition: #"country == "US""#, seen: "country = missing"))
  }
}

@Suite struct ExplainTextTests {
  @Test func negatedOperatorsAreExplainedAsWritten() throws {
    let rules = """
      segment not_us = country != "US"
      segment outside = not (country in ["US"])
      placement p: flow {
        not_us  -> flow a
        outside -> flow b
        default -> flow c
      }
      """
    let decision = try decide(rules, #"{"profile_id":"p","country":"US"}"#, explain: true)
    #expect(decision.explanation?[0].outcome == .notMatched(condition: #"country != "US""#, seen: #"country = "US""#))
    #expect(
      decision.explanation?[1].outcome == .notMatched(condition: #"not (country in ["US"])"#, seen: #"country = "US""#))
  }
}
