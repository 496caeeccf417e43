public import CardportCore
import CardportMachinery
import Foundation

/// The machine's threads, which the operations give every reader they open
/// (``CardportCore/ReadOptions/threads``): parts run on Dispatch's threads, one per core, and
/// ordered pools on threads of their own.
///
/// ```swift
/// var options = ReadOptions()
/// options.threads = MachineThreads()   // a large Kindle file is then read in two halves at once
/// ```
public struct MachineThreads: ReadThreads {
    public init() {}

    /// The cores the process may use.
    public var count: Int { ProcessInfo.processInfo.activeProcessorCount }

    public func runParts(_ parts: Int, _ body: @Sendable (Int) -> Void) {
        ParallelParts.run(parts, body)
    }

    public func orderedPool<Job: Sendable, Output: Sendable>(workers: Int, depth: Int,
                                                             _ work: @escaping @Sendable (consuming Job) -> Output)
        -> any OrderedPool<Job, Output> {
        WorkerPool(OrderedWorkers(workers: workers, depth: depth, work: work))
    }
}

extension ReadOptions {
    /// These options with the machine's threads unless they name threads of their own: what every
    /// read the operations plan is given.
    var onMachineThreads: ReadOptions {
        var options = self
        if options.threads == nil { options.threads = MachineThreads() }
        return options
    }
}

/// The machinery's ordered workers as a reader sees them.
private final class WorkerPool<Job: Sendable, Output: Sendable>: OrderedPool {
    private let workers: OrderedWorkers<Job, Output>

    init(_ workers: OrderedWorkers<Job, Output>) {
        self.workers = workers
    }

    var hasRoom: Bool { workers.hasRoom }

    func submit(_ job: consuming Job) {
        workers.submit(job)
    }

    func take() -> Output? {
        workers.take()
    }
}
