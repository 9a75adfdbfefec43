/// A published figure: a number the run resolved, or an upper bound where it could not.
///
/// A time smaller than a run's uncertainty about it is not a measurement: it can
/// come out negative, and a ratio built from it is noise divided by a number.
/// Every time and ratio a report prints goes through `Figure`, so such a value is
/// written as "< bound" and never as a number.
public enum Figure: Hashable, Sendable {
  /// A figure the run resolved.
  case value(Double)
  /// A figure the run could not resolve: the true value is below this bound.
  case below(Double)
  /// A figure the run could not resolve from below: the true value is above this bound.
  case above(Double)
  /// Nothing can be said (e.g. a ratio of two bounds).
  case unresolved

  /// The number the figure publishes: the value or the bound; `nil` when unresolved.
  public var number: Double? {
    switch self {
    case .value(let value), .below(let value), .above(let value): value
    case .unresolved: nil
    }
  }

  /// The resolved value, or `nil` for a bound.
  public var value: Double? {
    if case .value(let value) = self { value } else { nil }
  }

  /// Whether the figure is a bound (or unresolved) rather than a value.
  public var isBound: Bool {
    value == nil
  }

  /// `<` or `>` for a bound, `?` when unresolved, empty for a value.
  public var boundMark: String {
    switch self {
    case .value: ""
    case .below: "<"
    case .above: ">"
    case .unresolved: "?"
    }
  }
}

extension Figure {
  /// The figure of `numerator / denominator`: a value when both are, a bound
  /// when one is, unresolved when both are.
  ///
  /// With intervals for the parts, a bound uses the extreme the bound allows:
  /// `< a` over `b ∈ [b₁, b₂]` is `< a / b₁`.
  public static func ratio(
    _ numerator: Figure, over denominator: Figure,
    value: Double?, denominatorLow: Double? = nil, numeratorLow: Double? = nil
  ) -> Figure {
    switch (numerator, denominator) {
    case (.value, .value):
      return value.map(Figure.value) ?? .unresolved
    case (.below(let bound), .value(let den)):
      let low = max(denominatorLow ?? den, .leastNormalMagnitude)
      return .below(bound / low)
    case (.value(let num), .below(let bound)):
      guard bound > 0 else { return .unresolved }
      return .above((numeratorLow ?? num) / bound)
    default:
      return .unresolved
    }
  }
}

extension Figure: Codable {
  // One key says what the number is: {"value": 1.2}, {"below": 0.4}, {"above": 3},
  // or {"unresolved": true}; a reader that only wants resolved numbers reads "value".
  private enum CodingKeys: String, CodingKey { case value, below, above, unresolved }

  /// Decodes `{"value": x}`, `{"below": x}`, `{"above": x}` or `{"unresolved": true}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let value = try container.decodeIfPresent(Double.self, forKey: .value) {
      self = .value(value)
    } else if let bound = try container.decodeIfPresent(Double.self, forKey: .below) {
      self = .below(bound)
    } else if let bound = try container.decodeIfPresent(Double.self, forKey: .above) {
      self = .above(bound)
    } else if try container.decodeIfPresent(Bool.self, forKey: .unresolved) == true {
      self = .unresolved
    } else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "a figure needs value, below, above or unresolved"))
    }
  }

  /// Encodes the figure as one key and its number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .value(let value): try container.encode(value, forKey: .value)
    case .below(let bound): try container.encode(bound, forKey: .below)
    case .above(let bound): try container.encode(bound, forKey: .above)
    case .unresolved: try container.encode(true, forKey: .unresolved)
    }
  }
}
