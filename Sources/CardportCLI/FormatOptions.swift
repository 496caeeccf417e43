import ArgumentParser
import CardportCore

/// `--from`, `--to` and `--kind`, and the format options of commands that read and write formats.
struct FormatOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read inputs as this format (see 'cardport formats').", valueName: "format"))
    var from: String?

    @Option(help: ArgumentHelp("Write this format (else the output's extension decides).", valueName: "format"))
    var to: String?

    @Option(help: ArgumentHelp("Only records of this kind: citations, bookmarks, tasks, topics, tags or settings.", valueName: "kind"),
            transform: parseKind)
    var kind: RecordKind?

    @OptionGroup var delimited: DelimitedTextOptions

    @OptionGroup var plist: PlistOptions

    @Flag(help: "Report what a lenient format cannot map (a Markdown list item that is neither a task nor a link) as an error.")
    var strict = false

    @Flag(name: .customLong("in-place"),
          help: "Allow the output to be an input: it is replaced, atomically, only when the whole run succeeds.")
    var inPlace = false

    /// The writer options these flags ask for.
    var writeOptions: WriteOptions {
        plist.apply(to: WriteOptions(delimiter: delimited.delimiter, formulaGuard: !delimited.noFormulaGuard))
    }
}

/// `--plist-key`, `--plist-format` and `--plist-base`, for the apps' property lists (the `plist` format).
struct PlistOptions: ParsableArguments {
    @Option(name: .customLong("plist-key"),
            help: ArgumentHelp("The property-list key that holds the cards (read: as well as the apps' own keys; write: instead of 'cards'; 'favourites' for the quotes app).",
                               valueName: "key"))
    var key: String?

    @Option(name: .customLong("plist-format"), help: ArgumentHelp("Write a property list as xml or binary (default: xml).", valueName: "form"),
            transform: parsePlistForm)
    var binary = false

    @Option(name: .customLong("plist-base"),
            help: ArgumentHelp("Write a property list holding every key of this one (an app's domain), with Cardport's keys replaced.",
                               valueName: "file"))
    var base: String?

    /// `options` with these flags' settings.
    func apply(to options: WriteOptions) -> WriteOptions {
        var options = options
        options.plistKey = key
        options.plistBinary = binary
        options.plistBase = base
        return options
    }
}

/// `xml` or `binary`, for `--plist-format`: whether the list is binary.
func parsePlistForm(_ text: String) throws -> Bool {
    switch text.lowercased() {
    case "xml": return false
    case "binary": return true
    default: throw ValidationError("--plist-format must be xml or binary, not '\(text)'")
    }
}

/// `--delimiter` and `--no-formula-guard`, for CSV and its dialects.
struct DelimitedTextOptions: ParsableArguments {
    @Option(help: ArgumentHelp("CSV field delimiter: one ASCII character, or 'tab' (read: sniffed when absent; write: ',').",
                               valueName: "char"),
            transform: parseDelimiter)
    var delimiter: UInt8?

    @Flag(name: .customLong("no-formula-guard"),
          help: "Write CSV cells that start with =, +, -, @, tab or CR as they are, without a leading '.")
    var noFormulaGuard = false
}

/// Reads `--inspect`-style inputs with only `--from`, `--kind`, `--delimiter` and `--strict`.
struct InputFormatOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Read inputs as this format (see 'cardport formats').", valueName: "format"))
    var from: String?

    @Option(help: ArgumentHelp("Read records without a kind as this kind.", valueName: "kind"), transform: parseKind)
    var kind: RecordKind?

    @Option(help: ArgumentHelp("CSV field delimiter: one ASCII character, or 'tab' (sniffed when absent).", valueName: "char"),
            transform: parseDelimiter)
    var delimiter: UInt8?

    @Option(name: .customLong("plist-key"),
            help: ArgumentHelp("The property-list key that holds the cards, as well as the apps' own keys.", valueName: "key"))
    var plistKey: String?

    @Flag(help: "Report what a lenient format cannot map (a Markdown list item that is neither a task nor a link) as an error.")
    var strict = false
}

/// Options that shape how readers read, shared by the commands that read inputs.
struct ReadingOptions: ParsableArguments {
    @Option(name: .customLong("folders-as-tags"),
            help: ArgumentHelp("Which folder names become bookmark tags (bookmark HTML, Firefox JSON, XBEL, OPML): none, parent or all (default: all).",
                               valueName: "which"),
            transform: parseFoldersAsTags)
    var foldersAsTags: FoldersAsTags = .all

    @Flag(name: .customLong("keep-versions"),
          help: "Keep the versions of a Kindle highlight that a later edit replaced, in the citation's extras (kindle_versions).")
    var keepVersions = false

    @OptionGroup var limits: LimitOptions

    /// The options for every reader of the command, with its `--kind`, `--delimiter` and `--strict`.
    func readOptions(kind: RecordKind?, delimiter: UInt8?, strict: Bool, plistKey: String? = nil) -> ReadOptions {
        var options = ReadOptions(kind: kind, foldersAsTags: foldersAsTags, delimiter: delimiter, strict: strict)
        options.plistKey = plistKey
        options.limits = limits.readLimits
        options.keepsVersions = keepVersions
        return options
    }
}

