import FuzzSupport

/// The libFuzzer target for the XML and HTML bookmark formats.
///
/// The first byte of an input picks the format and the options (see `FuzzHarness`).
@main
enum FuzzXML {
    /// Runs libFuzzer on this target's formats.
    static func main() {
        FuzzDriver.run(FuzzHarness(formatIDs: ["opml", "xbel", "netscape"]))
    }
}
