-- /mnt/onboard/Books/Meditations.epub
return {
    ["annotations"] = {
        [1] = {
            ["chapter"] = "Book II",
            ["color"] = "yellow",
            ["datetime"] = "2024-05-02 07:41:10",
            ["drawer"] = "lighten",
            ["page"] = "/body/DocFragment[4]/body/div/p[1]/text().0",
            ["pageno"] = 12,
            ["pos0"] = "/body/DocFragment[4]/body/div/p[1]/text().0",
            ["pos1"] = "/body/DocFragment[4]/body/div/p[1]/text().120",
            ["text"] = "Begin the morning by saying to thyself, I shall meet with the busy-body, the ungrateful, arrogant, deceitful, envious, unsocial.",
        },
        [2] = {
            ["chapter"] = "Book II",
            ["datetime"] = "2024-05-02 07:45:00",
            ["page"] = "/body/DocFragment[4]/body/div/p[9]/text().0",
            ["pageno"] = 14,
            ["text"] = "in Book II",
        },
        [3] = {
            ["chapter"] = "Book IV",
            ["color"] = "green",
            ["datetime"] = "2024-05-03 21:10:44",
            ["datetime_updated"] = "2024-05-04 08:02:19",
            ["drawer"] = "underscore",
            ["note"] = "Read this again on a bad day.\
Twice.",
            ["page"] = "/body/DocFragment[6]/body/div/p[3]/text().18",
            ["pageno"] = 41,
            ["pos0"] = "/body/DocFragment[6]/body/div/p[3]/text().18",
            ["pos1"] = "/body/DocFragment[6]/body/div/p[3]/text().71",
            ["text"] = "The universe is change; our life is what our thoughts make it.",
        },
        [4] = {
            ["chapter"] = "Book V",
            ["datetime"] = "2024-05-05 06:30:00",
            ["note"] = "Stopped here \u{2014} \"the dawn\" passage.",
            ["page"] = "/body/DocFragment[7]/body/div/p[1]/text().0",
            ["pageno"] = 55,
            ["text"] = "in Book V",
        },
    },
    ["doc_props"] = {
        ["authors"] = "Marcus Aurelius\
George Long",
        ["language"] = "en",
        ["title"] = "Meditations",
    },
    ["partial_md5_checksum"] = "5e0c9a3f1b7d2e4c6a8b0d1f3e5a7c9b",
    ["percent_finished"] = 0.31,
    ["summary"] = {
        ["status"] = "reading",
    },
}
