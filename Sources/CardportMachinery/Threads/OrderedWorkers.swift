import Foundation

/// Runs jobs on worker threads and hands their outputs back in the order the jobs were submitted.
///
/// One thread submits jobs and takes outputs; the workers, started with the first job, run them.
/// At most `depth` jobs are submitted and not yet taken, so memory stays bounded whatever the
/// input's length: the submitting thread checks ``hasRoom`` and takes an output when there is none.
/// The workers stop when the pool is released; outputs not taken are dropped.
///
/// ```swift
/// let pool = OrderedWorkers<[UInt8], Int>(workers: 2, depth: 4) { bytes in bytes.count }
/// while pool.hasRoom, let chunk = nextChunk() { pool.submit(chunk) }
/// while let size = pool.take() { … }
/// ```
package final class OrderedWorkers<Job: Sendable, Output: Sendable> {
    private let state: State
    private let workers: Int
    private var started = false
    private var submitted = 0
    private var taken = 0

    /// A pool of `workers` threads running `work`, with at most `depth` jobs under way.
    package init(workers: Int, depth: Int, work: @escaping @Sendable (consuming Job) -> Output) {
        self.workers = Swift.max(1, workers)
        state = State(depth: Swift.max(1, depth), work: work)
    }

    deinit { state.stop() }

    /// Whether another job can be submitted without taking an output first.
    package var hasRoom: Bool { submitted - taken < state.depth }

    /// The number of jobs submitted whose outputs were not taken yet.
    package var outstanding: Int { submitted - taken }

    /// Queues a job for the workers; only when ``hasRoom``.
    package func submit(_ job: consuming Job) {
        precondition(hasRoom, "submitted more jobs than the pool's depth")
        if !started {
            started = true
            for _ in 0..<workers {
                let thread = Thread { [state] in state.work() }
                thread.stackSize = 1 << 20
                thread.start()
            }
        }
        state.enqueue(job, number: submitted)
        submitted += 1
    }

    /// The output of the oldest job not taken yet, waiting for it; `nil` when every job's was taken.
    package func take() -> Output? {
        guard taken < submitted else { return nil }
        let output = state.output(number: taken)
        taken += 1
        return output
    }

    /// What the submitting thread and the workers share; every field is guarded by `condition`.
    private final class State: @unchecked Sendable {
        let depth: Int
        private let run: @Sendable (consuming Job) -> Output
        private let condition = NSCondition()
        private var queue: [(number: Int, job: Job)] = []
        /// Outputs by job number modulo `depth`: at most `depth` jobs are under way, so they never collide.
        private var outputs: [Output?]
        private var isStopped = false

        init(depth: Int, work: @escaping @Sendable (consuming Job) -> Output) {
            self.depth = depth
            run = work
            outputs = Array(repeating: nil, count: depth)
        }

        func enqueue(_ job: consuming Job, number: Int) {
            condition.lock()
            queue.append((number, job))
            condition.broadcast()
            condition.unlock()
        }

        func output(number: Int) -> Output {
            condition.lock()
            defer { condition.unlock() }
            while outputs[number % depth] == nil { condition.wait() }
            return outputs[number % depth].take()!
        }

        func stop() {
            condition.lock()
            isStopped = true
            queue.removeAll()
            condition.broadcast()
            condition.unlock()
        }

        /// A worker's loop: the oldest queued job, run outside the lock, until the pool stops.
        func work() {
            while true {
                condition.lock()
                while queue.isEmpty && !isStopped { condition.wait() }
                if isStopped {
                    condition.unlock()
                    return
                }
                let (number, job) = queue.removeFirst()
                condition.unlock()
                let output = run(job)
                condition.lock()
                if !isStopped { outputs[number % depth] = output }
                condition.broadcast()
                condition.unlock()
            }
        }
    }
}
