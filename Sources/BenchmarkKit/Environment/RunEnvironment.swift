/// Where and with what a run was made, recorded so that results can be trusted
/// and compared only with like.
public struct RunEnvironment: Codable, Hashable, Sendable {
  /// The compiler that built the measuring binary, as its `-version` says
  /// (`Swift version 6.3.1 (swift-6.3.1-RELEASE)`, embedded at build time), or
  /// the version its `#if compiler` checks give. Runs written before the
  /// compiler was embedded hold `swift --version` of the PATH at run time.
  public var toolchain: String
  /// Whether the binary was built `release` or `debug`.
  public var buildConfiguration: String
  /// The CPU model name from `/proc/cpuinfo`.
  public var cpuModel: String
  /// Logical cores online.
  public var cores: Int
  /// `uname` system, release and machine.
  public var kernel: String
  /// The HEAD of the folder the run was started in, with `-dirty` when its
  /// tracked files have changes, or `unknown` outside a repository. Not
  /// necessarily the code measured: see ``buildCommit``.
  public var gitCommit: String
  /// The commit the measuring binary was built from, with `-dirty` when the
  /// package had uncommitted changes at build time; `nil` in runs written
  /// before it was recorded, `unknown` when the build was not in a repository.
  public var buildCommit: String?
  /// When the run finished measuring (times and counts), ISO 8601 in UTC.
  public var date: String
  /// The allocator serving `malloc`, e.g. `jemalloc 5.3.0-…`.
  public var allocator: String
  /// The host name.
  public var host: String
  /// Simultaneous multithreading as the kernel reports it: how many hardware
  /// threads share cpu0's core and whether SMT is active, e.g. `off (1 thread
  /// per core)`; `nil` where the kernel does not say, and in results written
  /// before it. Two strategies timed on sibling threads of one core share its
  /// execution units.
  public var smt: String?
  /// How the CPU's frequency is governed (cpufreq's driver and governor, e.g.
  /// `intel_pstate/powersave`), or `not exposed` where the machine (a VM)
  /// gives the kernel no control; `nil` in results written before it.
  public var frequencyPolicy: String?

  /// Creates an environment from its parts.
  public init(
    toolchain: String, buildConfiguration: String, cpuModel: String, cores: Int,
    kernel: String, gitCommit: String, date: String, allocator: String, host: String,
    buildCommit: String? = nil
  ) {
    self.buildCommit = buildCommit
    self.toolchain = toolchain
    self.buildConfiguration = buildConfiguration
    self.cpuModel = cpuModel
    self.cores = cores
    self.kernel = kernel
    self.gitCommit = gitCommit
    self.date = date
    self.allocator = allocator
    self.host = host
  }
}
