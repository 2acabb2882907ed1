"""Is a line the user's own word on a state, and does it tell a change of the family asked about?

A ``current_state`` question ("Where do I work now?", 我现在开什么车？) is answered by the user's
newest statement of that state. Two things kept the wrong line first when the rule extractor
did not read the change (measured with ``magi-memory eval state-changes``, stop 33):

* lines that mention the state without being the user's word on it ranked first by their
  words: a hypothetical (要是我跳槽去字节…), a plan called off (本来订了辆理想L7…又退订了), an offer
  declined ("Meta came back with an offer, but I didn't take it"), a relative's news ("My dad
  was just diagnosed…", 我表哥刚搬去深圳了), another speaker's line in a group chat;
* the change itself shares no word with the question ("Orientation week at Cobalt Freight was
  long", 到厦门啦～新家推开窗就能看到海): the old statement names the question's words, the new one
  names the change.

:func:`not_own_state` says why a line is not the user's word on their state (the reranker lowers
it for such questions); :func:`change_cue` finds a word telling a start, end or change of a
family's state ("hired", "laid off", 入职, 搬到, 提车, 领养, 痊愈, 转学) that is not negated,
weighed or called off — the service lifts the newest such statement above an older top finding,
as it lifts later mentions of the same entity (``newer_state``). Pure functions.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Iterator, Sequence

from ..governance.cues import has_question_cue, sentence_span
from ..lexicon.names import PET_SPECIES, VEHICLE_BRANDS, VEHICLE_MODELS
from ..text.segment import has_cjk
from ..text.zh_variants import as_simplified
from .newer_state import tentative, weighs
from .predicates import FAMILY_BY_NAME
from .subject import other_subject
from .timeparse import find_future_time, start_ahead, told_as_future

#: words telling a start, end or change of a state, per question family (``predicates``): whole
#: words in English, substrings in Chinese. Kept to change words — "work" or 住 alone name the
#: state in any small talk ("back to work tomorrow"), so they are not here; nor is a test
#: "negative"/阴性, which as often rules out another condition as ends the one asked about.
CHANGE_CUES: dict[str, tuple[str, ...]] = {
    "work": (
        "hired", "new job", "job offer", "an offer", "the offer", "offer from", "onboarding", "orientation",
        "first day at", "first day of work", "first week at", "last day at", "my last day", "quit my job",
        "quit", "resigned", "laid off", "let go", "got fired", "was fired", "unemployed", "retired",
        "started at", "joined", "new role", "new position", "promoted", "job hunting", "between jobs",
        "gave notice", "gave my notice", "handed in my notice", "two weeks' notice", "first week on the", "first day on the job", "new company", "new employer", "new badge",
        "new office", "new commute", "contract with", "signed with", "my badge", "freelancing", "freelance",
        "last shift", "first shift", "first week as", "first day as", "first month as", "first month at",
        "self-employed", "my own business", "started my own", "own boss", "day 1 at", "day one at", "took me on",
        "new lanyard",
        "跳槽", "入职", "离职", "辞职", "裸辞", "被裁", "裁员", "失业", "退休", "新工作", "新公司", "换工作",
        "换了工作", "offer", "上班第一天", "第一天上班", "第一周", "报到", "转正", "工牌", "老东家", "新东家",
        "自由职业", "个体户", "开了家", "创业", "待业", "下岗", "被优化", "优化掉", "找到工作", "找到了工作", "打卡", "找着活", "找到活", "找着工作", "最后一天", "找工作", "交了工服",
        # the offer taken: 最后签了平安银行, 最后签的是冠捷 (signed with)
        "签了", "签的是", "签约了",
        # a correction that names where it landed ("the Leeds offer fell through, ended up at Arup")
        "ended up at",
        # a return ("Back at my old job with Acadian as of this week")
        "back at my old job", "back to my old job", "my old job back", "back with my old employer",
        # a contractor's changes ("barclays didnt renew. picked up a new one at Morgan Stanley")
        "new contract", "new gig", "new client", "didn't renew", "didnt renew", "contract ended", "contract ends",
        "rehired", "re-hired", "handed me notice in", "handed my notice in",
        # one's own business opened ("Opened my own shop today!!", 自己开了家店)
        "opened my own", "started my own business", "started my own company", "launched my own", "went self-employed",
        "自己开了", "自己当老板", "开了家店", "开了个店"),
    "residence": (
        "moved", "moving to", "relocated", "new place", "new apartment", "new house", "new flat", "new home",
        "the keys", "got the keys", "unpacking", "unpacked", "closed on", "settled in", "settling in",
        "moved in", "moving in", "movers", "first weekend in", "first week in", "first night in",
        "made the move", "back at my parents", "my parents' place", "my parents' house", "childhood bedroom", "moved back",
        "lease ended", "signed a lease", "officially in", "shifted to", "shifted into", "handed back the keys",
        "no fixed address", "moved out", "van life", "keys collected", "collected the keys", "picked up the keys",
        "搬家", "搬到", "搬去", "搬回", "搬进", "搬来", "搬出", "落脚", "安顿", "新家", "入住", "乔迁", "定居",
        "退租", "买房", "买了房", "搬过去", "搬过来", "搬入", "回国了", "移民", "住进", "润了", "租了个", "租了间", "租了套",
        "租了一套", "租了一间", "新房子", "房子退了", "搬至", "迁至", "迁居", "搬迁至",
        # a correction naming the home it came to ("the room fell through and I ended up in a
        # sharehouse in Brunswick", 市南那套被抢了，最后租的是李沧的房子)
        "ended up in", "ended up renting", "最后租的", "最后租了", "最后搬"),
    "vehicle": (
        "bought", "new car", "traded", "sold", "totaled", "totalled", "picked up", "went with",
        "drove home in", "car-free", "carless", "total loss", "written off", "wrote off", "gave up the car",
        "gave up the truck", "scrapped", "first car",
        "new ride", "took delivery", "lease was up", "returned it",
        "提车", "提了", "买车", "买了辆", "买了台", "买了一辆", "买了一台", "新车", "换车", "换了辆", "换了台", "卖了",
        "卖掉", "报废", "到手", "不开车", "没车了", "置换",
        # the correction of a purchase ("ended up with the Kia", 不对不对，最后买的是比亚迪)
        "ended up with", "最后买的", "最后买了", "最后提的", "最后选的",
        # a car given in part payment for the next (British: "part-exed Pepper for an MG4")
        "part-exed", "part exed", "part-exchanged", "part exchanged", "px'd",
        # a car ordered before it comes (SU7锁单了！, 下定了, "put a deposit on a Model Y")
        "锁单", "下定", "下订", "ordered a", "deposit on", "最后还是上了", "最后上了", "贷款买",
        # the car ordered, fetched ("picked it up! blue, hybrid, heated seats")
        "picked it up"),
    "pet": (
        "passed away", "put to sleep", "put down", "rehomed", "rehome", "adopted", "gave away", "new puppy",
        "new kitten", "died", "rainbow bridge", "said goodbye", "ran away", "ran off", "went missing",
        "brought home", "sanctuary", "from the shelter", "from the rspca", "from the spca", "from the rescue",
        "from the breeder", "from the pound", "humane society", "救助站",
        "走了", "去世", "送人", "送给", "送走", "领养", "收养", "买了只", "买了一只", "抱回", "新成员", "寿终正寝",
        "离开了我们", "喵星", "汪星", "彩虹桥", "家的一员", "成为我们家", "成了我们家", "托付给", "换成一只", "接回家", "接回来", "抱回来", "带回家", "全军覆没",
        "添了", "又养了", "养猫了", "养狗了", "养了只", "养了一只", "来我家", "名字叫", "取名", "起名", "named him",
        "named her", "we named", "first night home", "went peacefully", "passed peacefully", "slipped away",
        "forever home",
        # a pet lost: a bird that flew off, a dog that got lost
        "flew away", "flew off", "飞走", "跑丢", "走丢", "弄丢",
        # … and never back ("flew out the window … and never came back", 跑出去再也没回来)
        "flew out", "never came back", "never came home", "didn't come back", "didn't come home",
        "hasn't come back", "hasn't come home", "没回来", "没再回来",
        # gone to live with someone else ("Kiwi went to live with Naledi", "he went to his new family today")
        "went to live with", "gone to live with", "gone to live on", "gone to live at", "new family today", "to his new family", "to her new family", "new owners", "新主人",
        # a pet come to the household (我们家来了只柴犬！叫小米)
        "家来了只", "家来了一只", "家里来了只", "家里来了一只"),
    "diet": (
        "started eating", "eating meat again", "eat meat again", "gave up", "giving up", "no special diet",
        "back to normal food", "eating normally", "normal diet", "stopped eating", "switched to",
        "went vegan", "went vegetarian", "no longer", "back to eating", "done with", "ditching", "quit",
        "eating normal again", "packed it in",
        "开荤", "破戒", "不吃素", "戒辣", "改成", "换成", "开始吃", "戒了", "停了", "恢复正常饮食", "不再", "不搞了", "坚持不下去",
        # drink given up: a diet question asks it (我现在还喝酒吗, "do I still drink?")
        "戒酒", "滴酒不沾", "不喝酒了", "stopped drinking", "quit drinking", "teetotal", "off the booze", "off the drink",
        # sobriety counted ("Hit 9 months sober yesterday", "since my last drink")
        "months sober", "days sober", "weeks sober", "years sober", "year sober", "sober for", "got sober", "been sober",
        "since my last drink"),
    "relationship": (
        "met someone", "seeing someone", "dating", "on a date", "first date", "second date", "third date",
        "asked me out", "kissed", "split up", "broke up", "engaged", "married", "divorce",
        "single again", "ended things", "moved in together", "together now", "official with", "official w", "proposed",
        # "we've been official for a month", "made it official", "officially dating": a couple declared
        "been official", "are official", "we're official", "made it official", "officially dating",
        "officially together",
        "back together", "tied the knot", "got hitched",
        # an engagement ended ("Tom called off the engagement", 婚约取消了): the change itself, not a
        # change called off
        "called off the engagement", "called off our engagement", "broke off the engagement",
        "broke off our engagement", "engagement is off", "engagement's off",
        "退婚", "婚约取消", "取消了婚约", "婚不结了",
        # the wedding banquet held (酒席摆完了 六十桌): married by custom whatever the certificate
        # (``WEDDING_HELD``)
        "酒席摆完", "摆完酒", "摆了酒", "办了酒席", "婚礼办完", "办完婚礼", "办了婚礼",
        "脱单", "表白", "官宣", "认识了个", "分手", "分了", "掰了", "领证", "订婚", "求婚", "结婚", "离婚", "在一起", "约会", "复合", "恢复单身", "前任", "拉黑",
        "一个人过",
        # living together late in life (跟刘阿姨搭伙过日子了), the certificate in hand (红本本拿到手, 扯证)
        "搭伙", "红本本", "扯证", "扯了证",
        # Cantonese: 拍拖 is dating (我同阿欣正式拍拖啦)
        "拍拖",
        # a separation made up (跟老婆和好了，不离了; "we've reconciled")
        "和好", "不离了", "不离婚了", "reconciled"),
    "health": (
        "diagnosed", "recovered", "came back clear", "came back clean", "all clear", "healed",
        "cured", "remission",
        "came off", "gone", "switched me to", "switched me off", "swapped me to", "swapping me to", "moved me to",
        "put me on", "started me on", "prescribed", "surgery",
        "no longer", "symptom-free", "off the meds", "stopped taking", "better now", "discharged", "back to normal",
        "确诊", "查出", "痊愈", "康复", "好了", "停药", "药停了", "换成", "改用", "改打", "改吃", "降下来", "拆石膏", "治好", "缓解",
        "出院", "手术", "一查", "查出来", "检查出", "拖成", "发展成", "转阴", "摘镜", "上了手术台",
        # a pregnancy's end (生了生了！7斤2两的闺女，顺产; "had the baby")
        "顺产", "剖腹产", "剖宫产", "生娃了", "生了个", "卸货", "出月子", "gave birth", "had the baby", "baby arrived",
        "baby is here",
        # a habit of the body given up ("since I stopped smoking in March", 戒烟三个月了)
        "stopped smoking", "quit smoking", "gave up smoking", "quit vaping", "stopped vaping", "smoke-free", "smoke free",
        "戒烟", "戒了烟", "烟戒了",
        # … told by the time since the last one ("It's been 6 months since my last cigarette")
        "since my last cigarette", "since my last smoke",
        # a cancer gone, in the doctor's words (医生说已经没有癌细胞了)
        "cancer-free", "cancer free", "no evidence of disease", "没有癌细胞", "癌细胞没了", "未见癌细胞", "癌细胞清除",
        # recovered, as chat and physios say it (PT说恢复得很好, 医生说完全恢复了)
        "完全恢复", "恢复得很好", "恢复得不错", "恢复正常", "恢复好了",
        # smoke-free in one word, nicotine and vape free ("3 months smokefree today")
        "smokefree", "nicotine free", "nicotine-free", "vape free", "vape-free",
        # a baby born ("Nora was born at 2:14am"): the pregnancy ended
        "was born at", "was born on", "were born at"),
    "school": (
        "transferred", "enrolled", "graduated", "dropped out", "withdrew", "admitted", "accepted into",
        "acceptance", "signed up for", "student id", "first lecture", "first day of class", "got into",
        "switched to", "starting at", "commencement", "orientation", "alum", "alumna", "alumnus", "graduation",
        "转学", "转到", "毕业", "退学", "休学", "入学", "报到", "考上", "上岸", "录取", "offer", "开学", "学位证",
        "复学", "毕业证", "录取通知书", "学籍", "转专业", "leave of absence", "gap year", "drop out", "dropping out", "pulled out of", "left uni", "quit uni", "deferred",
        "first day at", "first day in", "first week at", "first class at", "first term at", "first semester at",
        "reported at", "transfer approved", "got accepted", "been accepted", "was accepted",
        # admitted, in chat's short form (UCLA transfer录了！！, 被录了)
        "transfer录了", "被录了", "录了！", "录了!",
        # admitted to a postgraduate place without an exam (保研去了复旦), or by one ("accepted to MIT")
        "保研", "accepted to",
        "withdrawn from", "withdrawing from", "transferring to", "transfering to",
        # a dorm moved into ("move in day at OSU, my roommate seems chill")
        "move in day at", "move-in day at", "movein day at",
        "中学第一天", "小学第一天", "大学第一天", "高中第一天", "学院第一天", "学校第一天"),
}

#: the relationship change words that tell a wedding held: married to a partner already told as the
#: spouse (领证了, then 婚礼办完了), they tell no newer state
WEDDING_HELD: frozenset[str] = frozenset({"tied the knot", "got hitched", "酒席摆完", "摆完酒", "摆了酒", "办了酒席",
                                         "婚礼办完", "办完婚礼", "办了婚礼"})

#: the change words of ``CHANGE_CUES`` that end the state's thing rather than take one (the old
#: car sold, the job left, the flat handed back, the course dropped): a line with one of these
#: and a line that took a new thing can both be true at once (``held_past_end``)
END_CUES: dict[str, frozenset[str]] = {
    "vehicle": frozenset({"sold", "totaled", "totalled", "total loss", "written off", "wrote off", "gave up the car",
                          "gave up the truck", "scrapped", "lease was up", "returned it", "car-free", "carless",
                          "卖了", "卖掉", "报废", "不开车", "没车了",
                          # the old one traded in (卡罗拉开去置换了): the line names the one given up
                          "置换"}),
    "work": frozenset({"quit my job", "quit", "resigned", "laid off", "let go", "got fired", "was fired", "unemployed",
                       "retired", "last day at", "my last day", "gave notice", "gave my notice", "handed in my notice",
                       "two weeks' notice", "last shift", "离职", "辞职", "裸辞", "被裁", "裁员", "失业", "退休",
                       "最后一天", "交了工服", "待业", "下岗", "被优化", "优化掉"}),
    "residence": frozenset({"moved out", "lease ended", "handed back the keys", "退租", "搬出", "房子退了"}),
    "school": frozenset({"graduated", "dropped out", "withdrew", "left uni", "quit uni", "drop out", "dropping out",
                         "pulled out of", "毕业", "退学", "休学"}),
}


def near_word(content: str, name: str, found: tuple[str, int]) -> bool:
    """Whether ``name`` is said next to the change word ``found`` (its word and offset): within
    a few characters in Chinese, a few words in English ("滨江的新房子", "the new flat in Leith")."""
    return _near_at(content, name, found) is not None


def _near_at(content: str, name: str, found: tuple[str, int]) -> int | None:
    """Where ``name`` is first said next to the change word ``found`` (:func:`near_word`), or None."""
    start, end = found[1], found[1] + len(found[0])
    reach = 8 if has_cjk(name) else 24
    low, key = content.lower(), name.lower()
    pos = low.find(key)
    while pos >= 0:
        if max(0, pos - end, start - (pos + len(key))) <= reach:
            return pos
        pos = low.find(key, pos + 1)
    return None


def change_words(content: str, family: str | None) -> Iterator[tuple[str, int]]:
    """Every change word of ``family`` in the line, in order (:func:`change_at`'s word and offset
    each), each read after the one before it; lazily, so a caller may stop at the first."""
    at = 0
    while (found := change_at(content[at:], family)) is not None:
        yield found[0], found[1] + at
        at += found[1] + max(1, len(found[0]))


#: changes told by a verb and the family's word together, where neither alone is a change word
#: ("started my master's at Edinburgh", 这周开始16+8轻断食了, 现在换了比亚迪汉, 这学期开始在中欧读在职MBA):
#: per family, (pattern, the words a full-text query finds its lines by)
_DIET_EN = (r"keto|paleo|intermittent fasting|fasting|16:8|vegan|vegetarian|pescatarian|low[- ]carb|carnivore|whole30|"
            r"plant[- ]based|gluten[- ]free|dairy[- ]free")  # (chat writes "gluten free" as often as "gluten-free")
_DIET_ZH = r"轻断食|断食|生酮|吃素|素食|低碳|控糖|戒糖|控碳|减脂餐|减脂|增肌|16\+8"
CHANGE_PATTERNS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "work": (
        # "got an embedded systems role at Siemens", "landed a job with the county": a job taken
        # a start told by its day ("the Drovers Arms in Hebden Bridge, started monday")
        (r"\bstarted\s+(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|yesterday|this week|"
         r"last week)\b", ("started",)),
        # ("picked up a new one at Morgan Stanley": a contractor's next contract)
        (r"\b(?:got|landed|accepted|took|starting|picked\s+up)\s+(?:an?|the|my)\s+(?:new\s+)?(?:[\w-]+\s+){0,3}?(?:role|job|position|gig|contract)\s+(?:at|with)\b"
         r"|\bpicked\s+up\s+a\s+new\s+one\s+(?:at|with)\b",
         ("role at", "job at", "position at", "gig at", "role with", "job with", "position with", "contract at", "new one at")),
        # back at a former employer ("I'm back at Salford council from Monday", 兜兜转转又回华西了) —
        # not back at work after leave, at the office, at school
        (r"\b(?:i'?m|i am|going|went|moving|moved|headed)\s+back\s+(?:at|to)\s+(?!work\b|the\s+office\b|office\b|school\b|"
         r"uni\b|home\b|bed\b|sleep\b|normal\b|the\s+gym\b|it\b|the\s+grind\b)", ("back",)),
        (r"又回(?:到|去)?(?!老家|家|国|来|去)[\u4e00-\u9fffA-Za-z]{1,8}?(?:上班|工作|干活|了)", ("又回",)),
        # the first day somewhere (今日第一日去深圳陶陶居后厨上班, 第一天到新单位报到; Cantonese 第一日返工)
        (r"第一[天日](?:去|到|在|喺|嚟)?[\u4e00-\u9fffA-Za-z0-9]{0,12}?(?:上班|返工|报到|開工|开工|上岗)", ("第一天", "第一日")),
        # out of the forces ("Since I left the Army in March…", "got out of the Navy")
        (r"\b(?:left|got out of|out of|discharged from|retired from)\s+(?:the\s+)?(?:army|navy|air force|marines|military|"
         r"forces|service|raf|coast guard)\b", ("army", "navy", "military")),
    ),
    "health": (
        # "cleared" of the body, not of an inbox: "got cleared", "cleared by the cardiologist",
        # "cleared to return to work"
        (r"\b(?:been|got|was|were|am|is|i'?m|it'?s|finally|now|has)\s+cleared\b|\bcleared\s+(?:by|to|for)\b", ("cleared",)),
        # an operation done (国庆假期去做了全飞秒, 做完ICL晶体植入): the eyes, a procedure by its name
        (r"做(?:了|完)(?:个|一个|台)?[\u4e00-\u9fffA-Za-z]{0,6}?(?:手术|飞秒|ICL|icl|晶体植入|激光|切除)", ("做了", "做完")),
        # an organ taken out (自从去年十一月切了胆囊以后, 阑尾割了)
        (r"(?:切|割|摘)(?:了|掉了?|除了)(?:胆囊|阑尾|扁桃体|甲状腺|子宫|肌瘤|息肉|结节|囊肿|肾|胆)",
         ("胆囊", "阑尾", "扁桃体", "甲状腺", "子宫", "肌瘤", "息肉", "结节", "囊肿")),
        # an operation had ("had the ACL reconstruction yesterday", "had my gallbladder removal")
        (r"\bhad\s+(?:the|my|a|an)\s+(?:[\w-]+\s+){0,3}?(?:operation|op|reconstruction|replacement|removal|transplant|"
         r"procedure|bypass)\b", ("operation", "reconstruction", "replacement", "removal", "transplant",
                                        "procedure", "bypass")),
    ),
    "residence": (
        # "Finally got our BTO keys in Punggol!!", "collected the keys to the new place": the keys of a home
        (r"\b(?:got|collected|picked up|received)\s+(?:the\s+|our\s+|my\s+)?(?:new\s+)?(?:[\w-]+\s+)?keys\b", ("keys",)),
        # "First weekend sleeping in the Punggol flat", "first night back in our own house"
        (r"\bfirst\s+(?:night|weekend|week|morning)\s+(?:[\w-]+\s+){0,2}in\s+(?:the|our|my)\s+(?:new\s+|own\s+)?"
         r"(?:[\w-]+\s+)?(?:flat|apartment|house|place|home|condo|unit|bungalow)\b", ("first",)),
        # 搬完家累瘫了, 搬好了: the move done; 房子在伊宁市租好了: a home rented
        (r"搬(?:完|好)(?:家|了)", ("搬完", "搬好")),
        (r"(?:房子|房|一套|一间)\S{0,8}?租(?:好|到|下)了", ("租好", "租到", "租下")),
        # the room taken after the one hoped for (最后没有租到Clementi的，拿了Dover那边一间common room)
        (r"(?:拿了|拿到了?|定了|签了|租到了?)[^，,。！？]{0,12}?(?:一间|一套)[^，,。！？]{0,8}?(?:房|屋|室|公寓|room|studio|unit|flat|"
         r"apartment|hdb|组屋)", ("拿了", "拿到", "定了", "签了", "租到")),
        # the home one rents now, told after a plan that fell through ("the townhouse deal fell
        # through. We're in Umhlanga now, renting a flat near the lighthouse")
        (r"\b(?:now\s+)?renting\s+(?:a|an|our|my)\s+(?:[\w-]+\s+){0,2}(?:flat|apartment|house|place|room|unit|condo|"
         r"studio|townhouse|bungalow|cottage|duplex|bedsit|terrace|maisonette|loft|annexe?|basement)\b", ("renting",)),
        # a home bought or signed for ("I've bought a little two-bedroom unit in Norwood", "Signed for
        # a villa at a retirement village in Tauranga"; 定了 江宁百家湖那边的二手房 合同签了)
        (r"\b(?:bought|signed\s+for|signed\s+on)\s+(?:a|an|our|my|the)\s+(?:[\w-]+\s+){0,3}?(?:flat|apartment|house|"
         r"home|place|unit|condo|townhouse|bungalow|cottage|villa|duplex|terrace|maisonette|loft)\b", ("bought", "signed")),
        (r"(?:定了|签了|买了|拿下了?)[^，,。！？!?]{0,12}?(?:二手房|新房|房子|学区房|一套房)|"
         r"(?:二手房|新房|房子|学区房)[^，,。！？!?]{0,4}?(?:合同签了|签了合同|过户了|首付交了)", ("定了", "签了", "买了", "二手房", "房子")),
    ),
    "diet": (
        (r"\b(?:start(?:ed|ing)|began|begun|going|went|switched to|trying|doing|stopp(?:ed|ing)|quit(?:ting)?|"
         r"ditch(?:ed|ing)|dropp(?:ed|ing))\s+(?:on\s+|the\s+|a\s+|doing\s+)?(?:strict\s+)?(?:" + _DIET_EN + r"|IF)\b",
         ("keto", "paleo", "fasting", "vegan", "vegetarian", "pescatarian", "carnivore", "whole30", "plant based", "low carb",
          "if")),
        (r"开始(?:\S{0,6}?)(?:" + _DIET_ZH + ")", ("轻断食", "断食", "生酮", "吃素", "素食", "低碳", "控糖", "戒糖", "控碳", "减脂餐", "减脂", "增肌")),
        # 不搞生酮了, 不再吃素了: a diet given up, named between the words of the giving up
        (r"不(?:再)?(?:搞|做|弄|坚持|玩)(?:" + _DIET_ZH + ")了", ("生酮", "断食", "吃素", "低碳", "控糖", "戒糖", "控碳")),
    ),
    "school": (
        (r"\bstart(?:ed|ing)\s+(?:my|a|the)\s+(?:master'?s|masters|ph\.?d|doctorate|degree|mba|postgrad|undergrad|"
         r"program|programme|course|studies|freshman year|first year|first semester)\b",
         ("master", "masters", "phd", "doctorate", "degree", "mba", "postgrad", "undergrad", "program", "programme", "course",
          "studies", "freshman", "semester")),
        (r"开始(?:在\S{1,10}?)?(?:读|念|上)(?:研|博|大学|本科|硕士|博士|在职|mba|MBA|EMBA|高中|初中|专升本|课)", ("开始",)),
        # 报了 Le Wagon 的 coding bootcamp, 报名了夜大: a course signed up for
        (r"报(?:了|名了?)[^，,。！？!?]{0,30}?(?:班|课|课程|bootcamp|学校|大学|夜大|网课|培训)", ("报了", "报名")),
    ),
    "pet": (
        (r"\b(?:got|bought|adopted|rescued|picked up)\s+(?:a|an|two|three|four|\d+|some|our|my)\s+(?:new\s+|little\s+|baby\s+)?"
         r"(?:\w+\s+)?(?:cats?|dogs?|kittens?|pupp(?:y|ies)|rabbits?|bunn(?:y|ies)|hamsters?|parrots?|fish|goldfish|"
         r"turtles?|tortoises?|birds?|budgies?|guinea pigs?|ferrets?|geckos?|snakes?)\b",
         ("cat", "cats", "dog", "dogs", "kitten", "kittens", "puppy", "puppies", "rabbit", "bunny", "hamster", "parrot",
          "fish", "goldfish", "turtle", "tortoise", "bird", "budgie", "guinea", "ferret", "gecko", "snake")),
        # "had to put Biscuit down", "put her to sleep": the pet named between the verb's parts
        (r"\bput\s+(?:him|her|them|[a-z][a-z'-]+)\s+(?:down|to\s+sleep)\b", ("put",)),
        # "Brought Pearl home!", "brought her home from the shelter"
        (r"\bbrought\s+(?:her|him|them|[a-z]+|(?:the|our|my|a)\s+(?:new\s+)?(?:\w+\s+)?(?:cat|dog|kitten|puppy|pup|bunny|rabbit))\s+home\b",
         ("brought",)),
        (r"(?:买|养|领|抱|接)(?:了|回)(?:[一二两三四五六七八九十几\d]+|十几|好几)?[只条个头对](?:小)?\S{0,3}?(?:猫|狗|鱼|兔|鸟|鼠|龟|鹦鹉|蜥蜴|刺猬)",
         ("猫", "狗", "鱼", "兔", "鸟", "鼠", "龟", "鹦鹉", "蜥蜴", "刺猬")),
        # 朋友移民了，我接了回来养 / 捡回家养: an animal taken in to keep
        (r"(?:接|抱|领|捡)了?(?:回来|回家|过来)养", ("养",)),
        # "we gave tyson to my brother dean": the pet given to someone to keep (not a gift or a pill)
        (r"\b(?:gave|give|giving|handed)\s+(?:him|her|them|[a-z][a-z'-]+)\s+(?:away\s+)?to\s+(?:my|our|a|an|the|his|her|their)\s+"
         r"(?:\w+\s+)?(?:brother|sister|mum|mom|dad|parents|cousin|aunt|uncle|friend|neighbou?r|family|farm|shelter|rescue|"
         r"colleague|nan|gran|grandma|grandad|niece|nephew|mate)\b", ("gave",)),
        # 把年糕送到顺义我大学同学家了: the pet given to someone to keep
        (r"把\S{1,8}?送(?:到|去|回|给)", ("送到", "送去", "送回")),
    ),
    "relationship": (
        # 手续办完了离了, 跟她离了: divorced, told by the verb alone
        (r"(?:手续办完了?|我们|我俩|俺俩|跟(?:她|他|媳妇|老婆|老公|前妻|前夫)|终于|已经)\s*离了(?!职)", ("离了",)),
    ),
    "vehicle": (
        # "now I'm riding an electric one", "now im driving a Hilux": the ride one has now
        (r"\bnow\s+(?:i'?m\s+|i\s+am\s+|we'?re\s+)?(?:riding|driving)\b", ("riding", "driving")),
        # a car's handover dated (下周小米SU7交付, 车下个月交付): the car ordered
        (r"(?:车|" + "|".join(sorted((re.escape(b) for b in (*VEHICLE_BRANDS, *VEHICLE_MODELS)), key=lambda b: (-len(b), b))) +
         r")[^，,。！？!?]{0,6}?交付", ("交付",)),
        (r"换(?:了|成了?)(?:一?[辆台部])?(?:新的?)?(?:" + "|".join(sorted((b for b in (*VEHICLE_BRANDS, *VEHICLE_MODELS)
                                                           if any("\u4e00" <= ch <= "\u9fff" for ch in b)),
                                                          key=lambda b: (-len(b), b))) + ")",
         ("换了", "换成")),
    ),
}
#: a change called off or declined ("the offer fell through", 本来订了…又退订了): the state it
#: names still stands, wherever in the line it is said
_CALLED_OFF_EN = re.compile(
    r"\b(?:fell through|rejected|turned (?:it |them |him |her )?down|declined|called (?:it )?off|"
    # (a membership or a subscription cancelled is the change itself: "Packed it in. Cancelled my membership")
    r"cancell?ed(?! (?:my|the|our) (?:membership|subscription|plan))|"
    r"backed out|didn't take|did not take|didn't get|pulled out|changed my mind)\b", re.IGNORECASE)
#: (not 放弃了: "控碳水那个我放弃了" ends a diet — it is the change, not a plan dropped)
#: (and an offer refused: 大伟又来找我复合 我没搭理他, 儿子让我们搬过去 我不去, 没答应)
#: (not 没答应 / 拒绝了: "正式退休了！返聘我没答应" declines another offer after the change)
_CALLED_OFF_ZH = re.compile(r"没抢到|没去成|没成功|退订|取消了|黄了|泡汤|拒了|落空|没搭理|不搭理|没理他|没理她|[我俺]不去|[我俺]才不")
#: in the clause of a change word: not yet done, or negated ("haven't moved yet", 还没搬)
_NOT_DONE = re.compile(r"\b(?:not yet|not|haven't|hasn't|won't|wouldn't|never|didn't|don't|isn't|wasn't)\b|"
                       r"还没|没有(?=[搬买换去入辞考])|没(?=[搬买换去入辞考])|不想|不打算|算了|"
                       # an offer still talked over (offer在谈, 等HR回复)
                       r"在谈|谈着|等\S{0,6}?回复|等通知", re.IGNORECASE)
#: right before a change word: a change that nearly happened and did not ("I almost quit last
#: week, but they gave me a raise", 上周差点辞职了, "nearly got laid off")
_NEAR_MISS = re.compile(r"(?:\b(?:almost|nearly)\s+(?:[a-z']+\s+){0,2}|(?:差一?点儿?|险些)[^，,。！？!?]{0,4})$", re.IGNORECASE)
#: right before a change word: a change wished done in the past and not done ("my sister says I
#: should have bought a Highlander instead", "coulda moved to Austin", 早知道就不辞职了, 当初应该买
#: 电车): the counterfactual keeps the state the line was lifted for
_COUNTERFACTUAL = re.compile(r"(?:\b(?:should|could|would|might|must)(?:n['’]t)?(?:\s+have|['’]ve|\s+of)\s+"
                             r"(?:[a-z']+\s+){0,2}|\b(?:shoulda|coulda|woulda)\s+(?:[a-z']+\s+){0,2}|"
                             r"(?:早该|本该|本应|当初(?:就)?(?:应该|该)|早知道(?:就|还不如)?|还不如(?:当初)?|应该早点)"
                             r"[^，,。！？!?]{0,6})$", re.IGNORECASE)
#: right before a Chinese change word: what happens again and again (隔壁邻居的猫老来我家花园晃,
#: 他总是换工作) is no change made once
_HABITUAL_ZH = re.compile(r"(?:老是?|总是?|经常|常常|天天|每天都?|时不时|动不动就?)$")
#: after "gone": it goes on, goes somewhere, goes up — no end of the condition ("liam's cough has
#: gone on for weeks", "I've gone to the GP twice"), unlike "the rash is gone (for good)"
_GONE_ELSEWHERE = re.compile(r"\s+(?:on|to|through|into|in|out|off|over|up|back|with|from|by|for(?!\s+good\b)|"
                             r"a|an|the|my|his|her|their)\b", re.IGNORECASE)
#: a hypothetical about oneself ("if I moved to Denver", 要是我跳槽…)
_HYPOTHETICAL_EN = re.compile(r"\b(?:what )?if (?:i|we)\b|^\s*(?:what )?if\b|\b(?:suppose|supposing|imagine) (?:i|we)\b|"
                              r"\b(?:i|we) would\b|\bi'd\b(?! say)|"
                              # a wish ("I wish I could move to Paris", "if only I had a dog")
                              r"\b(?:i|we) (?:\w+ )?wish\b|\bif only\b", re.IGNORECASE)
#: (主要是 "mainly" is no condition; a wish is one: 真希望我能搬到巴黎, 但愿能去字节, 巴不得马上辞职)
_HYPOTHETICAL_ZH = re.compile(r"(?<![主只需重])要是|如果|假如|假设|万一|希望|但愿|巴不得|做梦都想")
#: a line that asks (its first sentence ends in a question mark, or it is one sentence ending
#: in 吗/呢): it tells no state
_QUESTION = re.compile(r"^[^.!。！\n]*[?？]|^[^.!?。！？\n]*[吗呢][\s~～]*$")
#: why a line is not the user's own word on their state (:func:`not_own_state`)
NOT_USERS_WORDS = "not the user's words"
OTHER_SPEAKER = "said by another speaker in the chat"
SOMEONE_ELSE = "about someone else"
HYPOTHETICAL = "a hypothetical"
CALLED_OFF = "a change called off or declined"
WEIGHED = "a change weighed, not made"
ASKED = "a question"
#: what a current_state answer is lowered for: somebody else's word, or no state of the user's.
#: A question or a change weighed still tells the state it starts from ("Road trip question: how
#: far can an Outback go? Ours is a 2016"): not lowered, only never lifted
NEVER_HELD = "a state never held"
LOWERING_REASONS = frozenset({NOT_USERS_WORDS, OTHER_SPEAKER, SOMEONE_ELSE, HYPOTHETICAL, CALLED_OFF, NEVER_HELD})
#: clause breaks: a report of somebody else's change is read in its own clause ("My dad was
#: just diagnosed…, so the whole family is rethinking how we eat" is the dad's news)
_CLAUSE = re.compile(r"[.!?;。！？；，,]|\s(?:so|and|but)\s")
#: how far a negation or a question reaches back to a change word: its clause, where in chat an
#: emoji ends a clause as a full stop does and "because" opens one of its own ("first night in
#: the new flat 🥂 … because the sofa isn't here yet"); not for the subject ("SHE SAID YES 💍
#: Priya is officially my fiancée" is one clause of the speaker's)
_CHANGE_CLAUSE = re.compile(r"[.!?;。！？；，,\u2600-\u27bf\U0001f300-\U0001faff]|\s(?:so|and|but|because|cos|cuz|coz)\s|"
                            # a spaced dash before a request ("I've started eating fish again — what's an
                            # easy salmon recipe?"): the change is told in its own clause
                            r"\s[—–-]{1,2}\s|—|"
                            # a space between Chinese words is chat's comma (厂子黄了 房租也交不起了 昨天…搬回铁岭)
                            r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
#: a question chat leaves without its mark ("what should a 47 yr old guy put on a dating profile,
#: askin for me"): a question word and its auxiliary open the sentence
_ASKS_UNMARKED = re.compile(r"(?:what|how|where|which|who|when|why)\s+(?:should|shall|do|does|can|could|would|to)\s+"
                            r"(?:i|we|a|an|the|you|my|our)\b", re.IGNORECASE)
#: a sentence that opens as a question asks in every comma part up to its "?" (a statement that
#: opens it — "I moved to Denver, any tips?" — still tells the change)
_ASKING_OPENER = re.compile(r"(?:what|what's|whats|which|where|when|who|how|why|is|are|do|does|did|can|could|should|"
                            r"would|will|any|anyone|best|fastest|quickest|cheapest|easiest|good|recommend|ideas?|tips?)\b|"
                            r"(?:怎么|如何|哪|什么|有没有|求推荐|推荐|请问)", re.IGNORECASE)
#: a Chinese question chat leaves without its mark, on how soon after a change ("做完手术多久能化眼妆",
#: 搬家后几天能入住): asked about the change, not told
_ASKS_HOW_SOON_ZH = re.compile(r"(?:多久|多长时间|几天|几周|什么时候)(?:能|可以|才能|才可以|就能)")
#: the user's own animal or partner as the subject ("My dog is sick", 女朋友小雨生日快到了): a word on
#: the user's pet or relationship, the states those families ask about
_OWN_TIE = re.compile(r"^(?:my|our)\s+(?:\w+\s+)?(?:cat|dog|puppy|kitten|pet|bird|parrot|fish|hamster|rabbit|bunny|"
                      r"wife|husband|boyfriend|girlfriend|partner|fianc[eé]e?|missus|hubby|wifey|boo|bae|babe|fella|other half)s?\b|"
                      r"^(?:[我俺咱]|[我俺咱]们)?(?:家|家里)?(?:的)?(?:猫|狗|猫咪|狗狗|男朋友|女朋友|老婆|老公|对象|未婚夫|未婚妻|媳妇|老伴|爱人)", re.IGNORECASE)
#: a question about the user's own animal or partner ("Is my cat still around?", 我家现在养的啥,
#: 我家猫还在吗, 我对象还是小林吗): for the pet and relationship families, the user's own state
_OWN_TIE_QUESTION = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?(?:cats?|dogs?|pupp(?:y|ies)|kittens?|pets?|birds?|parrots?|fish|"
                               r"hamsters?|rabbits?|bunn(?:y|ies)|wife|husband|boyfriend|girlfriend|partner|fianc[eé]e?)\b|"
                               r"^(?:我|俺|咱)(?:们)?(?:家|家里|的)", re.IGNORECASE)
#: the user's doctor telling the user's health ("The doctor says I'm in remission", 医生说可以停药了):
#: the user's state, though the doctor is the subject
_CARE_GIVER = re.compile(r"^(?:the |my )?(?:doctor|doc|physician|dentist|surgeon|specialist|gp|nurse|therapist|"
                         r"cardiologist|dermatologist|oncologist|endocrinologist|neurologist)s?\b|"
                         r"^(?:我的)?(?:医生|大夫|主治医生|主治大夫|护士|专家)", re.IGNORECASE)
#: the one who keeps the user's home (the landlord, the letting agent, 房东, 物业): what they do
#: to the home is the home's news, told in passing ("my landlord finally fixed the boiler"), not
#: a move of theirs
_HOME_KEEPER = re.compile(r"^(?:the |my |our )?(?:landlord|landlady|letting agent|property manager|"
                          r"building manager|super|superintendent|caretaker|strata|hoa)s?\b|"
                          r"^(?:我的?|我们的?)?(?:房东|物业|中介|管家)", re.IGNORECASE)
#: a named one acquiring an animal ("Margaret's got a new whippet puppy", "Noor adopted a rescue
#: greyhound"): a person's new pet — a pet does not get one — though pets have names too
_NAMED_GETS_PET = re.compile(r"^(?!(?:i|we|my|our)\b)[a-z][a-z'\-]+(?:'s| has| just| finally| also)* (?:got|gotten|adopted|rescued|"
                             r"bought|brought home|picked up|is getting) (?:a|an|another|two|three|her|his|their) ", re.IGNORECASE)
#: a person's animal by their name ("Kofi's puppy got seized by hall management"): theirs — a name
#: with a capital, no word of the user's own ("my", "our")
#: the lexicon's kinds and breeds of pet (猫, 边牧; "dachshund", "guinea pig"), longest first
_PET_KINDS_ZH = tuple(sorted((w for w in PET_SPECIES if has_cjk(w)), key=len, reverse=True))
_PET_KINDS_EN_ALT = "|".join(sorted((re.escape(w) for w in PET_SPECIES if not has_cjk(w)), key=len, reverse=True))
#: (a name in any script's letters, "Ramón's dachshund"; any kind or breed the lexicon knows)
_NAMED_PERSONS_PET = re.compile(r"^(?!(?:my|our|me|ma|mi|the|this|that)\b)(?-i:[A-Z])[^\W\d_]+(?:-[^\W\d_]+)?(?:'s|’s)\s+"
                                r"(?:new\s+|little\s+|old\s+|baby\s+)?"
                                r"(?:puppy|pup|dog|cat|kitten|kitty|bird|parrot|rabbit|bunny|hamster|guinea\s+pig|tortoise|turtle|"
                                + _PET_KINDS_EN_ALT + r")s?\b", re.IGNORECASE)
#: the partner by pronoun with the user in the same sentence ("She proposed at midnight and I said
#: yes!"): the user's relationship — but not "He's officially married now and asking me for advice"
#: a line opening with somebody as a pronoun, a person's and not a group's or a household's
#: (他表白了, "she said yes") — not 他们, 她的, 他家, "he's my …"
_PRONOUN_OPENS_ZH = r"^[他她](?!们|的|家)"
_PRONOUN_OPENS = re.compile(_PRONOUN_OPENS_ZH + r"|^(?:he|she)\b(?!['’]s\s+(?:my|our)\b)", re.IGNORECASE)
#: … in Chinese, across the line's sentences (他昨晚求婚了！！在西湖边，我哭成狗，答应了)
_PRONOUN_WITH_ME_ZH = re.compile(_PRONOUN_OPENS_ZH + r"(?!说)[^\n]{0,40}?[我俺](?!们)"
                                 # (not the user's reaction to their news: 她订婚了，我好羡慕)
                                 r"(?!(?:好|真|也|太|都|是)?(?:羡慕|酸|嫉妒|替|为|恭喜|开心|高兴|难过|服|佩服|无语))")
_PRONOUN_WITH_ME = re.compile(r"^(?:he|she)\b.*\b(?:i|we)\b", re.IGNORECASE)
#: a named person engaged or married *to somebody else* ("Liam just got engaged to someone in
#: Calgary", "Jess is marrying her boss"): their news, though a name alone may be one's own
#: partner's ("Liam proposed!!")
#: a capitalised word that is a name, not a pronoun or a determiner opening the sentence ("We got
#: engaged on the 10th!" is the user's news)
_A_NAME = r"(?!(?:i|we|my|our|you|your|they|he|she|it|the|this|that|me|us|so|and|but|just|finally)\b)(?-i:[A-Z][^\W\d_]+)"
_NAMED_WED_TO_ANOTHER = re.compile(r"^" + _A_NAME + r"(?:\s+|(?=['’]s\s))(?:just\s+|finally\s+|officially\s+)*"
                                   r"(?:(?:got|is|'s|’s)\s+(?:engaged|married)\s+to|(?:is|'s|’s)\s+marrying|"
                                   # … parted from or seeing somebody else ("Hana broke up with the dishes
                                   # guy lol", "Tom's dating a nurse now")
                                   r"(?:broke|split)\s+up\s+with|(?:got\s+)?divorced\s+(?:from\s+)?|"
                                   r"(?:is|'s|’s|started)\s+(?:dating|seeing))\s+(?!me\b|us\b)\w|"
                                   # … or engaged, married, divorced in a sentence with no "I", "me", "we"
                                   # ("Liam's engaged apparently. Good for him"; not "Liam's engaged to me!")
                                   r"^" + _A_NAME + r"(?:'s|’s|\s+is|\s+just\s+got|\s+got)\s+(?:just\s+|finally\s+|officially\s+)*"
                                   r"(?:engaged|married|divorced)\b(?![^.!?\n]*\b(?:i|me|we|us|my|our)\b)",
                                   re.IGNORECASE)
#: a later clause of the sentence whose subject is the user again
_RETAKEN = re.compile(r"(?:[,;，；]\s*|\s(?:so|and|but|then)\s+)(?:(?:so|and|but|then)\s+)?(?:(?:i|we)(?![a-z])|(?:我们?|俺)(?![的家]))",
                      re.IGNORECASE)
#: … and for a pet, the animal itself takes the sentence back ("Kids cried but she's rehomed
#: somewhere great": the kids cried, the pet was rehomed)
_RETAKEN_BY_PET = re.compile(r"(?:[,;]\s*|\s(?:so|and|but|then)\s+)(?:he|she|it)(?:'s|’s|\s+(?:is|was|has|had))\b",
                             re.IGNORECASE)
#: "Name: text" — a chat line shown with its speaker
_SPEAKER_PREFIX = re.compile(r"^[^\s:：]{1,30}[:：]\s*")


def _called_off(text: str, start: int = 0, word: tuple[int, int] | None = None) -> bool:
    """A call-off word in ``text`` from ``start`` on, other than the change word itself at
    ``word`` (its span): "pulled out of uni" is the change, not a change called off."""
    return any(word is None or not (c.start() < word[1] and word[0] < c.end())
               for rx in (_CALLED_OFF_EN, _CALLED_OFF_ZH) for c in rx.finditer(text, start))


#: a state denied ever to have been held ("I never worked at Google", "we've never owned a car",
#: 我从来没在阿里干过, 没养过狗): no word on the state the user holds, and no end of one (an end
#: says "anymore", 不…了). Not a feeling ("I've never been happier", 从来没这么开心过)
_NEVER_HELD = re.compile(
    r"\b(?:i|we)(?:['’]ve| have)?\s+never\s+(?:ever\s+)?(?:worked|lived|owned|had|driven|drove|dated|studied|attended|"
    r"adopted|been\s+(?:to|in|at|with|married|a|an|vegan|vegetarian)\b)|"
    r"(?:从来|从)(?:都)?(?:没有?|未)(?!这么|那么|如此|这样|那样)[^，,。！？]{0,14}?过|"
    r"(?<![还])没有?(?:在[^，,。！？]{1,10}?)?(?:干|做|上班|工作|住|待|开|养|谈|读|念|学|吃)过", re.IGNORECASE)


def _hypothetical(text: str) -> bool:
    return bool(_HYPOTHETICAL_EN.search(text) or _HYPOTHETICAL_ZH.search(text))


#: a name set off by commas after the word for its person ("Buddy of mine, Dale, moved to
#: Phoenix"): no clause break
_APPOSITIVE = re.compile(r",\s*[A-Z][^\W\d_]+(?:\s+[A-Z][^\W\d_]+)?\s*,")


def _first_clause(text: str) -> str:
    m = _CLAUSE.search(text)
    if m is not None and m.group(0) == ",":
        named = _APPOSITIVE.match(text, m.start())
        if named is not None:
            rest = _CLAUSE.search(text, named.end())
            return text[:rest.start()] if rest else text
    return text[:m.start()] if m else text


#: a thing named but not had: rented, borrowed, test-driven, a ride, somebody else's, wished for
#: … used, seen, or somebody else's: it names a thing the user does not have, whatever else the
#: line says ("Test drove a Rivian R1T at the mall pop-up just for fun")
_USED_OR_SEEN = re.compile(r"\b(?:test[- ]?dr(?:ive|ove|iven|iving)|rent(?:ed|al|ing)|borrow(?:ed|ing)|loaner|"
                           r"(?:saw|spotted|seen) (?:a|an|this|that))\b|"
                           r"试驾|租了|租的|租车|借了|借的|看到了?一?辆|看见了?一?辆", re.IGNORECASE)
#: … somebody else's ("my dad's truck", 同事的车) — not_had's, not used_or_seen's: "gone to live on my
#: cousin's farm" names somebody's place, and the change is the user's
_OTHERS = re.compile(r"\b(?:friend|dad|mom|mum|sister|brother|neighbou?r|colleague|coworker|boss|cousin|uncle|aunt)'s\b|"
                     r"(?:朋友|同事|老爸|我爸|我妈|邻居|表哥|哥哥|姐姐)的")
#: … or wished for ("maybe getting a Ford F-150 someday", 小米SU7值得买吗？有点心动), or a ride
#: taken (a taxi, 滴滴 — but "I drive for Uber in my Prius" is the user's own car)
_WISHED = re.compile(r"\b(?:uber|lyft|taxi|cab|maybe|someday|some day|daydream\w*|dream(?:ing)? (?:of|about)|thinking (?:of|about)|considering|"
                     r"eyeing|wish|want(?:ing)? to|would love|worth (?:it|buying))\b|"
                     r"打车|滴滴|想买|想要|心动|考虑|值得买|值不值|要不要|打算|梦想|种草", re.IGNORECASE)


#: a thing looked at and not taken ("met a beagle at the shelter, cute but we didn't adopt him",
#: 看了只柯基…不过最后还是没买): the line names a thing of the family and says it was not got
_NOT_GOTTEN = re.compile(r"\b(?:didn'?t|did not|never|decided not to|ended up not)\s+(?:end up\s+)?(?:buy|buying|get|getting|"
                         r"adopt|adopting|take|taking)\s+(?:it|him|her|them|one)\b|\bpassed on (?:it|him|her|them)\b|"
                         r"(?:还是|最后|最终|终究)?没(?:有)?(?:买|养|领养|领回|带回|入手|下单)(?!到)", re.IGNORECASE)  # (没买到票: could not)


def not_gotten(content: str) -> bool:
    """A line that says the thing it names was looked at and not got (``_NOT_GOTTEN``)."""
    return _NOT_GOTTEN.search(content) is not None


#: the families whose state is a thing the user has, which a line may name without having it
#: (:func:`not_had`)
HELD_THING_FAMILIES: frozenset[str] = frozenset({"vehicle", "pet"})


def not_had(content: str) -> bool:
    """A line that names a thing the user does not have: used ("test drove a Model Y", 租了辆凯美瑞),
    seen ("saw a Jeep Wrangler on the highway"), somebody else's ("borrowed my dad's truck") or wished for ("maybe getting a Ford F-150
    someday", 小米SU7值得买吗？有点心动) — no newer state of what they own."""
    return used_or_seen(content) or _OTHERS.search(content) is not None or _WISHED.search(content) is not None


