/// The bounds every reader keeps to, so that no input can make Cardport use unbounded memory or time.
///
/// One value, carried by ``ReadOptions/limits``, holds them all; each has a default generous enough
/// for any real collection and a command-line flag to raise it (Formats.md, "Limits", has the table).
/// A reader that hits one throws ``CardportError/Code/limitExceeded`` with a message naming the
/// limit, a hint naming the flag, and the location in the input (see ``exceeded(_:_:at:in:)``).
///
/// ```swift
/// var options = ReadOptions()
/// options.limits.maximumDepth = 1000          // --max-depth 1000
/// let reader = try format.makeReader(input, options: options)
/// ```
public struct ReadLimits: Sendable, Hashable {
    /// One of the limits, with its name and flag for messages.
    public enum Limit: String, Sendable, Hashable, CaseIterable {
        /// ``ReadLimits/maximumInputSize``.
        case inputSize
        /// ``ReadLimits/maximumFieldSize``.
        case fieldSize
        /// ``ReadLimits/maximumDepth``.
        case depth
        /// ``ReadLimits/maximumRecords``.
        case records
        /// ``ReadLimits/maximumExpansion``.
        case expansion
        /// ``ReadLimits/maximumAttributes``.
        case attributes

        /// The limit's name as messages say it.
        public var name: String {
            switch self {
            case .inputSize: return "maximum input size"
            case .fieldSize: return "maximum field size"
            case .depth: return "maximum depth"
            case .records: return "maximum records per input"
            case .expansion: return "maximum expansion"
            case .attributes: return "maximum attributes per element"
            }
        }

        /// The command-line flag that raises the limit.
        public var flag: String {
            switch self {
            case .inputSize: return "--max-input-size"
            case .fieldSize: return "--max-field-size"
            case .depth: return "--max-depth"
            case .records: return "--max-records"
            case .expansion: return "--max-expansion"
            case .attributes: return "--max-attributes"
            }
        }

        /// Whether the limit counts bytes (shown as `256M`) rather than levels or items.
        public var isSize: Bool { self == .inputSize || self == .fieldSize }
    }

    /// The most bytes held in memory for one input at once: a whole file for the formats that are
    /// read whole (Kindle clippings, Firefox bookmark backups, a JSON quote list), one record for the
    /// others. Default 256 MiB (`--max-input-size`).
    public var maximumInputSize: Int
    /// The longest single field, line or scalar, in bytes: a CSV record, an XML title or description,
    /// an XML or HTML name, attribute value or whole start tag, a YAML scalar, a JSON string. Default 16 MiB (`--max-field-size`).
    public var maximumFieldSize: Int
    /// The deepest nesting of JSON arrays and objects, XML elements, YAML collections, Markdown lists
    /// and bookmark folders. Default 200 (`--max-depth`); at most ``depthCeiling``.
    public var maximumDepth: Int
    /// The most records one input may hold. Default 50 million (`--max-records`).
    public var maximumRecords: Int
    /// The most values that aliases may expand to in one YAML document (entities are never expanded:
    /// XML readers refuse any entity declaration). Default 1 million (`--max-expansion`).
    public var maximumExpansion: Int
    /// The most attributes one XML or HTML element may have. Default 256 (`--max-attributes`).
    ///
    /// libxml2 compares each attribute of an element with every one before it, so an element's cost
    /// grows with the square of its attribute count: the limit is what keeps that cost per byte small.
    public var maximumAttributes: Int

    /// The default maximum input size: 256 MiB.
    public static let defaultInputSize = 256 << 20
    /// The default maximum field size: 16 MiB.
    public static let defaultFieldSize = 16 << 20
    /// The default maximum depth: 200 levels.
    public static let defaultDepth = 200
    /// The default maximum records per input: 50 million.
    public static let defaultRecords = 50_000_000
    /// The default maximum alias expansion: 1 million values.
    public static let defaultExpansion = 1_000_000
    /// The default maximum attributes per element: 256.
    public static let defaultAttributes = 256
    /// The highest ``maximumDepth`` accepted: parsers of nested formats recurse, and every format is
    /// tested to read this deep on the 64 MiB stack every reader runs on (Formats.md, "Limits").
    public static let depthCeiling = 10_000

    /// The defaults, every one of which a flag can raise.
    public static let standard = ReadLimits()

