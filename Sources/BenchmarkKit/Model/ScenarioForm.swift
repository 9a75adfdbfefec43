/// Which API forms a scenario's rows use, where the core's and apple's differ.
///
/// Most scenarios give every row the same work through the same kind of call.
/// Some compare each side's *idiomatic* form — the core's persistent `observe`
/// against apple's `withObservationTracking` re-armed in every `onChange` — and
/// a headline that printed their ratio unlabelled would credit the core with
/// what is a difference of API, not of design. Where the same work can be given
/// to both sides in one form, a *like-for-like* scenario measures it, and the
/// two are linked so reports lead with the fair comparison and put the
/// idiomatic one beside it.
public struct ScenarioForm: Codable, Hashable, Sendable {
  /// Whether the scenario measures each side's own form or one form for both.
  public enum Kind: String, Codable, Hashable, Sendable {
    /// Each side in the form it is normally written in; the forms differ.
    case idiomatic
    /// Both sides in one form, so the ratio compares designs, not APIs.
    case likeForLike = "like-for-like"
  }

  /// Idiomatic or like-for-like.
  public var kind: Kind
  /// What differs between the sides (idiomatic) or what both do
  /// (like-for-like), in a few words: `persistent observe vs apple re-armed`.
  public var forms: String
  /// The scenario of the same suite that measures the other form: the
  /// like-for-like form of an idiomatic scenario, the idiomatic one of a
  /// like-for-like scenario; `nil` when there is none.
  public var counterpart: String?

  /// Creates a form.
  public init(kind: Kind, forms: String, counterpart: String? = nil) {
    self.kind = kind
    self.forms = forms
    self.counterpart = counterpart
  }

  /// The scenario measuring an idiomatic scenario like for like, if any.
  public var likeForLike: String? {
    kind == .idiomatic ? counterpart : nil
  }

  /// How reports label the form: `idiomatic forms (persistent observe vs apple
  /// re-armed)`, `like-for-like (both re-arm one-shot scopes)`.
  public var label: String {
    switch kind {
    case .idiomatic: "idiomatic forms (\(forms))"
    case .likeForLike: "like-for-like (\(forms))"
    }
  }

  /// The forms of the core's persistent `observe` against apple's re-armed
  /// `withObservationTracking`, the difference most idiomatic scenarios have.
  public static let persistentAgainstRearmed = "persistent observe vs apple re-armed"

  /// What the like-for-like forms of those scenarios do on both sides.
  public static let bothRearm = "both re-arm one-shot scopes"
}
