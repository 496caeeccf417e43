/// Normalises a URL to the form bookmark identity keys compare, so the same page saved twice with
/// different spellings gets one key, and different pages keep different keys.
///
/// The rules, for `scheme://authority/path?query#fragment` URLs:
/// - the scheme and host are lower-cased, and a non-ASCII host label becomes its IDNA `xn--` form;
/// - the default port of the scheme is dropped (`:80` for http and ws, `:443` for https and wss,
///   `:21` for ftp), and so is an empty one;
/// - a trailing `/` is dropped from the path (`https://a.org/` and `https://a.org` are one page);
/// - tracking parameters (`utm_*`, `fbclid`, `gclid`, `mc_cid`, `mc_eid`) and empty parameters are
///   dropped, the rest sorted by name (stably: repeated names keep their order), and an empty query
///   is dropped;
/// - the fragment is dropped unless it is an application route (`#/inbox`, `#!/inbox`).
///
/// Everything else is kept as written: `http` and `https` are different pages, `www.` is kept (a
/// `www.` difference is a near duplicate, not the same key), the path keeps its case and its `;`.
///
/// ```swift
/// URLNormalisation.normalise("HTTPS://Example.org:443/a/?utm_source=x&b=2&a=1#top")
/// // "https://example.org/a?a=1&b=2"
/// URLNormalisation.normalise("not a url")   // nil
/// ```
package enum URLNormalisation {
    /// The normalised URL, or `nil` when `text` is not a `scheme://…` URL.
    package static func normalise(_ text: String) -> String? {
        let trimmed = trimmedOfWhitespace(text)
        guard let parts = URLParts(trimmed) else { return nil }
        let scheme = parts.scheme.lowercased()
        var out = scheme + "://"
        if let user = parts.userInfo { out += user + "@" }
        out += Punycode.asciiHost(String(parts.host))
        if let port = parts.port, !port.isEmpty, String(port) != defaultPort(scheme) { out += ":" + port }
        var path = parts.path
        while path.hasSuffix("/") { path.removeLast() }
        out += path
        if let query = parts.query {
            let kept = normaliseQuery(query)
            if !kept.isEmpty { out += "?" + kept }
        }
        if let fragment = parts.fragment, fragment.hasPrefix("/") || fragment.hasPrefix("!") {
            out += "#" + fragment
        }
        return out
    }

    /// The host of a normalised URL without a leading `www.`, for spotting near duplicates; `nil`
    /// when the URL's host does not start with `www.`.
    package static func droppingWWW(_ normalised: String) -> String? {
        guard let parts = URLParts(Substring(normalised)), parts.host.hasPrefix("www.") else { return nil }
        let hostStart = parts.host.startIndex
        return String(normalised[..<hostStart]) + String(normalised[normalised.index(hostStart, offsetBy: 4)...])
    }

    static func defaultPort(_ scheme: String) -> String? {
        switch scheme {
        case "http", "ws": return "80"
        case "https", "wss": return "443"
        case "ftp": return "21"
        default: return nil
        }
    }

    static func isTracking(_ name: Substring) -> Bool {
        let lower = name.lowercased()
        return lower.hasPrefix("utm_") || lower == "fbclid" || lower == "gclid" || lower == "mc_cid" || lower == "mc_eid"
    }

    /// Drops empty and tracking parameters and sorts the rest stably by name.
    static func normaliseQuery(_ query: Substring) -> String {
        let parameters = query.split(separator: "&", omittingEmptySubsequences: true).filter { parameter in
            let name = parameter.prefix { $0 != "=" }
            return !name.isEmpty && !isTracking(name)
        }
        let sorted = parameters.enumerated().sorted { a, b in
            let nameA = a.element.prefix { $0 != "=" }
            let nameB = b.element.prefix { $0 != "=" }
            return nameA != nameB ? nameA < nameB : a.offset < b.offset
        }
        return sorted.map { String($0.element) }.joined(separator: "&")
    }

    private static func trimmedOfWhitespace(_ text: String) -> Substring {
        var slice = Substring(text)
        while let first = slice.unicodeScalars.first, first.properties.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.unicodeScalars.last, last.properties.isWhitespace { slice = slice.dropLast() }
        return slice
    }
}

/// The pieces of a `scheme://authority/path?query#fragment` URL, split without decoding anything.
struct URLParts {
    var scheme: Substring
    var userInfo: Substring?
    var host: Substring
    var port: Substring?
    var path: Substring
    var query: Substring?
    var fragment: Substring?

    /// Splits `text`; `nil` when it has no `scheme://`, has whitespace inside, or has no host.
    init?(_ text: Substring) {
        guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        let afterColon = text[text.index(after: colon)...]
        guard afterColon.hasPrefix("//") else { return nil }
        guard !text.unicodeScalars.contains(where: { $0.properties.isWhitespace }) else { return nil }
        self.scheme = scheme
        var rest = afterColon.dropFirst(2)

        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        path = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") {
            userInfo = authority[..<at]
            authority = authority[authority.index(after: at)...]
        }
        // An IPv6 literal keeps its colons: the port is only after the closing bracket.
        let portSearchStart = authority.lastIndex(of: "]") ?? authority.startIndex
        if let portColon = authority[portSearchStart...].lastIndex(of: ":") {
            port = authority[authority.index(after: portColon)...]
            authority = authority[..<portColon]
        }
        guard !authority.isEmpty else { return nil }
        host = authority
    }
}