def used_or_seen(content: str) -> bool:
    """:func:`not_had`'s lines that name a thing used or seen (not only wished for or somebody
    else's: "Got a Model Y, maybe the best thing I ever bought", "Biltong has gone to live on my
    cousin's farm" tell the user's own)."""
    return _USED_OR_SEEN.search(content) is not None


#: the user's kin who are never the partner: a later word on one's child or parents is no word
#: on one's marriage (带女儿去游乐场玩了一天 after 我和老婆结婚五年了，有个女儿)
_KIN_NOT_PARTNER = frozenset({"女儿", "儿子", "孩子", "宝宝", "闺女", "妈妈", "爸爸", "父母", "爸妈", "daughter", "son",
                              "kids", "kid", "baby", "mom", "dad", "parents", "mother", "father"})


def kin_not_partner(name: str) -> bool:
    """Whether an entity's name is a kin word that never names the partner."""
    return name.strip().lower() in _KIN_NOT_PARTNER


#: the partner called by the role ("my boyfriend", 老公, 对象): the one the user has now
_PARTNER_ROLE = re.compile(r"\b(?:boyfriend|girlfriend|husband|wife|partner|bf|gf|hubby|fianc[ée]e?)\b|"
                           r"男朋友|女朋友|男友|女友|老公|老婆|对象|爱人|媳妇|另一半", re.IGNORECASE)


