import BenchmarkKit
import BenchmarkReports

/// Shows a run's progress on standard error: case i of n, its name and an ETA.
///
/// On a terminal it redraws one status line. Elsewhere (a CI log, a file) it
/// writes one plain line per finished case, or, for a pass whose figures are not
/// final, a plain progress line at least every ``heartbeatSeconds`` (pass i/n,
/// case k of m, the run's ETA), so a long pass never goes quiet. Failures and
/// check verdicts always get a line.
final class ProgressPrinter {
  private let console: Console
  private var statusShown = false
  /// Put before every status, e.g. "pass 2/4".
  private let label: String
  /// Whether finished cases only update the status line (a pass whose figures
  /// are not final), never a line of their own.
  private let casesAsStatus: Bool

  /// Passes still to run after this one, and how long the latest pass took: the
  /// run's ETA adds them to this pass's own.
  private let laterPasses: Int
  private let secondsPerPass: Double?
  private let started = MonotonicClock.now()
  private var lastLine = MonotonicClock.now()

  /// The longest a pass goes without a plain line where standard error is not a terminal.
  static let heartbeatSeconds = 10.0

  init(
    console: Console, label: String? = nil, casesAsStatus: Bool = false,
    laterPasses: Int = 0, secondsPerPass: Double? = nil
  ) {
    self.console = console
    self.label = label.map { "\($0): " } ?? ""
    self.casesAsStatus = casesAsStatus
    self.laterPasses = laterPasses
    self.secondsPerPass = secondsPerPass
  }

  func handle(_ event: RunEvent) {
    switch event {
    case .measuringOverhead:
      status("measuring the loop overhead…")
    case .measuredOverhead(let nanoseconds):
      line("\(label)loop overhead \(format(nanoseconds)) ns/iteration; re-measured beside every group and subtracted")
    case .groupStarted(let first, let total, let group, let eta):
      status("\(label)[\(first)/\(total)] \(group)…\(etaText(runETA(eta)))")
      heartbeat("\(label)case \(first) of \(total) (\(group))\(etaText(runETA(eta)))")
    case .caseFinished(let index, let total, let result, let eta):
      let prefix = "\(label)[\(index)/\(total)] \(result.displayName)"
      if let failure = result.failure {
        line("\(prefix): FAILED: \(failure)")
      } else if console.errorIsTerminal || casesAsStatus {
        status("\(prefix): \(summary(of: result))\(etaText(runETA(eta)))")
        if casesAsStatus { heartbeat("\(label)case \(index) of \(total) done\(etaText(runETA(eta)))") }
      } else {
        line("\(prefix): \(summary(of: result))\(etaText(eta))")
      }
    case .checkFinished(let check):
      let verdict = check.outcome.map { $0.passed ? "pass" : "FAIL" } ?? (check.failed ? "FAIL" : "skip")
      line("check \(verdict): \(check.outcome?.detail ?? "\(check.suite)/\(check.name): \(check.note ?? "")")")
    }
  }

  /// Ends the status line, if one is shown.
  func finish() {
    if statusShown {
      console.err("\n")
      statusShown = false
    }
  }

  /// The case's median as the reports publish it (a bound under its
  /// resolution: `< 0.21 ns/op`, never the raw `0.12`), its samples and counts.
  private func summary(of result: CaseResult) -> String {
    var parts = ["\(NumberFormat.nanoseconds(result.medianFigure)) ns/op", "\(result.samples.count) samples"]
    if let allocations = result.allocationsPerOperation, allocations > 0.001 {
      parts.append("\(format(allocations)) allocs/op")
    }
    if let notifications = result.notificationsPerOperation {
      parts.append("\(format(notifications)) notifications/op")
    }
    return parts.joined(separator: ", ")
  }

  /// The whole run's ETA from this pass's: the passes after it take about as
  /// long as the latest one did (or as this one will).
  private func runETA(_ passETA: Double?) -> Double? {
    guard laterPasses > 0 else { return passETA }
    guard let passETA else { return nil }
    let elapsed = Double(MonotonicClock.now() &- started) / 1e9
    return passETA + Double(laterPasses) * (secondsPerPass ?? (elapsed + passETA))
  }

  /// A plain line where standard error is not a terminal, when none was written
  /// for ``heartbeatSeconds``.
  private func heartbeat(_ text: String) {
    guard !console.errorIsTerminal,
      Double(MonotonicClock.now() &- lastLine) / 1e9 >= Self.heartbeatSeconds
    else { return }
    line(text)
  }

  private func status(_ text: String) {
    guard console.errorIsTerminal else { return }
    // Carriage return and erase-line redraw the status in place.
    console.err("\r\u{1B}[K" + text)
    statusShown = true
  }

  private func line(_ text: String) {
    if statusShown {
      console.err("\r\u{1B}[K")
      statusShown = false
    }
    console.printError(text)
    lastLine = MonotonicClock.now()
  }

  private func etaText(_ seconds: Double?) -> String {
    guard let seconds else { return "" }
    let whole = Int(seconds.rounded())
    return whole >= 60 ? ", ETA \(whole / 60)m\(whole % 60)s" : ", ETA \(whole)s"
  }

  private func format(_ value: Double?) -> String {
    guard let value else { return "–" }
    return String((value * 100).rounded() / 100)
  }
}
