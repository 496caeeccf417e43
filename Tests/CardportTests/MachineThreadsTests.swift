@testable import Cardport
import CardportCore
import Synchronization
import Testing

/// Threads or child processes that could wait on each other: a time limit turns a hang into a failure.
@Suite(.timeLimit(.minutes(1))) struct MachineThreadsTests {
    @Test func runsEveryPartOnce() {
        let runs = Mutex([Int](repeating: 0, count: 64))
        MachineThreads().runParts(64) { part in runs.withLock { $0[part] += 1 } }
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: 64))
    }

    @Test func givesAPoolsOutputsInTheOrderOfItsJobs() {
        let pool = MachineThreads().orderedPool(workers: 3, depth: 4) { (job: Int) -> Int in
            // Later jobs finish first, and still come out in order.
            var spin = (100 - job) * 1_000
            while spin > 0 { spin -= 1 }
            return job * job
        }
        var outputs: [Int] = []
        for job in 0..<100 {
            if !pool.hasRoom, let output = pool.take() { outputs.append(output) }
            pool.submit(job)
        }
        while let output = pool.take() { outputs.append(output) }
        #expect(outputs == (0..<100).map { $0 * $0 })
    }

    @Test func theOperationsGiveReadersTheMachinesThreadsUnlessOthersAreGiven() {
        let request = ConversionRequest(inputs: ["in.jsonl"], destination: .file("-"))
        #expect(request.effectiveReadOptions.threads is MachineThreads)
        var given = request
        given.readOptions.threads = OneThread()
        #expect(given.effectiveReadOptions.threads is OneThread)
    }
}

/// One thread: parts run in turn on the calling thread, a pool on one worker.
private struct OneThread: ReadThreads {
    var count: Int { 1 }
    func runParts(_ parts: Int, _ body: @Sendable (Int) -> Void) {
        for part in 0..<parts { body(part) }
    }
    func orderedPool<Job: Sendable, Output: Sendable>(workers: Int, depth: Int,
                                                      _ work: @escaping @Sendable (consuming Job) -> Output)
        -> any OrderedPool<Job, Output> {
        MachineThreads().orderedPool(workers: 1, depth: depth, work)
    }
}
