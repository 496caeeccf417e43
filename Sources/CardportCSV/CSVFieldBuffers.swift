/// The buffers a CSV scan writes a record's fields into: unescaped copies of quoted fields that
/// hold `""`, and three bounds per field (see ``CSVRow``). Reused from record to record, so scanning
/// allocates nothing per record.
///
/// Whoever owns the buffers (a ``CSVScanner``, or a batch on a worker thread) uses them on one
/// thread at a time: their fields go without run-time exclusivity checks.
final class CSVFieldBuffers {
    @exclusivity(unchecked) private var storage: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) private var bounds: UnsafeMutablePointer<Int>
    /// The fields `bounds` has room for.
    @exclusivity(unchecked) private var capacity = 64

    init() {
        storage = .allocate(byteCount: 1 << 16, alignment: 8)
        bounds = .allocate(capacity: 3 * 64)
    }

    deinit {
        storage.deallocate()
        bounds.deallocate()
    }

    /// Scans the record at the start of `window`, whose first byte is at input offset `base`: what
    /// the scan found, and the row, whose fields are valid when the record is complete, until the
    /// next scan.
    func scan(_ window: UnsafeRawBufferPointer, base: Int, isFinal: Bool,
              delimiter: UInt8) -> (outcome: CSVScanner.Outcome, row: CSVRow) {
        // Local copies of the buffers, so the scan's loop touches no class property.
        var fields = CSVScanner.Fields(storage: storage, bounds: bounds, capacity: capacity)
        let outcome = CSVScanner.scan(window, base: base, isFinal: isFinal, delimiter: delimiter, into: &fields)
        storage = fields.storage
        bounds = fields.bounds
        capacity = fields.capacity
        var length = 0
        if case .complete(let complete) = outcome { length = complete }
        let row = CSVRow(window: window, spill: UnsafeRawBufferPointer(rebasing: storage[0..<fields.length]),
                         raw: length, bounds: bounds, count: fields.count, offset: base, isBlank: fields.isBlank)
        return (outcome, row)
    }
}