def partner_by_role(content: str) -> bool:
    """Whether a line speaks of a partner by the role alone ("七夕给男朋友送啥", "my boyfriend's
    birthday"): with no word of a change, that is the partner the user has, not a new one."""
    return _PARTNER_ROLE.search(content) is not None


def asks_about_own_tie(question: str, family: str | None) -> bool:
    """A pet or relationship question about the user's own animal or partner (the family's
    state is the user's, though the question's subject is the animal or "我家")."""
    return family in ("pet", "relationship") and _OWN_TIE_QUESTION.search(question.strip()) is not None


def opens_with_pronoun(content: str) -> bool:
    """Whether the line opens with a person as a pronoun ("他表白了！！我答应了", "she said yes!!"):
    for a relationship question, the partner named in an earlier line."""
    return _PRONOUN_OPENS.match(content.strip()) is not None


def lowers_state_answer(content: str, *, speaker: str | None, author_type: str, family: str | None = None) -> bool:
    """Whether a current_state answer about the user (asking about ``family``) puts this line
    below the user's own words."""
    return not_own_state(content, speaker=speaker, author_type=author_type, family=family,
                         at=judged_at(content, family)) in LOWERING_REASONS


def judged_at(content: str, family: str | None) -> int | None:
    """Where to judge whose state a line tells: :func:`family_word_at`, or else where it tells
    the state in passing (:data:`STATEMENT_WORDS`: "im driving for fedex ground out of columbus …
    how many stops an hour i need if i have 160 stops" — the "if" is of another clause)."""
    at = family_word_at(content, family)
    if at is not None:
        return at
    spots = [m.start() for m in (rx.search(content) for rx in _statement_words(family or "")) if m is not None]
    return min(spots) if spots else None


