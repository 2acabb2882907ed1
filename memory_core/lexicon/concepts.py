"""Concept families: the offline stand-in for the world knowledge that "oolong" is a tea, a
tabby is a cat, "we broke up" is about a relationship and "the animal shelter on Sundays" is
volunteering.

People rarely state a fact with the word a later question uses. "What kind of tea do I like?"
is answered by "Oolong is what I brew every afternoon"; "Am I in a relationship?" by "Lena and
I ended things". BM25 cannot bridge that, and the small bundled embedder often ranks a
statement *sharing* the question's word ("my coworker drinks tea") above it. A concept family
lists, for a concept a question may name (its ``names``, both languages), the hyponyms and
typical expressions a statement uses instead (``expressions``, both languages) — so the
retrieval concept path (``retrieval/paths/concept.py``) can search for them.

How this differs from ``categories.py``: a category is a *kind of entity* the rule extractor
types mentions with (a pressure cooker is an appliance); a concept family is retrieval-only and
also holds phrasings ("broke up", "let go", "住院"), which must not become entities. Keeping
them apart leaves extraction unchanged. ``EQUIVALENTS`` in ``categories.py`` still says which
names are translations of each other; the concept path uses it to leave out the question's own
words in both languages (matching them is BM25's and the entity path's job).

Plain data, deliberately broad (common personal-life concepts, not the items of any eval set).
Rules a test checks: every family has names and expressions in both scripts; an entry appears
in two families only when ``SHARED`` says why; ``includes`` names existing families.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .scan import PhraseTable


@dataclass(frozen=True, slots=True)
class Concept:
    key: str
    #: words a question uses to name the concept ("tea", "茶"); a family is searched when the
    #: question contains one of them
    names: tuple[str, ...]
    #: hyponyms and typical expressions a statement uses instead ("oolong", "乌龙", "普洱")
    expressions: tuple[str, ...]
    #: narrower families whose names and expressions belong to this one too (a pet question
    #: also searches for cats and dogs)
    includes: tuple[str, ...] = ()


CONCEPTS: tuple[Concept, ...] = (
    # -- drinks ----------------------------------------------------------------------------------
    Concept("tea", ("tea", "茶", "茶叶"),
            ("oolong", "green tea", "black tea", "white tea", "jasmine tea", "jasmine", "pu'er",
             "puer", "pu-erh", "longjing", "dragon well", "tieguanyin", "earl grey", "matcha", "chai",
             "herbal tea", "chamomile", "rooibos", "teapot", "tea leaves",
             "乌龙", "乌龙茶", "普洱", "龙井", "铁观音", "碧螺春", "大红袍", "茉莉花茶", "绿茶", "红茶",
             "白茶", "抹茶", "花茶", "菊花茶", "泡茶", "茶壶", "功夫茶")),
    Concept("coffee", ("coffee", "咖啡"),
            ("caffeine", "espresso", "latte", "cappuccino", "americano", "flat white", "mocha",
             "cold brew", "decaf", "starbucks", "barista",
             "咖啡因", "拿铁", "美式", "卡布奇诺", "浓缩", "摩卡", "星巴克", "提神", "手冲")),
    Concept("alcohol", ("alcohol", "booze", "liquor", "酒", "喝酒", "酒精"),
            ("beer", "wine", "red wine", "white wine", "merlot", "cabernet", "chardonnay", "whisky",
             "whiskey", "vodka", "gin", "rum", "tequila", "sake", "baijiu", "cocktail", "champagne",
             "hangover", "drunk", "sober",
             "啤酒", "红酒", "葡萄酒", "白酒", "黄酒", "威士忌", "伏特加", "鸡尾酒", "香槟", "清酒",
             "喝醉", "宿醉", "戒酒")),
    # -- animals ---------------------------------------------------------------------------------
    Concept("cat", ("cat", "kitty", "猫", "猫咪"),
            ("kitten", "tabby", "persian cat", "siamese", "ragdoll", "maine coon", "british shorthair",
             "sphynx", "calico", "tomcat", "litter box", "meow",
             "小猫", "狸花猫", "狸花", "橘猫", "布偶猫", "布偶", "英短", "美短", "暹罗猫", "波斯猫",
             "三花", "奶牛猫", "猫砂", "喵")),
    Concept("dog", ("dog", "狗", "狗狗"),
            ("puppy", "pup", "golden retriever", "labrador", "poodle", "corgi", "husky", "beagle",
             "bulldog", "german shepherd", "chihuahua", "shiba", "dachshund", "terrier",
             "border collie", "leash",
             "小狗", "幼犬", "金毛", "拉布拉多", "泰迪", "柯基", "哈士奇", "柴犬", "比熊", "边牧",
             "博美", "德牧", "遛狗", "狗绳")),
    Concept("pet", ("pet", "宠物"),
            ("hamster", "rabbit", "bunny", "parrot", "budgie", "bird", "goldfish", "fish tank",
             "turtle", "tortoise", "guinea pig", "lizard", "adopted", "vet",
             "仓鼠", "兔子", "鹦鹉", "鸟", "金鱼", "鱼缸", "乌龟", "豚鼠", "蜥蜴", "领养", "兽医"),
            includes=("cat", "dog")),
    # -- relationships and family ----------------------------------------------------------------
    Concept("relationship", ("relationship", "partner", "single", "dating", "love life", "romance",
                             "对象", "恋爱", "单身", "伴侣", "感情"),
            ("girlfriend", "boyfriend", "seeing someone", "going out with", "broke up",
             "break up", "breakup", "split up", "ended things", "dumped", "ex", "crush",
             "in love", "engaged", "fiancé", "fiancee", "fiance",
             "女朋友", "男朋友", "女友", "男友", "约会", "分手", "交往", "谈恋爱", "在一起", "前任",
             "暗恋", "相亲", "脱单", "订婚"),
            includes=("marriage",)),
    Concept("marriage", ("married", "marriage", "marry", "wedding", "spouse", "结婚", "婚礼", "婚姻",
                         "已婚"),
            ("tied the knot", "got hitched", "husband", "wife", "anniversary", "newlywed",
             "proposed", "proposal", "engagement", "honeymoon", "divorce", "divorced",
             "领证", "老公", "老婆", "丈夫", "妻子", "结婚纪念日", "求婚", "蜜月", "离婚", "新婚")),
    Concept("children", ("child", "children", "kid", "kids", "孩子", "小孩", "子女"),
            ("toddler", "baby boy", "preschooler", "小家伙", "娃", "小朋友"),
            includes=("son", "daughter")),
    Concept("son", ("son", "儿子"), ("our boy", "my boy", "小子", "男孩")),
    Concept("daughter", ("daughter", "女儿"), ("our girl", "my girl", "baby girl", "闺女", "千金", "女孩")),
    Concept("baby", ("baby", "pregnant", "pregnancy", "born", "birth", "宝宝", "怀孕", "出生",
                     "生孩子"),
            ("expecting", "due date", "newborn", "maternity", "paternity", "ultrasound", "trimester",
             "midwife", "delivered", "gave birth",
             "预产期", "待产", "产检", "新生儿", "坐月子", "产假", "孕")),
    Concept("sibling", ("sibling", "siblings", "兄弟姐妹"),
            ("sister", "brother", "姐姐", "妹妹", "哥哥", "弟弟", "手足")),
    Concept("parents", ("parents", "父母", "爸妈"),
            ("mom", "mum", "mother", "dad", "father", "妈妈", "母亲", "爸爸", "父亲")),
    # -- work, money, study ----------------------------------------------------------------------
    Concept("job", ("job", "work", "working", "career", "employer", "employed", "employment",
                    "occupation", "profession", "unemployed", "工作", "上班", "职业", "单位", "就业"),
            ("company", "office", "colleague", "coworker", "boss", "manager", "hired", "resigned",
             "quit my job", "laid off", "let go", "fired", "promoted", "intern", "internship",
             "startup", "studio", "firm", "engineer", "designer", "developer", "programmer",
             "accountant", "freelance", "freelancer",
             "公司", "同事", "老板", "领导", "入职", "辞职", "离职", "跳槽", "裁员", "被裁", "失业",
             "升职", "实习", "工作室", "工程师", "设计师", "程序员", "会计", "自由职业")),
    Concept("pay", ("salary", "pay", "paid", "income", "wage", "wages", "earn", "工资", "薪水", "收入",
                    "薪资", "待遇"),
            ("raise", "pay rise", "bonus", "pay cut", "per hour", "涨薪", "加薪", "涨工资",
             "奖金", "年终奖", "降薪", "月薪", "年薪")),
    Concept("money", ("money", "savings", "finances", "debt", "钱", "存款", "积蓄", "债"),
            ("invest", "investment", "stocks", "shares", "fund", "bitcoin", "crypto", "loan",
             "mortgage", "credit card", "budget",
             "投资", "股票", "基金", "比特币", "贷款", "房贷", "信用卡", "理财", "预算")),
    Concept("study", ("study", "studying", "student", "school", "university", "college", "degree",
                      "education", "research", "学校", "上学", "读书", "学习", "大学", "学位", "研究",
                      "课题", "学生"),
            ("enrolled", "major", "graduate", "graduated", "thesis", "dissertation", "phd",
             "master's", "mba", "bachelor", "semester", "lecture", "professor",
             "supervisor", "first grade", "primary school", "kindergarten", "high school",
             "论文", "毕业论文", "博士", "硕士", "本科", "研究生", "报名", "课程", "导师", "年级",
             "小学", "中学", "高中", "幼儿园", "专业", "毕业")),
    Concept("exam", ("exam", "test", "qualified", "qualification", "license", "licence",
                     "certificate", "考试", "资格", "证书", "执照"),
            ("passed", "failed", "bar exam", "driving test", "gaokao", "ielts", "toefl", "gre", "cpa",
             "考过", "考上", "高考", "雅思", "托福", "司法考试", "驾考", "驾照", "注会", "资格证")),
    Concept("language", ("language", "languages", "foreign language", "外语", "语言"),
            ("english", "chinese", "mandarin", "cantonese", "japanese", "korean", "french", "spanish",
             "german", "italian", "portuguese", "russian", "arabic", "duolingo",
             "英语", "中文", "普通话", "粤语", "日语", "韩语", "法语", "西班牙语", "德语", "意大利语",
             "葡萄牙语", "俄语", "阿拉伯语", "多邻国")),
    # -- health ----------------------------------------------------------------------------------
    Concept("allergy", ("allergy", "allergic", "过敏"),
            ("hay fever", "pollen", "sneeze", "sneezing", "rash", "hives", "swell", "swelling",
             "itchy", "epipen", "epinephrine", "antihistamine", "anaphylaxis", "peanut", "shellfish",
             "lactose", "gluten", "intolerant",
             "花粉", "花粉症", "鼻炎", "喷嚏", "起疹子", "荨麻疹", "肿", "肾上腺素", "抗组胺", "花生",
             "乳糖不耐", "不耐受")),
    Concept("medication", ("medication", "medicine", "meds", "pill", "drug", "prescription",
                           "药", "药物", "吃药", "服药"),
            ("prescribed", "put me on", "dose", "insulin", "antibiotics", "antidepressants",
             "statins", "inhaler", "vitamin", "supplement",
             "处方", "开了药", "降压药", "胰岛素", "抗生素", "维生素", "打针")),
    Concept("illness", ("illness", "ill", "sick", "disease", "condition", "chronic", "health",
                        "病", "生病", "疾病", "慢性病", "健康"),
            ("diabetes", "hypertension", "high blood pressure", "blood sugar", "asthma", "cancer",
             "stroke", "heart attack", "flu", "covid", "migraine", "arthritis", "diagnosed",
             "糖尿病", "高血压", "血糖", "哮喘", "癌", "中风", "心脏病", "感冒", "发烧", "偏头痛",
             "关节炎", "确诊")),
    Concept("hospital", ("hospital", "医院", "住院"),
            ("surgery", "operation", "emergency room", "icu", "intensive care", "admitted", "ward",
             "手术", "急诊", "重症监护", "病房", "开刀")),
    Concept("injury", ("injury", "injured", "hurt", "受伤"),
            ("tore", "torn", "ligament", "broke my", "fracture", "sprained", "cast", "crutches",
             "骨折", "扭伤", "韧带", "撕裂", "石膏", "拐杖")),
    Concept("mental_health", ("therapy", "therapist", "mental health", "counselling", "counseling",
                              "心理", "心理咨询", "心理治疗"),
            ("counsellor", "counselor", "psychologist", "psychiatrist", "anxiety", "depression",
             "panic attack", "burnout",
             "咨询师", "心理医生", "焦虑", "抑郁", "惊恐", "倦怠")),
    Concept("eyesight", ("eyesight", "vision", "eyes", "sight", "视力", "眼睛"),
            ("glasses", "lenses", "contact lenses", "nearsighted", "nearsightedness", "myopia",
             "shortsighted", "farsighted", "optician", "optometrist",
             "近视", "远视", "眼镜", "隐形眼镜", "镜片", "验光", "度数", "散光")),
    Concept("teeth", ("dentist", "teeth", "tooth", "dental", "牙医", "牙齿", "看牙"),
            ("cavity", "filling", "root canal", "braces", "wisdom tooth", "floss",
             "蛀牙", "补牙", "拔牙", "洗牙", "牙套", "智齿", "根管")),
    Concept("sleep", ("sleep", "sleeping", "睡眠", "睡觉"),
            ("insomnia", "awake", "can't sleep", "nightmare", "nap", "bedtime", "melatonin",
             "失眠", "睡不着", "熬夜", "睡着", "做梦", "午睡")),
    Concept("weight", ("weight", "体重"),
            ("kilos", "kilograms", "pounds", "lost weight", "gained weight", "lose weight",
             "公斤", "斤", "瘦了", "胖了", "减肥")),
    Concept("diet", ("diet", "vegetarian", "vegan", "素食", "吃素", "节食", "饮食"),
            ("meat", "plant-based", "keto", "low carb", "carbs", "calories", "fasting",
             "gluten-free", "sugar", "lose weight", "slim down",
             "肉", "荤", "不吃肉", "素食者", "减肥", "瘦身", "低碳", "生酮", "断食", "卡路里",
             "热量", "戒糖")),
    Concept("smoking", ("smoke", "smoking", "smoker", "抽烟", "吸烟"),
            ("cigarette", "cigarettes", "vape", "vaping", "e-cigarette", "nicotine", "quit smoking",
             "香烟", "电子烟", "尼古丁", "戒烟", "烟瘾")),
    Concept("fear", ("afraid", "fear", "scared", "phobia", "怕", "害怕", "恐惧"),
            ("terrify", "terrified", "terrifies", "panic", "nervous", "frighten", "frightened",
             "恐高", "吓", "紧张", "惊慌")),
    # -- home, places, getting around ------------------------------------------------------------
    Concept("home", ("live", "living", "home", "house", "apartment", "flat", "residence",
                     "live alone", "住在", "房子", "公寓", "一个人住", "独居"),
            ("moved to", "relocated", "rent", "renting", "landlord", "mortgage", "condo",
             "roommate", "flatmate", "housemate", "share a flat", "neighbourhood", "suburb",
             "two-bedroom", "bought a house",
             "搬到", "搬家", "租房", "房租", "房东", "买房", "房贷", "合租", "室友", "小区", "郊区",
             "两居室", "三居室")),
    Concept("internet", ("wifi", "wi-fi", "internet", "network", "网络", "无线"),
            ("router", "broadband", "login", "password", "modem", "hotspot",
             "路由器", "宽带", "密码", "登录", "热点")),
    Concept("car", ("car", "vehicle", "drive", "driving", "车", "开车", "汽车"),
            ("sedan", "hatchback", "suv", "electric car", "ev", "tesla", "byd", "toyota", "honda",
             "bmw", "minivan", "driver's license",
             "轿车", "两厢车", "电动车", "新能源", "特斯拉", "比亚迪", "丰田", "本田", "宝马", "驾照")),
    Concept("bicycle", ("bike", "bicycle", "自行车", "单车"),
            ("cycling", "e-bike", "bike lock", "骑车", "骑行", "共享单车", "车锁")),
    Concept("commute", ("commute", "get to work", "get to the office", "通勤", "上班路上"),
            ("subway", "metro", "bus", "train", "carpool", "walk to", "cycle to",
             "地铁", "公交", "坐车", "骑车", "打车", "步行")),
    Concept("flying", ("fly", "flying", "flight", "flights", "航班", "坐飞机"),
            ("plane", "planes", "airplane", "airport", "airline", "jet lag", "boarding",
             "飞机", "机场", "航空", "登机", "飞")),
    Concept("travel", ("holiday", "vacation", "trip", "travel", "度假", "旅游", "旅行", "假期"),
            ("beach", "resort", "abroad", "island", "sightseeing", "backpacking", "cruise",
             "海滩", "度假村", "出国", "岛", "景点", "自由行", "跟团")),
    Concept("crime", ("robbed", "stolen", "theft", "burgled", "crime", "偷", "被偷", "抢劫"),
            ("pickpocket", "thief", "took my", "stole", "broke into", "burglary", "mugged",
             "police report", "小偷", "扒手", "被盗", "报警", "偷走")),
    # -- devices ---------------------------------------------------------------------------------
    Concept("phone", ("phone", "mobile", "cellphone", "手机", "电话"),
            ("iphone", "android", "huawei", "xiaomi", "samsung", "pixel", "oppo", "vivo", "handset",
             "smartphone", "华为", "小米", "三星", "苹果手机")),
    Concept("computer", ("computer", "laptop", "电脑", "笔记本"),
            ("macbook", "thinkpad", "dell", "lenovo", "desktop", "pc", "联想", "戴尔", "苹果电脑")),
    # -- pastimes --------------------------------------------------------------------------------
    Concept("instrument", ("instrument", "instruments", "乐器"),
            ("piano", "keyboard lessons", "guitar", "violin", "cello", "drums", "flute", "saxophone",
             "ukulele", "bass guitar", "trumpet", "harmonica", "erhu", "guzheng",
             "钢琴", "吉他", "小提琴", "大提琴", "架子鼓", "长笛", "萨克斯", "尤克里里", "二胡",
             "古筝", "琵琶", "口琴", "练琴")),
    Concept("sport", ("sport", "sports", "exercise", "work out", "workout", "运动", "锻炼", "体育"),
            ("running", "jogging", "marathon", "swimming", "yoga", "pilates", "tennis", "badminton",
             "basketball", "football", "soccer", "volleyball", "table tennis", "ping pong",
             "cycling", "hiking", "climbing", "skiing", "boxing", "martial arts", "racket",
             "shuttlecock",
             "跑步", "马拉松", "游泳", "瑜伽", "普拉提", "网球", "羽毛球", "篮球", "足球", "排球",
             "乒乓球", "骑行", "徒步", "攀岩", "滑雪", "拳击", "打球", "球拍"),
            includes=("gym",)),
    Concept("gym", ("gym", "fitness", "健身房", "健身"),
            ("fitness club", "health club", "treadmill", "lifting weights", "personal trainer",
             "健身卡", "私教", "撸铁", "跑步机")),
    Concept("hobby", ("hobby", "craft", "crafts", "pastime", "爱好", "手工", "兴趣"),
            ("knitting", "knit", "crochet", "sewing", "embroidery", "pottery", "ceramics",
             "woodworking", "origami", "calligraphy", "yarn", "wool",
             "织毛衣", "编织", "钩针", "刺绣", "陶艺", "木工", "折纸", "书法", "毛线")),
    Concept("gardening", ("plants", "garden", "gardening", "grow", "种菜", "种花", "植物", "花草",
                          "园艺"),
            ("tomatoes", "herbs", "seeds", "pots", "potted", "succulents", "vegetable patch",
             "盆栽", "多肉", "花盆", "浇花", "播种")),
    Concept("tv", ("show", "series", "tv", "drama", "剧", "追剧", "电视剧"),
            ("season", "episode", "netflix", "binge", "sitcom",
             "剧集", "美剧", "韩剧", "日剧", "综艺")),
    Concept("concert", ("concert", "gig", "演唱会", "音乐会"),
            ("band", "live", "tour", "stadium", "festival", "setlist",
             "乐队", "现场", "巡演", "音乐节", "体育场")),
    Concept("reading", ("book", "books", "read", "reading", "书", "看书", "读书"),
            ("novel", "author", "kindle", "chapter", "reread", "audiobook",
             "小说", "作家", "章节", "重读", "读完")),
    Concept("gift", ("gift", "present", "礼物"),
            ("gave me", "got me", "bought me", "chipped in", "surprised me",
             "送了我", "送我", "收到")),
    Concept("birthday", ("birthday", "生日"),
            ("birthday party", "candles", "庆生", "过生日", "生日派对")),
    Concept("charity", ("charity", "charity work", "charities", "volunteer", "volunteering",
                        "good cause", "公益", "慈善", "志愿者", "义工"),
            ("donate", "donation", "nonprofit", "non-profit", "ngo", "foundation", "fundraiser",
             "animal shelter", "shelter", "soup kitchen", "food bank", "help out", "give blood",
             "捐款", "捐赠", "捐", "基金会", "收容所", "救助站", "帮忙", "献血", "支教", "志愿")),
    Concept("religion", ("religion", "faith", "religious", "信仰", "宗教"),
            ("church", "mosque", "temple", "pray", "buddhist", "christian", "muslim",
             "教堂", "寺庙", "佛教", "基督教", "祈祷", "礼拜")),
)


#: Entries that belong to two families, and why (a test holds every other entry to one family).
SHARED: dict[str, str] = {
    "lose weight": "both a weight change and the usual reason for a diet",
    "减肥": "both a weight change and the usual reason for a diet",
    "mortgage": "a home owner's loan: home and money",
    "房贷": "a home owner's loan: home and money",
    "cycling": "a sport and a way of getting around on a bike",
    "骑行": "a sport and a way of getting around on a bike",
    "骑车": "how one rides a bike, and a way to commute",
    "读书": "in Chinese both being at school and reading books",
    "live": "where one lives (a question's word) and a live show (a statement's)",
    "驾照": "a driving licence: a car and an exam",
}


@lru_cache(maxsize=1)
def _by_key() -> dict[str, Concept]:
    return {c.key: c for c in CONCEPTS}


@lru_cache(maxsize=1)
def _names() -> tuple[PhraseTable, dict[str, tuple[str, ...]]]:
    owners: dict[str, list[str]] = {}
    for c in CONCEPTS:
        for n in c.names:
            owners.setdefault(n.lower(), []).append(c.key)
    return PhraseTable.of(owners), {k: tuple(v) for k, v in owners.items()}


def concept(key: str) -> Concept | None:
    return _by_key().get(key)


def concepts_named_in(text: str) -> list[str]:
    """Keys of the families a text names, in order of first mention ("Do I still have a cat?"
    → ["cat"]; "charity work" is the charity family, not the job one: longest match wins)."""
    table, owners = _names()
    keys: list[str] = []
    for name in table.find(text):
        for key in owners.get(name, ()):
            if key not in keys:
                keys.append(key)
    return keys


def family_terms(key: str) -> tuple[str, ...]:
    """Every name and expression of a family and of the families it includes (deduplicated,
    lower-cased, in data order)."""
    out: dict[str, None] = {}
    seen: set[str] = set()
    stack = [key]
    while stack:
        k = stack.pop(0)
        if k in seen or (c := concept(k)) is None:
            continue
        seen.add(k)
        out.update(dict.fromkeys(t.lower() for t in (*c.names, *c.expressions)))
        stack.extend(c.includes)
    return tuple(out)
