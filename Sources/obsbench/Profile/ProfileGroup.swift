/// The parts of an observation operation a profile's functions are grouped into.
///
/// A function belongs to the group of the first component of its qualified name
/// (``SwiftDemangle/qualifiedName(_:)``) that names one of ObservationCore's
/// types, Apple's Observation's, or a known runtime or C support function; a
/// function of the Benchmarks or CoreModels module is `workload`. Code the compiler inlined
/// into a caller counts where it was inlined, so the case's own loop (with
/// whatever it inlined) is `workload`, unless line information (a DWARF 4
/// build, scripts/instructions) places it in a file of ObservationCore.
enum ProfileGroup: String, CaseIterable, Comparable {
  /// Registrars and their observer tables, locks and actor.
  case registrar
  /// Tracking scopes: the access lists reads are recorded in, thread- or task-local.
  case scope
  /// The store: its tree, state sources, guards, change lists and reducers' plumbing.
  case store
  /// Allocation and reference counting: malloc/free, alloc/dealloc, retain/release.
  case allocation
  /// Deciding whom to notify and calling them: fire plans, observers, `onChange`.
  case notification
  /// The harness: the measured region, the loop's own instructions.
  case harness
  /// The workload: functions of the Benchmarks and CoreModels modules (the
  /// case's loop body, a model's accessors) and whatever the compiler inlined
  /// into them.
  case workload
  /// Everything else: the standard library, the Swift runtime and libc, where
  /// not allocation, locking or task-local lookups.
  case other

  /// The column heading.
  var title: String {
    switch self {
    case .registrar: "registrar"
    case .scope: "scope"
    case .store: "store"
    case .allocation: "alloc"
    case .notification: "notify"
    case .harness: "harness"
    case .workload: "workload"
    case .other: "other"
    }
  }

  /// The group whose ``title`` is `title`, as kept profiles name it.
  init?(title: String) {
    guard let group = Self.allCases.first(where: { $0.title == title }) else { return nil }
    self = group
  }

  static func < (lhs: ProfileGroup, rhs: ProfileGroup) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  /// The group of a function, from its demangled name.
  static func of(demangled name: String) -> ProfileGroup {
    let qualified = SwiftDemangle.qualifiedName(name)
    if let group = runtimeGroup(qualified) { return group }
    // What the workload modules define is the workload by definition, even
    // where it names a core type (a model wrapping a store).
    if workloadModules.contains(where: { qualified.hasPrefix($0 + ".") }) { return .workload }
    for component in qualified.split(separator: ".") {
      if let group = typeGroups[String(component)] { return group }
    }
    return .other
  }

  /// The modules whose functions are the workload: the suites and the models
  /// they and the core's tests share.
  static let workloadModules = ["Benchmarks", "CoreModels"]

  /// The group of code from `path`, when it is a file of ObservationCore: its
  /// folder or name says which part it is; `nil` for any other file.
  static func of(sourceFile path: String) -> ProfileGroup? {
    guard let range = path.range(of: "/ObservationCore/") else { return nil }
    let relative = path[range.upperBound...]
    let name = relative.split(separator: "/").last.map(String.init) ?? ""
    switch name {
    case "Observer.swift", "FirePlan.swift": return .notification
    case "ObservationToken.swift": return .scope
    default: break
    }
    if relative.hasPrefix("Registrar/") || relative.hasPrefix("Model/") { return .registrar }
    if relative.hasPrefix("Tracking/") { return .scope }
    if relative.hasPrefix("Store/") { return .store }
    return nil
  }

  private static func runtimeGroup(_ name: String) -> ProfileGroup? {
    if allocationNames.contains(name) { return .allocation }
    if allocationPrefixes.contains(where: name.hasPrefix) { return .allocation }
    if name.hasPrefix("obsbench_measure") || name.hasPrefix("obsbench_known") { return .harness }
    if name.hasPrefix("pthread_mutex") || name.hasPrefix("__lll_lock") || name.hasPrefix("swift_task_switch") {
      return .registrar
    }
    // CObservationSupport's thread-local slots: the scope's list, its task tag
    // and scratch pool; a thread's change list belongs to the store.
    if name.hasPrefix("swift_task_localValue") || name == "pthread_getspecific" || name.hasPrefix("obs_thread_scope")
      || name.hasPrefix("obs_task_") || name.hasPrefix("obs_thread_pool")
    {
      return .scope
    }
    if name.hasPrefix("obs_thread_changes") { return .store }
    return nil
  }

  private static let allocationNames: Set<String> = [
    "malloc", "free", "calloc", "realloc", "cfree", "posix_memalign", "aligned_alloc", "malloc_consolidate",
    "_int_malloc", "_int_free", "_int_realloc", "sysmalloc", "tcache_init",
  ]

  private static let allocationPrefixes = [
    "swift_retain", "swift_release", "swift_allocObject", "swift_deallocObject", "swift_deallocClassInstance",
    "swift_deallocUninitializedObject", "swift_bridgeObjectRetain", "swift_bridgeObjectRelease", "swift_slowAlloc",
    // The runtime's reference counting past its entry points (a release that
    // deallocates, an overflow to the side table).
    "swift::RefCounts",
    "swift_slowDealloc", "swift_allocBox", "swift_deallocBox", "swift_unknownObjectRetain",
    "swift_unknownObjectRelease", "_swift_release_", "_swift_retain_", "swift_nonatomic_retain",
    "swift_nonatomic_release", "swift_weak", "swift_unownedRetain", "swift_unownedRelease", "_int_", "tcache_",
    "__libc_malloc", "__libc_free", "__libc_calloc", "__libc_realloc", "__GI___libc_malloc", "__GI___libc_free",
  ]

  /// Type and function names (components of a qualified name) and their groups.
  static let typeGroups: [String: ProfileGroup] = {
    var groups = [String: ProfileGroup]()
    for name in [
      "RegistrarBase", "MutexRegistrar", "ActorRegistrar", "ObservationRegistrar", "ObserverTable", "ObserverNode",
      "ObservationActor", "ObservedField", "ObservableModel", "Mutex", "_MutexHandle", "_ManagedCriticalState",
      "ManagedCriticalState",
    ] { groups[name] = .registrar }
    for name in [
      "TrackingScope", "ThreadLocalScope", "TaskLocalScope", "AccessList", "AccessEntry", "TaskAccessList",
      "ScratchPool", "Tracking", "ObservationToken", "ObservationTracking", "withObservationTracking",
      "_AccessList", "TaskLocal", "withTracking", "track",
    ] { groups[name] = .scope }
    for name in [
      "Store", "StoreTree", "StateSource", "RootSource", "KeyPathSource", "EndingSource", "MemoizedSource",
      "StoreGuard", "MutexGuard", "IsolationGuard", "ChangeList", "IdentifiedArray", "ObservableState", "Effect",
      "BindingAction",
    ] { groups[name] = .store }
    for name in ["Observer", "FirePlan", "onChange", "Observations"] { groups[name] = .notification }
    for name in ["measuredRegion", "referenceLoop", "repeatUnrolled", "BenchmarkKit", "PreparedCase", "blackHole"] {
      groups[name] = .harness
    }
    return groups
  }()
}
