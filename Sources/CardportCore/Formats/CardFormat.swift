/// A file format Cardport can read, write, or both.
///
/// A format is a small value: its ``descriptor``, a ``sniff(_:)`` that looks at the first bytes of
/// an input, and factories for a streaming reader and writer. Add one to a ``FormatRegistry`` to
/// make it available to every command:
///
/// ```swift
/// var registry = FormatRegistry.standard
/// try registry.register(MyFormat())
/// ```
public protocol CardFormat: Sendable {
    var descriptor: FormatDescriptor { get }

    /// How likely it is that an input starting with `prefix` is in this format. `prefix` holds the
    /// first bytes (up to 64 KiB, byte-order mark removed); it may end mid-token.
    func sniff(_ prefix: [UInt8]) -> SniffResult

    /// A reader that parses `input` one record at a time.
    func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader

    /// A writer that appends records to `output`.
    func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter

    /// A writer that spreads records over several files in `directory` (``WriteOptions/split``), or
    /// `nil` when the format only writes single files.
    func makeDirectoryWriter(_ directory: OutputDirectory, options: WriteOptions) throws(CardportError) -> (any RecordWriter)?
}

extension CardFormat {
    /// The format's id.
    public var id: String { descriptor.id }

    /// Whether the format can be read at all.
    public var canRead: Bool { !descriptor.reads.isEmpty }

    /// Whether the format can be written at all.
    public var canWrite: Bool { !descriptor.writes.isEmpty }

    /// Formats write single files unless they say otherwise.
    public func makeDirectoryWriter(_ directory: OutputDirectory, options: WriteOptions) throws(CardportError) -> (any RecordWriter)? {
        nil
    }
}

/// What a reader may be told by the command that runs it.
public struct ReadOptions: Sendable, Hashable {
    /// The kind to read records as, when the format cannot tell by itself (`--kind`).
    public var kind: RecordKind?
    /// `--strict`: report what a lenient format could not map (a Markdown list item that is neither
    /// a task nor a link) as an error with its location, instead of passing over it.
    public var strict: Bool

    /// Which enclosing folder names become a bookmark's tags (`--folders-as-tags`), for formats that
    /// keep bookmarks in folders (Netscape bookmark HTML, Firefox bookmark backups, XBEL, OPML).
    public var foldersAsTags: FoldersAsTags

    /// The field delimiter of a delimited-text input, an ASCII byte (`--delimiter`); `nil` lets
    /// the reader sniff it (CSV: the most frequent of `,` `;` tab `|` in the header).
    public var delimiter: UInt8?

    /// The bounds the reader keeps to (`--max-input-size`, `--max-field-size`, `--max-depth`,
    /// `--max-records`, `--max-expansion`); see ``ReadLimits``.
    public var limits: ReadLimits = .standard

    /// `--keep-versions`: a reader that replays edits (Kindle) keeps the versions an edit replaced
    /// as the surviving card's history instead of dropping them. An import into the store always does.
    public var keepsVersions: Bool = false

    /// `--plist-key`: the key of a property list whose value holds the cards (the `plist` format;
    /// `nil` reads the apps' own keys).
    public var plistKey: String?

    /// The threads the reader may run parts of its work on, given by the program that runs it;
    /// without them a reader does all its work on the thread that reads. Threads change how fast a
    /// reader reads, never what it reads: they take no part in comparing options.
    public var threads: (any ReadThreads)? {
        get { givenThreads.threads }
        set { givenThreads = GivenThreads(threads: newValue) }
    }
    private var givenThreads = GivenThreads()

    /// ``threads`` as a stored value equal to any other.
    private struct GivenThreads: Sendable, Hashable {
        var threads: (any ReadThreads)?
        static func == (_: GivenThreads, _: GivenThreads) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
    }

    /// Options for a reader.
    public init(kind: RecordKind? = nil, foldersAsTags: FoldersAsTags = .all, delimiter: UInt8? = nil,
                strict: Bool = false) {
        self.kind = kind
        self.foldersAsTags = foldersAsTags
        self.delimiter = delimiter
        self.strict = strict
    }
}

/// What a writer may be told by the command that runs it.
public struct WriteOptions: Sendable, Hashable {
    /// The field delimiter of a delimited-text output, an ASCII byte (`--delimiter`); `nil` is the
    /// format's default (CSV: a comma, a tab for a `.tsv` file).
    public var delimiter: UInt8?

    /// Whether a CSV cell that a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
    /// `@`, tab or CR) is written with a leading `'`; `--no-formula-guard` turns it off.
    public var formulaGuard: Bool

    /// `--split`: write one file per book or per citation into a directory, for formats that can
    /// (see ``CardFormat/makeDirectoryWriter(_:options:)``); `nil` writes one file.
    public var split: SplitLayout?

    /// `--plist-key`: the key a property list keeps the cards under (`favourites` writes the quotes
    /// app's favourites; `nil` is the citation app's `cards`).
    public var plistKey: String?

    /// `--plist-format binary`: a binary property list rather than XML.
    public var plistBinary = false

    /// `--plist-base FILE`: a property list whose keys the written one starts from, so that the
    /// keys of an app's domain that Cardport does not write are kept.
    public var plistBase: String?

    /// `--force`: an export into a folder of notes replaces generated blocks the user edited by
    /// hand with the store's version, instead of keeping them and reporting a conflict.
    public var replacesEditedBlocks = false

    /// `--template FILE`: an export into a folder of notes renders each note from this template
    /// (Stencil) instead of the built-in layout.
    public var noteTemplate: String?

    /// Whether archived citations come to a folder writer only so that their blocks are removed
    /// from the notes (an export from the store sets it), rather than to be written.
    public var archivedAreRemovals = false

    /// Options for a writer.
    public init(delimiter: UInt8? = nil, formulaGuard: Bool = true, split: SplitLayout? = nil) {
        self.delimiter = delimiter
        self.formulaGuard = formulaGuard
        self.split = split
    }
}
