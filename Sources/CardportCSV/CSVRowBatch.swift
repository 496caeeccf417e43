import CardportCore

/// Rows copied out of the scanner's window, for a worker thread to decode while the scanner reads
/// on: the input's bytes from the first row to the last (an excerpt, so that errors about a cell
/// are located as the input would locate them), the unescaped copies of quoted fields, and where
/// each row's fields are.
///
/// The reading thread fills a batch, then hands it over whole; from then on only the worker reads
/// it, until it is handed back to be filled again. Nothing is shared while both could touch it,
/// so the run-time exclusivity checks, several per row, are left out.
final class CSVRowBatch: @unchecked Sendable {
    /// One row: where its bytes, its unescaped fields and its fields' bounds are in the batch.
    private struct Entry {
        var start: Int
        var raw: Int
        var spillStart: Int
        var spillCount: Int
        var firstBound: Int
        var count: Int
        var offset: Int
    }

    private let name: String
    /// The rows' bytes, blank rows between them included, once the first row is in.
    @exclusivity(unchecked) private var copied: SourceExcerpt?
    @exclusivity(unchecked) private var isStarted = false
    @exclusivity(unchecked) private var spill: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) private var spillCount = 0
    /// Three per field, as in ``CSVRow/bounds``, with spilled fields shifted past their row's bytes.
    @exclusivity(unchecked) private var bounds: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var boundsCount = 0
    @exclusivity(unchecked) private var boundsCapacity: Int
    @exclusivity(unchecked) private var entries: [Entry] = []
    /// What stopped the scanner after the last row, handed out after the rows' records.
    @exclusivity(unchecked) var failure: CardportError?

    init(name: String, expectedRows: Int) {
        self.name = name
        spill = .allocate(byteCount: 4096, alignment: 8)
        boundsCapacity = 3 * 8 * Swift.max(expectedRows, 1)
        bounds = .allocate(capacity: boundsCapacity)
        entries.reserveCapacity(expectedRows)
    }

    deinit {
        spill.deallocate()
        bounds.deallocate()
    }

    /// The rows' bytes, blank rows between them included; `nil` before the first row.
    var excerpt: SourceExcerpt? { isStarted ? copied : nil }

    /// Empties the batch, keeping its buffers, to be filled again.
    func reset() {
        isStarted = false
        spillCount = 0
        boundsCount = 0
        entries.removeAll(keepingCapacity: true)
        failure = nil
    }

    /// The number of rows to decode.
    var rowCount: Int { entries.count }

    /// The number of the input's bytes copied.
    var byteCount: Int { isStarted ? copied!.count : 0 }

    /// Copies a row the scanner returned, to be decoded; `input` is where it starts.
    func append(_ row: CSVRow, from input: ByteInput) {
        let start = copyBytes(of: row, from: input)
        let n = row.window.count
        if boundsCount + 3 * row.count > boundsCapacity { growBounds(boundsCount + 3 * row.count) }
        for index in 0..<row.count {
            var first = row.bounds[3 * index], end = row.bounds[3 * index + 1]
            if first >= n && first != end {
                // A spilled field: its bytes follow the row's in the copy of the spill buffer.
                first += row.raw - n
                end += row.raw - n
            }
            bounds[boundsCount] = first
            bounds[boundsCount + 1] = end
            bounds[boundsCount + 2] = row.bounds[3 * index + 2]
            boundsCount += 3
        }
        if spillCount + row.spill.count > spill.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(spillCount + row.spill.count, spill.count * 2),
                                                               alignment: 8)
            grown.baseAddress!.copyMemory(from: spill.baseAddress!, byteCount: spillCount)
            spill.deallocate()
            spill = grown
        }
        if let source = row.spill.baseAddress, !row.spill.isEmpty {
            (spill.baseAddress! + spillCount).copyMemory(from: source, byteCount: row.spill.count)
        }
        entries.append(Entry(start: start, raw: row.raw, spillStart: spillCount, spillCount: row.spill.count,
                             firstBound: boundsCount - 3 * row.count, count: row.count, offset: row.offset))
        spillCount += row.spill.count
    }

    /// Copies the bytes of a row that is not decoded (a blank line), so the excerpt stays contiguous.
    func skip(_ row: CSVRow, from input: ByteInput) {
        _ = copyBytes(of: row, from: input)
    }

    /// Appends the row's bytes to the excerpt, starting it at the first row; where they start in it.
    private func copyBytes(of row: CSVRow, from input: ByteInput) -> Int {
        if !isStarted {
            let start = input.location(at: row.offset).location
            if let copied {
                copied.restart(at: start)
            } else {
                copied = SourceExcerpt(name: name, start: start, capacity: CSVRowWorkers.batchBytes + 64 * 1024)
            }
            isStarted = true
        }
        let excerpt = copied!
        let start = excerpt.count
        excerpt.append(row.rawBytes)
        return start
    }

    private func growBounds(_ needed: Int) {
        let capacity = Swift.max(needed, 2 * boundsCapacity)
        let grown = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        grown.update(from: bounds, count: boundsCount)
        bounds.deallocate()
        bounds = grown
        boundsCapacity = capacity
    }

    /// Row `index`, as the scanner returned it; valid while the batch is.
    func row(_ index: Int) -> CSVRow {
        let entry = entries[index]
        let base = copied!.bytes.baseAddress!
        return CSVRow(window: UnsafeRawBufferPointer(start: base + entry.start, count: entry.raw),
                      spill: UnsafeRawBufferPointer(start: spill.baseAddress! + entry.spillStart, count: entry.spillCount),
                      raw: entry.raw, bounds: bounds + entry.firstBound, count: entry.count, offset: entry.offset,
                      isBlank: false)
    }
}
