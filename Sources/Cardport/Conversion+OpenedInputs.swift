import CardportCore

extension Conversion {
    /// An input opened for reading, its reader wrapped to read ahead.
    struct OpenedInput {
        let input: PlannedInput
        let source: ByteInput
        let reader: PrefetchingReader
    }

    /// A plan's inputs, opened in order one ahead: while one input is read, the next is open and
    /// its reader has started.
    ///
    /// A folder of small files (a device's KOReader sidecars) spent as long opening each file and
    /// waiting for its first records as reading it; reading the next file while the records of
    /// this one are written overlaps the two.
    struct OpenedInputs {
        private let inputs: [PlannedInput]
        private let options: ReadOptions
        private var index = 0
        private var ahead: OpenedInput?

        init(_ inputs: [PlannedInput], options: ReadOptions) {
            self.inputs = inputs
            self.options = options
        }

        /// The next input, opened and reading; the one after it is opened and started too.
        mutating func next() throws(CardportError) -> OpenedInput {
            let current: OpenedInput
            if let ahead {
                current = ahead
            } else {
                current = try open(inputs[index])
            }
            ahead = nil
            index += 1
            current.reader.start()
            if index < inputs.count {
                let following = try open(inputs[index])
                following.reader.start()
                ahead = following
            }
            return current
        }

        private func open(_ input: PlannedInput) throws(CardportError) -> OpenedInput {
            let source = try input.open()
            let reader = PrefetchingReader(try input.resolution.makeReader(source, options: options), source: source)
            return OpenedInput(input: input, source: source, reader: reader)
        }
    }
}
