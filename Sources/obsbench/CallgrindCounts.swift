import BenchmarkKit

/// What the callgrind children of one count left: per case its measurements
/// and the folder of its dumps.
struct CallgrindCounts {
  /// One case's outcome.
  struct Part {
    /// The folder of the case's manifest and dumps; `nil` for a skipped case.
    var folder: String?
    /// What its child measured (its case and its reference loop).
    var measurements: InstructionMeasurements
  }

  /// Every case, in the order asked.
  var parts: [Part]

  /// Every case's measurements together.
  var measurements: InstructionMeasurements {
    InstructionMeasurements(merging: parts.map(\.measurements))
  }

  /// The manifests of the counted cases, each with its folder.
  func manifests() throws(CallgrindError) -> [(folder: String, entries: [InstructionManifestEntry])] {
    var manifests = [(folder: String, entries: [InstructionManifestEntry])]()
    for part in parts {
      guard let folder = part.folder else { continue }
      manifests.append((folder, try InstructionMeasurements.manifest(in: folder)))
    }
    return manifests
  }

  /// Every counted case's profile, each with its own process's loop removed.
  func keptProfiles() throws(CallgrindError) -> KeptProfiles {
    var cases = [KeptProfile]()
    for part in parts {
      guard let folder = part.folder else { continue }
      cases += try KeptProfiles(directory: folder, loopPerOperation: part.measurements.loopPerOperation).cases
    }
    return KeptProfiles(cases)
  }
}
