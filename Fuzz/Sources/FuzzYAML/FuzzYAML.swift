import FuzzSupport

/// The libFuzzer target for YAML.
///
/// The first byte of an input picks the format and the options (see `FuzzHarness`).
@main
enum FuzzYAML {
    /// Runs libFuzzer on this target's formats.
    static func main() {
        FuzzDriver.run(FuzzHarness(formatIDs: ["yaml"]))
    }
}
