"""Word pools for the synthetic memory generator.

Why hand-written pools and not random strings: BM25 and the CJK bigram index behave very
differently on natural text (a Zipf-distributed vocabulary with a long tail of rare names)
than on uniform noise, so the benchmark corpus must look like a real user's memory. Pools are
sampled with Zipf weights by the generator; ids, numbers and combinations supply the long tail.
"""

from __future__ import annotations

EN_TOPICS = (
    "python", "sqlite", "coffee", "pressure cooker", "air fryer", "rice cooker", "hiking", "jazz",
    "classical music", "rust", "kubernetes", "docker", "tea", "running shoes", "marathon",
    "sourdough", "ramen", "photography", "mechanical keyboard", "standing desk", "monitor",
    "headphones", "vacation", "flight", "hotel", "visa", "tax return", "insurance", "dentist",
    "gym", "yoga", "swimming", "cycling", "guitar", "piano", "violin", "novel", "podcast",
    "machine learning", "transformer", "embedding", "vector search", "full-text search",
    "database index", "garden", "tomatoes", "basil", "cat", "dog", "aquarium", "apartment",
    "rent", "mortgage", "electric car", "train ticket", "budget", "spreadsheet", "presentation",
    "quarterly report", "team meeting", "code review", "unit tests", "deployment", "outage",
    "on-call", "birthday", "wedding", "gift", "restaurant", "sushi", "dumplings", "hot pot",
    "noodles", "chocolate", "wine", "beer", "whisky", "smoothie", "oat milk", "espresso machine",
    "french press", "laptop", "tablet", "phone case", "camera lens", "tripod", "backpack",
    "tent", "sleeping bag", "ski trip", "beach", "museum", "concert", "theater", "movie night",
    "board game", "chess", "go", "mahjong", "language learning", "japanese", "spanish",
    "calligraphy", "painting", "sketchbook", "3d printer", "raspberry pi", "home server",
    "router", "vpn", "password manager", "backup", "nas", "cloud storage", "email filters",
    "calendar sync", "meditation", "sleep schedule", "vitamin d", "allergy", "flu shot",
    "doctor appointment", "blood test", "knee injury", "physiotherapy", "diet", "protein",
    "meal prep", "slow cooker", "blender", "dishwasher", "washing machine", "vacuum robot",
    "air purifier", "humidifier", "heater", "balcony", "bookshelf", "sofa", "mattress",
)

ZH_TOPICS = (
    "咖啡", "高压锅", "空气炸锅", "电饭煲", "徒步", "爵士乐", "古典音乐", "数据库", "茶叶", "跑鞋",
    "马拉松", "面包", "拉面", "摄影", "机械键盘", "显示器", "耳机", "旅行", "机票", "酒店", "签证",
    "报税", "保险", "牙医", "健身房", "瑜伽", "游泳", "骑行", "吉他", "钢琴", "小说", "播客",
    "机器学习", "向量检索", "全文检索", "索引", "花园", "番茄", "猫", "狗", "鱼缸", "公寓", "房租",
    "房贷", "电动车", "火车票", "预算", "表格", "汇报", "季度报告", "周会", "代码评审", "单元测试",
    "上线", "故障", "值班", "生日", "婚礼", "礼物", "餐厅", "寿司", "饺子", "火锅", "面条", "巧克力",
    "红酒", "啤酒", "燕麦奶", "咖啡机", "笔记本电脑", "平板", "手机壳", "镜头", "三脚架", "背包",
    "帐篷", "睡袋", "滑雪", "海边", "博物馆", "演唱会", "话剧", "电影", "桌游", "象棋", "围棋",
    "麻将", "日语", "西班牙语", "书法", "油画", "速写本", "打印机", "树莓派", "服务器", "路由器",
    "密码管理器", "备份", "云盘", "邮件", "日历", "冥想", "作息", "维生素", "过敏", "流感疫苗",
    "体检", "膝盖", "康复", "饮食", "蛋白粉", "备餐", "慢炖锅", "破壁机", "洗碗机", "洗衣机",
    "扫地机器人", "空气净化器", "加湿器", "取暖器", "阳台", "书架", "沙发", "床垫", "上海", "嘉兴",
    "杭州", "北京", "深圳", "成都", "苏州", "南京", "西湖", "外滩", "地铁", "高铁",
)

EN_PLACES = ("Shanghai", "Jiaxing", "Hangzhou", "Beijing", "Shenzhen", "Tokyo", "Kyoto", "Berlin",
             "Lisbon", "Vancouver", "Singapore", "Chengdu", "Suzhou", "Osaka", "Seoul", "London")
EN_PEOPLE = ("Alice", "Bob", "Chen Wei", "Li Na", "Wang Fang", "Zhang Min", "Mom", "Dad", "Lucy",
             "David", "Kenji", "Maria", "Tom", "Xiao Liu", "Dr. Zhou", "Professor Lin")
ZH_PEOPLE = ("妈妈", "爸爸", "小王", "老李", "张敏", "陈伟", "李娜", "王芳", "周医生", "林老师", "同事",
             "室友", "表姐", "房东", "老板", "导师")

