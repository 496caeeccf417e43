import Cardport
import CardportCore
import CardportTestSupport
import Foundation
import PropertyBased
import Synchronization
import Testing

/// README's promise for `inspect`: a file that inspects cleanly converts cleanly, with the records
/// inspect counted. Checked on random libraries written in every format that writes, whole or cut
/// short at a random byte (so some files inspect with an error and are left out).
@Suite struct InspectionLawTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var format: String
        var library: Library
        var cut: Double?
        var testDescription: String { "\(format), cut at \(cut.map { "\($0)" } ?? "none"): \(library)" }
    }

    static let formats = ["cardport", "jsonl", "yaml", "csv", "markdown", "opml", "xbel", "netscape", "firefox",
                          "buku", "taskwarrior", "todotxt", "kindle", "favourites", "readwise-import", "todoist"]

    /// A failing case shrinks to the whole file (no cut), then as the library generators shrink; the
    /// format stays, since the failure is about it.
    static let cases = Generator<Case, Shrinking<Case>>(run: { rng in
        Case(format: formats.randomElement(using: &rng)!,
             library: RandomCards.randomLibrary(using: &rng, kinds: Set(RecordKind.allCases)),
             cut: Bool.random(using: &rng) ? Double.random(in: 0...1, using: &rng) : nil)
    }, shrink: simpler)

    @Sendable static func simpler(_ testCase: Case) -> sending Shrinking<Case> {
        let whole = Shrinking<Double?>.clearing(testCase.cut, to: nil).map { (cut: Double?) -> Case in
            Case(format: testCase.format, library: testCase.library, cut: cut)
        }
        let smaller = Shrinking<Case>(deferred: {
            Shrinking<Library>(LibraryShrinker.candidates(testCase.library)).map { (library: Library) -> Case in
                Case(format: testCase.format, library: library, cut: testCase.cut)
            }
        })
        return whole + smaller
    }

    @Test func aFileThatInspectsCleanlyConvertsCleanly() async {
        let registry = FormatRegistry.standard
        let directory: TemporaryDirectory
        do { directory = try TemporaryDirectory() } catch { Issue.record(error); return }
        let inspected = Mutex(0)
        await propertyCheck(count: 150, input: Self.cases) { testCase in
            let format = try registry.format(named: testCase.format)
            let kinds = format.descriptor.writes
            let records = testCase.library.records.filter { kinds.contains($0.kind) }
            var bytes = Array(try FormatHarness.write(format, records).text.utf8)
            if let cut = testCase.cut { bytes = Array(bytes.prefix(Int(Double(bytes.count) * cut))) }
            let path = directory.file("case." + (format.descriptor.extensions.first ?? "txt"))
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            // `--from` as a person who knows the format would pass it: the law is about reading, not sniffing.
            guard let report = try? Inspection(registry: registry).run(path: path, from: testCase.format).first else { return }
            inspected.withLock { $0 += 1 }
            let output = directory.file("out.jsonl")
            try? FileManager.default.removeItem(atPath: output)
            let conversion = try Conversion(registry: registry).run(ConversionRequest(
                inputs: [path], destination: .file(output), from: testCase.format, to: "jsonl"))
            #expect(conversion.recordsRead == report.records)
            #expect(conversion.rejectedCount == 0)
        }
        #expect(inspected.withLock { $0 } > 50, "too few files inspected cleanly for the law to say much")
    }
}
