/// Rules texts that more than one test target compares with `placement diff`.
public enum DiffFixtures {
  /// A cross-placement test `onboarding_q1` (version "q1", `control` → `paywall classic`, `quiz` → `paywall
  /// quiz_first`) held by placement `welcome`'s row `known`, whose segment is `segment`. Re-weighting `control`
  /// from 40% to 20% moves buckets 20–39 from `control` to `quiz`: 20% of the test's profiles.
  public static func onboarding(control: Int, segment: String = "profile_id is set and country is set") -> String {
    """
    segment known = \(segment)
    test onboarding_q1 version "q1" {
      variation control \(control)% {
        welcome -> paywall classic
      }
      variation quiz \(100 - control)% {
        welcome -> paywall quiz_first
      }
    }
    placement welcome: paywall {
      known   -> test onboarding_q1
      default -> paywall classic
    }

    """
  }
}
