import ArgumentParser
import Cardport
import CardportCore

/// The options every command that resolves formats shares: whether to use plugins, and how long to wait for one.
struct PluginOptions: ParsableArguments {
    @Flag(name: .customLong("no-plugins"), help: "Use the built-in formats only; find and run no plugin.")
    var noPlugins = false

    @Option(name: .customLong("plugin-timeout"),
            help: ArgumentHelp("Stop a plugin that shows no progress for this many seconds (default: 60).", valueName: "seconds"))
    var pluginTimeout: Double = PluginSearch.defaultTimeout

    /// Where to look for plugins, from the environment.
    var search: PluginSearch {
        var search = PluginSearch.default
        search.timeout = pluginTimeout
        return search
    }

    /// The plugins found, or none with --no-plugins.
    func plugins() -> PluginSet {
        noPlugins ? .none : PluginSet.discover(search)
    }

    /// The built-in formats and, unless --no-plugins, the plugins' formats: the one place commands get their registry.
    func registry() throws(CardportError) -> FormatRegistry {
        try FormatRegistry.standard.addingPlugins(plugins()).registry
    }
}
