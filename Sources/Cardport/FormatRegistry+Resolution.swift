public import CardportCore

/// Choosing the format an input is read with: by name, extension and content, with trial reads
/// of the first bytes when content and extension disagree (see ``CardportCore/FormatRegistry``).
extension FormatRegistry {
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

    private func ambiguity(_ shown: String, _ candidates: [any CardFormat]) -> CardportError {
        CardportError(.ambiguousFormat,
                      "\(shown) could be read as \(candidates.map(\.id).joined(separator: " or "))",
                      hint: "pass --from to choose")
    }
}
