import CardportCore
import CardportMachinery
import Foundation

/// Encodes a long list of records for a one-record-per-line format on worker threads, chunk by
/// chunk, and writes the chunks in order: the output is byte for byte what one writer gives.
///
/// Only formats whose output for a list is the concatenation of their output for each record
/// qualify (``FormatDescriptor/writesRecordsIndependently``: JSON Lines); a writer of each chunk is
/// made with the same options, and what the chunks' writers report lost is added up. The calling
/// thread writes each chunk while the workers encode the next ones, and at most a few chunks are
/// under way, so memory stays bounded whatever the list's length.
enum ParallelLineEncoder {
    /// Records per chunk: a few megabytes of output.
    static let chunkSize = 8_192
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
        count >= minimumCount && format.descriptor.writesRecordsIndependently
            && ProcessInfo.processInfo.activeProcessorCount > 1
    }

    /// Encodes `records` (those of kinds in `writable`; the others are counted as dropped) and
    /// writes them to `output` in order.
    static func write(_ records: [Record], format: any CardFormat, options: WriteOptions, writable: KindSet,
                      to output: ByteOutput) throws(CardportError) -> Totals {
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, 4)
        let pool = OrderedWorkers<Job, Result<Chunk, CardportError>>(workers: workers, depth: 2 * workers) { job in
            encode(job.records, capacity: job.capacity, format: format, options: options, writable: writable)
        }
        var totals = Totals()
        // Bytes and records of the chunks written so far: each chunk's buffer is made large enough
        // for what the chunks before it took, so that it does not grow (and copy itself) as it fills.
        var bytesSeen = 0
        var recordsSeen = 0
        func writeNext() throws(CardportError) {
            guard let result = pool.take() else { return }
            let chunk = try result.get()
            try output.write(chunk.bytes)
            bytesSeen += chunk.bytes.count
            recordsSeen += chunk.records
            totals.written += chunk.totals.written
            totals.losses.merge(chunk.totals.losses)
            for kind in RecordKind.allCases { totals.dropped[kind] += chunk.totals.dropped[kind] }
        }
        var start = 0
        while start < records.count {
            while !pool.hasRoom { try writeNext() }
            let end = min(start + chunkSize, records.count)
            let capacity = recordsSeen == 0 ? 0 : bytesSeen / recordsSeen * (end - start) * 9 / 8
            pool.submit(Job(records: records[start..<end], capacity: capacity))
            start = end
        }
        while pool.outstanding > 0 { try writeNext() }
        return totals
    }

    /// Records to encode, and the bytes to make room for.
    struct Job {
        var records: ArraySlice<Record>
        var capacity: Int
    }

    /// One chunk's encoded bytes and counts.
    struct Chunk {
        var bytes: [UInt8]
        /// The records the chunk was made of, written or dropped.
        var records: Int
        var totals: Totals
    }

    private static func encode(_ records: ArraySlice<Record>, capacity: Int, format: any CardFormat, options: WriteOptions,
                               writable: KindSet) -> Result<Chunk, CardportError> {
        let output = ByteOutput(capacity: capacity)
        var totals = Totals()
        do throws(CardportError) {
            let writer = try format.makeWriter(output, options: options)
            // By index: each record is lent to the writer where it lies, not copied out first.
            for position in records.indices {
                let kind = records[position].kind
                guard writable.contains(kind) else {
                    totals.dropped[kind] += 1
                    continue
                }
                try writer.write(records[position])
                totals.written += 1
            }
            try writer.finish()
            totals.losses = writer.losses
            return .success(Chunk(bytes: output.bytes, records: records.count, totals: totals))
        } catch {
            return .failure(error)
        }
    }
}
