/// One parsed CSV record: the unescaped bytes of every field, one after the other, and where each
/// field ends and started in the input.
///
/// The scanner refills the same row for every record, so reading allocates nothing per record
/// once the buffers have grown to the largest record.
final class CSVRow {
    private(set) var storage: UnsafeMutableRawBufferPointer
    private(set) var length = 0
    /// The end of each field in ``storage``.
    private(set) var ends: [Int] = []
    /// The input offset of each field's first byte (its opening quote when quoted).
    private(set) var offsets: [Int] = []
    /// The input offset of the record's first byte.
    var offset = 0
    /// Whether the record was an empty line.
    var isBlank = false

    init() {
        storage = .allocate(byteCount: 4096, alignment: 8)
        ends.reserveCapacity(32)
        offsets.reserveCapacity(32)
    }

    deinit { storage.deallocate() }

    var count: Int { ends.count }

    func reset(offset: Int) {
        length = 0
        ends.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        self.offset = offset
        isBlank = false
    }

    @inline(__always)
    func append(_ start: UnsafeRawPointer, _ count: Int) {
        if length + count > storage.count { grow(length + count) }
        (storage.baseAddress! + length).copyMemory(from: start, byteCount: count)
        length += count
    }

    @inline(__always)
    func append(byte: UInt8) {
        if length + 1 > storage.count { grow(length + 1) }
        storage[length] = byte
        length += 1
    }

    @inline(__always)
    func endField(startedAt offset: Int) {
        ends.append(length)
        offsets.append(offset)
    }

    private func grow(_ needed: Int) {
        let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(needed, storage.count * 2), alignment: 8)
        grown.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[0..<length]))
        storage.deallocate()
        storage = grown
    }

    /// The bytes of field `index`.
    @inline(__always)
    func field(_ index: Int) -> UnsafeRawBufferPointer {
        let start = index == 0 ? 0 : ends[index - 1]
        return UnsafeRawBufferPointer(rebasing: storage[start..<ends[index]])
    }
}
