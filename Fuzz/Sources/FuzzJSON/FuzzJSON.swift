import FuzzSupport

/// The libFuzzer target for JSON formats: the native format, JSON Lines and the JSON dialects.
///
/// The first byte of an input picks the format and the options (see `FuzzHarness`).
@main
enum FuzzJSON {
    /// Runs libFuzzer on this target's formats.
    static func main() {
        FuzzDriver.run(FuzzHarness(formatIDs: ["cardport", "jsonl", "dummyjson", "favourites", "taskwarrior", "buku", "firefox"]))
    }
}