    /// Limits; every one defaults to its documented default.
    public init(maximumInputSize: Int = ReadLimits.defaultInputSize, maximumFieldSize: Int = ReadLimits.defaultFieldSize,
                maximumDepth: Int = ReadLimits.defaultDepth, maximumRecords: Int = ReadLimits.defaultRecords,
                maximumExpansion: Int = ReadLimits.defaultExpansion, maximumAttributes: Int = ReadLimits.defaultAttributes) {
        self.maximumInputSize = maximumInputSize
        self.maximumFieldSize = maximumFieldSize
        self.maximumDepth = Swift.min(maximumDepth, ReadLimits.depthCeiling)
        self.maximumRecords = maximumRecords
        self.maximumExpansion = maximumExpansion
        self.maximumAttributes = maximumAttributes
    }

    /// The value of one limit.
    public subscript(limit: Limit) -> Int {
        switch limit {
        case .inputSize: return maximumInputSize
        case .fieldSize: return maximumFieldSize
        case .depth: return maximumDepth
        case .records: return maximumRecords
        case .expansion: return maximumExpansion
        case .attributes: return maximumAttributes
        }
    }

    /// The hint for a limit that was hit: the flag, with a value twice the current one.
    ///
    /// ```swift
    /// ReadLimits().hint(for: .depth)   // "raise it with --max-depth 400"
    /// ```
    public func hint(for limit: Limit) -> String {
        if limit == .depth, maximumDepth >= ReadLimits.depthCeiling {
            return "\(ReadLimits.depthCeiling) is the most \(limit.flag) allows; flatten the input's nesting"
        }
        let doubled = self[limit] > Int.max / 2 ? self[limit] : self[limit] * 2
        let value = limit == .depth ? Swift.min(doubled, ReadLimits.depthCeiling) : doubled
        return "raise it with \(limit.flag) \(limit.isSize ? ReadLimits.formatSize(value) : String(value))"
    }

    /// The limit's value as messages show it: `256M` for sizes, the number otherwise.
    public func shown(_ limit: Limit) -> String {
        limit.isSize ? ReadLimits.formatSize(self[limit]) : String(self[limit])
    }

    /// The message for a limit that was hit: `what` (a phrase ending in "than") followed by the
    /// limit's name and value.
    ///
    /// ```swift
    /// ReadLimits().message(.depth, "lists nest deeper than")
    /// // "lists nest deeper than the maximum depth (200)"
    /// ```
    public func message(_ limit: Limit, _ what: String) -> String {
        "\(what) the \(limit.name) (\(shown(limit)))"
    }

    /// The error for a limit that was hit at a byte offset of `input`, with ``message(_:_:)`` and
    /// ``hint(for:)``.
    ///
    /// ```swift
    /// throw options.limits.exceeded(.depth, "lists nest deeper than", at: offset, in: input)
    /// ```
    public func exceeded(_ limit: Limit, _ what: String, at offset: Int, in input: ByteInput) -> CardportError {
        input.error(.limitExceeded, message(limit, what), at: offset, hint: hint(for: limit))
    }

    /// The error for a limit that was hit at a known location.
    public func exceeded(_ limit: Limit, _ what: String, location: SourceLocation?, sourceLine: String? = nil) -> CardportError {
        CardportError(.limitExceeded, message(limit, what), location: location, sourceLine: sourceLine,
                      hint: hint(for: limit))
    }

    /// A size as flags take it: whole gibibytes as `1G`, mebibytes as `16M`, kibibytes as `4K`, else bytes.
    public static func formatSize(_ bytes: Int) -> String {
        for (suffix, shift) in [("G", 30), ("M", 20), ("K", 10)] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(suffix)"
        }
        return String(bytes)
    }

    /// Parses a size flag: a number of bytes with an optional `K`, `M` or `G` suffix (powers of 1024;
    /// a trailing `B` or `iB` is allowed), or `nil` when `text` is not one.
    ///
    /// ```swift
    /// ReadLimits.parseSize("512M")   // 536_870_912
    /// ```
    public static func parseSize(_ text: String) -> Int? {
        var digits = Substring(text.uppercased())
        if digits.hasSuffix("IB") { digits = digits.dropLast(2) } else if digits.hasSuffix("B") { digits = digits.dropLast() }
        var shift = 0
        if let last = digits.last, let found = ["K": 10, "M": 20, "G": 30][String(last)] {
            shift = found
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value > 0,
              value <= Int.max >> shift else { return nil }
        return value << shift
    }
}
