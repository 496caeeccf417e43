import FuzzSupport

/// The libFuzzer target for CSV and its dialects, with the delimiter picked by the selector.
///
/// The first byte of an input picks the format and the options (see `FuzzHarness`).
@main
enum FuzzCSV {
    /// Runs libFuzzer on this target's formats.
    static func main() {
        FuzzDriver.run(FuzzHarness(formatIDs: ["csv", "readwise", "readwise-import", "todoist"], picksDelimiter: true))
    }
}
