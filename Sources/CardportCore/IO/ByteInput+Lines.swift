import CardportMachinery

extension ByteInput {
    /// Where the next line of a line-oriented format lies in ``available``: its length without the
    /// line break (and a `\r` before it), and how many bytes to ``consume(_:)`` to pass it.
    ///
    /// Reads on until a line break or the end of the input; `nil` when nothing is left. The line
    /// stays in the window until the caller consumes it, so an error about it can still show it.
    /// A line longer than `limits.maximumFieldSize` (`--max-field-size`) is an error where it starts.
    ///
    /// ```swift
    /// while let line = try input.nextLine() {
    ///     let bytes = input.available.prefix(line.length)
    ///     defer { input.consume(line.span) }
    ///     …
    /// }
    /// ```
    public func nextLine(within limits: ReadLimits = .standard) throws(CardportError) -> (length: Int, span: Int)? {
        var searched = 0
        while true {
            let window = available
            // The C library's vectorised memchr (ByteSearch) keeps finding line ends cheap.
            if let end = ByteSearch.firstIndex(of: 0x0A, in: window, from: searched) {
                guard end <= limits.maximumFieldSize else { throw lineTooLong(limits) }
                return (end > 0 && window[end - 1] == 0x0D ? end - 1 : end, end + 1)
            }
            searched = window.count
            guard searched <= limits.maximumFieldSize else { throw lineTooLong(limits) }
            if !(try fill()) {
                let rest = available
                guard !rest.isEmpty else { return nil }
                guard rest.count <= limits.maximumFieldSize else { throw lineTooLong(limits) }
                return (rest[rest.count - 1] == 0x0D ? rest.count - 1 : rest.count, rest.count)
            }
        }
    }

    private func lineTooLong(_ limits: ReadLimits) -> CardportError {
        limits.exceeded(.fieldSize, "a line is longer than", at: offset, in: self)
    }
}
