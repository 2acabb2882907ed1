"""A small bilingual category lexicon: the offline stand-in for "semantics knows a pressure
cooker is a kitchen appliance".

With no model available, two components need hypernyms: the rule extractor (to give a mention an
``entity_type``) and retrieval's category-expansion path (a question about "kitchen appliances"
also searches for 高压锅 / air fryer / 电饭煲). The lists are deliberately plain data, bilingual,
and easy to extend; the entity catalog learned by L2 extends them at run time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .scan import cjk_longest, cjk_runs, start_pattern


@dataclass(frozen=True, slots=True)
class Category:
    key: str
    entity_type: str  # one of policy.ENTITY_TYPES
    #: words that name the category itself in a question ("kitchen appliance", "家电")
    names: tuple[str, ...]
    #: members: entity names that belong to it
    members: tuple[str, ...]


CATEGORIES: tuple[Category, ...] = (
    Category("kitchen_appliance", "appliance",
             ("kitchen appliance", "kitchen appliances", "appliance", "appliances", "kitchen gadget",
              "gadget", "厨房家电", "厨房电器", "家电", "电器", "厨具", "小家电"),
             ("pressure cooker", "instant pot", "air fryer", "rice cooker", "slow cooker",
              "crock pot", "blender", "food processor", "stand mixer", "mixer", "toaster",
              "toaster oven", "microwave", "oven", "dishwasher", "coffee maker", "coffee machine",
              "espresso machine", "kettle", "electric kettle", "juicer", "bread maker",
              "sous vide", "waffle maker", "grill", "induction cooker", "refrigerator", "fridge",
              "freezer", "soymilk maker",
              "高压锅", "电压力锅", "压力锅", "空气炸锅", "电饭煲", "电饭锅", "慢炖锅", "破壁机",
              "搅拌机", "料理机", "厨师机", "面包机", "烤面包机", "微波炉", "烤箱", "洗碗机",
              "咖啡机", "电水壶", "热水壶", "榨汁机", "电磁炉", "冰箱", "豆浆机", "电炖锅",
              "蒸锅", "电烤箱", "多士炉")),
    Category("home_appliance", "appliance",
             ("home appliance", "household appliance", "家用电器", "家电"),
             ("washing machine", "dryer", "vacuum", "robot vacuum", "air purifier",
              "humidifier", "dehumidifier", "air conditioner", "heater", "fan", "dyson", "roomba",
              "洗衣机", "烘干机", "吸尘器", "扫地机器人", "扫地机", "洗地机", "空气净化器", "加湿器", "除湿机", "空调",
              "吹风机", "电吹风", "卷发棒", "直板夹",
              "暖风机", "电风扇", "热水器")),
    Category("device", "device",
             ("device", "gadget", "electronics", "设备", "电子产品", "数码产品"),
             ("phone", "smartphone", "iphone", "android phone", "laptop", "macbook", "tablet",
              "ipad", "kindle", "smartwatch", "apple watch", "headphones", "earbuds", "airpods",
              "camera", "monitor", "keyboard", "mouse", "router", "speaker", "smart speaker",
              "watch", "fitness tracker", "e-reader", "xbox", "ps5", "ps4", "playstation",
              "nintendo switch", "steam deck", "game console", "projector", "drone", "kobo", "gopro",
              "peloton",
              "手机", "笔记本电脑", "电脑", "平板", "平板电脑", "耳机", "相机", "显示器", "键盘", "鼠标", "手环",
              "路由器", "音箱", "手表", "智能手表", "投影仪", "游戏机", "无人机")),
    Category("drink", "food",
             ("drink", "beverage", "饮料", "饮品"),
             ("coffee", "latte", "espresso", "cappuccino", "tea", "green tea", "milk tea",
              "bubble tea", "juice", "beer", "wine", "whisky", "soda",
              "咖啡", "拿铁", "茶", "绿茶", "红茶", "奶茶", "果汁", "啤酒", "红酒", "白酒", "可乐")),
    Category("food", "food",
             ("food", "dish", "cuisine", "meal", "食物", "菜", "美食"),
             ("soup", "pizza", "sushi", "noodles", "ramen", "dumplings", "hot pot", "hotpot",
              "steak", "salad", "pasta", "burger", "rice", "bread", "cake", "chocolate",
              "汤", "披萨", "寿司", "面条", "拉面", "饺子", "火锅", "牛排", "沙拉", "意面", "汉堡",
              "米饭", "面包", "蛋糕", "巧克力", "红烧肉", "小笼包", "煲汤",
              "cilantro", "coriander", "tofu", "durian", "spicy food", "seafood", "ice cream",
              "香菜", "豆腐", "榴莲", "辣椒", "海鲜", "冰淇淋", "臭豆腐", "烧烤",
              # dishes chat names when it tells a taste
              "pho", "tacos", "taco", "burrito", "burritos", "pad thai", "curry", "fried chicken", "chicken wings",
              "bagels", "pancakes", "waffles", "kimchi", "bibimbap", "dim sum", "falafel", "hummus", "lasagna",
              "cheesecake", "donuts", "french fries", "fries", "mushrooms", "eggplant", "broccoli", "brussels sprouts",
              "peanut butter", "avocado", "oysters", "olives", "pickles", "mac and cheese",
              "鸡翅", "炸鸡", "烤鸭", "麻辣烫", "螺蛳粉", "酸菜鱼", "小龙虾", "包子", "烤串", "羊肉串", "烤肉",
              "肉夹馍", "煎饼果子", "凉皮", "麻辣香锅", "串串", "生蚝", "茄子", "西兰花", "苦瓜", "韭菜",
              "鸡蛋", "蜂蜜", "小米粥", "薯条", "egg", "eggs", "honey", "bacon")),
    Category("media", "media",
             ("movie", "film", "电影", "影视", "节目"),
             ("movie", "movies", "film", "films", "horror movies", "horror movie", "documentary",
              "documentaries", "tv show", "tv series", "anime", "podcast", "podcasts", "novel",
              "novels", "audiobook", "sitcom",
              "电影", "恐怖片", "纪录片", "电视剧", "综艺", "动漫", "播客", "小说", "有声书", "美剧", "韩剧")),
    Category("city", "place",
             ("city", "place", "town", "城市", "地方"),
             ("shanghai", "beijing", "hangzhou", "jiaxing", "shenzhen", "guangzhou", "chengdu",
              "nanjing", "suzhou", "wuhan", "xi'an", "hong kong", "taipei", "tokyo", "osaka",
              "kyoto", "seoul", "singapore", "london", "paris", "berlin", "new york", "boston",
              "san francisco", "seattle", "los angeles", "chicago", "toronto", "sydney",
              "上海", "北京", "杭州", "嘉兴", "深圳", "广州", "成都", "南京", "苏州", "武汉", "西安",
              "香港", "台北", "东京", "大阪", "京都", "首尔", "新加坡", "伦敦", "巴黎", "柏林",
              "纽约", "波士顿", "旧金山", "西雅图", "洛杉矶", "芝加哥", "多伦多", "悉尼", "西湖")),
    Category("pet", "animal",
             ("pet", "animal", "宠物", "动物"),
             ("cat", "dog", "puppy", "pup", "kitten", "kitty", "hamster", "rabbit", "parrot", "goldfish", "turtle",
              "猫", "狗", "小狗", "小猫", "猫咪", "狗狗", "仓鼠", "兔子", "鹦鹉", "金鱼", "乌龟",
              # breeds chat names a pet by (柯基, 布偶猫, 土狗)
              "柯基", "柴犬", "金毛", "泰迪", "哈士奇", "边牧", "拉布拉多", "萨摩耶", "比熊", "博美", "布偶猫", "英短",
              "橘猫", "土狗", "中华田园犬", "田园犬", "龙猫", "豚鼠", "刺猬", "八哥", "蜥蜴", "雪貂",
              # English breeds and kinds that are no other word ("lab", "husky", "greyhound" are)
              "beagle", "corgi", "poodle", "labrador", "golden retriever", "dachshund", "ferret", "budgie",
              "cockatiel", "tortoise", "chinchilla", "guinea pig", "parakeet", "cockatoo", "iguana", "hedgehog",
              "axolotl", "chihuahua", "pit bull", "border collie", "bulldog", "french bulldog", "rottweiler",
              "doberman", "shih tzu", "yorkie", "schnauzer", "dalmatian", "maine coon", "gecko",
              # aquarium fish kept as pets ("added twelve neon tetras"; the tank is no animal, and 斗鱼
              # is also a streaming site)
              "tetra", "betta", "guppy", "koi", "孔雀鱼")),
    Category("vehicle", "vehicle",
             ("vehicle", "car", "车", "交通工具"),
             ("car", "bike", "bicycle", "e-bike", "motorcycle", "scooter", "tesla", "suv",
              "汽车", "自行车", "电动车", "摩托车", "滑板车", "特斯拉")),
    Category("software", "software",
             ("app", "software", "tool", "program", "软件", "应用", "工具"),
             ("vscode", "visual studio code", "pycharm", "vim", "emacs", "excel", "word",
              "powerpoint", "notion", "obsidian", "slack", "zoom", "wechat", "chrome", "firefox",
              "photoshop", "figma", "git", "docker", "python", "spotify", "netflix",
              "html", "css", "javascript", "typescript", "sql", "php", "kotlin", "golang",
              "duolingo", "todoist", "trello", "evernote", "goodreads", "strava", "whatsapp", "telegram",
              "微信", "钉钉", "飞书", "网易云音乐", "抖音", "小红书", "淘宝", "支付宝", "微信读书", "知乎",
              "微博", "哔哩哔哩", "b站", "闲鱼", "印象笔记", "随手记", "高德地图", "百度地图", "qq音乐")),
    Category("music_genre", "topic",
             ("music genre", "genre", "music", "音乐类型", "音乐"),
             ("jazz", "classical", "classical music", "rock", "pop", "hip hop", "rap", "folk",
              "electronic", "blues", "country", "metal",
              "爵士", "爵士乐", "古典", "古典音乐", "摇滚", "流行", "说唱", "民谣", "电子乐")),
    Category("activity", "activity",
             ("hobby", "sport", "exercise", "activity", "爱好", "运动", "活动"),
             ("running", "jogging", "yoga", "swimming", "hiking", "camping", "cycling", "tennis",
              "basketball", "football", "soccer", "badminton", "climbing", "skiing", "fishing",
              "photography", "painting", "cooking", "baking", "gardening", "reading", "chess",
              "跑步", "瑜伽", "游泳", "徒步", "露营", "骑行", "网球", "篮球", "足球", "羽毛球",
              "攀岩", "滑雪", "钓鱼", "摄影", "画画", "做饭", "烘焙", "园艺", "阅读", "下棋", "爬山", "健身", "唱歌",
              "跳舞")),
    Category("family", "person",
             ("family", "relative", "家人", "亲戚"),
             ("mom", "mother", "dad", "father", "sister", "brother", "wife", "husband", "son",
              "daughter", "grandma", "grandpa", "aunt", "uncle", "cousin",
              "妈妈", "爸爸", "母亲", "父亲", "姐姐", "妹妹", "哥哥", "弟弟", "老婆", "老公", "妻子",
              "丈夫", "儿子", "女儿", "奶奶", "爷爷", "外婆", "外公", "阿姨", "叔叔")),
)


#: Bilingual equivalence groups: names of the *same* thing across languages (and the obvious
#: same-language synonyms the lexicon lists as separate members). A category says "a pressure
#: cooker is a kitchen appliance"; a group says "高压锅 *is* a pressure cooker" — so an anchor
#: named in Chinese ("在买空气炸锅之前") also covers the English statement of the same purchase,
#: a question about "coffee" also finds 咖啡, and the offline embedder gives both one concept
#: feature. Plain data: every entry must be a member of some category above (a test checks),
#: and only translations that are obvious belong here (a kettle is not a pot).
EQUIVALENTS: tuple[tuple[str, ...], ...] = (
    # kitchen appliances
    ("pressure cooker", "高压锅", "压力锅", "电压力锅", "instant pot"),
    ("air fryer", "空气炸锅"),
    ("rice cooker", "电饭煲", "电饭锅"),
    ("slow cooker", "crock pot", "慢炖锅", "电炖锅"),
    ("blender", "搅拌机", "破壁机"),
    ("food processor", "料理机"),
    ("stand mixer", "mixer", "厨师机"),
    ("toaster", "烤面包机", "多士炉"),
    ("microwave", "微波炉"),
    ("oven", "烤箱", "电烤箱"),
    ("dishwasher", "洗碗机"),
    ("coffee maker", "coffee machine", "咖啡机"),
    ("electric kettle", "kettle", "电水壶", "热水壶"),
    ("juicer", "榨汁机"),
    ("bread maker", "面包机"),
    ("induction cooker", "电磁炉"),
    ("refrigerator", "fridge", "冰箱"),
    ("soymilk maker", "豆浆机"),
    # home appliances
    ("washing machine", "洗衣机"),
    ("dryer", "烘干机"),
    ("vacuum", "吸尘器"),
    ("robot vacuum", "扫地机器人"),
    ("air purifier", "空气净化器"),
    ("humidifier", "加湿器"),
    ("dehumidifier", "除湿机"),
    ("air conditioner", "空调"),
    ("fan", "电风扇"),
    # devices
    ("phone", "smartphone", "手机"),
    ("laptop", "笔记本电脑"),
    ("tablet", "平板"),
    ("headphones", "earbuds", "耳机"),
    ("camera", "相机"),
    ("monitor", "显示器"),
    ("keyboard", "键盘"),
    ("mouse", "鼠标"),
    ("router", "路由器"),
    ("speaker", "音箱"),
    ("smartwatch", "智能手表"),
    # drinks and food
    ("coffee", "咖啡"),
    ("latte", "拿铁"),
    ("tea", "茶"),
    ("green tea", "绿茶"),
    ("milk tea", "bubble tea", "奶茶"),
    ("juice", "果汁"),
    ("beer", "啤酒"),
    ("wine", "红酒"),
    ("soup", "汤"),
    ("pizza", "披萨"),
    ("sushi", "寿司"),
    ("noodles", "面条"),
    ("ramen", "拉面"),
    ("dumplings", "饺子"),
    ("hot pot", "hotpot", "火锅"),
    ("steak", "牛排"),
    ("salad", "沙拉"),
    ("pasta", "意面"),
    ("burger", "汉堡"),
    ("rice", "米饭"),
    ("bread", "面包"),
    ("cake", "蛋糕"),
    ("chocolate", "巧克力"),
    ("cilantro", "coriander", "香菜"),
    ("tofu", "豆腐"),
    ("durian", "榴莲"),
    ("seafood", "海鲜"),
    ("ice cream", "冰淇淋"),
    # media
    ("movie", "movies", "film", "films", "电影"),
    ("horror movie", "horror movies", "恐怖片"),
    ("documentary", "documentaries", "纪录片"),
    ("tv series", "tv show", "电视剧"),
    ("anime", "动漫"),
    ("podcast", "podcasts", "播客"),
    ("novel", "novels", "小说"),
    ("audiobook", "有声书"),
    # cities
    ("shanghai", "上海"), ("beijing", "北京"), ("hangzhou", "杭州"), ("jiaxing", "嘉兴"),
    ("shenzhen", "深圳"), ("guangzhou", "广州"), ("chengdu", "成都"), ("nanjing", "南京"),
    ("suzhou", "苏州"), ("wuhan", "武汉"), ("xi'an", "西安"), ("hong kong", "香港"),
    ("taipei", "台北"), ("tokyo", "东京"), ("osaka", "大阪"), ("kyoto", "京都"), ("seoul", "首尔"),
    ("singapore", "新加坡"), ("london", "伦敦"), ("paris", "巴黎"), ("berlin", "柏林"),
    ("new york", "纽约"), ("boston", "波士顿"), ("san francisco", "旧金山"), ("seattle", "西雅图"),
    ("los angeles", "洛杉矶"), ("chicago", "芝加哥"), ("toronto", "多伦多"), ("sydney", "悉尼"),
    # pets
    ("cat", "猫"), ("kitten", "小猫"), ("dog", "狗"), ("puppy", "小狗"), ("hamster", "仓鼠"),
    ("rabbit", "兔子"), ("parrot", "鹦鹉"), ("goldfish", "金鱼"), ("turtle", "乌龟"),
    # vehicles
    ("car", "汽车"), ("bike", "bicycle", "自行车"), ("e-bike", "电动车"), ("motorcycle", "摩托车"),
    ("scooter", "滑板车"), ("tesla", "特斯拉"),
    # software
    ("wechat", "微信"),
    # music genres
    ("jazz", "爵士", "爵士乐"), ("classical", "classical music", "古典", "古典音乐"), ("rock", "摇滚"),
    ("pop", "流行"), ("rap", "说唱"), ("folk", "民谣"), ("electronic", "电子乐"),
    # activities
    ("running", "jogging", "跑步"), ("yoga", "瑜伽"), ("swimming", "游泳"), ("hiking", "徒步"),
    ("camping", "露营"), ("cycling", "骑行"), ("tennis", "网球"), ("basketball", "篮球"),
    ("football", "soccer", "足球"), ("badminton", "羽毛球"), ("climbing", "攀岩"), ("skiing", "滑雪"),
    ("fishing", "钓鱼"), ("photography", "摄影"), ("painting", "画画"), ("cooking", "做饭"),
    ("baking", "烘焙"), ("gardening", "园艺"), ("reading", "阅读"), ("chess", "下棋"),
    # family
    ("mom", "mother", "妈妈", "母亲"), ("dad", "father", "爸爸", "父亲"), ("sister", "姐姐", "妹妹"),
    ("brother", "哥哥", "弟弟"), ("wife", "老婆", "妻子"), ("husband", "老公", "丈夫"),
    ("son", "儿子"), ("daughter", "女儿"), ("grandma", "奶奶", "外婆"), ("grandpa", "爷爷", "外公"),
    ("aunt", "阿姨"), ("uncle", "叔叔"),
)


@lru_cache(maxsize=1)
def _groups() -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for group in EQUIVALENTS:
        norm = tuple(dict.fromkeys(g.lower() for g in group))
        for term in norm:
            out.setdefault(term, norm)
    return out


def equivalents(term: str) -> tuple[str, ...]:
    """Every name of the same thing ("空气炸锅" → ("air fryer", "空气炸锅")), the term itself
    first; a term in no group is its own only name."""
    t = term.lower().strip()
    group = _groups().get(t)
    if group is None:
        return (t,)
    return (t, *(g for g in group if g != t))


def concept_of(term: str) -> str | None:
    """A stable id of the term's equivalence group (its first name), or None."""
    group = _groups().get(term.lower().strip())
    return group[0] if group else None


