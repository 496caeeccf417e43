import CardportCore

/// One slot per entry of a clippings file: the citation whose first version the entry is, or
/// nothing. The replay fills them (each task the slots of its own books); the reader hands them
/// out in file order, moving each citation out of its slot, so no second array of every citation is
/// made.
final class KindleSlots {
    /// The slots, for the replay to fill.
    let buffer: UnsafeMutableBufferPointer<Citation?>
    private var nextSlot = 0

    /// `count` empty slots.
    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }

    /// The next citation in file order, moved out of its slot; `nil` once every slot was looked at.
    func takeNext() -> Citation? {
        while nextSlot < buffer.count {
            let slot = nextSlot
            nextSlot += 1
            if let citation = buffer[slot].take() { return citation }
        }
        return nil
    }
}
