import CardportCore
import CardportTestSupport
import PropertyBased
import Testing
@testable import CardportYAML

@Suite struct YAMLComposerTests {
    /// The root node of `yaml` (or the error reading it), its collections built by recursion for
    /// `recursionLevels` levels and on the composer's own stack below them.
    func compose(_ yaml: String, recursionLevels: Int, maximumDepth: Int = 200) -> Result<YAMLNode?, CardportError> {
        Result { () throws(CardportError) -> YAMLNode? in
            let source = YAMLSource(input: try ByteInput(string: yaml, name: "doc.yaml"))
            let composer = YAMLComposer(parser: YAMLParser(source: source),
                                        limits: YAMLLimits(maximumAliasExpansion: 10_000, maximumDepth: maximumDepth),
                                        recursionLevels: recursionLevels)
            var root: YAMLNode?
            while let event = try composer.next() {
                if case .documentStart = event { root = try composer.node() }
            }
            return root
        }
    }

    /// A random document of nested lists and mappings, with anchors, aliases and merge keys (some
    /// of them wrong: an alias to nothing, a merge of a scalar), flow style on one line or block style.
    static let documents = Generator<String, Shrinking<String>>(run: { rng in
        var anchors: [String] = []
        func value(_ depth: Int) -> String {
            var anchor = ""
            if Int.random(in: 0..<6, using: &rng) == 0 {
                let name = "a\(anchors.count)"
                anchors.append(name)
                anchor = "&\(name) "
            }
            let choice = depth > 30 ? 0 : Int.random(in: 0..<10, using: &rng)
            switch choice {
            case 0...3:
                if !anchors.isEmpty, anchor.isEmpty, Int.random(in: 0..<5, using: &rng) == 0 {
                    return "*" + (Int.random(in: 0..<8, using: &rng) == 0 ? "missing" : anchors.randomElement(using: &rng)!)
                }
                return anchor + ["x", "'quoted'", "12", "~", "\"two words\""].randomElement(using: &rng)!
            case 4...6:
                let items = (0..<Int.random(in: 0...3, using: &rng)).map { _ in value(depth + 1) }
                return anchor + "[" + items.joined(separator: ", ") + "]"
            default:
                var pairs = (0..<Int.random(in: 0...3, using: &rng)).map { index in "k\(index): " + value(depth + 1) }
                if !anchors.isEmpty, Int.random(in: 0..<4, using: &rng) == 0 {
                    pairs.append("<<: *" + anchors.randomElement(using: &rng)!)
                }
                return anchor + "{" + pairs.joined(separator: ", ") + "}"
            }
        }
        let root = value(0)
        return Bool.random(using: &rng) ? root : "- " + root + "\n- tail\n"
    }, shrink: { Shrinking.removingCharacters(of: $0, keeping: 1) })

    @Test func buildsTheSameNodesByRecursionAndOnItsOwnStack() async {
        await propertyCheck(count: 300, input: YAMLComposerTests.documents) { yaml in
            let stacked = compose(yaml, recursionLevels: 0)
            for levels in [1, 3, 16] {
                #expect(compose(yaml, recursionLevels: levels) == stacked, "\(yaml)")
            }
        }
    }

    @Test func aDocumentNestedFarBelowTheRecursionIsBuilt() throws {
        let levels = 20_000
        let yaml = String(repeating: "[", count: levels) + "x" + String(repeating: "]", count: levels)
        var node = try #require(try compose(yaml, recursionLevels: 16, maximumDepth: levels).get())
        #expect(node.size == levels + 1)
        var depth = 0
        while case .sequence(let items) = node.value {
            node = try #require(items.first)
            depth += 1
        }
        #expect(depth == levels)
        #expect(node.scalar?.text == "x")
    }

    @Test func aDocumentCutInsideAMappingIsRefusedAlikeAtEveryLevel() throws {
        var errors: [CardportError] = []
        for levels in [0, 16] {
            guard case .failure(let error) = compose("{a: [1, {b: ", recursionLevels: levels) else {
                Issue.record("composed a cut mapping")
                continue
            }
            errors.append(error)
        }
        let first = try #require(errors.first)
        #expect(first.code == .malformedInput)
        #expect(first.location?.line == 1)
        #expect(errors.allSatisfy { $0 == first })
    }
}
