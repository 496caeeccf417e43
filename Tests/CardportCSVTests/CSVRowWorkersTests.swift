import Cardport
import CardportCore
@testable import CardportCSV
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

/// Reading rows on worker threads gives what reading them on the reader's thread gives: the same
/// records and the same errors, located at the same line and column, in the same order.
///
/// Threads or child processes that could wait on each other: a time limit turns a hang into a failure.
@Suite(.timeLimit(.minutes(2))) struct CSVRowWorkersTests {
    /// Every record and error a reader gives, reading on after recoverable errors as `--keep-going`
    /// does: with a plan, on the machine's threads; without, on the threads `options` gives (none:
    /// alone on the reading thread).
    static func items(_ bytes: [UInt8], plan: CSVWorkerPlan?, options: ReadOptions = ReadOptions(),
                      recordLimit: Int? = nil) -> [Result<Record, CardportError>] {
        let format = CSVFormat(dialect: .generic, recordLimit: recordLimit, workerPlan: plan)
        var options = options
        if plan != nil { options.threads = MachineThreads() }
        var items: [Result<Record, CardportError>] = []
        do {
            let input = try ByteInput(bytes: bytes, name: "rows.csv")
            let reader = try format.makeBoundedReader(input, options: options)
            while true {
                do {
                    guard let record = try reader.next() else { break }
                    items.append(.success(record))
                } catch {
                    items.append(.failure(error))
                    if !error.isRecoverable { break }
                }
            }
        } catch {
            items.append(.failure(error))
        }
        return items
    }

    /// Plans that start workers at once, with batches of a few rows, so that batches, their
    /// hand-over and their order are all exercised on small files.
    static let plans = [CSVWorkerPlan(rowsBefore: 0, rowsPerBatch: 1, workers: 1),
                        CSVWorkerPlan(rowsBefore: 2, rowsPerBatch: 3, workers: 2),
                        CSVWorkerPlan(rowsBefore: 1, rowsPerBatch: 64, workers: 3)]

    static let texts = ["plain", "with, comma", "quote \"inside\"", "two\nlines", "crlf\r\nend", "é and 👨‍👩‍👧",
                        "=SUM(A1)", "'guarded", "tab\there", ""]

    /// One CSV field holding `text`, quoted when it has to be (and sometimes when it need not be).
    static func field(_ text: String, delimiter: Character = ",", using rng: inout some RandomNumberGenerator) -> String {
        let special: Set<Unicode.Scalar> = [delimiter.unicodeScalars.first!, "\"", "\n", "\r"]
        if text.unicodeScalars.contains(where: special.contains) || Bool.random(using: &rng) {
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return text
    }

    /// Files in Cardport's citation columns with good rows, rows each decoder rejects, rows the
    /// scanner rejects, unquoted fields with quotes inside, blank lines and a bookmark section, with
    /// every delimiter and every record end. A failing file shrinks by whole lines after the header,
    /// then by scalars anywhere, always keeping a line end for the property to find.
    static let messyFiles = Generator<[UInt8], Shrinking<[UInt8]>>(run: { rng in
        let end = ["\n", "\r\n", "\r"].randomElement(using: &rng)!
        let d: Character = [",", ";", "\t", "|"].randomElement(using: &rng)!
        func line(_ fields: [String]) -> [UInt8] { Array((fields.joined(separator: String(d)) + end).utf8) }
        var bytes = line(["text", "author", "tags", "created_at", "mood"])
        for _ in 0..<Int.random(in: 0...40, using: &rng) {
            let text = field(texts.randomElement(using: &rng)! + String(Int.random(in: 0...9, using: &rng)), delimiter: d, using: &rng)
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: bytes += line([text, "Someone", field("a;b", delimiter: d, using: &rng), "not a date", "calm"])
            case 1: bytes += line([text, "Someone"])
            case 2: bytes += line(["", "Nobody", "", "", ""])
            case 3: bytes += Array(end.utf8)
            case 4: bytes += line(["\"closed\"then more", "x", "", "", ""])
            case 5: bytes += Array((text + String(d)).utf8) + [0xC3, 0x28] + line(["", "t", "2024-05-01", "calm"])
            case 6 where end != "\r":
                bytes += Array(end.utf8) + line(["url", "name"])
                bytes += line(["https://example.com/\(Int.random(in: 0...9, using: &rng))", text])
            case 7: bytes += line(["say \"hi\" \(Int.random(in: 0...9, using: &rng))", "a\"b", "", "", "x\"\""])
            default:
                let author = field(["Ann", "Émile Zola", "O'Brien, Pat", "\"Q\"", "a;b|c"].randomElement(using: &rng)!,
                                   delimiter: d, using: &rng)
                bytes += line([text, author, field("t1;t2", delimiter: d, using: &rng),
                               "2024-05-0\(Int.random(in: 1...9, using: &rng))T10:15:00Z",
                               field(texts.randomElement(using: &rng)!, delimiter: d, using: &rng)])
            }
        }
        if Int.random(in: 0..<6, using: &rng) == 0 { bytes += line(["\"never closed", "x", "", "", "\nmore"]) }
        return bytes
    }, shrink: { bytes in
        Shrinking.removingLines(of: bytes, keepingFirst: 1)
            + Shrinking.removingScalars(of: bytes).filter { $0.contains(0x0A) || $0.contains(0x0D) }
    })

    @Test func workersReadWhatTheReaderReadsItself() async {
        await propertyCheck(count: 200, input: CSVRowWorkersTests.messyFiles) { bytes in
            // With records that end in a lone CR, a row can start inside a line (lines end at LF):
            // the input echoes all of that line, a batch only what it holds of it. Everything else
            // about an error is the same.
            let firstEnd = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D })!
            let crOnly = bytes[firstEnd] == 0x0D && (firstEnd + 1 == bytes.count || bytes[firstEnd + 1] != 0x0A)
            let alone = CSVRowWorkersTests.items(bytes, plan: nil)
            for plan in CSVRowWorkersTests.plans {
                let read = CSVRowWorkersTests.items(bytes, plan: plan)
                if crOnly {
                    CSVRowWorkersTests.expectSame(read.map(CSVRowWorkersTests.withoutEcho), alone.map(CSVRowWorkersTests.withoutEcho), "\(plan)")
                } else {
                    CSVRowWorkersTests.expectSame(read, alone, "\(plan)")
                }
            }
        }
    }

    static func withoutEcho(_ item: Result<Record, CardportError>) -> Result<Record, CardportError> {
        item.mapError { error in
            var error = error
            error.sourceLine = nil
            return error
        }
    }

    /// Expects two readings to agree, naming the first item where they do not.
    static func expectSame(_ read: [Result<Record, CardportError>], _ expected: [Result<Record, CardportError>],
                           _ comment: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(read.count == expected.count, "\(comment)", sourceLocation: sourceLocation)
        guard let index = (0..<min(read.count, expected.count)).first(where: { read[$0] != expected[$0] }) else { return }
        switch (read[index], expected[index]) {
        case (.failure(let a), .failure(let b)):
            Issue.record("item \(index): \(a.location.map(String.init(describing:)) ?? "-") \(a.location?.offset ?? -1) \(a.sourceLine ?? "nil") \(a.message) / expected \(b.location.map(String.init(describing:)) ?? "-") \(b.location?.offset ?? -1) \(b.sourceLine ?? "nil") \(b.message); \(comment)",
                         sourceLocation: sourceLocation)
        default:
            Issue.record("item \(index): \(read[index]) / expected \(expected[index]); \(comment)", sourceLocation: sourceLocation)
        }
    }

    @Test func aLongFileReadsTheSameOnWorkersWithTheStandardPlan() throws {
        var rng = SplitRandom(seed: 7)
        var bytes = Array("text,author,tags,created_at,mood\n".utf8)
        for index in 0..<12_000 {
            let text = CSVRowWorkersTests.field(CSVRowWorkersTests.texts[index % CSVRowWorkersTests.texts.count] + "\(index)", using: &rng)
            let date = index % 997 == 0 ? "soon" : "2024-05-01T10:15:00Z"
            bytes += Array("\(text),Émile Zola,a;b,\(date),calm\n".utf8)
        }
        let plan = CSVWorkerPlan(rowsBefore: 4096, rowsPerBatch: 2048, workers: 2)
        let alone = CSVRowWorkersTests.items(bytes, plan: nil)
        #expect(alone.count == 12_000)
        #expect(alone.filter { if case .failure = $0 { true } else { false } }.count == 13)
        CSVRowWorkersTests.expectSame(CSVRowWorkersTests.items(bytes, plan: plan), alone, "standard plan")
        // As the operations read it: no plan, the machine's threads given.
        var threaded = ReadOptions()
        threaded.threads = MachineThreads()
        CSVRowWorkersTests.expectSame(CSVRowWorkersTests.items(bytes, plan: nil, options: threaded), alone, "threads given")
    }

    @Test func plansFollowTheThreadsGiven() {
        #expect(CSVWorkerPlan.standard(threads: 1) == nil)
        #expect(CSVWorkerPlan.standard(threads: 2)?.workers == 2)
        #expect(CSVWorkerPlan.standard(threads: 16)?.workers == 4)
    }

    @Test func theRecordLimitStopsAtTheSameRowOnWorkers() throws {
        var bytes = Array("text,author\n".utf8)
        for index in 0..<50 { bytes += Array("quote \(index),Ann\n".utf8) }
        var options = ReadOptions()
        options.limits.maximumRecords = 20
        let alone = CSVRowWorkersTests.items(bytes, plan: nil, options: options)
        #expect(alone.count == 21)
        guard case .failure(let error) = alone.last else {
            Issue.record("no limit error")
            return
        }
        #expect(error.code == .limitExceeded)
        for plan in CSVRowWorkersTests.plans {
            CSVRowWorkersTests.expectSame(CSVRowWorkersTests.items(bytes, plan: plan, options: options), alone, "\(plan)")
        }
    }

    @Test func aRecordTooLargeForTheLimitIsReportedAtItsStart() throws {
        var bytes = Array("text,author\n".utf8)
        for index in 0..<30 { bytes += Array("quote \(index),Ann\n".utf8) }
        bytes += Array("\"\(String(repeating: "long, ", count: 100))\",Ann\nlast,Bo\n".utf8)
        let alone = CSVRowWorkersTests.items(bytes, plan: nil, recordLimit: 256)
        #expect(alone.count == 31)
        guard case .failure(let error) = alone.last else {
            Issue.record("no error for the long record")
            return
        }
        #expect(error.code == .limitExceeded)
        #expect(!error.isRecoverable)
        for plan in CSVRowWorkersTests.plans {
            CSVRowWorkersTests.expectSame(CSVRowWorkersTests.items(bytes, plan: plan, recordLimit: 256), alone, "\(plan)")
        }
    }

    @Test func aBadCellOnAWorkerIsLocatedAtItsLineAndColumn() throws {
        let bytes = Array("text,created_at\none,2024-05-01\n\"two\nlines\",later\n".utf8)
        let items = CSVRowWorkersTests.items(bytes, plan: CSVWorkerPlan(rowsBefore: 0, rowsPerBatch: 8, workers: 1))
        #expect(items == CSVRowWorkersTests.items(bytes, plan: nil))
        #expect(items.count == 2)
        guard case .failure(let error) = items.last else {
            Issue.record("no error for the bad date")
            return
        }
        #expect(error.location == CardportCore.SourceLocation(file: "rows.csv", line: 4, column: 8, offset: 43))
        #expect(error.sourceLine == "lines\",later")
        #expect(error.isRecoverable)
    }
}
