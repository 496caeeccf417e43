import CardportCore
import Testing

@Suite struct ReadOptionsTests {
    /// Threads change how fast a reader reads, never what it reads.
    @Test func optionsCompareAndHashTheSameWhateverTheirThreads() {
        var threaded = ReadOptions(kind: .citation)
        threaded.threads = CountedThreads(count: 4)
        let plain = ReadOptions(kind: .citation)
        #expect(threaded == plain)
        #expect(Set([threaded, plain]).count == 1)
        #expect(threaded.threads?.count == 4)
        #expect(plain.threads == nil)
        #expect(threaded != ReadOptions(kind: .bookmark))
    }
}

private struct CountedThreads: ReadThreads {
    let count: Int
    func runParts(_ parts: Int, _ body: @Sendable (Int) -> Void) {
        for part in 0..<parts { body(part) }
    }
    func orderedPool<Job: Sendable, Output: Sendable>(workers: Int, depth: Int,
                                                      _ work: @escaping @Sendable (consuming Job) -> Output)
        -> any OrderedPool<Job, Output> {
        InTurn(work)
    }
}

/// A pool that runs each job as it is submitted.
private final class InTurn<Job, Output>: OrderedPool {
    private let work: (consuming Job) -> Output
    private var outputs: [Output] = []

    init(_ work: @escaping (consuming Job) -> Output) {
        self.work = work
    }

    var hasRoom: Bool { true }

    func submit(_ job: consuming Job) {
        outputs.append(work(job))
    }

    func take() -> Output? {
        outputs.isEmpty ? nil : outputs.removeFirst()
    }
}
