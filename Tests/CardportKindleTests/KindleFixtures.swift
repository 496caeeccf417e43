/// Builds clippings files in tests: one entry per call, in the device's own layout.
enum KindleFixtures {
    /// An entry: title line, metadata line, blank line, text, separator; `\r\n` like a device.
    static func entry(_ title: String, _ meta: String, _ text: String, ending: String = "\r\n") -> String {
        [title, meta, "", text, "=========="].joined(separator: ending) + ending
    }

    static func highlight(_ title: String, location: String, date: String = "Monday, March 21, 2016 8:35:16 AM",
                          _ text: String) -> String {
        entry(title, "- Your Highlight on Location \(location) | Added on \(date)", text)
    }

    static func note(_ title: String, location: String, date: String = "Monday, March 21, 2016 8:36:00 AM",
                     _ text: String) -> String {
        entry(title, "- Your Note on Location \(location) | Added on \(date)", text)
    }
}
