@testable import CardportKindle
import Cardport
import CardportCore
import Testing

/// Large files are read in two parts and replayed in two halves at once; the result must be exactly
/// what one thread gives.
///
/// Threads or child processes that could wait on each other: a time limit turns a hang into a failure.
@Suite(.timeLimit(.minutes(2))) struct KindleParallelTests {
    static let largeFile: [UInt8] = {
        var text = "\u{FEFF}"
        for i in 0..<25_000 {
            let book = "Book \(i % 37) (Author \(i % 11))"
            let start = (i * 7) % 9_000 + 1
            text += KindleFixtures.highlight(book, location: "\(start)-\(start + 2)", "Highlight \(i % 4_000) of a long enough text")
            if i % 9 == 0 { text += KindleFixtures.note(book, location: "\(start + 2)", "note \(i)") }
            if i % 13 == 0 { text += KindleFixtures.highlight(book, location: "\(start)-\(start + 4)", "Highlight \(i % 4_000) of a long enough text, extended") }
            // One entry with an unread metadata line in each part, so that both parts' warnings carry file line numbers.
            if i == 2_345 || i == 24_000 { text += KindleFixtures.entry(book, "- Your Doodle", "unreadable") }
        }
        return Array(text.utf8)
    }()

    @Test func readingInPartsGivesWhatOneThreadReads() {
        let bytes = Self.largeFile
        #expect(bytes.withUnsafeBytes { KindleParser.parts(of: $0, threads: 2).count } == 2)
        #expect(bytes.withUnsafeBytes { KindleParser.parts(of: $0, threads: 1).count } == 1)
        let parallel = KindleParser.parse(bytes, name: "big.txt", threads: MachineThreads())
        let sequential = bytes.withUnsafeBytes { KindleParser.parseSequentially($0, name: "big.txt", offset: 0) }
        #expect(parallel.clippings == sequential.clippings)
        #expect(parallel.problems == sequential.problems)
        #expect(parallel.partlyRead == 2)
    }

    @Test func theReaderGivesTheSameRecordsWithAndWithoutThreads() throws {
        func records(threads: (any ReadThreads)?) throws -> [Record] {
            var options = ReadOptions()
            options.threads = threads
            options.keepsVersions = true
            return try KindleFormat().makeReader(try ByteInput(bytes: Self.largeFile, name: "big.txt"), options: options).readAll()
        }
        let alone = try records(threads: nil)
        #expect(alone.count > 20_000)
        #expect(try records(threads: MachineThreads()) == alone)
    }

    @Test func replayingInHalvesGivesWhatOneThreadReplays() {
        let clippings = KindleParser.parse(Self.largeFile, name: "big.txt").clippings
        let parallel = KindleReplay.replay(clippings, inParallel: MachineThreads())
        let sequential = KindleReplay.replay(clippings, inParallel: nil)
        #expect(parallel.citations == sequential.citations)
        #expect(parallel.statistics == sequential.statistics)
        #expect(sequential.statistics.replacedVersions > 0 && sequential.statistics.notesAttached > 0)
    }
}
