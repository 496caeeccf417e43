/// The formats a command can use, and how an input or output finds its format.
///
/// A registry is a plain value: `FormatRegistry.standard` (in the `Cardport` module) lists every
/// built-in format, and a program or test builds its own by adding to a copy. Order matters in one
/// place only: when several formats share a file extension, the first registered is the default
/// for writing such a file and for reading one that sniffing cannot place.
///
/// Resolution, for reading: an explicit name (id or alias) wins; else the file's extension narrows
/// the candidates and sniffing the first bytes picks among them; with no extension, sniffing alone
/// decides. Content overrides an extension only when no candidate recognises the first bytes, the
/// extension's default format fails to read them, and exactly one other format is certain of them
/// and reads a record from them (``resolveRead(named:path:prefix:isWholeInput:options:)``). For writing: an
/// explicit name, else the extension. Unknown and ambiguous names are errors that list the candidates.
///
/// ```swift
/// var registry = FormatRegistry()
/// try registry.register(NativeJSONFormat())
/// let format = try registry.writeFormat(named: nil, path: "backup.json")
/// ```
public struct FormatRegistry: Sendable {
    /// The registered formats, in registration order.
    public private(set) var formats: [any CardFormat] = []

    /// An empty registry.
    public init() {}

    /// A registry of these formats, in this order.
    ///
    /// Meant for lists written in code, like `FormatRegistry.standard`: two formats that share a
    /// name are a programming error and stop the program. Add formats that come from elsewhere with
    /// ``register(_:)``, which throws instead.
    public init(_ formats: [any CardFormat]) {
        for format in formats {
            do { try register(format) } catch { preconditionFailure(error.message) }
        }
    }

    /// Adds a format; its id and aliases must not name a format already registered.
    public mutating func register(_ format: any CardFormat) throws(CardportError) {
        let names = [format.descriptor.id] + format.descriptor.aliases
        for name in names {
            if let clash = formats.first(where: { $0.descriptor.isNamed(name) }) {
                throw CardportError(.usage, "cannot register format '\(format.id)': the name '\(name)' is taken by '\(clash.id)'")
            }
        }
        formats.append(format)
    }

    /// The ids of every registered format, in order.
    public var ids: [String] { formats.map(\.id) }

    /// The format with this id or alias (any case).
    public func format(named name: String) throws(CardportError) -> any CardFormat {
        if let format = formats.first(where: { $0.descriptor.isNamed(name) }) { return format }
        let names = formats.flatMap { [$0.descriptor.id] + $0.descriptor.aliases }
        let near = NearestNames.didYouMean(name, among: names).map { $0 + " " } ?? ""
        throw CardportError(.unknownFormat, "unknown format '\(name)'; known formats: \(ids.joined(separator: ", "))",
                            hint: near + "run 'cardport formats' to see what each one reads and writes")
    }

    /// The formats that list an extension (without the dot, any case), in registration order.
    public func formats(forExtension ext: String) -> [any CardFormat] {
        let lower = ext.lowercased()
        return formats.filter { $0.descriptor.extensions.contains(lower) }
    }

    /// The lower-cased extension of a path (`My.Quotes.JSON` → `json`), or `nil` for none or `-`.
    public static func pathExtension(_ path: String) -> String? {
        guard path != "-" else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty ? nil : ext.lowercased()
    }

    // MARK: Reading

    /// Chooses the format to read an input with.
    ///
    /// The format of ``resolveRead(named:path:prefix:isWholeInput:options:)``, for callers that do
    /// not report a content override.
    ///
    /// - Parameters:
    ///   - name: `--from`, if given.
    ///   - path: the input's path (`-` or `nil` for standard input).
    ///   - prefix: the input's first bytes, for sniffing.
    public func readFormat(named name: String?, path: String?, prefix: [UInt8]) throws(CardportError) -> any CardFormat {
        try resolveRead(named: name, path: path, prefix: prefix, isWholeInput: false).format
    }

