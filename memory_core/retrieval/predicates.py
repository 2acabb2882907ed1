"""Predicate families: what kind of relation a question asks about, and how a text states it.

The grounding plan needs the question's predicate family ("did I *buy*" → acquisition), and the
answer package needs to know whether a finding *states* that relation ("I bought an air fryer":
explicit), only *implies* it ("my new pressure cooker": implied — new things are usually
recently acquired), or merely mentions the thing. That difference is the design's weak-evidence
rule: say "you mentioned a new pressure cooker", not "you bought one".

Families match L2's predicate families by name (acquisition, preference, residence, visit, ...)
so an L2 retriever can filter edges by ``plan.predicate_family`` directly. Each family also says
which *derived* rows answer it — the L2 edge families that state it (or only imply it) and the
trait / state assertion names (live → residence, like → preference, stress → stress) — so the
evidence of a layer hit is judged from the same table as an event's, not question by question.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from ..lexicon.names import CONDITION_SUFFIXES_ZH, CONDITIONS, VEHICLE_BRANDS, VEHICLE_MODELS
from ..text.zh_variants import as_simplified


@dataclass(frozen=True, slots=True)
class PredicateFamily:
    name: str
    #: words in a *question* that ask about this family
    question_cues: tuple[str, ...]
    #: words in a *finding* that state it explicitly
    explicit_cues: tuple[str, ...]
    #: words that imply it without stating it
    implied_cues: tuple[str, ...] = ()
    #: how the package names a record of it ("a purchase record")
    record_en: str = "record"
    record_zh: str = "记录"
    #: L2 edge families (l2/predicates.py) whose explicit edges state this family
    edge_families: tuple[str, ...] = ()
    #: L2 edge families that only imply it ("OWNS" for "did I buy"): at most indirect
    implied_edge_families: tuple[str, ...] = ()
    #: trait / state assertion names that answer it (L2 traits, extraction state patterns)
    traits: tuple[str, ...] = ()
    #: entity types the answer is (policy.ENTITY_TYPES): "where do I live" asks for a place, so
    #: a finding naming a place answers it even though the question names no target word
    object_types: tuple[str, ...] = ()
    #: a state of the subject with no object ("am I stressed"): the statement itself is the target
    state: bool = False


#: what one buys or owns (policy.ENTITY_TYPES): not places, people, apps or hobbies
_THINGS = ("appliance", "device", "food", "vehicle", "media", "animal", "product")

FAMILIES: tuple[PredicateFamily, ...] = (
    PredicateFamily(
        "acquisition",
        ("buy", "bought", "buying", "purchase", "purchased", "order", "ordered", "get", "got",
         "acquire", "acquired", "pick up", "picked up", "买", "购买", "入手", "下单", "购入", "订购",
         "买了", "添置"),
        ("bought", "buy", "buying", "purchased", "purchase", "ordered", "got", "acquired",
         "picked up", "买", "购买", "入手", "下单", "购入", "订购", "添置", "网购"),
        ("new", "brand-new", "brand new", "just got", "latest", "新的", "新", "刚到手", "到货"),
        "purchase record", "购买记录", ("acquisition",), ("possession",), (), _THINGS),
    PredicateFamily(
        "preference",
        ("like", "likes", "love", "enjoy", "favorite", "favourite", "prefer", "fan of", "into",
         "喜欢", "爱", "最爱", "偏好", "喜爱", "爱好"),
        ("like", "love", "enjoy", "favorite", "favourite", "prefer", "fan of", "adore", "into",
         "喜欢", "爱", "最爱", "偏好", "喜爱", "热爱"),
        ("always", "often", "usually", "again", "every", "经常", "总是", "常常", "又"),
        "stated preference", "明确的偏好表述", ("preference",), (), ("preference",)),
    PredicateFamily(
        "residence",
        ("live", "lived", "living", "reside", "move", "moved", "home", "staying", "based", "apartment",
         "which city am i in", "stay", "living situation", "call home", "what town", "住", "居住", "搬", "搬家", "定居", "租房", "哪个城市生活", "在哪生活", "家在", "哪个区",
         # 我家现在在哪个城市呀: the city asked of oneself now is where one lives
         "哪个城市", "哪座城市", "哪个省"),
        ("live", "lived", "living", "moved", "move", "reside", "relocated", "住在", "居住", "搬到",
         "搬家", "定居"),
        ("home", "apartment", "neighborhood", "家", "小区"),
        "statement of where you live", "居住地表述", ("residence",), (), ("residence",), ("place",)),
    PredicateFamily(
        "visit",
        ("visit", "visited", "go to", "went to", "travel", "traveled", "travelled", "trip", "been to",
         "去过", "去了", "旅行", "旅游", "参观", "到过"),
        ("visited", "visit", "went to", "traveled", "travelled", "trip", "been to", "去过", "去了",
         "旅行", "旅游", "参观", "到过"),
        ("back from", "回来", "photos", "照片"),
        "visit record", "到访记录", ("travel",), (), (), ("place",)),
    PredicateFamily(
        "usage",
        ("use", "used", "using", "用", "使用"),
        ("use", "used", "using", "用", "使用", "用了"),
        ("with my", "my", "我的"),
        "usage record", "使用记录", ("usage",), ("possession",)),
    PredicateFamily(
        "consumption",
        ("eat", "ate", "drink", "drank", "watch", "watched", "read", "listen", "listened", "play",
         "played", "吃", "喝", "看了", "听了", "读了", "玩"),
        ("ate", "eat", "drank", "drink", "watched", "watch", "read", "listened", "played",
         "吃", "喝", "看了", "听了", "读了", "玩了"),
        ("tried", "尝了", "试了"),
        "record", "记录", ("media", "diet", "activity")),
    PredicateFamily(
        "work",
        ("work", "working", "job", "employer", "employed", "unemployed", "employment", "company", "colleague",
         "boss", "career", "teaching", "nursing", "工作", "上班", "公司", "同事", "职业", "干活", "打工", "哪上班", "上什么班", "有班上",
         "在哪家干", "在哪干", "干啥工作", "做啥工作", "做啥工", "做什么工", "在哪做事", "在哪里做事", "client", "contract"),
        ("work", "job", "employer", "hired", "joined", "company", "工作", "上班", "入职", "公司"),
        ("office", "team", "project", "办公室", "团队", "项目"),
        # the answer is an employer: a lexicon member (a podcast, a dish) in a line about work is not it
        "statement about your work", "工作表述", ("work",), (), ("employer", "occupation"), ("organization",)),
    PredicateFamily(
        "ownership",
        ("own", "owned", "have", "has", "拥有", "有"),
        ("own", "owned", "have", "has", "got", "拥有", "有"),
        ("my", "我的"),
        "ownership record", "拥有记录", ("possession",), ("acquisition",), (), _THINGS),
    PredicateFamily(
        "vehicle",
        ("car", "drive", "drives", "driving", "vehicle", "truck", "suv", "ute", "bakkie", "车", "开什么车", "汽车",
         "开车", "代步", "座驾"),
        ("drive", "drives", "driving", "car", "开", "车"),
        ("sold", "bought", "卖了", "买了"),
        "statement about your car", "关于车的表述", ("vehicle",), ("possession", "acquisition"), ("vehicle",),
        ("vehicle",)),
    PredicateFamily(
        "pet",
        ("pet", "pets", "cat", "cats", "dog", "dogs", "puppy", "kitten", "parrot", "bird", "rabbit", "bunny",
         "hamster", "guinea pig", "turtle", "tortoise", "goldfish", "snake", "lizard", "ferret",
         # "What animal lives with me these days?", "any animals at home?"
         "animal", "animals", "furry friend", "furball",
         "宠物", "猫", "狗", "养", "鹦鹉", "兔子", "仓鼠", "乌龟", "金鱼", "毛孩子", "小动物"),
        ("cat", "dog", "pet", "named", "adopted", "died", "passed away", "猫", "狗", "宠物", "养了", "去世"),
        ("vet", "walk", "兽医", "遛"),
        "statement about your pet", "关于宠物的表述", (), ("possession",), ("pet",), ("animal",)),
    PredicateFamily(
        "diet",
        ("diet", "dietary", "vegetarian", "vegan", "meat", "eat meat", "keto", "fasting", "intermittent fasting",
         "eating these days", "饮食", "吃素", "素食", "吃肉", "忌口", "生酮", "断食", "轻断食", "控碳水", "减脂餐",
         "怎么吃饭", "控糖", "paleo", "whole30", "low-carb", "low carb", "carnivore", "gluten-free", "dairy-free",
         "pescatarian", "plant-based", "fodmap", "low-fodmap", "atkins", "mediterranean diet", "低碳", "无麸质", "戒糖",
         # 全素 / 纯素 (vegan), 蛋奶素, 吃斋: the names of the vegetarian diets in Chinese
         "全素", "纯素", "蛋奶素", "吃斋", "吃荤",
         # a slimming programme is the diet one is on ("am I still doing Slimming World?")
         "slimming world", "weight watchers", "noom", "counting calories", "calorie counting", "weigh-in"),
        ("vegetarian", "vegan", "pescatarian", "meat", "吃素", "素食", "吃肉", "吃荤"),
        ("salad", "tofu", "豆腐"),
        # a diet is a state of the user ("what is my diet": "I'm not vegetarian anymore" states it)
        "statement about your diet", "关于饮食的表述", ("dietary",), (), ("diet",), state=True),
    PredicateFamily(
        "relationship",
        ("married", "marry", "wife", "husband", "spouse", "dating", "girlfriend", "boyfriend", "partner",
         "single", "relationship", "divorced", "bf", "gf", "hubby", "seeing anyone", "seeing someone", "seeing somebody", "engaged",
         "fiance", "fiancé", "fiancee", "fiancée", "结婚", "关系", "对象", "男朋友", "女朋友", "老婆", "老公", "恋爱", "单身",
         "离婚", "脱单", "交往", "已婚", "am i still with", "who am i with", "who am i seeing", "who am i dating", "still together", "marital", "婚姻", "感情", "在一起", "还好着", "过日子",
         "单着"),
        ("married", "dating", "broke up", "divorced", "girlfriend", "boyfriend", "结婚", "分手", "离婚", "在一起"),
        ("wedding", "婚礼"),
        "statement about your relationship", "关于感情状况的表述", ("relationship",), (), ("partner", "spouse"),
        ("person",)),
    PredicateFamily(
        "school",
        ("school", "study", "studying", "university", "college", "student", "graduate", "graduated",
         "phd", "mba", "master's", "classes", "enrolled", "degree", "uni",
         "上学", "读书", "念书", "大学", "学校", "毕业", "读研", "学生", "在读", "上课", "本科", "研究生", "读博", "学业",
         # 我现在上啥学了没？报的啥班来着: the school asked with a filler inside the verb
         "上啥学", "上什么学", "读啥", "读什么", "报班", "报的班", "报的啥班", "报了什么班", "哪个学校", "哪所"),
        ("study at", "studying at", "student", "enrolled", "graduated", "读书", "上学", "毕业", "读研"),
        ("class", "semester", "课", "学期"),
        "statement about your school", "关于学校的表述", ("education",), (), ("school",), ("organization",)),
    PredicateFamily(
        "health",
        ("health", "diagnosed", "sick", "illness", "disease", "condition", "recovered", "headache", "headaches",
         "trouble sleeping", "insomnia", "infection", "allergy", "allergies", "injury", "injuries", "injured",
         "健康", "病", "确诊", "康复", "身体", "甲亢", "甲减", "结核", "幽门螺杆菌", "感染", "过敏",
         # a measure or a treatment asked without "my" ("am I still doing chemo?", 我现在血压有问题吗？), and
         # in a line a word on one's health ("physio signed me off", 高血压二级)
         "blood pressure", "blood sugar", "cholesterol", "chemo", "chemotherapy", "radiotherapy", "dialysis",
         "physio", "physiotherapy", "血压", "血糖", "血脂", "化疗", "放疗", "透析", "康复训练"),
        ("diagnosed", "suffer", "recovered", "cured", "确诊", "得了", "患有", "康复", "痊愈"),
        ("doctor", "hospital", "医生", "医院"),
        "statement about your health", "关于健康的表述", ("health",), (), ("health",)),
    # states: answered by short-term state assertions (extraction/patterns.py STATE_PATTERNS)
    PredicateFamily(
        "stress",
        ("stress", "stressed", "stressful", "under pressure", "overwhelmed", "burned out", "burnt out",
         "压力", "焦虑", "紧张"),
        ("stressed", "stress", "under pressure", "overwhelmed", "burned out", "burnt out", "relaxed",
         "stress-free", "压力", "焦虑", "紧张", "放松"),
        ("deadline", "exhausted", "overworked", "截止", "加班", "累"),
        "statement of how stressed you are", "关于压力的表述", (), (), ("stress",), (), True),
    PredicateFamily(
        "mood",
        ("mood", "feel", "feeling", "happy", "sad", "upset", "心情", "感觉", "开心", "难过", "高兴"),
        ("mood", "feel", "feeling", "happy", "sad", "upset", "down", "心情", "开心", "难过", "高兴",
         "郁闷"),
        ("great", "terrible", "awful", "不错", "糟糕"),
        "statement of how you feel", "关于心情的表述", (), (), ("mood", "emotion"), (), True),
)

FAMILY_BY_NAME = {f.name: f for f in FAMILIES}


def _is_cjk(s: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in s)


@lru_cache(maxsize=256)
def _word_re(cue: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])" + re.escape(cue) + r"(?![\w])", re.I)


def find_cue(text: str, cues: tuple[str, ...]) -> tuple[str, int] | None:
    """The first cue present in ``text`` (whole words for English, substrings for Chinese)."""
    lowered = text.lower()
    best: tuple[str, int] | None = None
    for cue in sorted(cues, key=len, reverse=True):
        if _is_cjk(cue):
            pos = lowered.find(cue)
        else:
            m = _word_re(cue).search(lowered)
            pos = m.start() if m else -1
        if pos >= 0 and (best is None or pos < best[1]):
            best = (cue, pos)
    return best


#: "ownership" only when nothing more specific is asked ("do I have a car" vs "did I buy a car")
#: the state families (vehicle … health) come before "consumption" ("do I eat meat") and
#: "ownership" ("do I have a cat"), after "preference" ("do I like my new car"); "school"
#: comes before "visit" ("where did I go to school")
#: "pet", "diet" and "relationship" come before "residence" and "preference" ("Which pets live with
#: me now?", "What's my diet like now?", 我现在是单身、恋爱中还是已婚？)
_FAMILY_ORDER = ("acquisition", "pet", "diet", "relationship", "residence", "school", "visit", "preference", "vehicle",
                 "health", "work", "stress", "mood", "consumption", "usage", "ownership")
#: a condition named in a question asks about health ("how is my diabetes", 我的胃炎好了吗), and so
#: does one's own body part or medication ("How's my knee doing?", 我的腰最近什么情况？, "Am I still on
#: any anxiety medication?")
_BODY_QUESTION = re.compile(
    r"\bmy (?:ankle|knee|back|shoulder|wrist|foot|feet|hip|neck|stomach|eyes?|teeth|tooth|skin|heart|lungs?|"
    r"leg|arm|spine|thyroid|blood pressure|blood sugar|cholesterol)s?\b|\b(?:meds|medication|medications|medicine|prescription)\b|"
    r"我的?(?:腰|膝盖|脚踝|胃|肩膀|手腕|脚|腿|颈椎|腰椎|牙|眼睛|皮肤|心脏|肺|甲状腺|血压)|降压药|吃的药|在吃什么药|"
    # a medicine named by what it treats (抗抑郁的药我还吃着吗, 降糖药还在吃吗)
    r"的药|[抗降止]\w{0,3}药|"
    # a body part's trouble asked without "my" ("Do I still have foot problems?"), a pregnancy
    r"\b(?:ankle|knee|back|shoulder|wrist|foot|feet|hip|neck|stomach|eye|skin|heart|leg|arm|spine|gut)\s+"
    r"(?:problems?|pain|issues?|injur(?:y|ies)|trouble)\b|\bpregnan(?:t|cy)\b|怀孕|孕期|产检")
_CONDITION_QUESTION = re.compile(
    r"\b(?:" + "|".join(sorted((re.escape(c) for c in CONDITIONS if c.isascii()), key=len, reverse=True)) +
    r"|[a-z]+(?:itis|syndrome|disorder|allergy|infection)|[a-z]+'?s? disease)\b|[\u4e00-\u9fff](?:"
    + "|".join(CONDITION_SUFFIXES_ZH) + ")")


def asks_about_body(question: str, family: str | None = None) -> bool:
    """The question asks about the user's own body, medication or condition ("我的腰现在怎么样了？",
    "How's my knee?", 我的幽门螺杆菌还有吗): a state of the user's, though "my …" usually names
    someone or something of theirs."""
    lowered = question.lower().strip()
    return _BODY_QUESTION.search(lowered) is not None or (
        _OWN_CONDITION.match(lowered) is not None and (family == "health" or _CONDITION_QUESTION.search(lowered) is not None))


#: a question about a condition of the speaker's own ("my asthma", 我的胃炎), not a relative's
_OWN_CONDITION = re.compile(r"^(?:(?:how|what)(?:'s| is| about)\s+)?(?:is\s+|are\s+)?my\s+(?!(?:mom|mum|dad|son|daughter|wife|husband|"
                            r"partner|brother|sister|friend|kid|child|baby|cat|dog)\b)|^我的(?!(?:爸|妈|儿|女|老|孩|猫|狗))")


#: British "have got" is "have" ("have i still got the ute?")
_HAVE_GOT = re.compile(r"\b(?:have|has|haven't|hasn't)\s+(?:i|we|you|he|she|they)?\s*(?:still\s+|already\s+)?got\b|"
                       r"\b(?:i|we)(?:'ve| have)\s+(?:still\s+)?got\b")
_MEAL_QUESTION = re.compile(r"\b(?:breakfast|brunch|lunch|dinner|supper|dessert|snacks?|meals?)\b")


#: 我现在还跟老李过吗？: a life shared with someone, asked
_LIFE_WITH_ZH = re.compile(r"[跟和][\u4e00-\u9fff]{1,3}过(?:吗|呢|着|下去)")


@lru_cache(maxsize=1)
def _vehicle_named() -> re.Pattern[str]:
    """A car asked about by its name ("do I still drive the Civic?", 我现在还开思域吗？): a Chinese
    model by itself, a brand after 开; an English name after a word that makes it a thing one has
    or drives (a bare "golf" or "soul" is a game or a word)."""
    zh_models = sorted((n for n in VEHICLE_MODELS if _is_cjk(n)), key=len, reverse=True)
    zh_brands = sorted((n for n in VEHICLE_BRANDS if _is_cjk(n)), key=len, reverse=True)
    en = sorted((n for n in VEHICLE_BRANDS | VEHICLE_MODELS if not _is_cjk(n)), key=len, reverse=True)
    return re.compile("(?:" + "|".join(map(re.escape, zh_models)) + ")|开(?:" + "|".join(map(re.escape, zh_brands)) +
                      r")|\b(?:the|my|our|drive|drives|driving|still have)\s+(?:" + "|".join(map(re.escape, en)) + r")\b",
                      re.IGNORECASE)


@lru_cache(maxsize=1)
def _question_only() -> dict[str, tuple[re.Pattern[str], ...]]:
    """Per family, what asks about it in a question though in a line it is no word on it (so not
    among the family's cues, which ``state_statement`` reads in lines too): "what's in the
    driveway these days?" asks for the car, "my neighbour keeps parking across my driveway"
    tells none; a car by its name; a life shared with someone."""
    return {"vehicle": (re.compile(r"\bdriveway\b"), _vehicle_named(), _COMMUTE_QUESTION), "relationship": (_LIFE_WITH_ZH,),
            # "which pub am I cheffing at now?", "where am I nursing these days"
            "work": (_DRIVE_FOR, re.compile(r"\bam i (?:cheffing|cooking|nursing|teaching|lecturing|waitressing|bartending|interning|"
                                r"temping|contracting|consulting|coaching|driving|cleaning|labouring|laboring)\b"
                                r"(?:\s+(?:at|for)\b|\s+(?:now|these days|nowadays)\b|\s*[?]?$)"),),
            # "where's my place now?": the home
            "residence": (re.compile(r"\bwhere(?:'s| is) my (?:place|flat|apartment|house|home)\b"),),
            # "am I still a smoker?", 我还抽烟吗: a habit of the body
            "health": (re.compile(r"\bsmok(?:er|ing|e)\b|\bvap(?:er|ing|e)\b|抽烟|吸烟|戒烟"),),
            # "what should I tell her about what I eat?": the diet, not a meal
            "diet": (re.compile(r"\bwhat (?:do |can |can't |don't |should )?i (?:eat|eat now)\b"),)}


#: how one gets to work asks what one rides or drives ("how do I get to work these days?", 我现在怎么去
#: 上班？): the way there, not the job (a line "commutes to Malvern" is no word on a car: question only)
_COMMUTE_QUESTION = re.compile(r"\bhow do (?:i|we) (?:(?:get|go|commute|travel) to (?:work|the office|school|campus)|commute)\b|"
                               r"\bmy commute\b|怎么(?:去|来)?上班|上班怎么(?:去|走)|怎么去(?:公司|单位)|怎么通勤|通勤(?:方式|工具)")


#: driving *for* someone is a job ("which bus company do I drive for now?", 我现在给哪家公司开车): the
#: car's word in it asks about no car
_DRIVE_FOR = re.compile(r"\b(?:drive|drives|driving|drove)\s+for\b|(?:给|替|帮)[^，。？?,]{0,6}开车")


#: chat drops the g of "-ing" ("who am i workin for", "where am I livin now"): read as written out
_DROPPED_G = re.compile(r"\b(work|liv|driv|stay|rent|study|dat|see|nurs|teach)in['’]?(?=\s|[?.!,]|$)")


#: net slang calls a person of a kind "X狗" (单身狗 single, 加班狗 on overtime, 考研狗 preparing the
#: postgraduate exam): no animal, so no word of the pet family ("我现在还是单身狗吗" asks the relationship)
_PERSON_DOG = re.compile(r"(?<=单身|加班|考研|考公|打工|学生|程序|上班|社畜)狗|(?<=舔)狗|(?<=单身)汪")


#: "am I still with <a capitalised name>?": a partner or an employer alike ("am I still with
#: DeShawn?", "am I still with Royal Mail?") — the family is the named thing's
#: (service._family_of_named reads it off the user's lines about it), not the relationship's by
#: the words alone
_STILL_WITH_NAMED = re.compile(r"(?i:\b(?:am i|are we|i'?m|we'?re)\s+still\s+with)\s+(?-i:[A-Z])")
_STILL_WITH = re.compile(r"\b(?:am i|are we|i'?m|we'?re)\s+still\s+with\b")


def question_family(question: str) -> PredicateFamily | None:
    """The family a question asks about ("What did I buy…" → acquisition), or None."""
    return next(question_families(question), None)


def question_families(question: str) -> Iterator[PredicateFamily]:
    """Every family whose words the question holds, the one ``question_family`` answers first.

    More than one is common ("which bus company do I drive for?": a car's word and a job's, "do I
    still have a job at the university?": a school's and a job's); the fixed order settles most,
    and the state-line model's reading of the question may settle the rest (service)."""
    lowered = _PERSON_DOG.sub("", _DROPPED_G.sub(r"\1ing", as_simplified(question.lower())))
    for name in _FAMILY_ORDER:
        fam = FAMILY_BY_NAME[name]
        if name == "ownership" and (not re.search(r"\b(?:do|did) i (?:own|have)\b|我有没有|我有几|拥有", lowered)
                                    # "What did I have for lunch?" asks what was eaten
                                    or _MEAL_QUESTION.search(lowered)):
            continue
        if name == "usage" and not re.search(r"\b(?:use|used|using)\b|使用|用什么|用的", lowered):
            continue
        if name == "acquisition" and (_HAVE_GOT.search(lowered) or _COMMUTE_QUESTION.search(lowered)):
            continue  # "have I still got my job?", "have i got a car yet": possession, not a purchase
            # ("how do I get to work?": the way there)
        if name == "relationship" and _STILL_WITH_NAMED.search(question) \
                and not find_cue(_STILL_WITH.sub(" ", lowered), fam.question_cues):
            continue  # "am I still with Royal Mail?": with a name, whose family the lines about it tell
        if name == "work" and _COMMUTE_QUESTION.search(lowered):
            continue  # "how do I get to work?": the way there, not the job (no choice left to the model)
        if name == "vehicle" and _DRIVE_FOR.search(lowered) \
                and not find_cue(_DRIVE_FOR.sub(" ", lowered), fam.question_cues):
            continue
        if find_cue(lowered, fam.question_cues) or any(rx.search(lowered) for rx in _question_only().get(name, ())):
            yield fam
        elif name == "health" and (_CONDITION_QUESTION.search(lowered) or _BODY_QUESTION.search(lowered)):
            yield fam


@dataclass(frozen=True, slots=True)
class PredicateMatch:
    level: str  # explicit | implied | none
    cue: str | None = None


def match_family(text: str, family: PredicateFamily | None) -> PredicateMatch:
    """How ``text`` states the family's relation. No family asked → "explicit" (nothing to miss)."""
    if family is None:
        return PredicateMatch("explicit")
    text = _PERSON_DOG.sub("", as_simplified(text))
    hit = find_cue(text, family.explicit_cues)
    if hit:
        return PredicateMatch("explicit", hit[0])
    hit = find_cue(text, family.implied_cues)
    if hit:
        return PredicateMatch("implied", hit[0])
    return PredicateMatch("none")


def family_for_trait(trait: str) -> PredicateFamily | None:
    """The family a trait / state assertion answers (residence → residence, employer → work)."""
    return _TRAIT_FAMILY.get(trait)


_TRAIT_FAMILY: dict[str, PredicateFamily] = {t: f for f in FAMILIES for t in f.traits}


def cue_words(family: PredicateFamily | None) -> frozenset[str]:
    """The words that only *ask about the relation* ("live", "buy"): not what the answer names."""
    if family is None:
        return frozenset()
    return frozenset(c.lower() for c in (*family.question_cues, *family.explicit_cues))
