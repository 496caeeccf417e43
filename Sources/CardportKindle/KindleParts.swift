import CardportCore

/// How the parts of reading a large clippings file run: at once on the threads the reader is given
/// (``CardportCore/ReadOptions/threads``), else one after the other.
enum KindleParts {
    /// Calls `body` with every index in `0..<parts` and returns when all have run; each call must
    /// write only what is its own.
    static func run(_ parts: Int, on threads: (any ReadThreads)?, _ body: @Sendable (Int) -> Void) {
        if let threads, parts > 1 {
            threads.runParts(parts, body)
        } else {
            for part in 0..<parts { body(part) }
        }
    }
}
