import BenchmarkKit
import BenchmarkReports
import Testing

@Suite("CSV")
struct CSVTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("", ""),
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("two\nlines", "\"two\nlines\""),
    ("cr\rhere", "\"cr\rhere\""),
    ("crlf\r\nhere", "\"crlf\r\nhere\""),
  ])
  func encode_quotesOnlyWhenNeeded(text: String, expected: String) {
    #expect(CSVField.encode(text) == expected)
  }

  @Test func parse_readsBackWhatRowWrote() throws {
    let rows = [["a", "b,c", "d\"e"], ["multi\nline", "", "x"], ["", "", ""]]
    let text = rows.map(CSVField.row).joined(separator: "\n") + "\n"
    #expect(try CSVTable.parse(text) == rows)
    #expect(try CSVTable.parse(text.replacingOccurrences(of: "\nx", with: "\r\nx")).count == 3)
  }

  @Test func parse_whenQuoteIsNotClosed_throws() {
    #expect(throws: ReportError.self) { try CSVTable.parse("a,\"b\n") }
    #expect(throws: ReportError.self) { try CSVTable.parse("a,b\"c\n") }
  }

  @Test func results_whenAScenarioDeclaresItsForm_everyRowOfItSaysSo_andOthersAreEmpty() throws {
    var run = Fixtures.sample
    let first = try #require(run.cases.first)
    run.scenarioForms = [
      "\(first.suite)/\(first.scenario)": ScenarioForm(kind: .idiomatic, forms: "persistent observe vs apple re-armed")
    ]
    let table = try CSVTable.parse(ResultsCSV.render(run))
    let header = try #require(table.first)
    let form = try #require(header.firstIndex(of: "form"))
    let sides = try #require(header.firstIndex(of: "form_sides"))
    let rows = table.dropFirst()
    let declared = rows.filter { $0[0] == first.suite && $0[1] == first.scenario }
    #expect(!declared.isEmpty)
    #expect(declared.allSatisfy { $0[form] == "idiomatic" && $0[sides] == "persistent observe vs apple re-armed" })
    #expect(rows.filter { $0[1] != first.scenario }.allSatisfy { $0[form].isEmpty && $0[sides].isEmpty })
    #expect(rows.allSatisfy { $0.count == header.count })
  }

  @Test func results_headerStartsWithTheContractColumns() throws {
    let text = ResultsCSV.render(Fixtures.sample)
    #expect(
      text.hasPrefix(
        "suite,scenario,strategy,size,iterations,samples,median_ns,p90_ns,min_ns,mad_ns,"
          + "allocs_per_op,bytes_per_op,notifications_per_op"
      ))
  }

  @Test func results_haveOneRowPerCase_withQuotedNames() throws {
    let table = try CSVTable.parse(ResultsCSV.render(Fixtures.sample))
    #expect(table.count == 1 + Fixtures.sample.cases.count)
    #expect(table.allSatisfy { $0.count == ResultsCSV.columns.count })
    let header = table[0]
    let odd = table[4]
    #expect(odd[header.firstIndex(of: "scenario")!] == "tracked, \"odd\" name")
    #expect(odd[header.firstIndex(of: "size")!] == "10")
    #expect(odd[header.firstIndex(of: "median_ns")!] == "91.000")
    #expect(odd[header.firstIndex(of: "allocs_per_op")!] == "1.000")
    #expect(odd[header.firstIndex(of: "notifications_per_op")!] == "")
    #expect(odd[header.firstIndex(of: "growth_exponent")!] == "1.000")
  }

  @Test func results_ofACaseTimingSingleOperations_endWithTheirPercentiles_emptyElsewhere() throws {
    var probe = Fixtures.result("stalled-reader", "apple", samples: [30, 31, 32])
    var latency = LatencyHistogram()
    for value in 1...1_000 as ClosedRange<UInt64> { latency.record(value == 1_000 ? 2_000_000 : 40) }
    probe.latency = latency
    let run = Fixtures.run([probe, Fixtures.result("stalled-reader", "none", samples: [20, 21, 22])])
    let table = try CSVTable.parse(ResultsCSV.render(run))
    let header = table[0]
    let field = { (row: Int, column: String) in table[row][header.firstIndex(of: column)!] }
    #expect(field(1, "latency_ops") == "1000")
    #expect(field(1, "latency_p50_ns") == "40")
    #expect(field(1, "latency_p99_ns") == "40")
    #expect(field(1, "latency_max_ns") == "2000000")
    #expect(field(1, "latency_over_1ms") == "1")
    #expect(field(2, "latency_ops") == "" && field(2, "latency_p999_ns") == "")
    #expect(MarkdownSummary.render(run).contains("## Per-operation latency"), "the Markdown summary tables it too")
    let html = HTMLReport.render(run)
    #expect(html.contains("<h2 id=\"latency\">Per-operation latency</h2>"), "and the HTML report")
    #expect(html.contains("<td>apple</td><td>1000</td><td>40.0</td><td>40.0</td>"), "p50 and p99 of the probe")
    #expect(html.contains("<td>2000000</td><td>1</td></tr>"), "its maximum and the one operation over 1 ms")
    #expect(!html.contains("<td>none</td><td>"), "no row for a case without latency samples")
    #expect(html.contains("<a href=\"#latency\">latency</a>"))
  }

  @Test func results_ofFailedCase_haveEmptyTimesAndTheReason() throws {
    let run = Fixtures.run([Fixtures.result("x", "lock", samples: [1, 2], failure: "expected 1, measured 0")])
    let table = try CSVTable.parse(ResultsCSV.render(run))
    let header = table[0]
    #expect(table[1][header.firstIndex(of: "median_ns")!] == "")
    #expect(table[1][header.firstIndex(of: "failure")!] == "expected 1, measured 0")
  }
}
