public import CardportCore
import Foundation

/// Where the formats of a registry come from, and which plugins were skipped: what `cardport formats`
/// adds under its table.
public struct PluginCatalogue: Sendable {
    /// The text: empty when there are no plugins at all, so a plain installation prints only the table.
    public let text: String

    /// Describes the plugin formats of `registry` and the `broken` plugins.
    public init(registry: FormatRegistry, broken: [PluginSet.Broken]) {
        let plugins = registry.formats.compactMap { $0 as? PluginFormat }
        var lines: [String] = []
        if !plugins.isEmpty {
            lines.append("")
            lines.append("Formats from plugins (the rest are built in):")
            let width = plugins.map(\.id.count).max() ?? 0
            for format in plugins {
                lines.append("  \(format.id.padding(toLength: width, withPad: " ", startingAt: 0))  \(format.plugin.name) \(format.version)  \(format.plugin.path)")
            }
        }
        if !broken.isEmpty {
            lines.append("")
            lines.append("Broken plugins (skipped):")
            for plugin in broken { lines.append("  \(plugin.identity.path): \(plugin.reason)") }
        }
        text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