    /// Chooses the format to read an input with, and says whether content overrode the extension.
    ///
    /// With an extension that some formats list, a candidate certain of the first bytes wins (two
    /// are an ambiguity error), then the first that finds them possible. When no candidate
    /// recognises them, the extension's default format (the first registered for it) is kept
    /// unless all of these hold: it fails to read the first bytes, exactly one format in the
    /// registry is certain of them, and that format reads a record from them. Then content wins and the result
    /// says which format the extension suggested and why it was passed over, so a later failure can
    /// name both. A damaged file therefore fails as what its name says it is, instead of being read
    /// as garbage by a format that happens to match a word of it.
    ///
    /// - Parameters:
    ///   - name: `--from`, if given.
    ///   - path: the input's path (`-` or `nil` for standard input).
    ///   - prefix: the input's first bytes, for sniffing and for the trial reads.
    ///   - isWholeInput: whether `prefix` is the whole input; if not, an error a trial read meets
    ///     on the prefix's last line may come from the cut, and does not count as a failure.
    ///   - options: the options the trial reads use.
    public func resolveRead(named name: String?, path: String?, prefix: [UInt8], isWholeInput: Bool,
                            options: ReadOptions = ReadOptions()) throws(CardportError) -> FormatResolution {
        let shown = path.map { $0 == "-" ? "standard input" : "'\($0)'" } ?? "standard input"
        if let name {
            let format = try format(named: name)
            guard format.canRead else {
                throw CardportError(.unsupportedKind, "format '\(format.id)' can only be written, not read",
                                    hint: "readable formats: \(readableIDs)")
            }
            return FormatResolution(format: format)
        }
        let readable = formats.filter(\.canRead)
        // The formats that claim the extension are sniffed first, and the others only when those
        // do not settle it: a sniff may be costly (a plugin's starts a process).
        let ext = path.flatMap(FormatRegistry.pathExtension)
        let candidates = readable.filter { format in ext.map(format.descriptor.extensions.contains) ?? false }
            .map { ($0, $0.sniff(prefix)) }
        if !candidates.isEmpty {
            let sure = candidates.filter { $0.1 == .certain }.map(\.0)
            if sure.count == 1 { return FormatResolution(format: sure[0]) }
            if sure.count > 1 { throw ambiguity(shown, sure) }
            if let likely = candidates.first(where: { $0.1 == .possible }) { return FormatResolution(format: likely.0) }
        }
        let scores = readable.map { format in
            candidates.first { $0.0.id == format.id } ?? (format, format.sniff(prefix))
        }
        let certain = scores.filter { $0.1 == .certain }.map(\.0)
        if let suggested = candidates.first?.0 {
            let name = path ?? "<stdin>"
            guard certain.count == 1,
                  case .failed(let failure) = FormatRegistry.trial(suggested, prefix, name: name,
                                                                    isWholeInput: isWholeInput, options: options),
                  case .record = FormatRegistry.trial(certain[0], prefix, name: name, isWholeInput: isWholeInput,
                                                      options: options)
            else { return FormatResolution(format: suggested) }
            return FormatResolution(format: certain[0], overriding: suggested, error: failure)
        }
        if certain.count == 1 { return FormatResolution(format: certain[0]) }
        if certain.count > 1 { throw ambiguity(shown, certain) }
        if let likely = scores.first(where: { $0.1 == .possible }) { return FormatResolution(format: likely.0) }
        throw CardportError(.unknownFormat, "cannot tell the format of \(shown)",
                            hint: "pass --from with one of: \(readableIDs)")
    }

    /// What reading the first record of an input's first bytes gave.
    enum TrialRead {
        /// A record.
        case record
        /// The end, with no record, or an error where the first bytes may have been cut.
        case nothing
        /// An error the cut cannot explain.
        case failed(CardportError)
    }

    /// Reads the first record of `prefix` as `format`.
    static func trial(_ format: any CardFormat, _ prefix: [UInt8], name: String, isWholeInput: Bool,
                      options: ReadOptions) -> TrialRead {
        // Past the last line break of a cut prefix, an error may be the cut's, not the file's.
        let trusted = isWholeInput ? prefix.count : (prefix.lastIndex(of: 0x0A) ?? 0)
        do {
            let input = try ByteInput(bytes: prefix, name: name == "-" ? "<stdin>" : name)
            return try format.makeReader(input, options: options).next() == nil ? .nothing : .record
        } catch {
            guard isWholeInput || (error.location.map { $0.offset < trusted } ?? false) else { return .nothing }
            return .failed(error)
        }
    }

    private var readableIDs: String { formats.filter(\.canRead).map(\.id).joined(separator: ", ") }
    private var writableIDs: String { formats.filter(\.canWrite).map(\.id).joined(separator: ", ") }

    private func ambiguity(_ shown: String, _ candidates: [any CardFormat]) -> CardportError {
        CardportError(.ambiguousFormat,
                      "\(shown) could be read as \(candidates.map(\.id).joined(separator: " or "))",
                      hint: "pass --from to choose")
    }

    // MARK: Writing

    /// Chooses the format to write an output with, from `--to` or the output path's extension.
    ///
    /// `kinds`, when given, are the kinds the output is to hold: of the formats the extension may
    /// mean, the first that can hold one of them is chosen (tasks to `x.txt` are todo.txt).
    public func writeFormat(named name: String?, path: String?,
                            holding kinds: Set<RecordKind>? = nil) throws(CardportError) -> any CardFormat {
        if let name {
            let format = try format(named: name)
            guard format.canWrite else {
                throw CardportError(.unsupportedKind, "format '\(format.id)' can only be read, not written",
                                    hint: "writable formats: \(writableIDs)")
            }
            return format
        }
        guard let path, path != "-" else {
            throw CardportError(.usage, "cannot tell which format to write to standard output",
                                hint: "pass --to with one of: \(writableIDs)")
        }
        guard let ext = FormatRegistry.pathExtension(path) else {
            throw CardportError(.usage, "cannot tell which format to write to '\(path)': it has no extension",
                                hint: "pass --to with one of: \(writableIDs)")
        }
        let candidates = formats.filter { $0.canWrite && $0.descriptor.extensions.contains(ext) }
        // Of the formats an extension may mean (`.txt`: Kindle, todo.txt), the first that can hold
        // what is written.
        if let kinds, let able = candidates.first(where: { !$0.descriptor.writes.isDisjoint(with: kinds) }) {
            return able
        }
        guard let format = candidates.first else {
            let known = Set(formats.filter(\.canWrite).flatMap(\.descriptor.extensions)).sorted()
            throw CardportError(.unknownFormat, "no format writes '.\(ext)' files",
                                hint: "pass --to with one of: \(writableIDs); known extensions: \(known.map { "." + $0 }.joined(separator: ", "))")
        }
        return format
    }
}
