/// The threads a reader may run parts of its work on (``ReadOptions/threads``), given by the
/// program that runs the reader: a reader says what can run at once (the parts of one job, or
/// batches whose outputs come back in order) and never starts a thread itself.
public protocol ReadThreads: Sendable {
    /// How many parts can run at once.
    var count: Int { get }
    /// Calls `body` with every index in `0..<parts`, at once as far as the threads allow, and
    /// returns when all have run; each call must write only what is its own.
    func runParts(_ parts: Int, _ body: @Sendable (Int) -> Void)
    /// A pool running `work` on `workers` threads, with at most `depth` jobs submitted and not taken.
    func orderedPool<Job: Sendable, Output: Sendable>(workers: Int, depth: Int,
                                                      _ work: @escaping @Sendable (consuming Job) -> Output)
        -> any OrderedPool<Job, Output>
}

/// Jobs run on other threads, their outputs taken in the order the jobs were submitted
/// (``ReadThreads/orderedPool(workers:depth:_:)``); one thread submits and takes.
public protocol OrderedPool<Job, Output>: AnyObject {
    associatedtype Job
    associatedtype Output
    /// Whether a job can be submitted before an output is taken.
    var hasRoom: Bool { get }
    /// Queues `job` for the workers; only when ``hasRoom``.
    func submit(_ job: consuming Job)
    /// The output of the oldest job not taken yet, waiting for it; `nil` when every one was taken.
    func take() -> Output?
}
