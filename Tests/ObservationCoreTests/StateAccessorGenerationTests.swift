import ObservationCore
import StateAccessorGeneration
import Testing

/// The StateAccessors generator: which declarations are observed fields, how
/// they are numbered, and what it refuses, read from source text as the plugin
/// reads a target's files.
@Suite("State accessor generation")
struct StateAccessorGenerationTests {
  @Test
  func scanner_whenFieldsAreDeclared_numbersThemInOrderAndSkipsTheRest() {
    let scanner = StateScanner(
      file: "State.swift",
      source: """
        import ObservationCore

        struct Form<S: ObservationStrategy>: ObservableState {
          let _$registrar = S.Registrar()
          /// The title.
          var _title: String = ""
          let id: Int
          var note = ""
          private var _secret = 0
          static var _shared: Int = 0
          var _count: Int = 0
          var total: Int { _count * 2 }
          var _tags: [String: Int] = [:]
        }
        """)
    #expect(scanner.errors.isEmpty)
    let state = try! #require(scanner.states.first)
    #expect(state.name == "Form")
    #expect(state.strategyParameter == "S")
    #expect(state.fields.map(\.name) == ["title", "count", "tags"])
    #expect(state.fields.map(\.number) == [0, 1, 2])
    #expect(state.fields.map(\.type) == ["String", "Int", "[String: Int]"])
    #expect(state.fields[0].documentation == ["/// The title."])
    #expect(state.storedProperties == ["_title", "id", "note", "_secret", "_count", "_tags"])
    #expect(scanner.imports == ["import ObservationCore"])
  }

  @Test
  func scanner_whenATypeIsMissing_failsAtItsLine() {
    let scanner = StateScanner(
      file: "State.swift",
      source: """
        struct Form<S: ObservationStrategy>: ObservableState {
          let _$registrar = S.Registrar()
          var _count = 0
        }
        """)
    #expect(
      scanner.errors.map(\.description) == [
        "State.swift:3: error: observed field `_count` needs its type written, as in `var _count: Int = 0`"
      ])
  }

  @Test
  func scanner_whenAHandWrittenFieldTakesAGeneratedNumber_failsAtItsLine() {
    let scanner = StateScanner(
      file: "State.swift",
      source: """
        struct Form<S: ObservationStrategy>: ObservableState {
          let _$registrar = S.Registrar()
          var _count: Int = 0
          var _name: String = ""
          private var _flag = false
          var flag: Bool {
            get { access(1); return _flag }
            set { _flag = newValue; didSet(2) }
          }
        }
        """)
    #expect(scanner.errors.map(\.line) == [7])
    #expect(scanner.errors.first?.message.contains("`_name`'s generated number") == true)
    #expect(scanner.errors.first?.message.contains("from 2") == true)
  }

  @Test
  func scanner_whenCommentsAndStringsLookLikeCode_ignoresThem() {
    let scanner = StateScanner(
      file: "State.swift",
      source: #"""
        struct Form<S: ObservationStrategy>: ObservableState {
          let _$registrar = S.Registrar()
          // var _commented: Int = 0
          /* var _blocked: Int = 0 { */
          var _text: String = "} var _quoted: Int = 0 {"
          var _raw: String = #"\"}"#
          var _lines: String = """
            }
            var _inside: Int = 0
            """
          var _last: Int = 0
        }
        struct Plain { var _x: Int = 0 }
        """#)
    #expect(scanner.errors.isEmpty)
    #expect(scanner.states.count == 1)
    #expect(scanner.states.first?.fields.map(\.name) == ["text", "raw", "lines", "last"])
  }

  @Test
  func scanner_whenAStateIsNestedOrPublic_qualifiesItsNameAndAccess() {
    let scanner = StateScanner(
      file: "State.swift",
      source: """
        extension Feature {
          public struct State<S: ObservationStrategy>:
            ObservableState, Equatable
          {
            public typealias Strategy = S
            public let _$registrar = S.Registrar()
            var _count: Int = 0
          }
        }
        """)
    let state = try! #require(scanner.states.first)
    #expect(state.name == "Feature.State")
    #expect(state.access == "public ")
    #expect(state.strategyParameter == nil)
    #expect(state.needsEquality)
    let text = AccessorWriter.extensionText(for: state)
    #expect(text.contains("extension Feature.State {"))
    #expect(text.contains("public var count: Int {"))
    #expect(text.contains("public static func == (lhs: Self, rhs: Self) -> Bool {\n    lhs._count == rhs._count\n"))
    #expect(!text.contains("typealias"))
  }

  @Test
  func scanner_whenAStateIsPrivate_failsAtItsDeclaration() {
    let scanner = StateScanner(
      file: "State.swift",
      source: """
        private struct Form<S: ObservationStrategy>: ObservableState {
          let _$registrar = S.Registrar()
          var _count: Int = 0
        }
        """)
    #expect(scanner.errors.map(\.line) == [1])
  }

  @Test
  func writer_whenAStateWritesItsOwnEquality_leavesItAlone() {
    let scanner = StateScanner(
      file: "State.swift",
      source: """
        struct Form<S: ObservationStrategy>: ObservableState, Hashable {
          let _$registrar = S.Registrar()
          var _count: Int = 0
          static func == (lhs: Self, rhs: Self) -> Bool { true }
        }
        """)
    let text = AccessorWriter.file(for: [scanner])
    #expect(!text.contains("static func =="))
    #expect(text.contains("hasher.combine(_count)"))
  }

  // The generated accessors of the test states (Support/TestStates.swift).

  @Test(arguments: StrategyCase.withRefinements)
  func generatedFields_eachHasItsOwnNumber(_ strategy: StrategyCase) async {
    await ownNumbers(strategy.type)
  }

  private func ownNumbers<S: ObservationStrategy>(_: S.Type) async {
    guard !S.isWhole else { return }
    await S.isolated {
      let store = S.makeStore(rows: 2)
      let count = watch(S.self) { _ = store.count }
      let name = watch(S.self) { _ = store.name }
      store.send(.binding(BindingAction(set: \.name, to: "renamed")))
      #expect(count.value == 0)
      #expect(name.value == 1)
      store.send(.increment)
      #expect(count.value == 1)
      #expect(name.value == 1)
    }
  }

  @Test
  func generatedEquality_comparesValuesNotIdentities() {
    let first = ChildState<LockThreadKeyPath>(count: 3)
    var second = ChildState<LockThreadKeyPath>(count: 3)
    #expect(first._$identity != second._$identity)
    #expect(first == second)
    second._label = "other"
    #expect(first != second)
  }
}

extension StateAccessorGenerationTests {
  @Test
  func writer_changesChildrenAndCollectionsInPlaceAndScalarsByAssignment() {
    let scanner = StateScanner(
      file: "State.swift",
      source: """
        struct Parent<S: ObservationStrategy>: ObservableState {
          let _$registrar = S.Registrar()
          var _count: Int = 0
          var _tags: [String] = []
          var _child: Child<S> = Child<S>()
          var _sheet: Child<S>? = nil
          var _rows: IdentifiedArray<Row<S>> = []
          var _lookup: Dictionary<String, Int> = [:]
        }
        struct Child<S: ObservationStrategy>: ObservableState {
          let _$registrar = S.Registrar()
        }
        """)
    let states = Set(scanner.states.map { String($0.name) })
    let fields = scanner.states[0].fields
    #expect(fields.map { $0.changesInPlace(states: states) } == [false, true, true, true, true, true])
    let text = AccessorWriter.file(for: [scanner])
    #expect(text.components(separatedBy: "_modify {").count - 1 == 5)
  }
}