EN_USER_STATEMENTS = (
    "I just bought a new {t} yesterday.",
    "I've been really into {t} lately.",
    "I moved to {p} last month and I'm still unpacking.",
    "My favourite thing this week was the {t}.",
    "I don't like {t} anymore, it got boring.",
    "I'm planning a trip to {p} with {n} next spring.",
    "I want to make soup with my new {t} — any recipes?",
    "{n} recommended a {t} to me, so I ordered one.",
    "I spent the whole evening fixing the {t} setup.",
    "I usually drink {t} in the morning before work.",
    "I had a long call with {n} about the {t}.",
    "My {t} broke again, I need to find a repair shop in {p}.",
    "I finished the {t} project today, finally.",
    "Remind me that I promised {n} to help with the {t}.",
    "I'm allergic to {t}, please keep that in mind.",
)
EN_USER_QUESTIONS = (
    "How do I clean a {t}?",
    "What's the best way to learn {t} in three months?",
    "Can you compare {t} and {t2} for me?",
    "Why does my {t} keep failing after the update?",
    "Where can I buy a good {t} in {p}?",
    "What should I bring for a {t} weekend?",
    "Which {t} did I mention last week?",
    "Could you summarise what we discussed about {t}?",
    "When is the next {t} event in {p}?",
    "What is a reasonable budget for a {t}?",
)
EN_ASSISTANT_SENTENCES = (
    "Here is a short overview of {t} that should help you get started.",
    "First, check whether the {t} is compatible with what you already have.",
    "Many people in {p} recommend starting small and iterating.",
    "A common mistake with {t} is skipping the preparation step.",
    "You could also consider {t2} as an alternative, depending on your budget.",
    "If you want, I can put together a checklist for the {t}.",
    "The main trade-off is between cost, time and how much maintenance you accept.",
    "Make sure to read the manual before using the {t} for the first time.",
    "Based on what you told me earlier, {t2} might fit your routine better.",
    "I would keep notes on what works so we can adjust the plan next week.",
    "For {t}, the quality of the basic ingredients matters more than the tools.",
    "Let me know how it goes and we can refine the approach together.",
    "Step {k}: prepare the {t}, then wait about {m} minutes before continuing.",
    "Here's an example configuration that people often use for {t}.",
    "According to the documentation, version {k}.{m} changed the default behaviour.",
)

ZH_USER_STATEMENTS = (
    "我昨天刚买了一个新的{t}。",
    "最近我特别喜欢{t}。",
    "我上个月搬到了{p}，东西还没收拾完。",
    "这周最开心的事是{t}。",
    "我现在不太喜欢{t}了，有点腻。",
    "明年春天我打算和{n}一起去{p}旅行。",
    "想用新买的{t}煲汤，有什么推荐的做法吗？",
    "{n}给我推荐了{t}，我已经下单了。",
    "我花了一整个晚上折腾{t}。",
    "我每天早上上班前都会喝{t}。",
    "今天和{n}聊了很久关于{t}的事。",
    "我的{t}又坏了，得在{p}找个地方修。",
    "今天终于把{t}的项目做完了。",
    "提醒我一下，我答应了{n}帮忙弄{t}。",
    "我对{t}过敏，请记住这一点。",
)
ZH_USER_QUESTIONS = (
    "{t}应该怎么清洗？",
    "三个月内学会{t}最好的方法是什么？",
    "能帮我比较一下{t}和{t2}吗？",
    "为什么我的{t}更新之后总是出问题？",
    "在{p}哪里能买到好一点的{t}？",
    "周末去{t}需要带些什么？",
    "我上周提到的{t}是哪一个？",
    "能总结一下我们之前聊的{t}吗？",
    "{p}下一次{t}活动是什么时候？",
    "买{t}大概需要多少预算？",
)
ZH_ASSISTANT_SENTENCES = (
    "下面是关于{t}的一个简单介绍，希望对你有帮助。",
    "首先要确认{t}和你现有的设备是否兼容。",
    "很多在{p}的人建议先从小规模开始，再慢慢调整。",
    "使用{t}时常见的错误是跳过准备步骤。",
    "根据你的预算，也可以考虑{t2}作为替代方案。",
    "如果需要的话，我可以帮你整理一份{t}的清单。",
    "主要的权衡在于成本、时间以及你愿意投入多少维护精力。",
    "第一次使用{t}之前，记得先仔细阅读说明书。",
    "结合你之前说的情况，{t2}可能更适合你的日常习惯。",
    "建议把有效的做法记录下来，下周我们再一起调整计划。",
    "对于{t}来说，基础材料的质量比工具更重要。",
    "有任何进展随时告诉我，我们可以一起改进。",
    "第{k}步：先准备好{t}，然后等待大约{m}分钟再继续。",
    "这是很多人在{t}上常用的一个配置示例。",
    "根据文档，{k}.{m}版本修改了默认行为。",
)

