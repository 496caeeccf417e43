import Cardport
import CardportCore
import Testing

/// What `describe` may answer, and the reason given for an answer that is refused.
@Suite struct PluginDescriptionTests {
    @Test func decodesAFullDescription() throws {
        let text = #"{"protocol":1,"version":"2.1","formats":[{"id":"mrexpt","aliases":["moonreader"],"extensions":[".MREXPT"],"media_type":"text/plain","reads":["citations"],"writes":[],"summary":"s","magic":["1"],"pattern":"[0-9]+","sniff":false}]}"#
        let description = try PluginDescription.decode(Array(text.utf8))
        #expect(description.version == "2.1")
        let format = PluginFormat(plugin: PluginIdentity(path: "/p/cardport-format-moon"), version: "2.1",
                                  format: description.formats[0], timeout: 1)
        #expect(format.plugin.name == "moon")
        #expect(format.descriptor == FormatDescriptor(id: "mrexpt", aliases: ["moonreader"], extensions: ["mrexpt"],
                                                      mediaType: "text/plain", reads: [.citation], writes: [], summary: "s"))
        #expect(format.sniff(Array("123\nindent:true".utf8)) == .certain)
        #expect(format.sniff(Array("indent".utf8)) == .no)
    }

    @Test(arguments: [
        (#"{"protocol":2,"version":"1","formats":[]}"#, "it speaks protocol 2, this Cardport speaks 1"),
        (#"{"protocol":1,"formats":[]}"#, "its description is not valid: 'version' is missing (it printed '{\"protocol\":1,\"formats\":[]}')"),
        (#"{"protocol":1,"version":"1","formats":[]}"#, "it describes no format"),
        (#"{"protocol":1,"version":"1","formats":[{"id":"x","reads":["cards"]}]}"#, "format 'x' names 'cards', which is not a kind"),
        (#"{"protocol":1,"version":"1","formats":[{"id":"x"}]}"#, "format 'x' neither reads nor writes any kind"),
        (#"{"protocol":1,"version":"1","formats":[{"id":"x","reads":["tasks"],"pattern":"("}]}"#,
         "format 'x' has a pattern that is not a regular expression"),
    ])
    func refusesWithAReason(text: String, reason: String) {
        #expect(throws: CardportError.self) { try PluginDescription.decode(Array(text.utf8)) }
        do {
            _ = try PluginDescription.decode(Array(text.utf8))
        } catch {
            #expect(error.message == reason)
        }
    }
}
