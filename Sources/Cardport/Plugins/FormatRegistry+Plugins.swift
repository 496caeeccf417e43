public import CardportCore

extension FormatRegistry {
    /// This registry with the formats of the plugins `search` finds.
    ///
    /// The one call a program needs to use plugins as the command line does:
    ///
    /// ```swift
    /// let registry = try FormatRegistry.standard.addingPlugins(from: .default)
    /// ```
    ///
    /// A plugin whose format would take a built-in format's name is skipped (``PluginSet/broken``
    /// says why); two plugins that claim one name are an error naming both.
    public func addingPlugins(from search: PluginSearch) throws(CardportError) -> FormatRegistry {
        try addingPlugins(PluginSet.discover(search)).registry
    }

    /// This registry with the formats of `plugins`, and the plugins skipped (those of `plugins.broken`
    /// and those that would replace a format of this registry).
    public func addingPlugins(_ plugins: PluginSet) throws(CardportError) -> (registry: FormatRegistry, broken: [PluginSet.Broken]) {
        var registry = self
        var broken = plugins.broken
        var owners: [String: PluginIdentity] = [:]
        for plugin in plugins.plugins {
            let formats = plugin.description.formats.map {
                PluginFormat(plugin: plugin.identity, version: plugin.description.version, format: $0, timeout: plugins.timeout)
            }
            let names = formats.flatMap { [$0.descriptor.id] + $0.descriptor.aliases }
            if let taken = names.first(where: { name in formats.contains { _ in self.formats.contains { $0.descriptor.isNamed(name) } } }) {
                broken.append(PluginSet.Broken(identity: plugin.identity,
                                               reason: "its format '\(taken)' would replace the built-in format of that name"))
                continue
            }
            for name in names {
                if let other = owners[name.lowercased()], other != plugin.identity {
                    throw CardportError(.usage, "two plugins provide the format '\(name)': \(other.path) and \(plugin.identity.path)",
                                        hint: "remove or rename one of them, or run with --no-plugins")
                }
                owners[name.lowercased()] = plugin.identity
            }
            for format in formats { try registry.register(format) }
        }
        return (registry, broken)
    }
}