def family_word_at(content: str, family: str | None) -> int | None:
    """Where the line first speaks of ``family``'s state (a change word, or a word of the
    family's: "married", 车), or None: in a long message the sentence that does is the one to
    judge ("Back from my buddy Jake's wedding… He's officially married now" is Jake's news)."""
    found = change_at(content, family)
    idioms = _OTHER_SENSE.get(family or "")
    other = [m.span() for m in idioms.finditer(content)] if idioms is not None else []
    spots = [next((m.start() for m in rx.finditer(content) if not any(a <= m.start() < b for a, b in other)), None)
             for rx in _family_words(family or "")]
    spots = [s for s in spots if s is not None]
    if found:
        spots.append(found[1])
    return min(spots) if spots else None


#: a family's word in a phrase of another sense ("is the cost of living much different", "the
#: living room", "works from home"): no word of the state
_OTHER_SENSE: dict[str, re.Pattern[str]] = {
    "residence": re.compile(r"\b(?:cost of living|for a living|make a living|living (?:room|expenses|costs?|wage|will)|"
                            r"home (?:page|run|made|office|screen|remedy|remedies|cooking|cooked|workout|gym)|"
                            r"(?:from|at) home)\b", re.IGNORECASE),
}


def own_word_at(content: str, family: str | None, at: int | None) -> tuple[int, str | None] | None:
    """Where the line speaks of ``family``'s state as the user's own, reading on from ``at`` (its
    first family word) when that one is in a clause about somebody else: 我老伴信佛多年，一直吃素，我平日里
    还是吃荤的 tells the spouse's diet first and the user's after — with :func:`not_own_state`'s
    judgement there (None: the user's state told); None when no later clause of the family is the
    user's."""
    pos = at
    for _ in range(3):
        if pos is None:
            return None
        clause = _CLAUSE.search(content, pos)
        if clause is None:
            return None
        rest = clause.end()
        later = family_word_at(content[rest:], family)
        if later is None:
            return None
        pos = rest + later
        start, end = _clause_span(content, pos)
        if _UNSURE_OR_NOT.search(content, start, end):
            return None  # 同事家布偶猫生了一窝，问我要不要，我怕养不起: the user's clause keeps none
        why = not_own_state(content, speaker=None, author_type="user", family=family, at=pos)
        if why != SOMEONE_ELSE:
            return pos, why
    return None


