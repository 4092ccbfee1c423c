/// Which flow events a rule set folds into `custom_attributes` when `placement ingest` prints a profile
/// (docs/CLI.md, "placement ingest").
///
/// An event is folded when a custom attribute of the rule set reads its (screen, element) key, unless an
/// attribute that reads the element without naming a screen finds it answered on several screens, or an attribute
/// that reads it declares a default for a presented screen. Every other event is kept: answers no attribute reads,
/// the answers of an ambiguous element, which must stay ambiguous, and those of an element with a presented
/// default, whose kept `screen_presented` event would otherwise apply the default over the folded answer.
///
/// Invariant: the events of one element are folded all together or not at all (an ambiguous element or one with a
/// presented default keeps every event; otherwise an event is folded exactly when some attribute reads its key),
/// so each attribute either reads
/// only folded events, whose result its member now holds, or only kept events, which decide again in the same
/// order. Binding the printed profile therefore gives every attribute the value that binding the profile with
/// all its events gave.
package struct AnswerFolding: Sendable {
  /// The sources of the rule set's custom attributes.
  private let sources: [AttributeSource]
  /// Elements whose events are all kept: those an unqualified source finds answered on several screens, and
  /// those a source with a presented default reads.
  private let keptElements: Set<String>

  /// The folding of `answers` (every event of the profile and of the input, applied in order) for `attributes`.
  package init(attributes: [AttributeDefinition], answers: FlowAnswers) {
    sources = attributes.compactMap { $0.isBuiltin ? nil : $0.source }
    var kept = Set<String>()
    for source in sources where source.screen == nil {
      if case .ambiguous = answers.answer(element: source.element, screen: nil) { kept.insert(source.element) }
    }
    for source in sources where source.presentedDefault != nil { kept.insert(source.element) }
    keptElements = kept
  }

  /// Whether `event`'s answer is folded into an attribute's member, so the event itself is not printed.
  package func folds(_ event: FlowEvent) -> Bool {
    // An analytics event answers no element; it is kept, so the printed profile still says what it decides.
    if case .analytics = event.change { return false }
    guard !keptElements.contains(event.elementID) else { return false }
    return sources.contains { $0.element == event.elementID && ($0.screen == nil || $0.screen == event.screenID) }
  }

  /// Whether the event given as JSON is an input event whose answer is folded; other event names and
  /// events that do not decode are kept as given.
  package func folds(_ json: JSONValue) -> Bool {
    guard let event = try? FlowEvent.decode(json) else { return false }
    return folds(event)
  }
}
