public import CardportCore

/// Cardport's document as YAML: the same fields as the native JSON document, plus the bare lists
/// of records people write by hand.
///
/// ```yaml
/// format: cardport
/// version: 1
/// citations:
/// - id: c1
///   text: |
///     Ars longa,
///     vita brevis.
///   author: Hippocrates
///   tags: [medicine]
///   favourite: false
///   archived: false
/// ```
///
/// or simply
///
/// ```yaml
/// - quote: Ars longa, vita brevis.
///   by: Hippocrates
/// ```
///
/// Parsing goes through libyaml's event API, one record at a time, with aliases, nesting and value
/// sizes bounded by ``YAMLLimits``. The writer produces the block style libyaml's emitter would, at
/// byte level (the emitter was the largest cost of a conversion to YAML); it streams the first kind
/// it is given and holds the others until ``RecordWriter/finish()``, like the JSON document.
public struct YAMLFormat: CardFormat {
    /// The document version this build writes and the newest it reads (the native JSON document's).
    public static let version = 1

    /// The bounds applied to every input, when not those of ``ReadOptions/limits`` (`nil`).
    public var limits: YAMLLimits?

    /// The format; `limits` overrides the reader's ``ReadOptions/limits``.
    public init(limits: YAMLLimits? = nil) {
        self.limits = limits
    }

    public let descriptor = FormatDescriptor(
        id: "yaml", aliases: ["yml"], extensions: ["yaml", "yml"], mediaType: "application/yaml",
        reads: Set(RecordKind.allCases), writes: Set(RecordKind.allCases),
        summary: "the Cardport document as YAML (every kind, lossless), or a hand-written list of records")

    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        let text = String(decoding: prefix.prefix(4096), as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("%") || trimmed.hasPrefix("---") {
                continue
            }
            if trimmed.hasPrefix("format: cardport") { return .certain }
            if trimmed.hasPrefix("{") || trimmed.hasPrefix("[") || trimmed.hasPrefix("\"") { return .no }
            if trimmed.hasPrefix("- ") || trimmed.contains(": ") || trimmed.hasSuffix(":") {
                return .possible
            }
            return .no
        }
        return .possible
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        YAMLReader(input: input, options: options, limits: limits ?? YAMLLimits(options.limits))
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        YAMLWriter(output: output)
    }
}