#: a clause that says the user does not, would not or fears to (我怕养不起, "I can't have one"):
#: no state of the user's, read after somebody else's
_UNSURE_OR_NOT = re.compile(r"[不没别怕]|\b(?:not|never|no|can'?t|won'?t|don'?t|couldn'?t|wouldn'?t)\b|n't\b",
                            re.IGNORECASE)


#: change words of a family's list that change anything at all ("switched to" a new phone plan,
#: 把空格换成下划线): a line lifted for one alone is no newer state unless it names the family or
#: the state-line model reads it as one (service: newer_state)
CHANGE_OF_ANYTHING = frozenset({"switched to", "no longer", "done with", "换成", "改成", "不再", "停了"})


def names_family(content: str, family: str | None) -> bool:
    """Whether the line holds a word of the family itself (车, "married", 吃素), not only a
    change word: 换成 or "switched to" tells a change of anything."""
    return any(rx.search(content) for rx in _family_words(family or ""))


#: words that, in the user's own line, speak of the family's state though a question would not
#: use them ("I drive DoorDash full time now", "13 hr shift on ward 7 at St Aldhelm's",
#: 年终奖发了): how people tell a job in passing. Only words of the job itself — not "boss" or
#: 下班, which fill small talk about anyone's work. Weaker than the family's own words
#: (:func:`statement_word`): 年终奖发了 says a job goes on, 在腾讯待了快四年了 says which
STATEMENT_WORDS: dict[str, tuple[str, ...]] = {
    "work": ("full time", "full-time", "part time", "part-time", "shift", "shifts", "night shift", "my manager",
             "coworker", "coworkers", "co-worker", "co-workers", "paycheck", "payslip", "my contract",
             # a job told by what one does for whom ("im driving for fedex ground out of columbus")
             "driving for", "delivering for", "working for", "work for",
             "加班", "夜班", "工资", "年终奖", "绩效", "转正", "试用期"),
    # the rent, the landlord, the flatmates: where one lives, told while asking about something
    # else (张江这边租的房子离公司走路十分钟; "landlord still hasn't fixed the boiler")
    "residence": ("landlord", "my rent", "the rent", "lease", "flatmate", "flatmates", "housemate", "housemates",
                  "roommate", "roommates", "my flat", "my apartment", "our apartment", "our flat", "my neighbours",
                  "my neighbors", "my commute", "房东", "房租", "租的房子", "租的房", "合租", "室友", "物业", "通勤"),
    # the upkeep of a vehicle one has ("car's due an MOT", 车该保养了)
    "vehicle": ("my car", "our car", "oil change", "mot", "car insurance", "parking permit", "tyres", "tires",
                "车险", "油耗", "充电桩", "洗车", "4s店", "违章"),
    # the care of an animal one keeps (猫砂, "the vet bill")
    "pet": ("the vet", "vet bill", "litter box", "litter tray", "kibble", "walkies", "猫砂", "猫粮", "狗粮", "铲屎",
            "宠物医院", "绝育", "驱虫"),
    # the work of a student (期末, "midterm tomorrow")
    "school": ("lecture", "lectures", "midterm", "midterms", "finals week", "homework", "assignment", "dissertation",
               "thesis", "my professor", "my supervisor", "my tutor", "campus", "dorm", "期末", "期中", "作业",
               "论文", "导师", "宿舍", "学分", "挂科", "选课"),
    # the care of a condition one has (复查, "my meds")
    "health": ("my meds", "medication", "prescription", "flare-up", "flare up", "insulin", "inhaler", "symptoms",
               "follow-up", "复查", "吃药", "药量", "症状", "挂号", "住院"),
}


