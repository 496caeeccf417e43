import CardportCore

/// The values of cells that repeat from row to row (an author, a book, a list of tags), made once
/// and then shared by every record that has them.
///
/// A file of highlights names each book and author hundreds of times. Sharing one string costs a
/// reference count; making it again costs an allocation, a copy, a UTF-8 check for text that is not
/// ASCII, and later a release that frees it, often on another thread. Cells are matched by their
/// bytes, so a value is the same whatever row it came from. At most ``capacity`` values of each kind
/// are kept: a file with more distinct ones shares the first.
struct CSVRepeatedCells {
    static let capacity = 4096
    private var strings = ByteTable<String>()
    private var lists = ByteTable<[String]>()

    /// The string of a cell's bytes, made by `make` the first time they are seen.
    @inline(__always)
    mutating func string(_ bytes: UnsafeRawBufferPointer,
                         make: (UnsafeRawBufferPointer) throws(CardportError) -> String) throws(CardportError) -> String {
        switch strings.find(bytes) {
        case .found(let index):
            return strings[index]
        case .missing(let place):
            let value = try make(bytes)
            if strings.count < CSVRepeatedCells.capacity { strings.add(bytes, value, at: place) }
            return value
        }
    }

    /// The list of a cell's bytes, made by `make` the first time they are seen.
    @inline(__always)
    mutating func list(_ bytes: UnsafeRawBufferPointer,
                       make: (UnsafeRawBufferPointer) throws(CardportError) -> [String]) throws(CardportError) -> [String] {
        switch lists.find(bytes) {
        case .found(let index):
            return lists[index]
        case .missing(let place):
            let value = try make(bytes)
            if lists.count < CSVRepeatedCells.capacity { lists.add(bytes, value, at: place) }
            return value
        }
    }
}
