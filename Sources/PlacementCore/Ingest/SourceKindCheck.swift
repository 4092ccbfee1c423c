/// Which element kinds can feed an attribute declared `from quiz`, `from input` or `from toggle`.
extension AttributeSource.Kind {
  /// The `element_type`s of events this kind of source reads: a quiz is a single or multi choice, an input a
  /// text, email, phone or number field or a date/time picker, a toggle a toggle.
  package var elementKinds: [ElementKind] {
    switch self {
    case .quiz: [.singleChoice, .multiChoice]
    case .input: [.textInput, .emailInput, .phoneInput, .numberInput, .datePicker, .timePicker, .dateTimePicker]
    case .toggle: [.toggle]
    }
  }
}

extension FlowEvent {
  /// A warning for each declared attribute this event answers although its `element_type` is not one its
  /// source reads (`text_input` for an attribute declared `from quiz`): the flow and the rules disagree about
  /// the element, and the answer will most likely not fit the attribute. Empty when they agree.
  /// - Parameter attributes: the rule set's attributes; those without a source are ignored.
  package func sourceKindMismatches(_ attributes: [AttributeDefinition]) -> [String] {
    attributes.compactMap { attribute in
      guard let source = attribute.source, source.element == elementID,
        source.screen == nil || source.screen == screenID, !source.kind.elementKinds.contains(elementKind)
      else { return nil }
      let expected = source.kind.elementKinds.map(\.rawValue).joined(separator: ", ")
      return "element '\(elementID)' is a \(elementKind.rawValue), but attribute '\(attribute.name)' is declared "
        + "from \(source.kind.rawValue) \"\(elementID)\" (which reads \(expected))"
    }
  }
}
