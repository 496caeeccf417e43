import FuzzSupport

/// The libFuzzer target for property lists, XML and binary: each input is written to a `.plist`
/// file and read from it, as the reader reads a property list whole from its path.
///
/// The first byte of an input sets the options (see `FuzzHarness`).
@main
enum FuzzPlist {
    /// Runs libFuzzer on the property list reader.
    static func main() {
        FuzzDriver.run(FuzzHarness(formatIDs: ["plist"], readsFile: true))
    }
}
