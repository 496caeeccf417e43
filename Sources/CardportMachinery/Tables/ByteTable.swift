/// A table from byte strings to values, looked up without allocating.
///
/// Readers look the same few byte strings up again and again (a Kindle file's title lines and
/// metadata line shapes, an import's tag names). A `Dictionary` would need the bytes copied into a
/// key (and `String` keys would hash and compare through Unicode normalisation); this table finds
/// the bytes where they are through its ``ByteKeys`` and keeps a value for each. Keys are bytes: two
/// spellings of one text (composed and decomposed) are two keys.
///
/// ```swift
/// var tags = ByteTable<Int64>()
/// switch tags.find(nameBytes) {
/// case .found(let index): tags[index]                          // the tag's key
/// case .missing(let place): tags.add(nameBytes, newKey, at: place)
/// }
/// ```
package struct ByteTable<Value> {
    package typealias Lookup = ByteKeys.Lookup
    package typealias Place = ByteKeys.Place

    private var keys = ByteKeys()
    private var values: [Value] = []

    /// An empty table.
    package init() {}

    /// The number of keys.
    package var count: Int { values.count }

    /// The value added at `index` (in the order keys were added).
    package subscript(index: Int) -> Value { values[index] }

    /// Calls `body` with the bytes of the key at `index`.
    package func withKey<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        keys.withKey(at: index, body)
    }

    /// Looks `key` up.
    package func find(_ key: UnsafeRawBufferPointer) -> Lookup {
        keys.find(key)
    }

    /// Adds `key` (which ``find(_:)`` just reported missing at `place`) with its value; returns its index.
    @discardableResult
    package mutating func add(_ key: UnsafeRawBufferPointer, _ value: Value, at place: Place) -> Int {
        values.append(value)
        return keys.add(key, at: place)
    }
}

extension ByteTable: Sendable where Value: Sendable {}
