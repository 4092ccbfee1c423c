import Testing

@testable import PlacementCore

@Suite struct FlowAnswersTests {
  private func event(
    _ element: String, on screen: String?, _ change: FlowEvent.Change, kind: ElementKind = .singleChoice
  ) -> FlowEvent {
    FlowEvent(screenID: screen, elementID: element, elementKind: kind, change: change)
  }

  @Test func seedEventsGiveTheDocumentedAnswers() throws {
    let answers = FlowAnswers(try seedEvents().compactMap { try FlowEvent.decode($0) })
    #expect(answers.count == 5)
    #expect(answers.answer(element: "email", screen: "scr_registration") == .found(.text("jane@example.com")))
    #expect(answers.answer(element: "email", screen: nil) == .found(.text("jane@example.com")))
    #expect(answers.answer(element: "email", screen: "scr_J260KU5q") == .missing)
    #expect(answers.answer(element: "birthday", screen: nil) == .found(.date(millisecondsSince1970: 645_408_000_000)))
    #expect(answers.answer(element: "experience", screen: nil) == .found(.choice("pro")))
    #expect(answers.answer(element: "interests", screen: nil) == .found(.choices(["sports", "music"])))
    #expect(answers.answer(element: "reminders", screen: "scr_J260KU5q") == .found(.toggle(true)))
    #expect(answers.answer(element: "name", screen: nil) == .missing)
    let entries = answers.entries
    #expect(entries.map(\.element) == ["email", "birthday", "experience", "interests", "reminders"])
    #expect(entries.map(\.screen) == ["scr_registration"] + Array(repeating: "scr_J260KU5q", count: 4))
    #expect(entries[2].answer == .choice("pro"))
  }

  @Test func lastValueWins() {
    var answers = FlowAnswers()
    answers.apply(event("experience", on: "quiz", .set(.choice("beginner"))))
    answers.apply(event("other", on: "quiz", .set(.choice("x"))))
    answers.apply(event("experience", on: "quiz", .set(.choice("pro"))))
    #expect(answers.answer(element: "experience", screen: "quiz") == .found(.choice("pro")))
    #expect(answers.entries.map(\.element) == ["experience", "other"])
    #expect(answers.count == 2)
  }

  @Test func emptyStringRemovesAndReSettingKeepsFirstPosition() throws {
    var answers = FlowAnswers()
    answers.apply(try #require(try decode(input("email", "email_input", #""value":"a@b.c""#))))
    answers.apply(try #require(try decode(input("name", "text_input", #""value":"Jane""#))))
    answers.apply(try #require(try decode(input("email", "email_input", #""value":"""#))))
    #expect(answers.answer(element: "email", screen: nil) == .missing)
    #expect(answers.answer(element: "email", screen: "scr_1") == .missing)
    #expect(answers.entries.map(\.element) == ["name"])
    answers.apply(try #require(try decode(input("email", "email_input", #""value":"x@y.z""#))))
    #expect(answers.entries.map(\.element) == ["email", "name"])
    #expect(answers.entries.first?.answer == .text("x@y.z"))
  }

  @Test func emptyMultiChoiceIsAnEmptySetNotMissing() {
    var answers = FlowAnswers()
    answers.apply(event("interests", on: "quiz", .set(.choices(["music"])), kind: .multiChoice))
    answers.apply(event("interests", on: "quiz", .set(.choices([])), kind: .multiChoice))
    #expect(answers.answer(element: "interests", screen: nil) == .found(.choices([])))
    #expect(!answers.isEmpty)
  }

  @Test func sameElementOnTwoScreens() {
    var answers = FlowAnswers()
    answers.apply(event("level", on: "scr_b", .set(.choice("pro"))))
    answers.apply(event("level", on: "scr_a", .set(.choice("beginner"))))
    #expect(answers.answer(element: "level", screen: nil) == .ambiguous(screens: ["scr_a", "scr_b"]))
    #expect(answers.answer(element: "level", screen: "scr_a") == .found(.choice("beginner")))
    #expect(answers.answer(element: "level", screen: "scr_b") == .found(.choice("pro")))
    #expect(answers.answer(element: "level", screen: "scr_c") == .missing)
    // Once one screen no longer holds a value, the unqualified reference is unique again.
    answers.apply(event("level", on: "scr_b", .remove))
    #expect(answers.answer(element: "level", screen: nil) == .found(.choice("beginner")))
  }

  @Test func eventsWithoutScreen() {
    var answers = FlowAnswers()
    answers.apply(event("level", on: nil, .set(.choice("a"))))
    #expect(answers.answer(element: "level", screen: nil) == .found(.choice("a")))
    answers.apply(event("level", on: "scr_1", .set(.choice("b"))))
    #expect(answers.answer(element: "level", screen: nil) == .ambiguous(screens: ["", "scr_1"]))
    #expect(answers.entries.map(\.screen) == [nil, "scr_1"])
  }

  @Test func removingAnUnknownKeyChangesNothing() {
    var answers = FlowAnswers()
    answers.apply(event("level", on: "s", .remove))
    #expect(answers.isEmpty)
    #expect(answers == FlowAnswers())
  }

  @Test func equalityIgnoresRemovedKeys() {
    let a = FlowAnswers([event("x", on: "s", .set(.toggle(true)))])
    let b = FlowAnswers([
      event("y", on: "s", .set(.toggle(true))), event("y", on: "s", .remove), event("x", on: "s", .set(.toggle(true))),
    ])
    #expect(a == b)
    #expect(a != FlowAnswers([event("x", on: "s", .set(.toggle(false)))]))
    #expect(a != FlowAnswers([event("x", on: "t", .set(.toggle(true)))]))
  }
}