def statement_word(content: str, family: str | None) -> bool:
    """Whether the line tells ``family``'s state by one of its :data:`STATEMENT_WORDS`."""
    return any(rx.search(content) for rx in _statement_words(family or ""))


@lru_cache(maxsize=None)
def _statement_words(family: str) -> tuple[re.Pattern[str], ...]:
    return _longest_first(STATEMENT_WORDS.get(family, ()))


@lru_cache(maxsize=None)
def _family_words(family: str) -> tuple[re.Pattern[str], ...]:
    """The family's question and statement words (``predicates``) as one pattern, longest first
    (what ``predicates.find_cue`` finds, in one search)."""
    fam = FAMILY_BY_NAME.get(family)
    if fam is None:
        return ()
    return _longest_first((*fam.question_cues, *fam.explicit_cues))


def _longest_first(words: Sequence[str]) -> tuple[re.Pattern[str], ...]:
    """Distinct words as :func:`_alternations`, longest first (a longer cue wins at a position)."""
    return _alternations(sorted(set(words), key=lambda c: (-len(c), c)))


def not_own_state(content: str, *, speaker: str | None, author_type: str, family: str | None = None,
                  at: int | None = None) -> str | None:
    """Why a line is not the user's own word on their state (None when it is): said by someone
    else, about someone else (but the user's pet or partner, for a question about pets or the
    relationship), hypothetical, called off, weighed, or asked.

    ``at``: a position in the line (of the change word the judgement is about). A long message
    tells its state in one sentence among others ("Which podcasts for a bus ride? Since I joined
    the legal team at Sheffield City Council my commute is longer…"): the question, the
    hypothetical or the other person of another sentence says nothing of that one, so only its
    sentence is read — and, for a change called off, the rest of the line after it ("Got an
    offer from Meta. But I didn't take it")."""
    if author_type != "user":
        return NOT_USERS_WORDS
    if speaker:
        return OTHER_SPEAKER
    text = content.strip()
    after, word, asked, retaken, weighed, supposed = text, None, text, False, None, text
    if at is not None:
        lead = len(content) - len(content.lstrip())
        pos = max(0, at - lead)
        start, end = sentence_span(text, pos)
        # the user takes the sentence back before the change (朋友家的布偶猫生了一窝，我抱了一只回来;
        # "My sister moved out, so I got a new place"): the first clause's somebody is not its subject
        retaken = _RETAKEN.search(text, start, pos) is not None or (
            family == "pet" and _RETAKEN_BY_PET.search(text, start, pos) is not None)
        # the word at ``at`` is the change itself, no call-off of it (as ``change_at`` reads it)
        # … from the change's clause on: a call-off before it is of the thing it corrects ("the
        # room fell through and I ended up in a sharehouse in Brunswick")
        c_start, c_end = _clause_span(text, pos, start)
        weighed = text[c_start:c_end]
        text, after, word = text[start:end].strip(), text[c_start:], (pos - c_start, pos - c_start + 1)
        # a condition before the state's clause or in it makes it hypothetical ("If the job works
        # out, we're moving"), not one after it ("im driving for fedex … help me figure out how
        # many stops an hour if i have 160 stops")
        supposed = content.strip()[start:c_start] + weighed
        # asked: the clause of the change, with its end mark ("现在换了比亚迪汉，…应该不用充电了吧？"
        # tells the car and asks about charging)
        c0 = max((b.end() for b in _CLAUSE.finditer(content, 0, at)), default=0)
        c1 = _CLAUSE.search(content, at)
        asked = content[c0:c1.end() if c1 else len(content)]
    first = _first_clause(text)
    if not retaken and other_subject(first, names=family not in ("pet", "relationship"),
                                     possessive_names=family == "relationship") and not (family in ("pet", "relationship") and _OWN_TIE.match(first)) and \
            not (family == "health" and _CARE_GIVER.match(first)) and \
            not (family == "residence" and _HOME_KEEPER.match(first)) and \
            not (family == "relationship" and (_PRONOUN_WITH_ME.match(text) or _PRONOUN_WITH_ME_ZH.match(content.strip()))):
        return SOMEONE_ELSE
    if not retaken and family == "pet" and (_NAMED_GETS_PET.match(first) or _NAMED_PERSONS_PET.match(first)):
        return SOMEONE_ELSE
    if not retaken and family == "relationship" and _NAMED_WED_TO_ANOTHER.match(first):
        return SOMEONE_ELSE
    if _hypothetical(supposed):
        return HYPOTHETICAL
    if _NEVER_HELD.search(weighed if weighed is not None else text):
        return NEVER_HELD
    if _called_off(after, word=word):
        return CALLED_OFF
    if tentative(text) or weighed is not None and weighs(weighed):
        return WEIGHED  # (the clause of the change too: 最近WFH太孤独了，想领养一只猫)
    if _QUESTION.search(asked.strip()):
        return ASKED
    return None


