import CardportCore
import Foundation

/// Encodes a long list of records for a one-record-per-line format on every core, chunk by
/// chunk, and writes the chunks in order: the output is byte for byte what one writer gives.
///
/// Only formats whose output for a list is the concatenation of their output for each record
/// qualify (``formats``: JSON Lines); a writer of each chunk is made with the same options, and
/// what the chunks' writers report lost is added up. Each round encodes ``batchSize`` records
/// split among the cores, so memory stays bounded whatever the list's length.
enum ParallelLineEncoder {
    /// The formats whose output is one independent line per record.
    static let formats: Set<String> = ["jsonl"]
    /// Records per round: a few megabytes of output.
    static let batchSize = 16_384
    /// Shorter lists are written by one writer: threads would cost more than they save.
    static let minimumCount = 50_000

    /// What encoding the records did: the counts ``Merging`` reports.
    struct Totals {
        var written = 0
        var dropped = KindTally()
        var losses = LossReport()
    }

    /// Whether `records` for `format` are worth encoding this way.
    static func applies(to format: any CardFormat, count: Int) -> Bool {
        count >= minimumCount && formats.contains(format.descriptor.id)
            && ProcessInfo.processInfo.activeProcessorCount > 1
    }

    /// Encodes `records` (those of kinds in `writable`; the others are counted as dropped) and
    /// writes them to `output` in order.
    static func write(_ records: [Record], format: any CardFormat, options: WriteOptions, writable: KindSet,
                      to output: ByteOutput) throws(CardportError) -> Totals {
        let parts = min(ProcessInfo.processInfo.activeProcessorCount, 4)
        var totals = Totals()
        var start = 0
        while start < records.count {
            let end = min(start + batchSize, records.count)
            let chunks = ChunkResults(count: parts)
            let (first, length) = (start, end - start)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = (first + length * part / parts)..<(first + length * (part + 1) / parts)
                chunks.set(part, encode(records[range], format: format, options: options, writable: writable))
            }
            for part in 0..<parts {
                let chunk = try chunks.take(part).get()
                try output.write(chunk.bytes)
                totals.written += chunk.totals.written
                totals.losses.merge(chunk.totals.losses)
                for kind in RecordKind.allCases { totals.dropped[kind] += chunk.totals.dropped[kind] }
            }
            start = end
        }
        return totals
    }

    /// One chunk's encoded bytes and counts.
    struct Chunk {
        var bytes: [UInt8]
        var totals: Totals
    }

    private static func encode(_ records: ArraySlice<Record>, format: any CardFormat, options: WriteOptions,
                               writable: KindSet) -> Result<Chunk, CardportError> {
        let output = ByteOutput()
        var totals = Totals()
        do throws(CardportError) {
            let writer = try format.makeWriter(output, options: options)
            for record in records {
                guard writable.contains(record.kind) else {
                    totals.dropped[record.kind] += 1
                    continue
                }
                try writer.write(record)
                totals.written += 1
            }
            try writer.finish()
            totals.losses = writer.losses
            return .success(Chunk(bytes: output.bytes, totals: totals))
        } catch {
            return .failure(error)
        }
    }
}

/// The chunks of one round, each written by its own thread into its own slot and read once all
/// are done. The slots are raw memory: threads writing to different elements of one Swift array
/// property would be overlapping accesses.
private final class ChunkResults: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<ParallelLineEncoder.Chunk, CardportError>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func set(_ part: Int, _ result: Result<ParallelLineEncoder.Chunk, CardportError>) {
        slots[part] = result
    }

    func take(_ part: Int) -> Result<ParallelLineEncoder.Chunk, CardportError> {
        slots[part]!
    }
}
