/// Generates realistic rules text: quiz-derived custom attributes, segments over built-in and custom attributes
/// in the shapes growth teams write (quiz answers, app version gates, country lists, win-back, recency), segment
/// references, and placements whose rows spread over the segments.
package enum RulesGenerator {
  package static let attributes = """
    attribute experience: choice(beginner, amateur, pro) from quiz "experience"
    attribute interests: choices(sports, music, yoga, running, cooking, travel) from quiz "interests"
    attribute goal: choice(lose_weight, gain_muscle, stay_fit, relax) from quiz "goal"
    attribute email: string from input "email" on screen "scr_registration"
    attribute birthday: date from input "birthday"
    attribute reminders: bool from toggle "reminders"
    attribute weight: number from input "weight"

    """

  /// The condition of segment `index`; segments past the tenth may reference an earlier one.
  package static func condition(_ index: Int) -> String {
    let minor = index % 10
    switch index % 10 {
    case 0: return "experience == pro and app_version >= 2.\(minor)"
    case 1: return #"country in ["US", "CA", "GB", "DE"] and platform == "iOS""#
    case 2: return "interests has any [music, yoga] and years_since(birthday) >= 18"
    case 3: return #"subscription_state in ["expired", "cancelled"] and total_revenue_usd > \#(index % 50)"#
    case 4: return "last_seen_at within last 7 days and not reminders"
    case 5: return "goal == relax or (experience in [beginner, amateur] and weight > 80)"
    case 6: return #"email ends_with "@gmail.com" and language == "en""#
    case 7: return #"age between 18 and 34 and gender == "f""#
    case 8: return index >= 10 ? "seg_\(index - 9) and interests has running" : "interests has running"
    default: return "count(interests) >= 3 and app_version < 3.0"
    }
  }

  /// Rules with `segments` segments and `placements` placements of `rows` rows each (the last row is the default).
  /// Row `r` of a placement uses a segment spread evenly over all segments, so every template appears.
  package static func rules(segments: Int, placements: Int, rows: Int) -> String {
    var text = attributes
    text.reserveCapacity(segments * 80 + placements * rows * 40)
    for index in 0..<segments { text += "segment seg_\(index) = \(condition(index))\n" }
    for placement in 0..<placements {
      text += "\nplacement placement_\(placement): flow {\n"
      for row in 0..<(rows - 1) {
        let segment = (row * max(1, segments / max(1, rows - 1)) + row) % segments
        if row == 7 {
          text += "  seg_\(segment) -> test t\(placement) { flow a_\(row) 50%, flow b_\(row) 50% }\n"
        } else {
          text += "  seg_\(segment) -> flow flow_\(row)\(row % 3 == 0 ? " with paywall pw_\(row)" : "")\n"
        }
      }
      text += "  default -> flow generic\n}\n"
    }
    return text
  }

  /// A rules file whose one placement has `rows` rows that no generated profile matches, so the default decides
  /// after every row was tried: the worst case for the row count.
  package static func worstCaseRules(rows: Int) -> String {
    var text = attributes
    for row in 0..<(rows - 1) {
      text += #"segment never_\#(row) = country == "Z\#(row)" and app_version >= 9.0"# + "\n"
    }
    text += "placement placement_0: flow {\n"
    for row in 0..<(rows - 1) { text += "  never_\(row) -> flow flow_\(row)\n" }
    return text + "  default -> flow generic\n}\n"
  }
}
