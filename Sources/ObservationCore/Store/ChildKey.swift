/// The key of a cached child store (the key path it scopes to), or of a
/// collection's ``RowStoreCache``, with the key's hash kept beside it.
///
/// `AnyHashable` compares two boxed keys by casting one to the other's type at
/// run time: a generic metadata lookup, about a thousand instructions a key
/// (which is why row stores are found by id in a typed cache, not here). A
/// dictionary compares the key looked up with every occupied
/// bucket its probe passes, and where unrelated keys land depends on their
/// hashes, which for a key path include code addresses: a row store looked up
/// on every render (`reported/append-row-renders`) cost twice as much in one
/// build as in another. With the hash beside the key, a probe past another key
/// compares two integers first.
@usableFromInline
struct ChildKey: Hashable {
  @usableFromInline let key: AnyHashable
  @usableFromInline let hash: Int

  @inlinable
  init(_ key: some Hashable) {
    self.key = AnyHashable(key)
    hash = self.key.hashValue
  }

  @inlinable
  static func == (a: ChildKey, b: ChildKey) -> Bool {
    a.hash == b.hash && a.key == b.key
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }
}
