import CardportCore

/// GRDB has a `Record` class too; in this module, `Record` is always Cardport's card.
typealias Record = CardportCore.Record
