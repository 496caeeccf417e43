@testable import CardportMachinery
import Testing

@Suite struct PunycodeTests {
    /// Samples from RFC 3492, section 7.1, and well-known IDNA hosts.
    @Test func encodesTheRFCSamples() {
        #expect(Punycode.encode("bücher") == "bcher-kva")
        #expect(Punycode.encode("münchen") == "mnchen-3ya")
        #expect(Punycode.encode("ليهمابتكلموشعربي؟") == "egbpdaj6bu4bxfgehfvwxn")
        #expect(Punycode.encode("他们为什么不说中文") == "ihqwcrb4cv8a8dqg056pqjye")
        #expect(Punycode.encode("Pročprostěnemluvíčesky") == "Proprostnemluvesky-uyb24dma41a")
        #expect(Punycode.encode("3年B組金八先生") == "3B-ww4c5e180e575a65lsy2b")
        #expect(Punycode.encode("abc") == "abc-")
    }

    @Test func convertsOnlyNonASCIILabels() {
        #expect(Punycode.asciiHost("WWW.Bücher.Example") == "www.xn--bcher-kva.example")
        #expect(Punycode.asciiHost("Example.ORG") == "example.org")
        #expect(Punycode.asciiHost("ÉCOLE.fr") == "xn--cole-9oa.fr")
    }
}
