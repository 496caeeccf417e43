/// One parsed CSV record: where each field's bytes are, and where each field started in the input.
///
/// A row is a view of the scanner's window and spill buffer, valid until the scanner reads the
/// next record. Field ranges below the window's length are in the window; those at or past it are
/// in the spill buffer, shifted by the window's length. A row is a value, so reading its fields
/// costs no reference counting or exclusivity checks.
struct CSVRow {
    /// The input's window, starting at the record.
    let window: UnsafeRawBufferPointer
    /// Unescaped copies of quoted fields that held `""`.
    let spill: UnsafeRawBufferPointer
    /// The length of the record in the window, line end included.
    let raw: Int
    /// Per field: its start, its end, and the input offset of its first byte (its opening quote
    /// when quoted).
    let bounds: UnsafePointer<Int>
    /// The number of fields.
    let count: Int
    /// The input offset of the record's first byte.
    let offset: Int
    /// Whether the record was an empty line.
    let isBlank: Bool

    /// The input offset of field `index`'s first byte.
    func offset(ofField index: Int) -> Int { bounds[3 * index + 2] }

    /// The record as it is in the input (quotes, delimiters and line end included).
    var rawBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: window[0..<raw]) }

    /// The bytes of field `index` (`0..<count`).
    @inline(__always)
    func field(_ index: Int) -> UnsafeRawBufferPointer {
        let start = bounds[3 * index], end = bounds[3 * index + 1]
        let n = window.count
        if start < n || start == end {
            return UnsafeRawBufferPointer(start: window.baseAddress! + start, count: end - start)
        }
        return UnsafeRawBufferPointer(start: spill.baseAddress! + (start - n), count: end - start)
    }
}
