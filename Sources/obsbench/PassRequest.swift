import BenchmarkKit
import Foundation

/// What a pass child is asked to measure, in one structured form: the parent
/// writes it as JSON, the child reads it and nothing else (no re-parsing of the
/// command line, no environment variables).
///
/// A baseline build of an A/B run may be older than this one: fields added
/// since are optional, and a decoder ignores the fields it does not know.
struct PassRequest: Codable {
  /// The cases: the run's selection.
  var selection: BenchmarkSelection
  /// How to measure this pass: the run's configuration for pass ``pass``
  /// (``RunConfiguration/forPass(_:slot:of:calibratedIterations:elapsedSeconds:)``).
  var configuration: RunConfiguration
  /// This pass, 1-based.
  var pass: Int
  /// How many passes each build measures.
  var passes: Int
  /// How long a pass took so far, in seconds (the latest one), for the run's
  /// ETA; `nil` in the first pass.
  var secondsPerPass: Double?
  /// How many passes of any build the run measures after this one; `nil`
  /// from a build that did not say (then `passes - pass`).
  var laterPasses: Int?

  /// The request for `pass` of the run of `selection`.
  init(_ pass: ScheduledPass, selection: BenchmarkSelection) {
    self.selection = selection
    configuration = pass.configuration
    self.pass = pass.pass
    passes = pass.passes
    secondsPerPass = pass.secondsPerPass
    laterPasses = pass.laterPasses
  }

  /// Reads a request from `path`.
  static func read(path: String) throws(UsageError) -> PassRequest {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UsageError("\(PassChild.command): cannot read \(path)")
    }
    do {
      return try JSONDecoder().decode(PassRequest.self, from: data)
    } catch {
      throw UsageError("\(PassChild.command): \(path) is not a pass request: \(error)")
    }
  }

  /// Writes the request to `path`.
  func write(path: String) throws {
    try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
  }
}
