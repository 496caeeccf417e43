import Cardport
public import CardportCore
import Glibc

/// Feeds one fuzzer input through a reader the way `cardport convert --keep-going` does.
///
/// The first byte of every input is a selector, the rest is the file. The selector picks the format
/// (`selector % formats.count`), `--strict` (bit 7) and, for formats with a delimiter, the delimiter
/// (bits 3–5, see ``delimiters``). A thrown ``CardportError`` is an accepted outcome; a crash, a
/// trap, a hang or runaway memory is a finding, reported by libFuzzer. A reader that keeps
/// returning records or recoverable errors far beyond what the input can hold is stopped with a
/// trap here, so it is reported as a finding instead of spinning until the per-input timeout.
///
/// ```swift
/// let harness = FuzzHarness(formatIDs: ["opml", "xbel", "netscape"])
/// harness.run(bytes)
/// ```
public struct FuzzHarness: Sendable {
    /// The formats this target exercises, in selector order.
    public let formats: [any CardFormat]

    /// Whether the selector also picks a CSV delimiter.
    public let picksDelimiter: Bool

    /// Whether each input is written to a file and read from it, for formats that read their file
    /// by its path (property lists, SQLite databases) rather than from a stream of bytes.
    public let readsFile: Bool

    /// The delimiters a selector can pick: `nil` lets the reader choose, as without `--delimiter`.
    public static let delimiters: [UInt8?] = [nil, UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"),
                                              UInt8(ascii: "|"), UInt8(ascii: " "), UInt8(ascii: "\""), 0]

    /// For a resolution harness: the file extensions the selector picks from (`""` for none).
    public let extensions: [String]

    /// The limits every input is read with: the defaults, with `--max-depth` at its ceiling, so a
    /// depth the documentation allows is fuzzed too.
    public static var limits: ReadLimits {
        var limits = ReadLimits.standard
        limits.maximumDepth = ReadLimits.depthCeiling
        return limits
    }

    /// A harness that resolves each input's format as `cardport convert` does (extension, then
    /// sniffing and the trial reads of ``FormatRegistry/resolveRead(named:path:prefix:isWholeInput:options:)``)
    /// and reads it with what resolution chose: `selector % extensions.count` picks the file's
    /// extension among every one the standard registry reads, and none.
    public init(resolving: Void) {
        formats = []
        picksDelimiter = false
        readsFile = true
        var extensions = [""]
        for format in FormatRegistry.standard.formats where format.canRead {
            for ext in format.descriptor.extensions where !extensions.contains(ext) { extensions.append(ext) }
        }
        self.extensions = extensions
    }

    /// A harness for the readable formats with these ids, from ``FormatRegistry/standard``.
    ///
    /// With `readsFile`, each input is written to a file named with the format's first extension and
    /// opened as `cardport convert` opens a file: by its path for a format that reads its path
    /// (``FormatDescriptor/readsFromPath``), as a stream of the file's bytes for any other.
    public init(formatIDs: [String], picksDelimiter: Bool = false, readsFile: Bool = false) {
        extensions = []
        formats = formatIDs.map { id in
            guard let format = try? FormatRegistry.standard.format(named: id), format.canRead else {
                fatalError("no readable format '\(id)' in the standard registry")
            }
            return format
        }
        self.picksDelimiter = picksDelimiter
        self.readsFile = readsFile
    }

    /// Runs one input: the selector byte, then the file's bytes.
    public func run(_ data: UnsafeRawBufferPointer) {
        guard let selector = data.first else { return }
        let body = Array(data.dropFirst())
        guard !formats.isEmpty else { return resolve(body, selector: selector) }
        let format = formats[Int(selector) % formats.count]
        var options = ReadOptions(strict: selector & 0x80 != 0)
        options.limits = FuzzHarness.limits
        // The threads the commands give every reader (a long CSV input's rows go to workers).
        options.threads = MachineThreads()
        if picksDelimiter { options.delimiter = FuzzHarness.delimiters[Int(selector >> 3) & 7] }

        // Sniffing sees every format, as it does for an input without --from.
        _ = try? FormatRegistry.standard.readFormat(named: nil, path: nil, prefix: Array(body.prefix(4096)))

        read(body, format: format, options: options)
    }

    /// Writes the input to a file with the selected extension and inspects it: resolution, the
    /// reader it chose and every record, through the library's `Inspection`, as the commands do.
    func resolve(_ body: [UInt8], selector: UInt8) {
        let path = FuzzHarness.write(body, extension: extensions[Int(selector & 0x7F) % extensions.count])
        var options = ReadOptions(strict: selector & 0x80 != 0)
        options.limits = FuzzHarness.limits
        for report in (try? Inspection(registry: .standard).run(path: path, options: options)) ?? []
        where report.records > 64 * (body.count + 64) {
            fatalError("\(report.format): \(report.records) records from \(body.count) bytes")
        }
        unlink(path)
    }

    /// Writes an input to the scratch directory as `input.EXT` and returns its path.
    static func write(_ body: [UInt8], extension ext: String) -> String {
        let path = FuzzHarness.scratch + "/input" + (ext.isEmpty ? "" : "." + ext)
        guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
        _ = body.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        return path
    }

    /// A directory of this process's own for the files of the harnesses that read files.
    static let scratch: String = {
        let path = "/tmp/cardport-fuzz-\(getpid())"
        mkdir(path, 0o700)
        return path
    }()

    /// Reads every record, skipping recoverable errors, within a bound no honest reader reaches.
    func read(_ body: [UInt8], format: any CardFormat, options: ReadOptions) {
        let input: ByteInput
        let reader: any RecordReader
        var path: String?
        defer { if let path { unlink(path) } }
        do {
            if readsFile {
                let file = FuzzHarness.write(body, extension: format.descriptor.extensions.first ?? "")
                path = file
                input = format.descriptor.readsFromPath
                    ? try ByteInput(bytes: [UInt8](), name: file)
                    : try ByteInput(path: file, maximumWindow: options.limits.maximumInputSize)
            } else {
                input = try ByteInput(bytes: body, name: "fuzz.\(format.descriptor.extensions.first ?? "in")")
            }
            reader = try format.makeReader(input, options: options)
        } catch {
            return
        }
        // A record or a skipped error needs at least one byte of input in every format; a
        // generous factor covers readers that make several records of one line (Kindle books,
        // Markdown tags).
        let bound = 64 * (body.count + 64)
        var steps = 0
        while true {
            steps += 1
            if steps > bound {
                fatalError("\(format.id): more than \(bound) records or errors from \(body.count) bytes")
            }
            do {
                guard let record = try reader.next() else { break }
                _ = record.kind
            } catch {
                // Rendering reaches the location and source-line code the CLI prints errors with.
                _ = error.description
                if error.isRecoverable { continue }
                break
            }
        }
        _ = reader.notes
    }
}
