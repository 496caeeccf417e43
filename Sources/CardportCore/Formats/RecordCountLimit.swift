/// A reader that passes records through and refuses the one past ``ReadLimits/maximumRecords``.
///
/// Commands read every input through one (``CardFormat/makeBoundedReader(_:options:)``), so no
/// format has to count for itself: a file of a hundred million empty lines stops with a clear error
/// instead of filling memory in a merge.
public final class RecordCountLimit: RecordReader {
    private let base: any RecordReader
    private let input: ByteInput
    private let limits: ReadLimits
    private var counted = 0

    /// Wraps `base`, which reads `input`, to stop after `limits.maximumRecords` records.
    public init(_ base: any RecordReader, input: ByteInput, limits: ReadLimits) {
        self.base = base
        self.input = input
        self.limits = limits
    }

    public func next() throws(CardportError) -> Record? {
        // Where the record starts, for streaming readers (the error points at the first one too many).
        let start = input.offset
        // Passed on as it came (not unwrapped and wrapped again): a record is large, and each
        // wrapping is a copy of it.
        let record: Record?
        do {
            record = try base.next()
        } catch {
            // A skipped record still counts: a file of nothing but bad records must end too.
            if error.isRecoverable { try count(from: start) }
            throw error
        }
        if case .some = record { try count(from: start) }
        return record
    }

    private func count(from start: Int) throws(CardportError) {
        counted += 1
        guard counted <= limits.maximumRecords else {
            throw limits.exceeded(.records, "'\(input.name)' holds more records than", at: start, in: input)
        }
    }

    public var notes: ReaderNotes { base.notes }
}

extension CardFormat {
    /// A reader for `input` that keeps to `options.limits`, including ``ReadLimits/maximumRecords``;
    /// what commands use instead of ``makeReader(_:options:)``.
    public func makeBoundedReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        RecordCountLimit(try makeReader(input, options: options), input: input, limits: options.limits)
    }
}