def change_cue(content: str, family: str | None) -> str | None:
    """The first word of ``family``'s changes in the line, in a clause that is not called off,
    hypothetical or asked; None when there is none (or the family has no change words)."""
    found = change_at(content, family)
    return found[0] if found else None


def change_at(content: str, family: str | None) -> tuple[str, int] | None:
    """:func:`change_cue` and where in ``content`` it is (for :func:`not_own_state`'s ``at``):
    the earliest change word or pattern whose clause is not negated, asked or hypothetical and
    that nothing after it calls off."""
    table = _cue_table(family or "")
    if not table:
        return None
    prefix = _SPEAKER_PREFIX.match(content) if ":" in content[:32] or "：" in content[:32] else None
    skip = prefix.end() if prefix else 0
    text = as_simplified(content[skip:])  # 已經離職, 搬咗去: the words are Simplified Mandarin
    best: tuple[int, str] | None = None
    for rx in table:
        for m in rx.finditer(text):
            if best is not None and m.start() >= best[0]:
                break
            if _told_change(text, m):
                best = (m.start(), m.group(0).lower())
                break
    return (best[1], best[0] + skip) if best else None


#: the pet family's change words that tell a pet gone (not one come): a pet's end concerns that
#: pet alone — a household keeps its other pets
PET_GONE: frozenset[str] = frozenset({
    "passed away", "put to sleep", "put down", "rehomed", "rehome", "gave away", "died", "rainbow bridge",
    "said goodbye", "ran away", "ran off", "went missing", "went peacefully", "passed peacefully", "slipped away",
    "flew away", "flew off", "走了", "去世", "送人", "送给", "送走", "寿终正寝", "离开了我们", "喵星", "汪星", "彩虹桥",
    "托付给", "飞走", "跑丢", "走丢", "弄丢"})


_PET_KIND_EN = re.compile(r"\b(?:" + _PET_KINDS_EN_ALT + r")(?:s|es)?\b", re.IGNORECASE)


def pet_kinds(text: str) -> set[str]:
    """The kinds of animal a text names ("cat", 猫, 边牧): what a pet question asks about, or what
    a pet's own line calls it."""
    lowered = text.lower()
    found = {w.rstrip("s") if w.rstrip("s") in PET_SPECIES else w for w in (m.group(0) for m in _PET_KIND_EN.finditer(lowered))}
    for word in _PET_KINDS_ZH:
        if word in lowered:
            found.add(word)
    return found


def nearly_changed(content: str, family: str | None) -> bool:
    """Whether a change word of ``family`` is told as nearly done and not (上周差点辞职了，后来…
    就留下来了, "I almost quit last week"): the line keeps the state it names, no newer one."""
    text = as_simplified(content)
    return any(_NEAR_MISS.search(text, max(0, m.start() - 24), m.start())
               for rx in _cue_table(family or "") for m in rx.finditer(text))


#: change words that only refer back to a change already made ("new job", 新公司, "new place")
#: (a badge is the job one has: "my badge photo is hilarious" after the belief that told the move)
#: (and the move done, 搬完了 / 搬好了: the move told before it)
_REFERS_BACK = re.compile(r"^(?:new\b|新|my badge\b|搬完|搬好|move[- ]?in day)", re.IGNORECASE)


def change_in(content: str, families: Iterable[str]) -> tuple[str, int] | None:
    """:func:`change_at` of the first of ``families`` whose change word the line tells."""
    return next((found for family in families if (found := change_at(content, family)) is not None), None)


def refers_back(content: str, family: str | None) -> bool:
    """The line's change word only refers back to a change already made (新公司年会…, "my new
    job is fun", "first week in the new house"): no newer change over a line that told it."""
    return refers_back_at(content, change_at(content, family))


def only_refers_back(content: str, family: str | None) -> bool:
    """The line has change words of ``family`` and every one only refers back ("新车那个app咋绑定";
    not "新公司第一天！已经不在博世了，现在在西门子", which tells the change after its 新公司)."""
    saw = False
    for found in change_words(content, family):
        if not refers_back_at(content, found):
            return False
        saw = True
    return saw


def refers_back_at(content: str, found: tuple[str, int] | None) -> bool:
    """:func:`refers_back` of a change word already found (``change_at``'s word and offset)."""
    if found is None:
        return False
    word, at = found
    return _REFERS_BACK.match(word) is not None or _TOWARDS_THERE.search(word) is not None or \
        _NEW_AFTER.match(content, at + len(word)) is not None or \
        _THERE_AFTER.match(content, at + len(word)) is not None  # "first week in the new house"


#: a move towards the place told before, by direction alone (下周搬过去, 已经搬过来了; "we move
#: there in May"): the place is the earlier line's
_TOWARDS_THERE = re.compile(r"过去$|过来$")
_THERE_AFTER = re.compile(r"(?:过去|过来|\s+(?:over\s+)?there\b(?!\s+(?:is|are|was|were)\b))", re.IGNORECASE)


#: the change word's place named as the new one ("first night in the new house", "day one at the new job")
_NEW_AFTER = re.compile(r"\s+(?:the|our|my|this)\s+new\b|"
                        # … or as the family's place by its common noun ("first week at uni", "first day at work")
                        r"\s+(?:uni|university|college|school|campus|work|the office|the job|my job)\b(?!\s+(?:of|in)\b)",
                        re.IGNORECASE)


#: what one joins that is no employer: a club, a class, a group, a call ("joined the community
#: garden working group", "joined a running club", "joined the waitlist")
_JOINED_A_GROUP = re.compile(r"\s+(?:(?:a|an|the|our|my|this|that|his|her|their)\s+)?(?:[\w'-]+\s+){0,3}?"
                             r"(?:club|gym|group|choir|band|league|committee|class|classes|course|waitlist|wait list|"
                             r"queue|call|meeting|protest|strike|crew|circle|society|association|discord|server|"
                             r"subreddit|forum|group chat|mailing list|petition|congregation|union|book club)s?\b",
                             re.IGNORECASE)


