extension BenchmarkScenario {
  /// The like-for-like scenario of this idiomatic one, if any (``ScenarioForm``).
  public var likeForLike: String? {
    form?.likeForLike
  }

  /// This scenario, marked as comparing each side's idiomatic API form.
  ///
  /// - Parameters:
  ///   - forms: What differs, in a few words (``ScenarioForm/persistentAgainstRearmed``).
  ///   - likeForLike: The scenario of the same suite that gives both sides the
  ///     same work in one form, or `nil` when none does; reports then label this
  ///     scenario's ratios as idiomatic wherever they print them.
  public func comparingIdiomaticForms(_ forms: String, likeForLike: String?) -> BenchmarkScenario {
    var scenario = self
    scenario.form = ScenarioForm(kind: .idiomatic, forms: forms, counterpart: likeForLike)
    return scenario
  }

  /// This scenario, marked as the like-for-like form of `idiomatic`.
  ///
  /// - Parameters:
  ///   - idiomatic: The scenario of the same suite it measures like for like.
  ///   - forms: What both sides do, in a few words (``ScenarioForm/bothRearm``).
  public func likeForLike(of idiomatic: String, _ forms: String) -> BenchmarkScenario {
    var scenario = self
    scenario.form = ScenarioForm(kind: .likeForLike, forms: forms, counterpart: idiomatic)
    return scenario
  }
}