def same_thing(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name the same thing (equal, or in one equivalence group)."""
    a, b = a.lower().strip(), b.lower().strip()
    return a == b or b in _groups().get(a, ())


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, list[Category]], dict[str, list[Category]]]:
    by_name: dict[str, list[Category]] = {}
    by_member: dict[str, list[Category]] = {}
    for cat in CATEGORIES:
        for n in cat.names:
            by_name.setdefault(n.lower(), []).append(cat)
        for m in cat.members:
            by_member.setdefault(m.lower(), []).append(cat)
    return by_name, by_member


_LATIN_WORD = re.compile(r"[0-9a-z][0-9a-z'\-]*")


@lru_cache(maxsize=2)
def _prefixes(which: str) -> tuple[frozenset[str], frozenset[str]]:
    """Every proper prefix of the table's entries — Latin ones by whole words, CJK ones by
    characters — so a scan extends an n-gram only while some entry could still match."""
    by_name, by_member = _index()
    latin: set[str] = set()
    cjk: set[str] = set()
    for entry in (by_name if which == "names" else by_member):
        if _is_cjk(entry):
            cjk.update(entry[:k] for k in range(1, len(entry)))
        else:
            parts = entry.split()
            latin.update(" ".join(parts[:k]) for k in range(1, len(parts)))
    return frozenset(latin), frozenset(cjk)


@lru_cache(maxsize=2)
def _starts(which: str) -> tuple[frozenset[str], re.Pattern[str]]:
    """Where a match can start: the Latin words that are an entry or an entry's first word(s),
    and the CJK characters entries start with (:func:`.scan.start_pattern`). A scan skips every
    other position — there it would find nothing and step on."""
    by_name, by_member = _index()
    table = by_name if which == "names" else by_member
    latin_prefixes, _ = _prefixes(which)
    words = frozenset(w for w in (*table, *latin_prefixes) if " " not in w)
    return words, start_pattern(table)


@lru_cache(maxsize=4)
def _latin_words(lowered: str) -> list[str]:
    """The whole words of a lower-cased text (``findall`` of the pattern, then the ends
    stripped); cached for the two scans (names, members) of the same text."""
    return [w.strip("'-") for w in _LATIN_WORD.findall(lowered)]


#: the CJK runs of a lower-cased text (:func:`.scan.cjk_runs`), remembered for the two scans
#: (names, members) of the same text
_cjk_runs = lru_cache(maxsize=4)(cjk_runs)


#: per table, a CJK run → the entries :func:`.scan.cjk_longest` finds in it. The embedder scans
#: every text it embeds (no two alike), but their runs repeat (a 20k import: 195k runs, 3.4k
#: distinct); past the bound new runs are scanned and not remembered
_RUN_FINDS: dict[str, dict[str, tuple[str, ...]]] = {"names": {}, "members": {}}
_RUN_FINDS_MAX = 100_000


@lru_cache(maxsize=8192)
def _find(text: str, which: str) -> tuple[str, ...]:
    """Entries of the names or members table in ``text``: the longest entry starting at each
    word (Latin, whole words only, so "cat" is not found in "category") or character (CJK),
    non-overlapping, left to right. An n-gram grows only while it is a prefix of some entry, so
    most positions cost one dictionary look-up (the embedder, the extractor and the retrieval
    paths call this for every text; cached, because the embedder and the extractor scan the
    same text)."""
    by_name, by_member = _index()
    table = by_name if which == "names" else by_member
    latin_prefixes, cjk_prefixes = _prefixes(which)
    lowered = text.lower()
    found: list[str] = []
    words = _latin_words(lowered)
    start_words, start_chars = _starts(which)
    i = 0
    for i0 in [k for k, w in enumerate(words) if w in start_words]:
        if i0 < i:  # inside the match before
            continue
        i = i0
        best, cand = 0, words[i]
        for n in range(1, len(words) - i + 1):
            if n > 1:
                cand = cand + " " + words[i + n - 1]
            if cand in table:
                best = n
            if cand not in latin_prefixes:
                break
        if best:
            found.append(" ".join(words[i:i + best]))
            i += best
        else:
            i += 1
    memo = _RUN_FINDS[which]
    for run in _cjk_runs(lowered):
        hits = memo.get(run)
        if hits is None:
            # a run alone is what the scan of the whole text reads it as: runs are maximal, so
            # every entry found is inside one run and no run's scan depends on another's
            hits = tuple(cjk_longest(run, table, cjk_prefixes, start_chars))
            if len(memo) < _RUN_FINDS_MAX:
                memo[run] = hits
        found.extend(hits)
    return tuple(found)


def categories_named_in(text: str) -> list[Category]:
    """Categories whose *name* appears in ``text`` (longest names first, no double counting)."""
    by_name, _ = _index()
    names = set(_find(text, "names"))
    found: list[Category] = []
    for name in sorted(names, key=len, reverse=True):
        for cat in by_name[name]:
            if cat not in found:
                found.append(cat)
    return found


def categories_of(term: str) -> list[Category]:
    """Categories a term is a member of ("air fryer" → kitchen_appliance)."""
    _, by_member = _index()
    return list(by_member.get(term.lower(), []))


def members_in(text: str) -> list[tuple[str, Category]]:
    """Lexicon members that occur in ``text`` (longest match at each position, non-overlapping,
    each member once, longest first)."""
    _, by_member = _index()
    members = dict.fromkeys(_find(text, "members"))
    return [(m, by_member[m][0]) for m in sorted(members, key=len, reverse=True)]


def all_cjk_terms() -> list[str]:
    terms: list[str] = []
    for cat in CATEGORIES:
        terms.extend(t for t in (*cat.names, *cat.members) if _is_cjk(t) and len(t) > 1)
    return terms


def _is_cjk(s: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in s)
