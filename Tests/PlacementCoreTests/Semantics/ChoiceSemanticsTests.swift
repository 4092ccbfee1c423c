import TestSupport
import Testing

@testable import PlacementCore

/// `choice` and `choices` attributes (docs/Product.md §4.6) through compile → bind → resolve.
@Suite struct ChoiceSemanticsTests {
  static let experience = "attribute experience: choice(beginner, amateur, pro)"
  static let interests = "attribute interests: choices(sports, music, yoga, running)"
  static func answer(_ key: String, _ json: String) -> String { #"{"custom_attributes": {"\#(key)": \#(json)}}"# }

  @Test func inOnAChoice() throws {
    let amateur = Self.answer("experience", #""amateur""#)
    #expect(try matches(Self.experience, "experience in [beginner, amateur]", amateur))
    #expect(try !matches(Self.experience, "experience in [pro]", amateur))
    #expect(try matches(Self.experience, "experience not in [pro]", amateur))
    #expect(try matches(Self.experience, "experience == amateur", amateur))
    #expect(try matches(Self.experience, #"experience == "amateur""#, amateur))
    #expect(try !matches(Self.experience, "experience != amateur", amateur))
    #expect(
      compileErrors(Self.experience, "experience in [expert]").map(\.code) == [SemanticsCatalog.unknownOption])
  }

  /// A misspelt option id gets a fix-it that writes the closest id as the literal was written (a word, or a
  /// string; a word whose id is not an identifier, or is a reserved word, becomes a string); a title gets one
  /// that writes its id.
  @Test func aMisspeltOptionIdHasAFixItInTheLiteralsForm() {
    func fix(_ declaration: String, _ condition: String) -> (message: String?, replacement: String?, text: String?) {
      let fix = compileErrors(declaration, condition).first { $0.code == SemanticsCatalog.unknownOption }?.fixIts.first
      return (fix?.message, fix?.replacement, fix.map { $0.span.file.text(of: $0.span.range) })
    }
    #expect(fix(Self.experience, "experience == amatuer") == ("use 'amateur'", "amateur", "amatuer"))
    #expect(fix(Self.experience, #"experience in ["beginner", "pr"]"#) == ("use 'pro'", #""pro""#, #""pr""#))
    #expect(
      fix(#"attribute e: choice(pro "Professional")"#, #"e == "Professional""#) == (
        "use 'pro'", #""pro""#, #""Professional""#
      ))
    #expect(fix(#"attribute m: choice("über", sad)"#, "m == uber") == ("use 'über'", #""über""#, "uber"))
    #expect(fix(#"attribute m: choice("über", sad)"#, #"m == "uber""#) == ("use 'über'", #""über""#, #""uber""#))
    // A reserved word is never written bare: 'k == true' would compare with a bool.
    #expect(fix(#"attribute k: choice("true", no)"#, "k == tru") == ("use 'true'", #""true""#, "tru"))
    #expect(fix(Self.experience, "experience == zzzzzz") == (nil, nil, nil))
  }

  @Test func unknownProfileOptionIsMissingWithAWarning() throws {
    let rules = segmentRules(Self.experience, "experience not in [pro]")
    let decision = try decide(rules, Self.answer("experience", #""expert""#))
    #expect(decision.content == .flow(id: "yes", paywall: nil))
    #expect(
      decision.warnings == [
        #"attribute 'experience': value "expert" treated as missing: not an option id (beginner, amateur, pro)"#
      ])
  }

  @Test func hasHasAnyHasAll() throws {
    let picked = Self.answer("interests", #"["music", "yoga"]"#)
    #expect(try matches(Self.interests, "interests has music", picked))
    #expect(try !matches(Self.interests, "interests has sports", picked))
    #expect(try matches(Self.interests, "interests has any [sports, yoga]", picked))
    #expect(try !matches(Self.interests, "interests has any [sports, running]", picked))
    #expect(try matches(Self.interests, "interests has all [music, yoga]", picked))
    #expect(try !matches(Self.interests, "interests has all [music, sports]", picked))
    #expect(try !matches(Self.interests, "interests is empty", picked))
    #expect(try matches(Self.interests, "interests is not empty", picked))
  }

  @Test func countComparisons() throws {
    let picked = Self.answer("interests", #"["music", "yoga", "running"]"#)
    #expect(try matches(Self.interests, "count(interests) == 3", picked))
    #expect(try matches(Self.interests, "count(interests) >= 2", picked))
    #expect(try !matches(Self.interests, "count(interests) < 3", picked))
    #expect(try matches(Self.interests, "count(interests) != 2", picked))
    // Duplicates in the profile count once: a set of options.
    #expect(
      try matches(Self.interests, "count(interests) == 1", Self.answer("interests", #"["yoga", "yoga"]"#)))
  }

  @Test func ignoringCaseNamesEveryOptionEqualIgnoringCase() throws {
    let declarations = "attribute tags: choices(a, A, b, c)"
    #expect(try matches(declarations, "tags has any [a] ignoring case", Self.answer("tags", #"["A"]"#)))
    #expect(try !matches(declarations, "tags has any [a]", Self.answer("tags", #"["A"]"#)))
    // has all: one selected option per literal, each ignoring case.
    #expect(
      try matches(declarations, "tags has all [a, B] ignoring case", Self.answer("tags", #"["A", "b"]"#)))
    #expect(
      try !matches(declarations, "tags has all [a, c] ignoring case", Self.answer("tags", #"["A", "b"]"#)))
    #expect(try matches(declarations, "tags has A ignoring case", Self.answer("tags", #"["a"]"#)))
    // On a choice too, and a literal equal to no option ignoring case is still an unknown option.
    let level = "attribute level: choice(Beginner, Pro)"
    #expect(try matches(level, "level in [beginner, pro] ignoring case", Self.answer("level", #""Pro""#)))
    #expect(compileErrors(level, "level == expert ignoring case").map(\.code) == [SemanticsCatalog.unknownOption])
  }

  @Test func setOperatorsOnAChoicesAreCompileErrors() {
    let errors = compileErrors(Self.interests, "interests == music")
    #expect(errors.map(\.code) == [SemanticsCatalog.choicesEquality])
    #expect(
      compileErrors(Self.interests, "interests has any [chess]").map(\.code) == [SemanticsCatalog.unknownOption])
    #expect(compileErrors(Self.experience, "experience has pro").map(\.code) == [SemanticsCatalog.unsupportedOperator])
  }

  @Test func aListThatIsNotAListIsMissing() throws {
    let rules = segmentRules(Self.interests, "not (interests has any [music])")
    let decision = try decide(rules, Self.answer("interests", #""music""#))
    #expect(decision.content == .flow(id: "yes", paywall: nil))
    #expect(
      decision.warnings == [
        #"attribute 'interests': value "music" treated as missing: expected a list of option ids, found a string"#
      ])
  }
}
