import FuzzSupport

/// The libFuzzer target for Markdown notes with front matter.
///
/// The first byte of an input picks the format and the options (see `FuzzHarness`).
@main
enum FuzzMarkdown {
    /// Runs libFuzzer on this target's formats.
    static func main() {
        FuzzDriver.run(FuzzHarness(formatIDs: ["markdown"]))
    }
}
