import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct LanguageCodeTests {
  @Test func localesUpperCaseAndThreeLetterCodesWarnWithTheTwoLetterCode() throws {
    let rules = """
      segment a = language == 1️⃣"pt-BR"
      segment b = language in ["en", 2️⃣"EN", 3️⃣"eng", 4️⃣"xx"]
      segment c = language != 5️⃣"zh_Hant"
      segment d = language == "EN" ignoring case
      segment e = language == "de" and country == "pt-BR"
      """
    let found = expectFindings(rules, LanguageCode.id)
    #expect(
      found.map(\.message) == [
        "\"pt-BR\" is a locale; Adapty stores only the two-letter language (\"pt\"), so it matches no profile",
        "\"EN\" is not lower-case; Adapty stores the language as \"en\"",
        "\"eng\" is an ISO 639-2 code; Adapty stores the two-letter ISO 639-1 code \"en\"",
        "\"xx\" is not an ISO 639-1 language code; Adapty stores two-letter codes such as \"en\"",
        "\"zh_Hant\" is a locale; Adapty stores only the two-letter language (\"zh\"), so it matches no profile",
      ])
    #expect(
      found.first?.notes.map(\.message) == [
        "for the region, test the country: 'language == \"pt\" and country == \"BR\"'"
      ])
    let fix = try #require(found.first?.fixIts.first)
    #expect(fix.message == "replace with \"pt\"")
    #expect(fix.span.file.text(of: fix.span.range) == "\"pt-BR\"")
    #expect(fix.replacement == "\"pt\"")
    #expect(found[3].fixIts.isEmpty)
  }

  @Test func theEmbeddedListHoldsThe184Codes() {
    #expect(LanguageCodes.iso639_1.count == 184)
    #expect(LanguageCodes.iso639_1.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isLowercase) })
    #expect(LanguageCodes.fromISO639_2.values.allSatisfy(LanguageCodes.iso639_1.contains))
    #expect(LanguageCodes.fromISO639_2["deu"] == "de" && LanguageCodes.fromISO639_2["ger"] == "de")
  }

  @Test func aDeclaredAttributeCalledOtherwiseIsNotChecked() {
    let rules = """
      attribute app_language: string
      segment a = app_language == "pt-BR"
      segment b = language == "pt"
      """
    #expect(findings(rules, LanguageCode.id).isEmpty)
  }
}

@Suite struct AttributionStatusTests {
  @Test func otherSpellingsWarnWithTheNearestValue() throws {
    let rules = """
      segment a = attribution_status == 1️⃣"non_organic"
      segment b = attribution_status in ["Organic", 2️⃣"organic", 3️⃣"Unknwn", 4️⃣"paid"]
      segment c = attribution_status == "organic" ignoring case
      segment d = attribution_status != "Non-organic"
      """
    let found = expectFindings(rules, AttributionStatus.id)
    #expect(
      found.map(\.message) == [
        "\"non_organic\" is not an Adapty attribution status (Organic, Non-organic, Unknown); did you mean \"Non-organic\"?",
        "\"organic\" is not an Adapty attribution status (Organic, Non-organic, Unknown); did you mean \"Organic\"?",
        "\"Unknwn\" is not an Adapty attribution status (Organic, Non-organic, Unknown); did you mean \"Unknown\"?",
        "\"paid\" is not an Adapty attribution status (Organic, Non-organic, Unknown)",
      ])
    let fix = try #require(found.first?.fixIts.first)
    #expect(fix.replacement == "\"Non-organic\"")
    #expect(found.last?.fixIts.isEmpty == true)
  }
}

@Suite struct VariationIdLengthTests {
  @Test func idsOver255CharactersWarnInRowAndCrossPlacementTests() {
    let long = String(repeating: "v", count: 256)
    let exact = String(repeating: "w", count: 255)
    let rules = """
      placement p: paywall {
        default -> test t {
          1️⃣\(long): paywall a 50%
          \(exact): paywall b 50%
        }
      }
      placement q: paywall {
        default -> test u { 2️⃣paywall \(long) 50%, paywall c 50% }
      }
      test x version "x1" {
        variation 3️⃣\(long)x 50% {
          p -> paywall d
        }
        variation control 50% {
          p -> fallthrough
        }
      }
      """
    let found = expectFindings(rules, VariationIdLength.id)
    #expect(
      found.first?.message
        == "variation id '\(String(repeating: "v", count: 40))…' of test 't' has 256 characters; "
        + "Adapty allows at most 255")
    #expect(found.last?.message.contains("of test 'x' has 257 characters") == true)
  }
}

@Suite struct IdsDifferByCaseTests {
  @Test func placementAndContentIdsThatDifferOnlyByCaseWarnOnceNamingBoth() {
    let rules = """
      placement main_paywall: paywall {
        default -> paywall pro_annual
      }
      placement 1️⃣Main_Paywall: paywall {
        default -> test t { paywall 2️⃣Pro_Annual 50%, paywall pro_annual 50% }
      }
      placement onboarding: flow {
        default -> flow intro with paywall 3️⃣PRO_ANNUAL
      }
      override onboarding: flow 4️⃣Intro for profile_id == "qa"
      """
    let found = expectFindings(rules, IdsDifferByCase.id)
    #expect(
      found.map(\.message) == [
        "placement id 'Main_Paywall' differs from 'main_paywall' only by case; Adapty matches ids exactly",
        "content id 'Pro_Annual' differs from 'pro_annual' only by case; Adapty matches ids exactly",
        "content id 'PRO_ANNUAL' differs from 'pro_annual' only by case; Adapty matches ids exactly",
        "content id 'Intro' differs from 'intro' only by case; Adapty matches ids exactly",
      ])
    #expect(found.first?.notes.first?.message == "'main_paywall' is first written here")
    #expect(found.first?.notes.first?.span?.location.description == "1:11")
  }

  @Test func oneSpellingUsedTwiceIsNoFinding() {
    let rules = """
      placement a: paywall {
        default -> paywall pro
      }
      placement b: paywall {
        default -> paywall pro
      }
      """
    #expect(findings(rules, IdsDifferByCase.id).isEmpty)
  }
}

@Suite struct CustomStringVariantsTests {
  @Test func twoSpellingsOfOneValueWarnAtTheLaterOne() {
    let rules = """
      attribute plan: string
      segment a = plan == "pro"
      segment b = plan in ["basic", 1️⃣"Pro"]
      segment c = plan != 2️⃣"pro "
      segment d = plan == "PRO" ignoring case
      segment e = plan == "pro"
      segment f = country == "pro" or country == "PRO"
      """
    let found = expectFindings(rules, CustomStringVariants.id)
    #expect(
      found.first?.message
        == "\"Pro\" and \"pro\" of 'plan' differ only by case or spaces; profiles hold at most one of them")
    #expect(found.first?.notes.first?.span?.location.description == "2:21")
  }
}
