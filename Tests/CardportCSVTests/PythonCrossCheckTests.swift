import CardportCore
import CardportCSV
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

/// Python's `csv` module reads what Cardport writes and finds the same cells: the quoting is
/// the RFC 4180 every other tool reads.
@Suite struct PythonCrossCheckTests {
    static let reader = """
        import csv, json, sys
        rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8"), delimiter=sys.argv[2]))
        json.dump(rows, sys.stdout)
        """

    /// The rows Python's `csv.reader` finds in a file.
    static func pythonRows(_ path: String, delimiter: UInt8) throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", reader, path, String(UnicodeScalar(delimiter))]
        let directory = try TemporaryDirectory()
        _ = try directory.write("out", "")
        _ = try directory.write("err", "")
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.file("out")))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.file("err")))
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        guard process.terminationStatus == 0 else {
            Issue.record("""
                python3 failed (exit \(process.terminationStatus)): \(try directory.read("err"))
                This test needs python3 (apt-get install -y python3).
                """)
            return []
        }
        return try JSONDecoder().decode([[String]].self, from: Data(try directory.read("out").utf8))
    }

    /// A cell as Cardport writes it: with a `'` before formula starts and before a `'` that needs one.
    /// Tags as Formats.md says CSV joins them: empty ones left out, the others joined with `;`, a `;`
    /// or `\\` inside a tag and a space at either end of one escaped with a backslash.
    static func tagList(_ tags: [String]) -> String? {
        let written = tags.filter { !$0.isEmpty }.map { tag in
            let scalars = Array(tag.unicodeScalars)
            var out = String.UnicodeScalarView()
            for (index, scalar) in scalars.enumerated() {
                if scalar == ";" || scalar == "\\" || (scalar == " " && (index == 0 || index == scalars.count - 1)) {
                    out.append("\\")
                }
                out.append(scalar)
            }
            return String(out)
        }
        return written.isEmpty ? nil : written.joined(separator: ";")
    }

    static func guarded(_ text: String?) -> String {
        guard let text, let first = text.unicodeScalars.first else { return "" }
        let starts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
        let second = text.unicodeScalars.dropFirst().first
        if starts.contains(first) || (first == "'" && second.map { starts.contains($0) || $0 == "'" } == true) {
            return "'" + text
        }
        return text
    }

    @Test(arguments: CSVCards.delimiters)
    func pythonReadsTheSameCells(_ delimiter: UInt8) async throws {
        let directory = try TemporaryDirectory()
        await propertyCheck(count: 40, input: CSVCards.library) { library in
            let citations = library.citations
            let written = try FormatHarness.write(CSVFormat(), citations.map(Record.citation),
                                                  options: WriteOptions(delimiter: delimiter))
            let path = try directory.write("cards.csv", written.text)
            let rows = try PythonCrossCheckTests.pythonRows(path, delimiter: delimiter)
            guard !citations.isEmpty else {
                #expect(rows.isEmpty)
                return
            }
            #expect(rows.count == citations.count + 1)
            #expect(Array(rows.first?.prefix(10) ?? []) == ["text", "author", "source", "tags", "favourite", "archived",
                                                            "created_at", "updated_at", "note", "location"])
            // The highlight columns, when some citation has them, then the id.
            let header = rows.first ?? []
            let id = header.firstIndex(of: "id")
            for (row, c) in zip(rows.dropFirst(), citations) {
                #expect(row.count == rows[0].count)
                guard row.count >= 11, let id else { continue }
                #expect(row[0] == PythonCrossCheckTests.guarded(c.text))
                #expect(row[1] == PythonCrossCheckTests.guarded(c.author))
                #expect(row[2] == PythonCrossCheckTests.guarded(c.source))
                #expect(row[3] == PythonCrossCheckTests.guarded(PythonCrossCheckTests.tagList(c.tags)), "\(c.tags)")
                #expect(row[4] == String(c.isFavourite))
                #expect(row[5] == String(c.isArchived))
                #expect(row[6] == (c.createdAt?.iso8601 ?? ""))
                #expect(row[7] == (c.updatedAt?.iso8601 ?? ""))
                #expect(row[8] == PythonCrossCheckTests.guarded(c.note))
                #expect(row[9] == (c.location?.description ?? ""))
                #expect(row[id] == c.id)
                for (name, value) in [("chapter", c.chapter), ("colour", c.colour), ("position", c.position),
                                      ("source_id", c.sourceID)] {
                    guard let column = header.firstIndex(of: name) else { continue }
                    #expect(row[column] == PythonCrossCheckTests.guarded(value))
                }
                for (name, value) in c.extras where !value.isEmpty {
                    if let column = rows[0].firstIndex(of: name) { #expect(row[column] == PythonCrossCheckTests.guarded(value)) }
                }
            }
        }
    }
}
