extension String {
    /// Calls `body` with the string's UTF-8 bytes, read where they lie.
    ///
    /// `withUTF8` is mutating, so a caller with a `let` string copies it into a `var` first: a
    /// retain of the string's storage and a release after. When the string was made on another
    /// thread, that retain is a cache miss, and readers, mergers and writers pass millions of such
    /// strings between threads. Native strings (all but bridged ones) are read in place; the rest
    /// go through a contiguous copy.
    ///
    /// ```swift
    /// "Zoë".withUTF8Bytes { $0.count }   // 4
    /// ```
    @inlinable
    package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
