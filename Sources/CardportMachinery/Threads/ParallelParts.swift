import Dispatch

/// Runs the parts of a job that divides into independent pieces, one per core, and returns when
/// every part has run: a reader's halves of a file, the books of a shelf.
///
/// Each part must write only what is its own (its slot of a result, its own records); the call
/// is the only synchronisation.
///
/// ```swift
/// ParallelParts.run(2) { part in results[part] = parse(halves[part]) }
/// ```
package enum ParallelParts {
    /// Calls `body` with every index in `0..<count`, on as many threads as there are cores.
    package static func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }
}
