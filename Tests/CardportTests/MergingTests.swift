import Cardport
import CardportCore
import CardportTestSupport
import Foundation
import Testing

@Suite struct MergingTests {
    let merging = Merging(registry: .standard)

    @Test func mergesFilesOfDifferentFormatsAndReportsPerInput() throws {
        let directory = try TemporaryDirectory()
        let outcome = try merging.run(MergeRequest(
            inputs: [PackagePaths.sample("backup.json"), PackagePaths.sample("mixed.jsonl")],
            output: directory.file("all.jsonl")))
        #expect(outcome.report.inputs.map(\.format) == ["cardport", "jsonl"])
        let total = outcome.report.total
        #expect(total.read == total.added + total.updated + total.unchanged + total.exactDuplicates + total.nearDuplicates)
        #expect(outcome.output?.records == outcome.report.recordsOut)
        #expect(try directory.read("all.jsonl").split(separator: "\n").count == outcome.report.recordsOut)
    }

    @Test func aLongJSONLinesOutputIsWhatOneWriterWrites() throws {
        // Long enough to be encoded in chunks on several threads.
        var records: [Record] = []
        for number in 0..<(ParallelLineEncoderSize.count) {
            if number % 1000 == 0 { records.append(.task(TaskItem(description: "Task \(number)"))) }
            records.append(.citation(Citation(text: "Quote \(number), “with” some text", author: number % 7 == 0 ? nil : "Author \(number % 50)",
                                              tags: ["t\(number % 3)"], isFavourite: number % 2 == 0)))
        }
        let text = try FormatHarness.write(try FormatRegistry.standard.format(named: "jsonl"), records).text
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.jsonl", text)
        let outcome = try merging.run(MergeRequest(inputs: [input], output: directory.file("out.jsonl")))
        #expect(outcome.output?.records == records.count)
        #expect(try directory.read("out.jsonl") == text)
    }

    @Test func aDryRunWritesNothingAndListsTheGroups() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.jsonl", """
            {"text":"Carpe diem.","author":"Horace"}
            {"text":"carpe  DIEM","author":"horace"}
            {"text":"Other."}

            """)
        let outcome = try merging.run(MergeRequest(inputs: [input], output: nil,
                                                   options: MergeOptions(collectsGroups: true)))
        #expect(outcome.output == nil)
        #expect(outcome.groups.map { $0.folded.map(\.ordinal) } == [[2]])
        #expect(directory.entries == ["in.jsonl"])
    }

    @Test func onlyTheKindAskedForIsMerged() throws {
        let directory = try TemporaryDirectory()
        let outcome = try merging.run(MergeRequest(inputs: [PackagePaths.sample("mixed.jsonl")],
                                                   output: directory.file("tasks.jsonl"), kind: .task))
        #expect(outcome.report.recordsOut == 1)
        #expect(outcome.skipped == 5)
    }

    @Test func aFailedMergeLeavesNoOutput() throws {
        let directory = try TemporaryDirectory()
        let bad = try directory.write("bad.jsonl", "{\"text\":\"a\"}\n{\"text\":\n")
        #expect(throws: CardportError.self) {
            try merging.run(MergeRequest(inputs: [PackagePaths.sample("mixed.jsonl"), bad], output: directory.file("out.jsonl")))
        }
        #expect(directory.entries == ["bad.jsonl"])
    }
}

/// Records enough for ``Merging`` to encode JSON Lines on several threads (its threshold is 50,000).
private enum ParallelLineEncoderSize {
    static let count = 60_000
}