def _told_change(text: str, m: re.Match[str]) -> bool:
    start = max((b.end() for b in _CHANGE_CLAUSE.finditer(text, 0, m.start())), default=0)
    end = _CHANGE_CLAUSE.search(text, m.end())
    clause = text[start:end.end() if end else len(text)]  # with its end mark: "…rehomed?" asks
    # (a change word's own negation is none of the change: "never came back", "hasn't come home")
    unsaid = text[start:m.start()] + " " + text[m.end():end.end() if end else len(text)]
    if _NOT_DONE.search(unsaid) or _hypothetical(clause) or _QUESTION.search(clause) or weighs(clause) or \
            _NEAR_MISS.search(text, start, m.start()) or _COUNTERFACTUAL.search(text, start, m.start()):
        return False  # (and weighed: 最近WFH太孤独了，想领养一只猫; nearly done: 上周差点辞职了;
        # wished done before: "should have bought a Highlander")
    if _is_cjk(m.group(0)) and _HABITUAL_ZH.search(text, start, m.start()):
        return False  # 老来我家: it keeps coming, it did not come to stay
    if m.group(0).lower() == "gone" and _GONE_ELSEWHERE.match(text, m.end()):
        return False  # "has gone on for weeks": it went on, it did not end
    if m.group(0).lower() == "joined" and _JOINED_A_GROUP.match(text, m.end()):
        return False  # "Joined the community garden working group": a club, no employer
    if _is_cjk(clause) and has_question_cue(clause) and not _REFERS_BACK.match(m.group(0).lower()):
        return False  # a Chinese clause that asks with no mark (做啥子康复动作好, 开学第一天怎么跟家长沟通;
        # a word that refers back stays one: 新车那个app咋绑定)
    s_start, s_end = sentence_span(text, m.start())
    sentence = text[s_start:s_end].strip()
    if sentence.endswith(("?", "？")) and _ASKING_OPENER.match(sentence) or _ASKS_UNMARKED.match(sentence) or \
            _ASKS_HOW_SOON_ZH.search(sentence):
        return False  # "fastest way to raffles place from our new place, NEL or bus?": asked throughout
    # "an offer, but I didn't take it": what follows the change in its sentence calls it off (not
    # what came before its clause: "the room fell through and I ended up in Brunswick" corrects)
    return not _called_off(text, max(s_start, start), m.span())


@lru_cache(maxsize=None)
def _cue_table(family: str) -> tuple[re.Pattern[str], ...]:
    """The family's change words as one alternation (in their order: at one position the first
    listed wins; whole words in English, substrings in Chinese) and its patterns."""
    return (*_alternations(CHANGE_CUES.get(family, ())),
            *(re.compile(rx, re.IGNORECASE) for rx, _ in CHANGE_PATTERNS.get(family, ())))


def _alternations(words: Sequence[str]) -> tuple[re.Pattern[str], ...]:
    """Words as patterns, in their order: one of whole Latin words (the boundary checks outside
    the group, so the engine can skip to a possible first letter), one of CJK substrings."""
    latin = [re.escape(w) for w in words if not _is_cjk(w)]
    cjk = [re.escape(w) for w in words if _is_cjk(w)]
    # (a Chinese character next to a Latin word is no part of it: "onboarding一堆training要上")
    return (*((re.compile(r"(?<![^\W\u3400-\u9fff])(?:" + "|".join(latin) + r")(?![^\W\u3400-\u9fff])", re.IGNORECASE),)
              if latin else ()),
            *((re.compile("|".join(cjk), re.IGNORECASE),) if cjk else ()))


def _is_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


#: a sentence that dates a start ("starting 21 July", 下个月开始): it dates the change told before it
_STARTS = re.compile(r"\b(?:start(?:s|ing)?|begin(?:s|ning)?|as of|effective|first day|delivery|delivered|arrives|"
                     r"move[- ]in|keys)\b|开始|起|入职|入学|报到|搬|交付|提车|交车|交房", re.IGNORECASE)


#: what a clause holding only a date adds to it ("from 1 June", "7月1号起")
_DATE_FILLER = re.compile(r"[\W_]+|\b(?:from|on|in|at|by|starting|until|till|the|of)\b|起|开始|左右|前后|之前|以后|的时候|那天",
                          re.IGNORECASE)


def names_the_change(content: str, names: Iterable[str], found: tuple[str, int]) -> bool:
    """Whether one of ``names`` is the thing of the change word ``found`` (its word and offset):
    said in its clause (:func:`named_in_change_clause`), or beside it (:func:`near_word`) and not
    pointed at as elsewhere — 搬完了腰要断了，回龙观那边房东押金还没退 names the place left ("over
    there"), 搬完家累瘫，Box Hill 的火锅店是真的多 the place it came to."""
    names = list(names)
    if named_in_change_clause(content, names, found):
        return True
    return any((at := _near_at(content, name, found)) is not None and _ELSEWHERE.match(content, at + len(name)) is None
               for name in names)


#: a place pointed at as elsewhere (回龙观那边, 老家那儿)
_ELSEWHERE = re.compile(r"\s*(?:那边|那里|那儿|那头|那块)")


#: what may follow a change word to the end of its clause when the change is all it says (了, 啦, 咯, 喽, !)
_CHANGE_DONE_END = re.compile(r"(?:[了啦咯喽啊呀哦的家]{1,3}|\s+(?:in|out|over|back|home|today|now|at last|finally)){0,2}\s*",
                              re.IGNORECASE)
_CLAUSE_GAP = re.compile(r"^[\s,，!！。.~～\u2600-\u27bf\U0001f300-\U0001faff]+")


def named_in_change_clause(content: str, names: Iterable[str], found: tuple[str, int]) -> bool:
    """Whether one of ``names`` is said in the clause of the change word ``found`` (its word and
    offset): 搬完了腰要断了，回龙观那边房东押金还没退 tells the move done and names the place left
    in another clause."""
    start, end = _clause_span(content, found[1])
    clause = content[start:end].lower()
    if any(n.lower() in clause for n in names):
        return True
    # … or opening the next clause when the change's clause ends with the change (搬完家了😭 滨江这边的
    # 一室一厅: the place it came to), not when it goes on first (搬完了腰要断了，回龙观那边…)
    if not _CHANGE_DONE_END.fullmatch(content, found[1] + len(found[0]), end):
        return False
    after = _CLAUSE_GAP.sub("", content[end:], count=1).lower()
    return any(after.startswith(n.lower()) for n in names)


def _clause_span(text: str, pos: int, lo: int = 0) -> tuple[int, int]:
    """The clause of ``text`` around ``pos`` (``_CHANGE_CLAUSE``'s breaks), starting no earlier
    than ``lo``."""
    start = max((b.end() for b in _CHANGE_CLAUSE.finditer(text, lo, pos)), default=lo)
    end = _CHANGE_CLAUSE.search(text, pos)
    return start, end.start() if end else len(text)


#: a state held since a time, before the date found: the date is of something in it, not its start
_SINCE = re.compile(r"自从|\bever since\b|\bsince (?:last|i|we)\b", re.IGNORECASE)
#: 从 <a time> 开始 / 起 and the state going on since (就, 一直, 已经, 都): held from then
_HELD_FROM_ZH = re.compile(r"从(?P<when>[^，,。！？!?]{1,8}?)(?:开始|起)[^，,。！？!?]{0,3}?(?:就|一直|已经|都)")
_AHEAD_WORD = re.compile(r"下|明年|明天|后天|以后|之后|将来|\bnext\b|\bin\s+\d+\s+(?:months?|years?)\b", re.IGNORECASE)
#: a time named bare ("六月初", "in the spring") whose next coming is this far after the telling was
#: meant as the one just past: nobody plans by a bare month eleven months ahead
_FAR_AHEAD_DAYS = 240
#: after a Chinese change word: told done (毕业了, 搬完了) — not about to be (要毕业了, 快搬了: 要 / 快
#: before it)
_DONE_ZH = re.compile(r"[\u4e00-\u9fff]{0,2}?了(?![吗吧没])")
_ABOUT_TO_ZH = re.compile(r"(?:要|快|就|将|会)\s*$")


def not_begun(content: str, told_at: float, as_of: float, at: int | None = None,
              family: str | None = None) -> bool:
    """A line dated ahead of its telling (a start, a wedding, a surgery) whose date is after the
    question's moment ``as_of``: a plan, not the state yet. With the change word's position
    (``at``), a date in another sentence dates the change only when that sentence speaks of the
    same family's change or a start ("Got into the exchange program! I'll be studying there
    starting 21 July" has not begun; "我订婚了！…明年五月办酒" is engaged now)."""
    when = find_future_time(content)
    if when is None or not told_as_future(content, when.span):
        return False  # "we closed on a house back in June": the June just past
    if _SINCE.search(content, 0, when.span[0]):
        return False  # 自从去年六月份开始十六八轻断食…冬天饿得快: a state held since, what comes is of it
    held = _HELD_FROM_ZH.search(content)
    if held is not None and not _AHEAD_WORD.search(held.group("when")):
        return False  # 从春天开始我就在和克拉拉约会: held from a time (从下个月开始就… is ahead)
    if at is not None:
        changed = change_at(content, family)
        done = _DONE_ZH.match(content, changed[1] + len(changed[0])) if changed and _is_cjk(changed[0]) else None
        if done is not None and when.span[0] >= done.end() and \
                not _ABOUT_TO_ZH.search(content, max(0, changed[1] - 3), changed[1]):
            return False  # 正式毕业了 graduation ceremony明年一月才办: the change done, its ceremony ahead
        if sentence_span(content, at) != sentence_span(content, when.span[0]):
            start, end = sentence_span(content, when.span[0])
        else:
            # … and a clause of its own in the change's sentence, when it tells more than the
            # date ("房子在伊宁市租好了，…明年夏天有杏子吃了": next summer's apricots, not the move;
            # "Signed with Shopee, from 1 June" dates the change)
            start, end = _clause_span(content, when.span[0])
            own = _DATE_FILLER.sub("", content[start:when.span[0]] + content[when.span[1]:end])
            # (a dated clause on the family's own thing dates it: 跟猫舍约好了，9月14号去接布偶猫回家;
            # so does one before the change's, which sets its time: 这学期上到1月19号，考完试就办休学)
            if start <= at < end or len(own) < 2 or at > start or family_word_at(content[start:end], family) is not None:
                start = end = -1
        if start >= 0:
            dated = content[start:end]
            if change_at(dated, family) is None and not _STARTS.search(dated):
                return False
    begins = start_ahead(when.expression, told_at)
    if begins is not None and begins - told_at > _FAR_AHEAD_DAYS * 86400.0 and not _AHEAD_WORD.search(when.expression):
        return False  # 我从六月初开始做16:8轻断食 told in July: a bare month most of a year ahead is the one past
    return begins is not None and begins > as_of


def change_terms(family: str | None) -> tuple[str, ...]:
    """The family's change words and its patterns' words, for a full-text query of candidates."""
    return (*CHANGE_CUES.get(family or "", ()), *(t for _, terms in CHANGE_PATTERNS.get(family or "", ()) for t in terms))
