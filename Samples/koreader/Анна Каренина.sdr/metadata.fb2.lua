-- we can read Lua syntax here!
return {
    ["bookmarks"] = {
        [1] = {
            ["chapter"] = "Часть первая. II",
            ["datetime"] = "2019-11-03 22:14:05",
            ["highlighted"] = true,
            ["notes"] = "Степан Аркадьич был человек правдивый в отношении к себе самому.",
            ["page"] = "/FictionBook/body/section[1]/section[2]/p[3]/text().0",
            ["pos0"] = "/FictionBook/body/section[1]/section[2]/p[3]/text().0",
            ["pos1"] = "/FictionBook/body/section[1]/section[2]/p[3]/text().64",
            ["text"] = "Стр. 9 Степан Аркадьич был человек правдивый в отношении к себе самому. @ 2019-11-03 22:14:05",
        },
        [2] = {
            ["chapter"] = "Часть первая. I",
            ["datetime"] = "2019-11-03 22:05:51",
            ["highlighted"] = true,
            ["notes"] = "Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.",
            ["page"] = "/FictionBook/body/section[1]/section[1]/p[1]/text().0",
            ["pos0"] = "/FictionBook/body/section[1]/section[1]/p[1]/text().0",
            ["pos1"] = "/FictionBook/body/section[1]/section[1]/p[1]/text().89",
            ["text"] = "Первая фраза романа.",
        },
        [3] = {
            ["chapter"] = "Часть первая. I",
            ["datetime"] = "2019-11-03 22:01:30",
            ["notes"] = "в Часть первая. I",
            ["page"] = "/FictionBook/body/section[1]/section[1]/title/p/text().0",
            ["text"] = "Стр. 7 в Часть первая. I @ 2019-11-03 22:01:30",
        },
    },
    ["bookmarks_sorted_20220106"] = true,
    ["doc_props"] = {
        ["authors"] = "Лев Толстой",
        ["language"] = "ru",
        ["title"] = "Анна Каренина",
    },
    ["highlight"] = {
        [7] = {
            [1] = {
                ["datetime"] = "2019-11-03 22:05:51",
                ["drawer"] = "lighten",
                ["pos0"] = "/FictionBook/body/section[1]/section[1]/p[1]/text().0",
                ["pos1"] = "/FictionBook/body/section[1]/section[1]/p[1]/text().89",
                ["text"] = "Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему.",
            },
        },
        [9] = {
            [1] = {
                ["datetime"] = "2019-11-03 22:14:05",
                ["drawer"] = "strikeout",
                ["pos0"] = "/FictionBook/body/section[1]/section[2]/p[3]/text().0",
                ["pos1"] = "/FictionBook/body/section[1]/section[2]/p[3]/text().64",
                ["text"] = "Степан Аркадьич был человек правдивый в отношении к себе самому.",
            },
        },
    },
    ["highlights_imported"] = true,
    ["partial_md5_checksum"] = "a1b2c3d4e5f60718293a4b5c6d7e8f90",
}
