public import CardportCore
import Foundation

/// A format a plugin provides, used like a built-in one: reading and writing run the plugin.
///
/// Sniffing needs no process when the plugin gave magic text or a pattern; a plugin that asked for
/// `sniff: true` is run as `PLUGIN sniff FORMAT` with the first bytes on standard input, once for
/// the same bytes: the verdict is kept for the life of the registry (one run), so planning and
/// resolving an input never start the plugin twice for it.
public struct PluginFormat: CardFormat {
    /// The plugin that provides the format.
    public let plugin: PluginIdentity
    /// The plugin's version, as `cardport formats` shows it.
    public let version: String
    /// The format as the plugin described it.
    public let format: PluginDescription.Format
    /// How long the plugin may go without output.
    public let timeout: Double
    /// The descriptor Cardport registers.
    public let descriptor: FormatDescriptor
    /// The verdicts of `PLUGIN sniff`, by the bytes it was given.
    private let verdicts = SniffVerdicts()

    /// Whether the format's files are binary: the plugin gets their bytes untouched.
    public var isBinary: Bool { format.binary == true }

    /// Makes the format `format` of `plugin`.
    public init(plugin: PluginIdentity, version: String, format: PluginDescription.Format, timeout: Double) {
        self.plugin = plugin
        self.version = version
        self.format = format
        self.timeout = timeout
        descriptor = PluginDescription.descriptor(of: format)
    }

    /// Most bytes a pattern is matched against.
    static let patternWindow = 4096

    /// How sure the plugin's format is of a file starting with `prefix`: certain by its magic text
    /// or pattern, else what `PLUGIN sniff` says when the format asked for it.
    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        guard descriptor.reads.isEmpty == false else { return .no }
        for magic in format.magic ?? [] where !magic.isEmpty && prefix.starts(with: Array(magic.utf8)) {
            return .certain
        }
        if let pattern = format.pattern, let regex = try? Regex(pattern) {
            let text = String(decoding: prefix.prefix(PluginFormat.patternWindow), as: UTF8.self)
            if (try? regex.prefixMatch(in: text)) != nil { return .certain }
        }
        guard format.sniff == true, !prefix.isEmpty else { return .no }
        return verdicts.verdict(for: prefix) { askPlugin(prefix) }
    }

    /// Runs `PLUGIN sniff FORMAT` on `prefix`; a failure, a timeout or another answer is `no`.
    private func askPlugin(_ prefix: [UInt8]) -> SniffResult {
        guard let answer = try? PluginProcess.collect(plugin, arguments: ["sniff", format.id], input: prefix,
                                                      timeout: timeout, limit: 64) else { return .no }
        switch String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) {
        case "certain": return .certain
        case "possible": return .possible
        default: return .no
        }
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        try PluginReader(format: self, input: input, options: options)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        try PluginWriter(format: self, output: output)
    }
}
