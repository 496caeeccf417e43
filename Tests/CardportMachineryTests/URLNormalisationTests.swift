@testable import CardportMachinery
import Testing

@Suite struct URLNormalisationTests {
    func n(_ text: String) -> String? { URLNormalisation.normalise(text) }

    @Test func lowerCasesTheSchemeAndHostButNotThePath() {
        #expect(n("HTTPS://Example.ORG/Some/Path") == "https://example.org/Some/Path")
    }

    @Test func dropsTheDefaultPortOnly() {
        #expect(n("http://example.org:80/a") == "http://example.org/a")
        #expect(n("https://example.org:443/a") == "https://example.org/a")
        #expect(n("ftp://example.org:21/a") == "ftp://example.org/a")
        #expect(n("https://example.org:/a") == "https://example.org/a")
        #expect(n("https://example.org:8443/a") == "https://example.org:8443/a")
        #expect(n("http://example.org:443/a") == "http://example.org:443/a")
    }

    @Test func dropsTheTrailingSlash() {
        #expect(n("https://example.org/") == "https://example.org")
        #expect(n("https://example.org/docs/") == "https://example.org/docs")
        #expect(n("https://example.org/docs/?a=1") == "https://example.org/docs?a=1")
    }

    @Test func dropsTrackingAndEmptyParametersAndAnEmptyQuery() {
        #expect(n("https://example.org/a?utm_source=x&utm_medium=y") == "https://example.org/a")
        #expect(n("https://example.org/a?fbclid=1&gclid=2&mc_cid=3&mc_eid=4&UTM_Campaign=5") == "https://example.org/a")
        #expect(n("https://example.org/a?") == "https://example.org/a")
        #expect(n("https://example.org/a?&&id=7&") == "https://example.org/a?id=7")
    }

    @Test func sortsTheQueryStably() {
        #expect(n("https://example.org/s?q=swift&page=2&lang=en") == "https://example.org/s?lang=en&page=2&q=swift")
        // Repeated names keep their order: tag=b&tag=a is another list than tag=a&tag=b.
        #expect(n("https://example.org/s?tag=b&a=1&tag=a") == "https://example.org/s?a=1&tag=b&tag=a")
    }

    @Test func dropsAFragmentUnlessItIsARoute() {
        #expect(n("https://example.org/page#section-2") == "https://example.org/page")
        #expect(n("https://app.example.org/#/inbox") == "https://app.example.org#/inbox")
        #expect(n("https://app.example.org/#!/inbox") == "https://app.example.org#!/inbox")
    }

    @Test func encodesInternationalHostsAsIDNA() {
        #expect(n("https://Bücher.example/Straße") == "https://xn--bcher-kva.example/Straße")
        #expect(n("https://BÜCHER.example") == n("https://bücher.example"))
        #expect(n("http://例え.テスト/") == "http://xn--r8jz45g.xn--zckzah")
    }

    @Test func keepsLookAlikesThatAreDifferentPagesApart() {
        #expect(n("http://example.org/a") != n("https://example.org/a"))
        #expect(n("https://www.example.org/a") != n("https://example.org/a"))
        #expect(n("https://app.example.org/#/inbox") != n("https://app.example.org/#/outbox"))
        #expect(n("https://app.example.org/#/inbox") != n("https://app.example.org/"))
        #expect(n("https://example.org/a;") != n("https://example.org/a"))
        #expect(n("https://example.org/A") != n("https://example.org/a"))
        #expect(n("https://example.org/a?id=1") != n("https://example.org/a?id=2"))
    }

    @Test func keepsUserInfoAndIPv6Literals() {
        #expect(n("https://Ann@Example.org/x") == "https://Ann@example.org/x")
        #expect(n("http://[::1]:80/x") == "http://[::1]/x")
        #expect(n("http://[::1]:8080/x") == "http://[::1]:8080/x")
    }

    @Test func textThatIsNotAURLIsNotNormalised() {
        #expect(n("just some words") == nil)
        #expect(n("example.org/page") == nil)
        #expect(n("mailto:ann@example.org") == nil)
        #expect(n("https://exa mple.org") == nil)
        #expect(n("https://") == nil)
        #expect(n("  https://example.org/  ") == "https://example.org")
    }

    @Test func dropsWWWForTheNearKey() {
        #expect(URLNormalisation.droppingWWW("https://www.example.org/a") == "https://example.org/a")
        #expect(URLNormalisation.droppingWWW("https://example.org/www.a") == nil)
    }
}
