import BenchmarkKit

extension RunEnvironment {
  /// The environment now, with what only this executable knows: the commit and
  /// the compiler it was built from, which the BuildCommit plugin embeds.
  static func ofThisBuild() -> RunEnvironment {
    .current(buildCommit: obsbench.buildCommit, compiler: obsbench.buildCompiler)
  }
}
