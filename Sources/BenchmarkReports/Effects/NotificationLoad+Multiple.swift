import BenchmarkKit

extension NotificationLoad {
  /// How many times the fewest a side's `count` is: 1 when it sends no more;
  /// infinite when the case needs none and the side sends some (no multiple of
  /// zero reaches it, so it outranks every finite one).
  public func multiple(_ count: Double) -> Double {
    if fewest > 0 { return count / fewest }
    return count > 0 ? .infinity : 1
  }

  /// The larger of the two sides' ``multiple(_:)``.
  public var worstMultiple: Double {
    max(multiple(baseline), multiple(alternative))
  }

  /// Whether a side sends more than the fewest.
  public var overNotifies: Bool {
    max(baseline, alternative) > fewest
  }

  /// Whether this load is more over-notified than `other`: a larger multiple,
  /// then (both infinite, say) more notifications beyond the fewest.
  func exceeds(_ other: NotificationLoad) -> Bool {
    if worstMultiple != other.worstMultiple { return worstMultiple > other.worstMultiple }
    return max(baseline, alternative) - fewest > max(other.baseline, other.alternative) - other.fewest
  }
}
