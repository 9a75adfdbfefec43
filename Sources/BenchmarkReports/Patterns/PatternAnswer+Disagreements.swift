extension PatternAnswer {
  /// A choice the patterns measurably disagree on: where its effect is
  /// wholly below 1 in some patterns (the alternative cheaper) and wholly
  /// above 1 in others (the baseline cheaper).
  struct Disagreement {
    var choice: StrategyChoice
    /// The patterns where the alternative level is cheaper, with the effect.
    var alternativeCheaper: [(pattern: AppPattern, ratio: Double)]
    /// The patterns where the baseline level is cheaper, with the effect.
    var baselineCheaper: [(pattern: AppPattern, ratio: Double)]
  }

  /// The choices `answers` disagree on, in the order of the choices.
  static func disagreements(_ answers: [PatternAnswer]) -> [Disagreement] {
    [StrategyChoice.registrar, .scope, .invalidation, .identity].compactMap { choice in
      var disagreement = Disagreement(choice: choice, alternativeCheaper: [], baselineCheaper: [])
      for answer in answers {
        guard let cost = answer.choices.first(where: { $0.choice == choice }), let ratio = cost.ratio,
          let interval = cost.interval
        else { continue }
        if interval.upperBound < 1 { disagreement.alternativeCheaper.append((answer.pattern, ratio)) }
        if interval.lowerBound > 1 { disagreement.baselineCheaper.append((answer.pattern, ratio)) }
      }
      return disagreement.alternativeCheaper.isEmpty || disagreement.baselineCheaper.isEmpty ? nil : disagreement
    }
  }
}

extension PatternText {
  /// `Patterns disagree on invalidation: `whole` is cheaper for A (0.80×);
  /// `keypath` for B (5.5×), C (2.0×).`
  func disagreement(_ disagreement: PatternAnswer.Disagreement) -> String {
    let (baseline, alternative) = disagreement.choice.levels
    let list = { (entries: [(pattern: AppPattern, ratio: Double)]) in
      entries.map { escape("\($0.pattern.title.lowercased()) (\(EffectText.ratio($0.ratio)))") }
        .joined(separator: escape(", "))
    }
    return escape("Patterns disagree on \(disagreement.choice.rawValue): ") + code(alternative)
      + escape(" is cheaper for ") + list(disagreement.alternativeCheaper) + escape("; ") + code(baseline)
      + escape(" for ") + list(disagreement.baselineCheaper) + escape(" (the effect of \(baseline) → \(alternative)).")
  }
}
