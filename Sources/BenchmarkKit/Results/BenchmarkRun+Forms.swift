extension BenchmarkRun {
  /// The forms of `suites`' scenarios that declare one, by `suite/scenario`, as
  /// ``scenarioForms`` records them; `nil` when none does.
  public static func scenarioForms(of suites: [BenchmarkSuite]) -> [String: ScenarioForm]? {
    var forms = [String: ScenarioForm]()
    for suite in suites {
      for scenario in suite.scenarios {
        if let form = scenario.form { forms["\(suite.name)/\(scenario.name)"] = form }
      }
    }
    return forms.isEmpty ? nil : forms
  }

  /// The form recorded for `scenario` of `suite`, if any.
  public func form(suite: String, scenario: String) -> ScenarioForm? {
    scenarioForms?["\(suite)/\(scenario)"]
  }
}
