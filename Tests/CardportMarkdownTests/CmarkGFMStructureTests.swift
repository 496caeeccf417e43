import CardportCore
import CardportMarkdown
import CardportTestSupport
import Foundation
import PropertyBased
import Testing

/// GitHub's own Markdown program, `cmark-gfm`, reads the writer's output (as GitHub renders a note)
/// into the structure it is meant to have: a block quote per citation, a task list item per task
/// and question, each with its checked state.
@Suite struct CmarkGFMStructureTests {
    let format = MarkdownFormat()

    /// The element names and `tasklist` states of cmark-gfm's XML for `markdown`.
    private func structure(_ markdown: String) throws -> (quotes: Int, checked: Int, open: Int) {
        guard let program = ExternalProgram.find("cmark-gfm", package: "cmark-gfm") else { throw CancellationError() }
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("in.md", markdown)
        let result = try ExternalProgram.run(program, ["--to", "xml", "--extension", "tasklist", "--extension", "table",
                                                       "--extension", "strikethrough", "--extension", "autolink", input])
        #expect(result.status == 0, "\(result.errors)")
        let xml = result.output
        // Top-level quotes only (two spaces in, under the document): a citation holds no quote of its own.
        return (xml.components(separatedBy: "\n  <block_quote").count - 1,
                xml.components(separatedBy: "<tasklist completed=\"true\"").count - 1,
                xml.components(separatedBy: "<tasklist completed=\"false\"").count - 1)
    }

    @Test func randomCardsKeepTheirStructure() async {
        await propertyCheck(count: 25, input: RandomCards.library(of: [.citation, .bookmark, .task, .topic])) { library in
            let text = try FormatHarness.write(format, library.records).text
            let found = try structure(text)
            #expect(found.quotes == library.citations.count, "\(text)")
            let questions = library.topics.flatMap(\.questions)
            #expect(found.checked == library.tasks.filter(\.isDone).count + questions.filter(\.isDone).count, "\(text)")
            #expect(found.open == library.tasks.filter { !$0.isDone }.count + questions.filter { !$0.isDone }.count, "\(text)")
        }
    }
}
