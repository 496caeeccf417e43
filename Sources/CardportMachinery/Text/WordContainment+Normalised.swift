extension WordContainment {
    /// A text normalised once, for comparing with many others.
    ///
    /// ```swift
    /// let long = WordContainment.Normalised("Truth is a matter of the imagination. The soundest fact")
    /// WordContainment.eitherContains(long, WordContainment.Normalised("the imagination"))   // true
    /// ```
    package struct Normalised: Sendable {
        /// The normalised UTF-8 (``TextNormalisation``).
        package let bytes: [UInt8]

        /// Normalises `text`.
        package init(_ text: String) {
            var bytes: [UInt8] = []
            TextNormalisation.normalise(text, into: &bytes)
            self.bytes = bytes
        }
    }

    /// Whether either normalised text contains the other by whole words.
    package static func eitherContains(_ a: Normalised, _ b: Normalised) -> Bool {
        let (long, short) = a.bytes.count >= b.bytes.count ? (a, b) : (b, a)
        return contains(normalised: long.bytes, short.bytes)
    }
}
