import Cardport
import Testing

/// Where plugins are looked for, from the environment alone.
@Suite struct PluginSearchTests {
    @Test func followsTheXDGFoldersAndSkipsRelativePathEntries() {
        let search = PluginSearch(environment: ["CARDPORT_PLUGIN_PATH": "/a:rel:", "XDG_DATA_HOME": "/data",
                                                "XDG_CACHE_HOME": "/cache", "HOME": "/home/u", "PATH": "/bin::.:bin:/usr/bin"])
        #expect(search.pluginPath == ["/a", "rel"])
        #expect(search.dataFolder == "/data/cardport/plugins")
        #expect(search.cacheFolder == "/cache/cardport")
        #expect(search.executablePath == ["/bin", "/usr/bin"])
        #expect(search.timeout == 60)
    }

    @Test func fallsBackToTheHomeFolder() {
        let search = PluginSearch(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative"])
        #expect(search.dataFolder == "/home/u/.local/share/cardport/plugins")
        #expect(search.cacheFolder == "/home/u/.cache/cardport")
        #expect(search.pluginPath.isEmpty)
    }
}
