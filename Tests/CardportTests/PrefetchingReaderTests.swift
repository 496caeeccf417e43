import Cardport
import CardportCore
import Testing

/// A reader that hands out numbered citations, failing where it is told to, and counts its reads.
private final class ScriptedReader: RecordReader {
    enum Step {
        case record(Int)
        case failure(recoverable: Bool)
    }

    private var steps: [Step]
    private var position = 0
    private(set) var reads = 0
    private var readerNotes = ReaderNotes()

    init(_ steps: [Step]) { self.steps = steps }

    func next() throws(CardportError) -> Record? {
        reads += 1
        guard position < steps.count else { return nil }
        let step = steps[position]
        position += 1
        switch step {
        case .record(let number):
            readerNotes.count("numbered")
            return .citation(Citation(text: "quote \(number)"))
        case .failure(let recoverable):
            throw CardportError(.malformedInput, "step \(position) is bad", isRecoverable: recoverable)
        }
    }

    var notes: ReaderNotes { readerNotes }
}

/// Threads or child processes that could wait on each other: a time limit turns a hang into a failure.
@Suite(.timeLimit(.minutes(2))) struct PrefetchingReaderTests {
    private func texts(_ records: [Record]) -> [String] {
        records.map { record in
            guard case .citation(let citation) = record else { return "?" }
            return citation.text
        }
    }

    @Test func handsOutEveryRecordInOrderAcrossBatches() throws {
        let inner = ScriptedReader((1...1000).map { .record($0) })
        let reader = PrefetchingReader(inner, source: try ByteInput(string: ""), batchSize: 7, depth: 2)
        let records = try reader.readAll()
        #expect(texts(records) == (1...1000).map { "quote \($0)" })
        #expect(try reader.next() == nil)
        #expect(reader.notes.counts.first?.value == 1000)
    }

    @Test func deliversARecoverableErrorInPlaceAndReadsOn() throws {
        let inner = ScriptedReader([.record(1), .failure(recoverable: true), .record(3)])
        let reader = PrefetchingReader(inner, source: try ByteInput(string: ""), batchSize: 2)
        var seen: [String] = []
        while true {
            do {
                guard let record = try reader.next() else { break }
                seen += texts([record])
            } catch {
                #expect(error.message == "step 2 is bad")
                seen.append("error")
            }
        }
        #expect(seen == ["quote 1", "error", "quote 3"])
    }

    @Test func endsAfterAnErrorThatIsNotRecoverable() throws {
        let inner = ScriptedReader([.record(1), .failure(recoverable: false), .record(3)])
        let reader = PrefetchingReader(inner, source: try ByteInput(string: ""))
        #expect(texts([try #require(try reader.next())]) == ["quote 1"])
        #expect(throws: CardportError.self) { try reader.next() }
        #expect(try reader.next() == nil)
        #expect(inner.reads == 2)
    }

    @Test func closeStopsTheReadingThreadEarly() throws {
        let inner = ScriptedReader((1...100_000).map { .record($0) })
        let reader = PrefetchingReader(inner, source: try ByteInput(string: ""), batchSize: 10, depth: 2)
        _ = try reader.next()
        reader.close()
        // Taken, waiting and being read: a few batches, far from all of them.
        #expect(inner.reads <= 10 * 4)
        #expect((reader.notes.counts.first?.value ?? 0) == inner.reads)
    }

    @Test func readsNothingBeforeTheFirstRecordIsAskedFor() throws {
        let inner = ScriptedReader([.record(1)])
        let reader = PrefetchingReader(inner, source: try ByteInput(string: ""))
        reader.close()
        #expect(inner.reads == 0)
        #expect(reader.notes.isEmpty)
    }
}
