import BenchmarkKit
import BenchmarkReports
import Foundation

/// A run for the export tests: a resolved case, a case under its resolution (a
/// bound), one with instructions, a failed one, and names and an environment
/// full of the characters InfluxDB's line protocol must escape.
enum ExportFixtures {
  static func run(host: String = "ci runner=1, west", date: String = "2026-01-01T00:00:00Z") -> BenchmarkRun {
    var lock = Fixtures.result("untracked", "lock-thread-keypath", samples: [3, 3.2, 3.1, 3.0, 3.3])
    lock.uncertaintyNs = 0.05
    lock.instructionsPerOperation = 41
    lock.notificationSamples = [0, 0, 0, 0, 0]
    lock.notificationsPerOperation = 0
    var apple = Fixtures.result("untracked", "apple", samples: [17, 17.5, 18, 17.2, 17.8])
    apple.uncertaintyNs = 0.05
    // 0.3 ns with 0.5 ns of uncertainty: published as "< 0.8 ns", never as 0.3.
    var none = Fixtures.result("untracked", "none", samples: [0.3, 0.3, 0.3, 0.3, 0.3])
    none.uncertaintyNs = 0.5
    let odd = Fixtures.result("tracked, \"odd\"=name", "apple", size: 10, samples: [90, 91, 92, 90, 91])
    let failed = Fixtures.result("untracked", "actor-task-whole", samples: [], failure: "set-up threw")
    var environment = Fixtures.environment
    environment.host = host
    environment.cpuModel = "Test CPU, \"quoted\"\nsecond line"
    environment.buildCommit = "def456"
    environment.date = date
    return Publication.publish(
      BenchmarkRun(
        environment: environment, settings: Fixtures.settings, cases: [lock, apple, none, odd, failed],
        fits: GrowthFit.fits(of: [lock, apple, none, odd])))
  }

  /// A run of `run --metric instructions`: counts, no times, one case failed.
  static func countedRun() -> BenchmarkRun {
    func counted(_ strategy: String, _ instructions: Double, failure: String? = nil) -> CaseResult {
      var result = CaseResult(suite: "reads", scenario: "untracked", strategy: strategy, size: 1)
      result.instructionsPerOperation = failure == nil ? instructions : nil
      result.failure = failure
      return result
    }
    var apple = counted("apple", 180.5)
    apple.instructionsNote = "varies: 180 then 181 per operation over two equal stretches of iterations"
    var environment = Fixtures.environment
    environment.buildCommit = "def456"
    environment.date = "2026-01-01T00:00:00Z"
    return Publication.publish(
      BenchmarkRun(
        environment: environment, settings: Fixtures.settings,
        cases: [counted("lock-thread-keypath", 41), apple, counted("actor-task-whole", 0, failure: "set-up threw")]))
  }

  /// `data` parsed with `JSONSerialization`, as a store's reader would.
  static func json(_ data: Data) throws -> Any {
    try JSONSerialization.jsonObject(with: data)
  }

  /// Whether `value` is a JSON number, not a Boolean (Foundation hands both back
  /// as `NSNumber`; a Boolean's type code is `c`).
  static func isNumber(_ value: Any?) -> Bool {
    guard let number = value as? NSNumber else { return false }
    return String(cString: number.objCType) != "c"
  }
}
