import ArgumentParser
import CardportCore

/// `--split`: only the commands that write a directory of files (`convert --out-dir`) take it, so
/// the others neither list it in their help nor accept it.
struct SplitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Write one file per book or per citation into --out-dir (Markdown): book or citation.", valueName: "layout"),
            transform: parseSplit)
    var split: SplitLayout?
}
