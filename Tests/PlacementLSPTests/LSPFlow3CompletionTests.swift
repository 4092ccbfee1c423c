import Testing

/// Completion of a quiz source's `key id|value` and `default … presented` clauses.
@Suite struct LSPFlow3CompletionTests {
  @Test func aQuizSourceOffersKeyAndDefault() {
    let editing = LSPEditingTests()
    #expect(editing.labels("attribute x: choice(a, b) from quiz \"x\" ") == ["unit", "from", "on", "key", "default"])
    #expect(editing.labels("attribute x: choice(a, b) from quiz \"x\" key ") == ["id", "value"])
    #expect(editing.labels("attribute x: string from input \"x\" ") == ["unit", "from", "on"])
  }
}
