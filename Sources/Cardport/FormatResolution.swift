public import CardportCore

/// The format an input is read with, and whether its content overrode its extension.
///
/// Content overrides an extension only when the extension's formats recognise nothing in the first
/// bytes, the extension's default format fails to read them, and exactly one other format is certain
/// of them and reads them. Such an input is read, but its error, if it then fails, names both formats
/// (``explain(_:)``), and a conversion lists ``overrideWarning`` among the input's warnings.
public struct FormatResolution: Sendable {
    /// The format to read the input with.
    public let format: any CardFormat
    /// When content chose ``format`` over the extension: the format the extension suggests.
    public let suggested: (any CardFormat)?
    /// When content chose ``format`` over the extension: the error the suggested format gave on the
    /// input's first bytes.
    public let suggestedError: CardportError?

    /// A resolution the extension, a name or sniffing alone settled.
    public init(format: any CardFormat) {
        self.format = format
        suggested = nil
        suggestedError = nil
    }

    /// A resolution where content chose `format` although the extension suggests `suggested`, which
    /// failed with `error` on the first bytes.
    public init(format: any CardFormat, overriding suggested: any CardFormat, error: CardportError) {
        self.format = format
        self.suggested = suggested
        self.suggestedError = error
    }

    /// Whether content chose the format against the extension.
    public var isContentOverride: Bool { suggested != nil }

    /// The error a read that failed throws: when content chose the format, it names both the
    /// format tried and the one the extension suggests, and what that one found.
    public func explain(_ error: CardportError) -> CardportError {
        guard let suggested, let suggestedError else { return error }
        var copy = error
        copy.message = "read as '\(format.id)' because of its content, not as '\(suggested.id)' as its extension suggests: "
            + error.message
        let found = suggestedError.location.map { " (at \($0.line):\($0.column): \(suggestedError.message))" }
            ?? " (\(suggestedError.message))"
        copy.hint = "as '\(suggested.id)' it fails at once\(found); pass --from \(suggested.id) to see that error, "
            + "or --from \(format.id) to keep this one"
        return copy
    }

    /// The warning a conversion files for an input whose content overrode its extension.
    public var overrideWarning: CardportError? {
        guard let suggested, let suggestedError else { return nil }
        var warning = suggestedError
        warning.message = "read as '\(format.id)' because of its content: as '\(suggested.id)', which its extension "
            + "suggests, it fails here: " + suggestedError.message
        warning.hint = "pass --from \(suggested.id) to read it as '\(suggested.id)' and see the error"
        warning.isRecoverable = true
        return warning
    }
}

extension FormatResolution {
    /// A reader for `input` in the resolved format that keeps to `options.limits`; when content
    /// overrode the extension, its errors name both formats and its notes carry ``overrideWarning``.
    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        let reader: any RecordReader
        do {
            reader = try format.makeBoundedReader(input, options: options)
        } catch {
            throw explain(error)
        }
        guard isContentOverride else { return reader }
        return ContentOverrideReader(base: reader, resolution: self)
    }
}

/// Passes records through from a reader whose format content chose against the extension, and
/// says so: in each error it throws and in its notes.
final class ContentOverrideReader: RecordReader {
    private let base: any RecordReader
    private let resolution: FormatResolution

    init(base: any RecordReader, resolution: FormatResolution) {
        self.base = base
        self.resolution = resolution
    }

    func next() throws(CardportError) -> Record? {
        do {
            return try base.next()
        } catch {
            throw resolution.explain(error)
        }
    }

    var notes: ReaderNotes {
        var notes = base.notes
        if let warning = resolution.overrideWarning { notes.warn(warning) }
        return notes
    }
}
