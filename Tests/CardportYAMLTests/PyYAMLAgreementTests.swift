import CardportCore
import CardportJSON
import CardportTestSupport
import CardportYAML
import Foundation
import Testing

/// PyYAML, an independent YAML 1.1 reader, must load Cardport's YAML to the same data that Python's
/// JSON module loads from Cardport's JSON of the same records: the proof that quoting, literal
/// blocks and escapes are right for readers other than libyaml.
@Suite struct PyYAMLAgreementTests {
    /// Texts that trip YAML writers: YAML 1.1 booleans, numbers, dates, indicators, odd whitespace.
    static let awkward = [
        "no", "Yes", "ON", "off", "y", "N", "~", "null", "", " ", "1984", "0o17", "0x1F", "0b101", "012", "1_000",
        "1:30", "190:20:30", "1.5", ".5", "1e5", "1E-3", "+12", "-0", ".inf", "-.Inf", ".NaN", "2024-05-01",
        "2001-12-14 21:59:43.10 -5", "2001-12-14t21:59:43.10-05:00", "8b50f050-43fd-8889-97cb-e7ede59dfe70",
        "12 Angry Men", "- dash", "-dash", "? q", "?q", ": colon", "a: b", "a:b", "a #b", "a#b", "#tag", "&anchor",
        "*alias", "!tag", "|pipe", ">fold", "%directive", "@at", "`tick", "'single'", "\"double\"", "[flow]", "{map}",
        "a, b", "<<", "=", "trailing ", " leading", "tab\tinside", "line\nbreak", "ends\n", "ends\n\n", "\nstarts",
        "cr\rinside", "crlf\r\nx", "nel\u{85}x", "ls\u{2028}x", "bom\u{FEFF}x", "bell\u{07}x", "del\u{7F}x",
        "nbsp\u{A0}x", "c1\u{9B}x", "émoji 👍🏽", "trailing spaces \nnext", "   \n   ", "---", "...", "--- x",
        "x\n---\ny", "x\n...\ny", "\\back\\slash", "a\u{0}b", "very " + String(repeating: "long ", count: 40) + "line",
    ]

    /// A generated library with a citation made of awkward texts in every field.
    static func library(using rng: inout some RandomNumberGenerator) -> Library {
        var library = RandomCards.randomLibrary(using: &rng, kinds: Set(RecordKind.allCases))
        let picks = (0..<4).map { _ in awkward.randomElement(using: &rng)! }
        library.citations.append(Citation(id: picks[0], text: picks[1] + "x", author: picks[2], tags: picks,
                                          note: picks[3], extras: [picks[0] + "k": picks[1]]))
        return library
    }

    @Test func pyYAMLLoadsTheSameDataAsJSON() throws {
        try requirePyYAML()
        let every = Citation(id: "all", text: "x", tags: PyYAMLAgreementTests.awkward,
                             extras: Dictionary(uniqueKeysWithValues: PyYAMLAgreementTests.awkward.enumerated()
                                 .map { ("k\($0.offset)", $0.element) }))
        // Keys too long or too odd for an implicit key take the explicit `? key` form.
        let keys = Citation(id: "keys", text: "x", extras: [String(repeating: "long key ", count: 30): "v",
                                                            "multi\nline key": "w", "? q": "x", "tab\tkey": ""])
        var libraries = [Library([.citation(every)]), Library([.citation(keys)])]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<100 { libraries.append(PyYAMLAgreementTests.library(using: &rng)) }
        // One Python run over every pair of files: starting Python per library would dominate.
        let directory = try TemporaryDirectory()
        var files: [String] = []
        for (index, library) in libraries.enumerated() {
            files.append(try directory.write("\(index).json", try FormatHarness.write(NativeJSONFormat(), library.records).text))
            files.append(try directory.write("\(index).yaml", try FormatHarness.write(YAMLFormat(), library.records).text))
        }
        let script = """
            import json, sys, yaml
            names = sys.argv[1:]
            failed = 0
            for json_name, yaml_name in zip(names[0::2], names[1::2]):
                with open(json_name, encoding="utf-8") as f: a = json.load(f)
                with open(yaml_name, encoding="utf-8") as f: b = yaml.load(f, Loader=yaml.CSafeLoader)
                if a == b: continue
                failed += 1
                for key in sorted(set(a) | set(b)):
                    xs, ys = a.get(key), b.get(key)
                    if xs == ys: continue
                    if isinstance(xs, list) and isinstance(ys, list):
                        for x, y in zip(xs, ys):
                            if x != y: print(yaml_name, "JSON:", repr(x), "YAML:", repr(y)); break
                    else: print(yaml_name, key, "JSON:", repr(xs), "YAML:", repr(ys))
            sys.exit(1 if failed else 0)
            """
        let result = try run("/usr/bin/env", ["python3", "-c", script] + files)
        #expect(result.status == 0, "PyYAML read different data than JSON:\n\(result.output)")
    }

    private func requirePyYAML() throws {
        let result = try run("/usr/bin/env", ["python3", "-c", "import yaml; yaml.CSafeLoader"])
        guard result.status == 0 else {
            Issue.record("""
                this test needs python3 with PyYAML built on libyaml (apt-get install python3-yaml); \
                it failed with: \(result.output)
                """)
            throw CancellationError()
        }
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