TOOLS = (
    ("web_search", "search"), ("code_runner", "code"), ("file_read", "filesystem"),
    ("calendar_lookup", "calendar"), ("weather", "info"), ("translate", "language"),
    ("shell_exec", "system"), ("send_email", "communication"), ("image_caption", "vision"),
    ("unit_convert", "info"),
)
TOOL_ERRORS = ("timeout after 30s", "HTTP 503 Service Unavailable", "permission denied",
               "rate limited", "invalid argument", "connection reset by peer")

SITES = (
    ("github.com", "{t} · GitHub"), ("stackoverflow.com", "How to fix {t} error - Stack Overflow"),
    ("zhihu.com", "如何评价{zt}？ - 知乎"), ("bilibili.com", "{zt}教程合集_哔哩哔哩"),
    ("youtube.com", "{t} tutorial for beginners - YouTube"), ("wikipedia.org", "{t} - Wikipedia"),
    ("taobao.com", "{zt} 正品 包邮-淘宝网"), ("jd.com", "【京东】{zt} 新款"),
    ("amazon.com", "Amazon.com: {t}"), ("docs.python.org", "{t} — Python documentation"),
    ("news.ycombinator.com", "Show HN: a tiny {t} in 200 lines"), ("douban.com", "{zt} (豆瓣)"),
    ("xiaohongshu.com", "{zt}真实测评｜小红书"), ("medium.com", "Why {t} matters in 2024"),
    ("sqlite.org", "SQLite {t} documentation"), ("arxiv.org", "A survey of {t}"),
)
SEARCH_ENGINES = ("Google", "Bing", "百度", "DuckDuckGo")
ARTISTS = (
    ("Dua Lipa", ("End Of An Era (Live From Mexico)", "Levitating", "Houdini", "Training Season")),
    ("周杰伦", ("晴天", "稻香", "七里香", "夜曲", "告白气球")),
    ("Taylor Swift", ("Cruel Summer", "Anti-Hero", "Love Story", "Fortnight")),
    ("陈奕迅", ("十年", "浮夸", "好久不见", "富士山下")),
    ("Miles Davis", ("So What", "Blue in Green", "All Blues")),
    ("Bill Evans", ("Waltz for Debby", "Peace Piece", "My Foolish Heart")),
    ("王菲", ("红豆", "传奇", "因为爱情")),
    ("Hans Zimmer", ("Time", "Cornfield Chase", "Interstellar Main Theme")),
    ("Norah Jones", ("Don't Know Why", "Come Away With Me")),
    ("毛不易", ("消愁", "像我这样的人", "平凡的一天")),
)
MEDIA = (("三体", "腾讯视频"), ("The Bear", "Disney+"), ("流浪地球2", "爱奇艺"), ("Dune: Part Two", "VLC"),
         ("漫长的季节", "腾讯视频"), ("Oppenheimer", "Netflix"), ("繁花", "优酷"), ("Shogun", "Hulu"))
REPOS = ("magi-desktop", "dotfiles", "blog", "home-automation", "recipe-book", "thesis", "infra",
         "ml-experiments", "sqlite-vec-playground", "budget-tracker")
BRANCHES = ("main", "dev", "feature/search", "fix/crash-on-start", "release/1.2", "wip")
COMMIT_MESSAGES = ("fix {t} crash on startup", "add tests for {t}", "refactor {t} module",
                   "update README with {t} notes", "bump version to {k}.{m}", "修复{zt}的问题",
                   "增加{zt}相关配置", "remove dead code in {t}", "speed up {t} by {k}x")
COMMANDS = ("git status", "ls -la", "pytest -q tests/{w}", "python -m pip install {w}", "make build",
            "docker compose up -d", "kubectl get pods -n {w}", "htop", "cd ~/projects/{w}",
            "vim {w}.py", "cargo build --release", "npm run dev", "ssh home-server", "df -h",
            "rg '{w}' src/", "sqlite3 memory.db '.tables'", "brew upgrade", "tail -f logs/{w}.log")
APPS = (("Visual Studio Code", "{w}.py — magi-desktop"), ("微信", "聊天"), ("Safari", "{t}"),
        ("Terminal", "zsh"), ("Slack", "#team-{w}"), ("飞书", "日程"), ("Spotify", "Daily Mix"),
        ("Notion", "{t} notes"), ("Figma", "{w} mockups"), ("Chrome", "{t}"), ("钉钉", "工作台"),
        ("Obsidian", "Daily note"), ("Zoom", "Weekly sync"), ("Excel", "{w}.xlsx"))
CALENDAR_TITLES = ("Team standup", "1:1 with {n}", "Dentist", "周会", "Quarterly review", "和{zn}吃饭",
                   "Yoga class", "Flight to {p}", "项目评审", "Birthday party for {n}", "体检",
                   "Code review session", "Gym", "读书会")
PHOTO_CAPTIONS = ("sunset over the river", "a bowl of {t}", "friends at dinner", "西湖边的晚霞",
                  "the new {t} on the kitchen counter", "猫在晒太阳", "mountain trail", "{zt}")
WORDS = ("alpha", "beta", "core", "engine", "utils", "server", "client", "parser", "index",
         "memory", "vector", "search", "config", "deploy", "infra", "notes", "budget", "report")
