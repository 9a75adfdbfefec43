import Foundation

/// Whether this test process runs under a sanitizer, which replaces `malloc`
/// so that jemalloc counts nothing.
enum Sanitizers {
  static let active: Bool = {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(process) }
    let symbols: [String] = ["__tsan_init", "__asan_init", "__msan_init"]
    return symbols.contains { dlsym(process, $0) != nil }
  }()
}
