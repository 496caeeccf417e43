public import PropertyBased

/// Inputs for the properties of text normalisation: what normalises, and what normalising must survive.
public enum NormalisationSamples {
    /// Text made of RandomCards' awkward pieces, with typographic punctuation mixed in; it shrinks
    /// by whole characters.
    public static var text: Generator<String, Shrinking<String>> {
        Generator(run: { rng in
            let extra = ["“", "”", "’", "…", " – ", "\u{00A0}", "ﬁ", "Ｗ", "É", "e\u{301}", "İ", "Σ", ".", "!", " "]
            var text = RandomCards.text(using: &rng)
            for _ in 0..<Int.random(in: 0...4, using: &rng) { text += extra.randomElement(using: &rng)! }
            return text + RandomCards.text(using: &rng)
        }, shrink: { Shrinking.removingCharacters(of: $0) })
    }
}
