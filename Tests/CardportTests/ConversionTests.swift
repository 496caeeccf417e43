import Cardport
import CardportCore
import CardportTestSupport
import Foundation
import Testing

@Suite struct ConversionTests {
    let conversion = Conversion(registry: .standard)

    @Test func convertsASampleAndReportsWhatItDid() throws {
        let directory = try TemporaryDirectory()
        let report = try conversion.run(ConversionRequest(
            inputs: [PackagePaths.sample("dummyjson-quotes-page.json")], destination: .file(directory.file("q.jsonl"))))
        #expect(report.recordsRead == 5)
        #expect(report.recordsWritten == 5)
        #expect(report.inputs.first?.format == "dummyjson")
        #expect(report.outputs.first?.format == "jsonl")
        #expect(report.isLossless)
        let lines = try directory.read("q.jsonl").split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("{\"kind\":\"citation\",\"id\":\""))
    }

    @Test func theSameInputAlwaysGivesTheSameBytes() throws {
        let directory = try TemporaryDirectory()
        for name in ["a.json", "b.json"] {
            _ = try conversion.run(ConversionRequest(inputs: [PackagePaths.sample("favourites.json"), PackagePaths.sample("mixed.jsonl")],
                                                     destination: .file(directory.file(name))))
        }
        #expect(try directory.read("a.json") == directory.read("b.json"))
    }

    @Test func aFailedConversionLeavesNoOutputAndKeepsAnExistingFile() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.jsonl", "{\"text\":\"fine\"}\n")
        let bad = try directory.write("bad.jsonl", "{\"text\":\"fine\"}\n{\"text\":\n")
        #expect(throws: CardportError.self) {
            try conversion.run(ConversionRequest(inputs: [good, bad], destination: .file(directory.file("new.json"))))
        }
        #expect(directory.entries == ["bad.jsonl", "good.jsonl"])
        let existing = try directory.write("existing.json", "precious")
        #expect(throws: CardportError.self) {
            try conversion.run(ConversionRequest(inputs: [good, bad], destination: .file(existing)))
        }
        #expect(try directory.read("existing.json") == "precious")
        #expect(directory.entries == ["bad.jsonl", "existing.json", "good.jsonl"])
    }

    @Test func keepGoingSkipsBadRecordsAndReportsThem() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.jsonl", "{\"text\":\"a\"}\n{\"description\":\"t\",\"progress\":33}\n{\"text\":\"b\"}\n")
        let report = try conversion.run(ConversionRequest(inputs: [input], destination: .file(directory.file("out.jsonl")),
                                                          keepGoing: true))
        #expect(report.recordsWritten == 2)
        #expect(report.rejected.map(\.message) == ["task progress 33 is not one of 0, 5, 10, … 100"])
        #expect(report.rejected.first?.location?.line == 2)
        #expect(try directory.read("out.jsonl").split(separator: "\n").count == 2)
    }

    @Test func batchConversionWritesOneFilePerInput() throws {
        let directory = try TemporaryDirectory()
        let report = try conversion.run(ConversionRequest(
            inputs: [PackagePaths.sample("favourites.json"), PackagePaths.sample("dummyjson-random.json")],
            destination: .directory(directory.file("out/nested")), to: "jsonl"))
        #expect(report.outputs.map { $0.path.split(separator: "/").suffix(2).joined(separator: "/") }
                == ["nested/favourites.jsonl", "nested/dummyjson-random.jsonl"])
        #expect(report.outputs.map(\.records) == [4, 1])
        #expect(FileManager.default.fileExists(atPath: directory.file("out/nested/favourites.jsonl")))
    }

    @Test func batchConversionRefusesCollidingNames() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("x"), withIntermediateDirectories: true)
        let first = try directory.write("q.json", "[]")
        let second = try directory.write("x/q.json", "[]")
        #expect {
            try conversion.run(ConversionRequest(inputs: [first, second], destination: .directory(directory.file("out")), to: "jsonl"))
        } throws: { error in
            (error as! CardportError).message.hasSuffix("would both be written to '\(directory.file("out"))/q.jsonl'")
        }
    }

    @Test func checksCapabilitiesBeforeReading() throws {
        let directory = try TemporaryDirectory()
        #expect {
            try conversion.run(ConversionRequest(inputs: [PackagePaths.sample("mixed.jsonl")],
                                                 destination: .file(directory.file("t.json")), to: "favourites", kind: .task))
        } throws: { error in
            let error = error as! CardportError
            return error.code == .unsupportedKind
                && error.message == "format 'favourites' cannot hold tasks, which is what 'jsonl' was asked for"
                && error.hint == "formats that can: cardport, jsonl, csv, todoist, yaml, markdown, taskwarrior, todotxt"
        }
        #expect(directory.entries.isEmpty)
    }

    @Test func recordsTheTargetCannotHoldAreCountedNotLost() throws {
        let directory = try TemporaryDirectory()
        let report = try conversion.run(ConversionRequest(inputs: [PackagePaths.sample("mixed.jsonl")],
                                                          destination: .file(directory.file("f.json")), to: "favourites"))
        #expect(report.recordsWritten == 2)
        #expect(report.droppedRecords == ["tags": 1, "bookmarks": 1, "tasks": 1, "topics": 1])
        #expect(report.droppedFields["citation.tags"] == 2)
        #expect(!report.isLossless)
    }

    @Test func kindFilterSkipsOtherKinds() throws {
        let directory = try TemporaryDirectory()
        let report = try conversion.run(ConversionRequest(inputs: [PackagePaths.sample("mixed.jsonl")],
                                                          destination: .file(directory.file("c.jsonl")), kind: .citation))
        #expect(report.recordsWritten == 2)
        #expect(report.skipped == 4)
    }

    @Test func refusesToOverwriteAnInput() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("same.jsonl", "{\"text\":\"a\"}\n")
        #expect {
            try conversion.run(ConversionRequest(inputs: [input], destination: .file(directory.path + "/./same.jsonl")))
        } throws: { error in
            (error as! CardportError).message.hasPrefix("the output '")
        }
        #expect(try directory.read("same.jsonl") == "{\"text\":\"a\"}\n")
    }

    @Test func outDirNeedsATargetFormat() {
        #expect {
            try conversion.run(ConversionRequest(inputs: [PackagePaths.sample("favourites.json")], destination: .directory("/tmp/x")))
        } throws: { error in
            (error as! CardportError).message == "--out-dir needs --to to know which format to write"
        }
    }

    @Test func reportsProgress() throws {
        let directory = try TemporaryDirectory()
        let lines = (0..<10_000).map { "{\"text\":\"quote \($0)\"}" }.joined(separator: "\n")
        let input = try directory.write("many.jsonl", lines)
        var updates: [ConversionProgress] = []
        _ = try conversion.run(ConversionRequest(inputs: [input], destination: .file(directory.file("many.json")))) {
            updates.append($0)
        }
        #expect(updates.map(\.records) == [4096, 8192])
        #expect(updates.allSatisfy { $0.totalBytes == lines.utf8.count && $0.bytesRead <= lines.utf8.count })
    }
}

@Suite struct BatchFailureTests {
    @Test func aFailedBatchRemovesTheDirectoryItCreated() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.jsonl", "{\"text\":\"a\"}\n")
        let bad = try directory.write("bad.jsonl", "{\"text\":\n")
        #expect(throws: CardportError.self) {
            try Conversion(registry: .standard).run(ConversionRequest(
                inputs: [good, bad], destination: .directory(directory.file("out/deeper")), to: "cardport"))
        }
        #expect(directory.entries == ["bad.jsonl", "good.jsonl"])
    }

    @Test func rejectionsAreCountedPastTheListedOnes() throws {
        let directory = try TemporaryDirectory()
        let lines = String(repeating: "{\"text\":\n", count: ConversionReport.maximumListedRejections + 5)
        let input = try directory.write("bad.jsonl", lines)
        let report = try Conversion(registry: .standard).run(ConversionRequest(
            inputs: [input], destination: .file(directory.file("out.jsonl")), keepGoing: true))
        #expect(report.rejectedCount == ConversionReport.maximumListedRejections + 5)
        #expect(report.rejected.count == ConversionReport.maximumListedRejections)
        #expect(report.summary.hasSuffix("… and 5 more\n"))
    }
}
