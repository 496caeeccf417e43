import CardportCore
import CardportTestSupport
import CardportXML
import Testing

/// Inputs the fuzz targets in Fuzz/ found, kept so the fix stays in place (see Fuzz/README.md).
@Suite struct XMLFuzzRegressionTests {
    /// An internal subset with entity declarations made libxml2 build a document of its own to
    /// hold them, which freeing the parser context left behind (a leak on every such input). The
    /// leak shows only under the address sanitizer; here the outcome stays the same clear error.
    @Test func entityDeclarationsFreeTheDocumentLibxml2BuildsForThem() {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE opml [<!ENTITY a "xx"><!ENTITY b "&a;&a;">]>
            <opml version="1.0"><head><title>T &b;</title></head>
            <body><outline text="A &amp; B" _note="n&#10;l" created="Mon, 06 May 2024 08:30:00 GMT"><outline text="c" type="link" url="https://e.org/"/></outline></body></opml>

            """
        let error = FormatHarness.error(reading: document, as: OPMLFormat(), name: "leak.opml")
        #expect(error?.code == .limitExceeded)
        #expect(error?.message == "the document declares an entity ('a'); Cardport reads no entity declarations")
        #expect(error?.location?.line == 2)
        #expect(error?.isRecoverable == false)
    }
}
