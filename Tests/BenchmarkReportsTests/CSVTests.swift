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

  @Test func results_ofFailedCase_haveEmptyTimesAndTheReason() throws {
    let run = Fixtures.run([Fixtures.result("x", "lock", samples: [1, 2], failure: "expected 1, measured 0")])
    let table = try CSVTable.parse(ResultsCSV.render(run))
    let header = table[0]
    #expect(table[1][header.firstIndex(of: "median_ns")!] == "")
    #expect(table[1][header.firstIndex(of: "failure")!] == "expected 1, measured 0")
  }
}
