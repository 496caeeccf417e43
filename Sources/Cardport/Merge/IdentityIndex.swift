import CardportCore
import CardportMachinery
internal import CPrefetch

/// The position of each record by its identity key, found through ``HashSlots`` by the key's own
/// digest bits.
///
/// Identity keys are uniform 128-bit digests, so their low word spreads the slots as well as a
/// hash would. A `Dictionary` hashes each key again and, for a key it does not hold yet, is asked
/// twice (once to look, once to store); a merge of a million records spent about a thousand
/// instructions per record there.
///
/// Nearly every look-up misses the cache, so the slots are kept small (eight bytes) and the keys
/// and their positions lie in arrays of their own, in the order they came, written one after the
/// other and read only when a slot's digest bits match.
struct IdentityIndex {
    private var slots = HashSlots(capacity: 512)
    /// The keys held, in the order they came.
    private var keys: [IdentityKey] = []
    /// The position held for each key, in the same order.
    private var positions: [Int32] = []

    /// The number of keys held.
    var count: Int { keys.count }

    /// Makes room for `count` keys in all, so that the table does not grow again and again.
    mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        positions.reserveCapacity(count)
        let keys = self.keys
        slots.reserveCapacity(count) { keys[$0].low }
    }

    /// Asks for the memory of `key`'s slot without waiting for it, so that a look-up of the key a
    /// little later finds it in the cache: the table is far larger than the cache, and a look-up
    /// that has to wait for memory takes longer than keying a record.
    func prefetch(_ key: IdentityKey) {
        slots.withFirstSlot(of: key.low) { cardport_prefetch($0) }
    }

    /// The position held for `key`; when there is none, holds `position` for it and returns `nil`.
    mutating func position(of key: IdentityKey, insertingIfAbsent position: Int32) -> Int32? {
        switch slots.find(key.low, where: { keys[$0] == key }) {
        case .found(let number):
            return positions[number]
        case .missing(let place):
            keys.append(key)
            positions.append(position)
            let keys = self.keys
            slots.add(at: place) { keys[$0].low }
            return nil
        }
    }
}
