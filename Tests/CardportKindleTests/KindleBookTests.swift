import CardportKindle
import Testing

@Suite struct KindleBookTests {
    @Test(arguments: [
        ("Dune (Series Book 1) (Frank Herbert)", "Dune (Series Book 1)", "Frank Herbert"),
        ("Dangerous Visions (S.F. MASTERWORKS) (Ellison, Harlan)", "Dangerous Visions (S.F. MASTERWORKS)", "Ellison, Harlan"),
        ("Spanish Tales (E. C. (Elijah Clarence) Hills and Various)", "Spanish Tales", "E. C. (Elijah Clarence) Hills and Various"),
        ("飘（上下） (外国文学名著名译丛书) ((美)米切尔)", "飘（上下） (外国文学名著名译丛书)", "(美)米切尔"),
        ("Presuasion - Unknown  ", "Presuasion", "Unknown"),
        ("Jornada de Montahue - P Hernan Alessandri ", "Jornada de Montahue", "P Hernan Alessandri"),
        ("\u{FEFF}\u{FEFF}The Pragmatic Programmer (Andrew Hunt;David Thomas)", "The Pragmatic Programmer", "Andrew Hunt;David Thomas"),
        ("The Essays (Schopenhauer, Arthur)", "The Essays", "Schopenhauer, Arthur"),
    ])
    func splitsTitleAndAuthor(_ line: String, _ title: String, _ author: String) {
        let book = KindleBook(titleLine: line)
        #expect(book.title == title)
        #expect(book.author == author)
    }

    @Test func aTitleWithoutAuthorHasNone() {
        #expect(KindleBook(titleLine: "Book without author") == KindleBook(title: "Book without author", author: nil))
        #expect(KindleBook(titleLine: "Notes (2017) ()") == KindleBook(title: "Notes (2017)", author: nil))
        #expect(KindleBook(titleLine: "(Only parentheses)") == KindleBook(title: "(Only parentheses)", author: nil))
    }

    @Test func authorsComeAsAList() {
        #expect(KindleBook(title: "T", author: "Andrew Hunt;David Thomas").authors == ["Andrew Hunt", "David Thomas"])
        #expect(KindleBook(title: "T", author: "Mary Poppendieck and Tom Poppendieck").authors
                == ["Mary Poppendieck", "Tom Poppendieck"])
        #expect(KindleBook(title: "T", author: "Irakli Nadareishvili, Ronnie Mitra, and Mike Amundsen").authors
                == ["Irakli Nadareishvili, Ronnie Mitra", "Mike Amundsen"])
        #expect(KindleBook(title: "T", author: "Schopenhauer, Arthur").authors == ["Schopenhauer, Arthur"])
        #expect(KindleBook(title: "T", author: nil).authors.isEmpty)
    }
}
