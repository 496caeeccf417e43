import CardportMachinery

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
/// and reads a record from them (`resolveRead(named:path:prefix:isWholeInput:options:)`, in the
/// `Cardport` module, which reads inputs). For writing: an
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

    package var readableIDs: String { formats.filter(\.canRead).map(\.id).joined(separator: ", ") }
    package var writableIDs: String { formats.filter(\.canWrite).map(\.id).joined(separator: ", ") }

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