/// `--max-input-size`, `--max-field-size`, `--max-depth`, `--max-records`, `--max-expansion` and
/// `--max-attributes`:
/// raise the bounds readers keep to (Formats.md, "Limits").
struct LimitOptions: ParsableArguments {
    @Option(name: .customLong("max-input-size"),
            help: ArgumentHelp("Most bytes of one input held in memory at once (a whole file for formats read whole); K, M or G suffix (default: 256M).",
                               valueName: "size"),
            transform: parseSize)
    var maximumInputSize: Int = ReadLimits.defaultInputSize

    @Option(name: .customLong("max-field-size"),
            help: ArgumentHelp("Longest field, line or scalar (a CSV record, an XML text, a YAML scalar, a JSON string); K, M or G suffix (default: 16M).",
                               valueName: "size"),
            transform: parseSize)
    var maximumFieldSize: Int = ReadLimits.defaultFieldSize

    @Option(name: .customLong("max-depth"),
            help: ArgumentHelp("Deepest nesting of JSON, XML, YAML, Markdown lists and bookmark folders (default: 200, at most 10000).",
                               valueName: "levels"),
            transform: parseDepth)
    var maximumDepth: Int = ReadLimits.defaultDepth

    @Option(name: .customLong("max-records"),
            help: ArgumentHelp("Most records one input may hold (default: 50000000).", valueName: "count"),
            transform: parseCount)
    var maximumRecords: Int = ReadLimits.defaultRecords

    @Option(name: .customLong("max-expansion"),
            help: ArgumentHelp("Most values YAML aliases may expand to in one document (default: 1000000).", valueName: "count"),
            transform: parseCount)
    var maximumExpansion: Int = ReadLimits.defaultExpansion

    @Option(name: .customLong("max-attributes"),
            help: ArgumentHelp("Most attributes of one XML or HTML element (default: 256).", valueName: "count"),
            transform: parseCount)
    var maximumAttributes: Int = ReadLimits.defaultAttributes

    /// The limits these flags ask for.
    var readLimits: ReadLimits {
        ReadLimits(maximumInputSize: maximumInputSize, maximumFieldSize: maximumFieldSize, maximumDepth: maximumDepth,
                   maximumRecords: maximumRecords, maximumExpansion: maximumExpansion, maximumAttributes: maximumAttributes)
    }
}

/// Parses a size flag: bytes with an optional K, M or G suffix.
func parseSize(_ text: String) throws -> Int {
    guard let size = ReadLimits.parseSize(text) else {
        throw ValidationError("'\(text)' is not a size; use a number of bytes with an optional K, M or G suffix, such as 512M")
    }
    return size
}

/// Parses a positive count.
func parseCount(_ text: String) throws -> Int {
    guard let count = Int(text), count > 0 else {
        throw ValidationError("'\(text)' is not a count; use a whole number above 0")
    }
    return count
}

/// Parses `--max-depth`: a positive count no higher than ``ReadLimits/depthCeiling``.
func parseDepth(_ text: String) throws -> Int {
    let depth = try parseCount(text)
    guard depth <= ReadLimits.depthCeiling else {
        throw ValidationError("--max-depth can be at most \(ReadLimits.depthCeiling); deeper nesting could exhaust the stack")
    }
    return depth
}

/// Parses `--delimiter`: one ASCII character other than a quote or a line break, or `tab`.
func parseDelimiter(_ text: String) throws -> UInt8 {
    if text.lowercased() == "tab" || text == "\\t" { return 0x09 }
    guard text.utf8.count == 1, let byte = text.utf8.first, byte < 0x80, byte != 0x22, byte != 0x0A, byte != 0x0D else {
        throw ValidationError("'\(text)' is not a delimiter; use one ASCII character such as , ; | or 'tab'")
    }
    return byte
}

/// Parses `--folders-as-tags`.
func parseFoldersAsTags(_ text: String) throws -> FoldersAsTags {
    guard let value = FoldersAsTags(rawValue: text.lowercased()) else {
        throw ValidationError("'\(text)' is not one of: \(FoldersAsTags.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return value
}

/// Parses `--kind`: a singular or plural kind name.
func parseKind(_ text: String) throws -> RecordKind {
    guard let kind = RecordKind(name: text) else {
        throw ValidationError("'\(text)' is not a kind; use one of: \(RecordKind.allCases.map(\.pluralName).joined(separator: ", "))")
    }
    return kind
}

/// Parses `--split`: `book` or `citation`.
func parseSplit(_ text: String) throws -> SplitLayout {
    guard let layout = SplitLayout(rawValue: text.lowercased()) else {
        throw ValidationError("'\(text)' is not a layout; use one of: \(SplitLayout.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return layout
}

/// How a command prints its report.
enum ReportStyle: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
