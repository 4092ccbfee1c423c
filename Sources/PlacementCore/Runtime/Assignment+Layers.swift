extension RuleSet {
  /// Whether a profile may enter `test` as far as its layer is concerned: always for a test in
  /// no layer; for a layered test, when the profile's layer bucket (``Bucketing/rolloutBucket(salt:profileID:)``
  /// of the layer's salt, 0–9,999) is in the test's share. A profile without a usable `profile_id` cannot be
  /// bucketed by the layer and enters no layered test (``unbucketedLayerWarnings(_:placement:_:)`` says so), so
  /// a layer never gathers unidentified profiles into one test.
  @inline(__always)
  func admitsToLayer(_ test: ABTest, profile: BoundProfile) -> Bool {
    guard let share = test.layer else { return true }
    guard let id = profile.bucketingID else { return false }
    return share.admits(Bucketing.rolloutBucket(salt: share.salt, profileID: id))
  }

  /// Why a row whose segment matched was skipped by its test's layer, for explanations: the profile's layer
  /// bucket and the test's share, e.g. `layer bucket 7312 of layer 'paywall_experiments' is outside the share
  /// of test 'music_paywalls' (0% to 30%, buckets 0–2999)`.
  func layerReason(_ row: AudienceRow, _ profile: BoundProfile) -> String {
    guard case .test(let test) = row.content, let share = test.layer else {
      return "the profile is outside the share of the row's test in its layer"
    }
    let place =
      "the share of test '\(test.name)' (\(LayerShare.describe(share.buckets)), buckets "
      + "\(share.buckets.lowerBound)–\(share.buckets.upperBound - 1))"
    guard let id = profile.bucketingID else {
      return "no profile_id to bucket in layer '\(share.layer)': outside \(place)"
    }
    let bucket = Bucketing.rolloutBucket(salt: share.salt, profileID: id)
    return "layer bucket \(bucket) of layer '\(share.layer)' is outside \(place)"
  }

  /// For a profile without a usable `profile_id`: one warning per layered test row the run skipped for it.
  func unbucketedLayerWarnings(_ trail: ExposureTrail, placement: PlacementDefinition, _ profile: BoundProfile)
    -> [String]
  {
    trail.outsideLayer.compactMap { row in
      guard case .test(let test) = placement.rows[Int(row)].content, let share = test.layer else { return nil }
      let problem = profile.profileID == nil ? "has no profile_id" : "has an empty or blank profile_id"
      return "profile \(problem): layer '\(share.layer)' cannot bucket it; test '\(test.name)' skipped"
    }
  }
}
