import FuzzSupport

/// The libFuzzer target for Kindle clippings.
///
/// The first byte of an input picks the format and the options (see `FuzzHarness`).
@main
enum FuzzKindle {
    /// Runs libFuzzer on this target's formats.
    static func main() {
        FuzzDriver.run(FuzzHarness(formatIDs: ["kindle"]))
    }
}
