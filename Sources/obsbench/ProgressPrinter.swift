import BenchmarkKit
import BenchmarkReports

/// Shows a run's progress on standard error: case i of n, its name and an ETA.
///
/// On a terminal it redraws one status line; elsewhere (CI logs) it writes one
/// plain line per finished case. Failures and check verdicts always get a line.
final class ProgressPrinter {
  private let console: Console
  private var statusShown = false
  /// Put before every status, e.g. "pass 2/4".
  private let label: String
  /// Whether finished cases only update the status line (a pass whose figures
  /// are not final), never a line of their own.
  private let casesAsStatus: Bool

  init(console: Console, label: String? = nil, casesAsStatus: Bool = false) {
    self.console = console
    self.label = label.map { "\($0): " } ?? ""
    self.casesAsStatus = casesAsStatus
  }

  func handle(_ event: RunEvent) {
    switch event {
    case .measuringOverhead:
      status("measuring the loop overhead…")
    case .measuredOverhead(let nanoseconds):
      line("\(label)loop overhead \(format(nanoseconds)) ns/iteration; re-measured beside every group and subtracted")
    case .groupStarted(let first, let total, let group, let eta):
      status("\(label)[\(first)/\(total)] \(group)…\(etaText(eta))")
    case .caseFinished(let index, let total, let result, let eta):
      let prefix = "\(label)[\(index)/\(total)] \(result.displayName)"
      if let failure = result.failure {
        line("\(prefix): FAILED: \(failure)")
      } else if console.errorIsTerminal || casesAsStatus {
        status("\(prefix): \(summary(of: result))\(etaText(eta))")
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

  private func summary(of result: CaseResult) -> String {
    var parts = ["\(format(result.statistics?.median)) ns/op", "\(result.samples.count) samples"]
    if let allocations = result.allocationsPerOperation, allocations > 0.001 {
      parts.append("\(format(allocations)) allocs/op")
    }
    if let notifications = result.notificationsPerOperation {
      parts.append("\(format(notifications)) notifications/op")
    }
    return parts.joined(separator: ", ")
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
