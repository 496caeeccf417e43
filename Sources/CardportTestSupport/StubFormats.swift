public import CardportCore

/// A format that claims what it is told to, for testing resolution without real formats.
public struct StubFormat: CardFormat {
    /// Four stubs: `alpha` (alias `a`) and `beta` share `.json` and are told apart by their first
    /// bytes, `gamma` reads `.txt` starting with `==`, and `readonly` cannot be written.
    public static let registry = FormatRegistry([
        StubFormat("alpha", aliases: ["a"], extensions: ["json"], marker: "{\"alpha\""),
        StubFormat("beta", extensions: ["json"], marker: "{\"beta\""),
        StubFormat("gamma", extensions: ["txt"], marker: "=="),
        StubFormat("readonly", extensions: ["ro"], writes: []),
    ])

    public let descriptor: FormatDescriptor
    public let marker: String?

    public init(_ id: String, aliases: [String] = [], extensions: [String], marker: String? = nil,
         reads: Set<RecordKind> = [.citation], writes: Set<RecordKind> = [.citation]) {
        descriptor = FormatDescriptor(id: id, aliases: aliases, extensions: extensions, mediaType: "text/plain",
                                      reads: reads, writes: writes, summary: id)
        self.marker = marker
    }

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        guard let marker else { return .no }
        return String(decoding: prefix, as: UTF8.self).hasPrefix(marker) ? .certain : .no
    }

    /// Reads one record from input that starts with the marker (anything, for a stub without one),
    /// and fails at the first byte of any other.
    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        StubReader(input: input, marker: marker, id: descriptor.id)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        throw CardportError(.usage, "stub")
    }
}

public final class StubReader: RecordReader {
    let input: ByteInput
    let marker: String?
    let id: String
    var done = false

    init(input: ByteInput, marker: String?, id: String) {
        self.input = input
        self.marker = marker
        self.id = id
    }

    public func next() throws(CardportError) -> Record? {
        guard !done else { return nil }
        done = true
        let text = String(decoding: input.available, as: UTF8.self)
        if let marker, !text.hasPrefix(marker) {
            throw input.error(.malformedInput, "not \(id)", at: 0)
        }
        return .citation(Citation(text: text))
    }
}

/// A format certain of `!` whose reader reads nothing.
public struct EmptyFormat: CardFormat {
    public let descriptor = FormatDescriptor(id: "empty", extensions: ["empty"], mediaType: "text/plain",
                                             reads: [.citation], writes: [], summary: "empty")

    public init() {}

    public func sniff(_ prefix: [UInt8]) -> SniffResult { prefix.first == 0x21 ? .certain : .no }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        EmptyReader()
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        throw CardportError(.usage, "stub")
    }
}

/// A reader of no record.
public final class EmptyReader: RecordReader {
    public init() {}

    public func next() throws(CardportError) -> Record? { nil }
}
