/// The answers of one user's flow, accumulated from `flow_user_input` events in arrival order (docs/Product.md §3).
///
/// Answers are keyed by (screen, element) because Element IDs are unique per screen, not per flow. The last
/// event for a key wins; a `.remove` change deletes the key. Keys keep the position of their *first*
/// insertion, also when removed and set again, so `entries` lists answers in the order the user first gave them.
package struct FlowAnswers: Sendable, Equatable {
  /// The result of looking an answer up.
  package enum Lookup: Equatable, Sendable {
    /// No screen currently holds an answer for the element (never answered, removed, or another screen asked for).
    case missing
    /// The answer.
    case found(FlowAnswer)
    /// An unqualified lookup matched the element on two or more screens: the screen ids, sorted (an event without
    /// `instanceId` is listed as the empty string, which warnings print as `<no instanceId>`). Qualify the
    /// reference with a screen.
    case ambiguous(screens: [String])
  }

  private struct Key: Hashable, Sendable {
    var screen: String?
    var element: String
  }

  /// Every key ever set, in first-insertion order, with its current answer (`nil` once removed).
  private var slots: [(key: Key, answer: FlowAnswer?)] = []
  /// The position in `slots` of each key.
  private var slotIndex: [Key: Int] = [:]
  /// The positions in `slots` of each element id, on any screen, in first-insertion order.
  private var elementSlots: [String: [Int]] = [:]

  /// The screens a `screen_presented` event showed.
  private var presentedScreens: Set<String> = []
  /// The onboardings an `onboarding_completed` event closed (`""` for one that named no onboarding).
  private var completedOnboardings: Set<String> = []
  /// The onboarding of the last analytics or SDK 3.x event that named one.
  private var lastOnboarding: String?
  /// Whether an analytics event came: only then do the events say whether the flow was completed.
  private var sawAnalytics = false

  /// An empty set of answers.
  package init() {}

  /// The answers after applying `events` in order.
  package init(_ events: some Sequence<FlowEvent>) {
    for event in events { apply(event) }
  }

  /// Applies one event: `.set` stores the answer for (screen, element), replacing any earlier one;
  /// `.remove` deletes it.
  package mutating func apply(_ event: FlowEvent) {
    if let onboarding = event.onboardingID { lastOnboarding = onboarding }
    let key = Key(screen: event.screenID, element: event.elementID)
    let answer: FlowAnswer?
    switch event.change {
    case .set(let value):
      answer = value
    case .remove:
      answer = nil
    case .analytics(let milestone):
      sawAnalytics = true
      if milestone == .screenPresented, let screen = event.screenID { presentedScreens.insert(screen) }
      if milestone == .onboardingCompleted { completedOnboardings.insert(event.onboardingID ?? "") }
      return
    }
    if let position = slotIndex[key] {
      slots[position].answer = answer
    } else {
      // A removal is kept too (as a nil answer): a cleared field must hide a value stored in the profile.
      slotIndex[key] = slots.count
      elementSlots[key.element, default: []].append(slots.count)
      slots.append((key, answer))
    }
  }

  /// The answer for `element`.
  ///
  /// - Parameters:
  ///   - element: the Element ID (or Group ID) as sent in `element_id`.
  ///   - screen: the screen (`instanceId`) to look on; `nil` for an unqualified lookup.
  /// - Returns: with a screen, the answer of exactly that (screen, element) key or `.missing`; without, the answer
  ///   of the only screen that currently holds one for `element`, `.ambiguous` when two or more do, else `.missing`.
  package func answer(element: String, screen: String?) -> Lookup {
    if let screen {
      guard let position = slotIndex[Key(screen: screen, element: element)],
        let answer = slots[position].answer
      else { return .missing }
      return .found(answer)
    }
    let live = (elementSlots[element] ?? []).filter { slots[$0].answer != nil }
    switch live.count {
    case 0: return .missing
    case 1: return slots[live[0]].answer.map(Lookup.found) ?? .missing
    default: return .ambiguous(screens: live.map { slots[$0].key.screen ?? "" }.sorted())
    }
  }

  /// Whether the user cleared `element`: the last event for it removed the answer (a `""` text, an empty single
  /// choice), so no screen holds one now. A cleared field removes the attribute even when the profile's
  /// `custom_attributes` carry a value.
  /// - Parameters:
  ///   - element: the Element ID as sent in `element_id`.
  ///   - screen: the screen (`instanceId`) to look on; `nil` for any screen.
  package func isCleared(element: String, screen: String?) -> Bool {
    if let screen {
      guard let position = slotIndex[Key(screen: screen, element: element)] else { return false }
      return slots[position].answer == nil
    }
    let positions = elementSlots[element] ?? []
    return !positions.isEmpty && positions.allSatisfy { slots[$0].answer == nil }
  }

  /// Whether a `screen_presented` event showed `screen`.
  package func wasPresented(screen: String) -> Bool { presentedScreens.contains(screen) }

  /// Whether the flow was completed, as the `flow_completed` attribute reads it: nil when no analytics event came
  /// (the events do not say); else true when an `onboarding_completed` event came for the onboarding of the last
  /// event that names one (an `onboarding_completed` that names none counts for any), false otherwise.
  package var flowCompleted: Bool? {
    guard sawAnalytics else { return nil }
    guard let lastOnboarding else { return !completedOnboardings.isEmpty }
    return completedOnboardings.contains(lastOnboarding) || completedOnboardings.contains("")
  }

  /// The current answers in first-insertion order of their keys, for printing.
  package var entries: [(screen: String?, element: String, answer: FlowAnswer)] {
    slots.compactMap { slot in slot.answer.map { (slot.key.screen, slot.key.element, $0) } }
  }

  /// The number of current answers.
  package var count: Int { slots.reduce(0) { $0 + ($1.answer == nil ? 0 : 1) } }

  /// Whether no answer is currently held.
  package var isEmpty: Bool { !slots.contains { $0.answer != nil } }

  /// Equal when both hold the same answers under the same keys in the same order (removed keys do not count).
  package static func == (lhs: FlowAnswers, rhs: FlowAnswers) -> Bool {
    let left = lhs.entries
    let right = rhs.entries
    return left.count == right.count
      && zip(left, right).allSatisfy { $0.screen == $1.screen && $0.element == $1.element && $0.answer == $1.answer }
  }
}
