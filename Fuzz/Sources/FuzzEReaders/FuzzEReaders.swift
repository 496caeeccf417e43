import FuzzSupport

/// The libFuzzer target for the e-reader exports read from text: KOReader's Lua sidecars and JSON
/// export, Boox "Reading Notes" and calibre's highlights.
///
/// The first byte of an input picks the format and the options (see `FuzzHarness`).
@main
enum FuzzEReaders {
    /// Runs libFuzzer on this target's formats.
    static func main() {
        FuzzDriver.run(FuzzHarness(formatIDs: ["koreader", "boox", "calibre"]))
    }
}
